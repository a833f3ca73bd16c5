/* SPDX-License-Identifier: GPL-2.0 */
/* CPU hotplug notifiers: the events and register_cpu_notifier(). */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action, void *hcpu);
	struct notifier_block *next; /* chain link, owned by the notifier core */
	int priority; /* higher runs first */
};

#define NOTIFY_DONE 0x0000
#define NOTIFY_OK 0x0001

#define CPU_ONLINE 0x0002 /* CPU is up */
#define CPU_UP_PREPARE 0x0003 /* CPU is coming up */
#define CPU_UP_CANCELED 0x0004 /* bring-up failed */
#define CPU_DOWN_PREPARE 0x0005 /* CPU is going down */
#define CPU_DOWN_FAILED 0x0006 /* going down failed */
#define CPU_DEAD 0x0007 /* CPU is dead; runs on a surviving CPU */
#define CPU_TASKS_FROZEN 0x0010 /* or'ed in during suspend/resume */

#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_SMP)
/* kernel/cpu.c: undefined in the objects, provided by the simulator. */
int register_cpu_notifier(struct notifier_block *nb);
#else
/* No other CPU will ever come up (2.6.28 cpu.h): nothing to register. */
static inline int register_cpu_notifier(struct notifier_block *nb)
{
	(void)nb;
	return 0;
}
#endif

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/* kernel/cpu.c: hold off CPU hotplug (sleeps while one is in progress); the simulator's. */
void get_online_cpus(void);
void put_online_cpus(void);
#else
static inline void get_online_cpus(void)
{
}

static inline void put_online_cpus(void)
{
}
#endif

#endif /* _LINUX_CPU_H */
