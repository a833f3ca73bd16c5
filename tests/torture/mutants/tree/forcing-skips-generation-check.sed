# mutant: forcing applies a dynticks snapshot to a later GP (rcu_process_dyntick() does not bail when the GP changed)
# source: tree/rcutree_force_qs.h
# scenarios: TT4x2-pz TT64x4-z TT16x16-z
# catches: T2 (a CPU credited for a GP it never idled in), O1
/^static int rcu_process_dyntick/,/^}/{
s/^		if (READ_ONCE(rsp->completed) != lastcomp) {$/		if ((void)lastcomp, 0) {/
s/^		if (mask != 0 && READ_ONCE(rsp->completed) == lastcomp) {$/		if (mask != 0) {/
}
