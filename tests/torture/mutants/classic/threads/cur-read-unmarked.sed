# mutant: the softirq reads rcp->cur without READ_ONCE() while other CPUs start batches under the lock
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC14
# catches: ThreadSanitizer (data race on rcu_ctrlblk.cur)
s/^	long cur = READ_ONCE(rcp->cur);$/	long cur = rcp->cur;/
