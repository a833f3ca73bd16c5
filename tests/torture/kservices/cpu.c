// SPDX-License-Identifier: GPL-2.0
/* CPU maps, the CPU notifier chain and smp_init()'s bring-up of the secondary CPUs. */

#include <linux/cpumask.h>
#include <linux/cpu.h>
#include "kservices.h"

#if IS_ENABLED(CONFIG_SMP) /* UP: constant masks from cpumask.h */
cpumask_t cpu_online_map;
cpumask_t cpu_possible_map;
#endif

#define MAX_NOTIFIERS 8
static struct notifier_block *cpu_chain[MAX_NOTIFIERS];
static int ncpu_chain;

void bw_k_cpu_notifier_add(struct notifier_block *nb)
{
	if (ncpu_chain >= MAX_NOTIFIERS)
		bw_k_fail("too many CPU notifiers");
	cpu_chain[ncpu_chain++] = nb;
}

void bw_k_cpu_notify(unsigned long action, int cpu)
{
	int i;

	for (i = 0; i < ncpu_chain; i++)
		cpu_chain[i]->notifier_call(cpu_chain[i], action, (void *)(long)cpu);
}

void bw_k_boot_cpus(int ncpus)
{
	int cpu;

	for (cpu = 1; cpu < ncpus; cpu++) {
		bw_k_cpu_notify(CPU_UP_PREPARE, cpu);
		bw_k_cpu(cpu)->online = 1;
		cpu_set(cpu, cpu_online_map);
		bw_k_cpu_notify(CPU_ONLINE, cpu);
	}
}
