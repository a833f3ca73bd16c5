# mutant: a new batch waits for every online CPU, dyntick-idle ones included (nohz_cpu_mask ignored)
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC13 CLASSIC15
# catches: M (new batch includes a CPU in nohz_cpu_mask)
s/^		cpus_andnot(rcp->cpumask, cpu_online_map, nohz_cpu_mask);$/		cpus_and(rcp->cpumask, cpu_online_map, cpu_online_map);/
