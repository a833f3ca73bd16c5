# mutant: an rcu_bh quiescent state also ends rcu grace periods
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T2 (the rcu callback becomes ready with no covering QS); also named: O3 (rcu callback invoked after a bh-only QS), O1
/^	ready = rcu_qsctr_help(&rcu_bh_ctrlblk);$/c\
	ready = rcu_qsctr_help(&rcu_ctrlblk) | rcu_qsctr_help(&rcu_bh_ctrlblk);
