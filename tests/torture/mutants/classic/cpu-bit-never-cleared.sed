# mutant: CPU 1 never clears its bit in the mask (its QS reports are dropped)
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC13 CLASSIC17
# catches: R (the QS is passed but its report never lands), O5 (liveness), S
/^static void cpu_quiet/,/^}/{
s/^	if (cpu_isset(cpu, rcp->cpumask)) {$/	if (cpu != 1 \&\& cpu_isset(cpu, rcp->cpumask)) {/
}
