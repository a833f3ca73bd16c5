# mutant: the stall detector never complains about itself or about others
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC13 CLASSIC14 CLASSIC16
# catches: S (a stalled CPU is never named)
/^static void check_cpu_stall/,/^}/{
s/^	if (cpu_isset(smp_processor_id(), rcp->cpumask) \&\& delta >= 0)$/	if (0 \&\& delta >= 0)/
s/^	else if (READ_ONCE(rcp->cur) != READ_ONCE(rcp->completed) \&\& delta >= 2)$/	else if (0 \&\& delta >= 2)/
}
