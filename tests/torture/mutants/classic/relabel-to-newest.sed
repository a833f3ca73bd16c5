# mutant: __call_rcu() no longer advances the older segments when the batch moves: every pending callback is relabelled to the newest batch (safe, but postponed while call_rcu() keeps coming)
# source: classic/rcuclassic.c
# scenarios: CLASSIC02 CLASSIC05 CLASSIC14
# catches: O10 (a callback's batch moves later without a CPU removal), O11
s/rcu_batch_after(batch, rdp->batch)/0/
