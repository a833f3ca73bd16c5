# mutant: forcing marks the batch signaled but sends no reschedule IPI to the laggards
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC14
# catches: F1 (a poke without a reschedule IPI to every laggard), O5 (the kernel-mode CPU never schedules)
/^					smp_send_reschedule(cpu);$/s/smp_send_reschedule(cpu);/(void)cpu;/
