# mutant: forcing fires at most once per batch (2.6.28's rule): a flood's poke that came before a CPU noticed the batch is never repeated
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC13 CLASSIC14 CLASSIC17
# catches: F4 (a poke followed by neither the QS it asked for nor another poke)
/^static int rcu_force_due/,/^}/{
s/^	return READ_ONCE(rcp->cur) != READ_ONCE(rcp->completed) &&$/	return READ_ONCE(rcp->cur) != READ_ONCE(rcp->completed) \&\& !READ_ONCE(rcp->signaled) \&\&/
}
