# mutant: __call_rcu() relabels every older callback as done-by-b-2 even when the batch moved by one
# source: classic/rcuclassic.c
# scenarios: CLASSIC02 CLASSIC07 CLASSIC14
# catches: O2 (a callback waiting for the batch in progress is invoked when the previous ends), O1
/^		if (rcu_batch_after(batch - 1, rdp->batch))$/d
