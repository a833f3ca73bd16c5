# mutant: forcing sends a reschedule IPI to every CPU in the mask, a dead one whose CPU_DEAD is still pending included
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC13 CLASSIC14
# catches: F3 (reschedule IPI to an offline CPU)
/^static void force_quiescent_state/,/^}/{
s/^				if (cpu != rdp->cpu && cpu_online(cpu))$/				if (cpu != rdp->cpu)/
}
