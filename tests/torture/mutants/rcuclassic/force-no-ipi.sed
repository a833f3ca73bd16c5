# mutant: forcing marks the batch signaled but sends no reschedule IPI to the laggards
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC14
# catches: O5 (drain by ticks: the kernel-mode CPU is never made to schedule)
/^					smp_send_reschedule(cpu);$/s/smp_send_reschedule(cpu);/(void)cpu;/
