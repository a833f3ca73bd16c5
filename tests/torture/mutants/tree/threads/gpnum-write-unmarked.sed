# mutant: a GP start stores gpnum with a plain write that lock-free readers (rcu_pending, call_rcu) race with
# source: tree/rcutree.c
# scenarios: TREE06 TREE13 TT8x2-pz
# catches: ThreadSanitizer (data race on rcu_state.gpnum)
s/^	WRITE_ONCE(rsp->gpnum, rsp->gpnum + 1);$/	rsp->gpnum++;/
