# mutant: the stall detector never prints (the CPU's own check and the other-CPU check both disabled)
# source: tree/rcutree_stall.h
# scenarios: TT4x2-pz TT1x4-z TREE05
# catches: O8 (the hog is not named within the stall timeout)
/^static void check_cpu_stall/,/^}/{
s/^		print_cpu_stall(rsp);$/		{ if (0) print_cpu_stall(rsp); }/
s/^		print_other_cpu_stall(rsp); \/\* the stalled CPU had its chance to speak \*\/$/		{ if (0) print_other_cpu_stall(rsp); }/
}
