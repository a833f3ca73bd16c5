# mutant: CPU 1 never clears its bit in the mask (its QS reports are dropped)
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC13 CLASSIC17
# catches: O5 (liveness), S (stall warning for the batch that never ends) or F
/^static void cpu_quiet/,/^}/{
s/^	if (cpu_isset(cpu, rcp->cpumask)) {$/	if (cpu != 1 \&\& cpu_isset(cpu, rcp->cpumask)) {/
}
