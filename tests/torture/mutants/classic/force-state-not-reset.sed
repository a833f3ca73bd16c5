# mutant: a new batch does not clear the forcing flag: once one batch was poked, later ones start marked poked
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC14 CLASSIC17
# catches: F2 (a batch starts with the forcing state of an earlier one)
/^static void rcu_start_batch/,/^}/{
/^		WRITE_ONCE(rcp->signaled, 0);$/d
}
