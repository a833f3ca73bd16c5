# mutant: synchronize_rcu() as an empty function
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T6 (rcutorture would see grace periods never end)
/^	rcu_ctrlblk.completed++;$/d
