# mutant: the end of a batch stores completed with a plain write that lock-free readers race with
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC08
# catches: ThreadSanitizer (data race on rcu_ctrlblk.completed)
s/^		WRITE_ONCE(rcp->completed, rcp->cur);$/		rcp->completed = rcp->cur;/
