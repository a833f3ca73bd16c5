# mutant: 2.6.29's cpu_quiet(): a report (also one made on behalf of a CPU going offline or online) promotes the current CPU's next callbacks, even with a stale completed (docs/variants.md, Tree RCU: second race)
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT4x4-z TREE06 TREE08 TT4x16-pz
# catches: T3 (the per-CPU list state: a CPU's completed/gpnum ahead of the flavor's); also named: T4 (next-ready segment labelled against a stale completed), O2
/^static void cpu_quiet(/,/^}/{
s/^	if (cpu == smp_processor_id() && rdp->completed == READ_ONCE(rsp->completed))$/	(void)cpu; rdp = rsp->rda[smp_processor_id()];/
}
