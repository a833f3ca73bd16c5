# mutant: the first CPU to report ends the batch although other CPUs' bits are still set
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC08 CLASSIC13 CLASSIC15
# catches: M (batch over but mask not empty), O1/O2
/^static void cpu_quiet/,/^}/{
s/^	if (cpus_empty(rcp->cpumask)) {$/	if (1) {/
}
