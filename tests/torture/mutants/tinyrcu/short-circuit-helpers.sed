# mutant: the article's listing: rcu_qsctr_inc() joins the two helpers with ||, skipping bh
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: P (a rcu QS must also end the bh grace period: on one CPU an rcu QS covers both flavors)
s/ready = rcu_qsctr_help(&rcu_ctrlblk) | rcu_qsctr_help(&rcu_bh_ctrlblk);/ready = rcu_qsctr_help(\&rcu_ctrlblk) || rcu_qsctr_help(\&rcu_bh_ctrlblk);/
