# mutant: our forcing addition removed: a batch stuck on a CPU in kernel mode is never poked
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06 CLASSIC14
# catches: F1 (due poke not sent), O5 (drain by ticks with a kernel-mode worker)
/^static int rcu_force_due/,/^}/{
s/^	return READ_ONCE(rcp->cur) != /	return 0 \&\& READ_ONCE(rcp->cur) != /
}
