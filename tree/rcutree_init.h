/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU coming up: a CPU's state as it comes online (boot and hotplug), the notifier, the tree's layout. */

/*
 * Included by rcutree.c only. __rcu_init() lays out the rcu_node tree of
 * each flavor (docs/tree-geometry.md), points every CPU's rcu_data at its
 * leaf, then brings each online CPU up through the CPU notifier, which also
 * handles the CPUs that come up later and, with rcutree_hotplug.h, those
 * that go down.
 */

/*
 * @cpu is coming up (we may run on another CPU): start its state at the
 * current completed number, add it to the tree, and report the QS it is in.
 */
static void rcu_init_percpu_data(int cpu, struct rcu_state *rsp)
{
	struct rcu_data *rdp = rsp->rda[cpu];
	struct rcu_node *rnp = rcu_get_root(rsp);
	unsigned long flags, mask;
	long lastcomp;
	int i;

	spin_lock_irqsave(&rnp->lock, flags);
	lastcomp = rsp->completed;
	rdp->completed = lastcomp;
	rdp->gpnum = lastcomp;
	rdp->passed_quiesc = 0; /* a GP may be starting: be ready to report for it */
	rdp->qs_pending = 1;
	rdp->beenonline = 1;
	rdp->passed_quiesc_completed = lastcomp - 1;
	rdp->grpmask = 1UL << (cpu - rdp->mynode->grplo);
	rdp->nxtlist = NULL;
	for (i = 0; i < RCU_NEXT_SIZE; i++)
		rdp->nxttail[i] = &rdp->nxtlist;
	rdp->qlen = 0;
	rdp->blimit = blimit;
#if IS_ENABLED(CONFIG_NO_HZ)
	rdp->dynticks = &per_cpu(rcu_dynticks, cpu);
#endif
	rdp->cpu = cpu;
	spin_unlock(&rnp->lock); /* interrupts stay off */

	/* A GP starting here leaves this CPU out, which is fine: it is quiescent. */

	spin_lock(&rsp->onofflock);
	rnp = rdp->mynode;
	mask = rdp->grpmask;
	do {
		spin_lock(&rnp->lock);
		rnp->qsmaskinit |= mask;
		mask = rnp->grpmask;
		spin_unlock(&rnp->lock);
		rnp = rnp->parent;
	} while (rnp != NULL && !(rnp->qsmaskinit & mask));
	spin_unlock(&rsp->onofflock);

	/*
	 * A GP starting from here on includes this CPU, and its gpnum is ahead of
	 * ours, so this CPU will notice it and report.
	 */
	cpu_quiet(cpu, rsp, rdp, lastcomp);
	local_irq_restore(flags);
}

static void rcu_online_cpu(int cpu)
{
	rcu_init_percpu_data(cpu, &rcu_state);
	rcu_init_percpu_data(cpu, &rcu_bh_state);
	open_softirq(RCU_SOFTIRQ, rcu_process_callbacks);
}

static int rcu_cpu_notify(struct notifier_block *self, unsigned long action, void *hcpu)
{
	long cpu = (long)hcpu;

	(void)self;
	switch (action & ~CPU_TASKS_FROZEN) {
	case CPU_UP_PREPARE:
		rcu_online_cpu(cpu);
		break;
	case CPU_DEAD:
	case CPU_UP_CANCELED:
		rcu_offline_cpu(cpu);
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

#if IS_ENABLED(CONFIG_RCU_FANOUT_EXACT)
/* Every level has exactly CONFIG_RCU_FANOUT children per node (the last ones may have fewer). */
static void rcu_init_levelspread(struct rcu_state *rsp)
{
	int i;

	for (i = NUM_RCU_LVLS - 1; i >= 0; i--)
		rsp->levelspread[i] = CONFIG_RCU_FANOUT;
}
#else
/* Spread the children evenly over each level's nodes, from the CPUs up. */
static void rcu_init_levelspread(struct rcu_state *rsp)
{
	int ccur, cprv, i;

	cprv = NR_CPUS;
	for (i = NUM_RCU_LVLS - 1; i >= 0; i--) {
		ccur = rsp->levelcnt[i];
		rsp->levelspread[i] = (cprv + ccur - 1) / ccur;
		cprv = ccur;
	}
}
#endif /* CONFIG_RCU_FANOUT_EXACT */

/* Lay out the tree: level pointers, spreads, then each node's CPU range and parent. */
static void rcu_init_one(struct rcu_state *rsp)
{
	struct rcu_node *rnp;
	int cpustride = 1;
	int i, j;

	for (i = 1; i < NUM_RCU_LVLS; i++)
		rsp->level[i] = rsp->level[i - 1] + rsp->levelcnt[i - 1];
	rcu_init_levelspread(rsp);

	for (i = NUM_RCU_LVLS - 1; i >= 0; i--) {
		cpustride *= rsp->levelspread[i];
		rnp = rsp->level[i];
		for (j = 0; j < (int)rsp->levelcnt[i]; j++, rnp++) {
			spin_lock_init(&rnp->lock);
			rnp->qsmask = 0;
			rnp->qsmaskinit = 0;
			rnp->grplo = j * cpustride;
			rnp->grphi = (j + 1) * cpustride - 1;
			if (rnp->grphi >= NR_CPUS)
				rnp->grphi = NR_CPUS - 1;
			if (i == 0) {
				rnp->grpnum = 0;
				rnp->grpmask = 0;
				rnp->parent = NULL;
			} else {
				rnp->grpnum = j % rsp->levelspread[i - 1];
				rnp->grpmask = 1UL << rnp->grpnum;
				rnp->parent = rsp->level[i - 1] + j / rsp->levelspread[i - 1];
			}
			rnp->level = i;
		}
	}
}

/* Each CPU's rcu_data points at the leaf whose range holds it, and rda[] at each rcu_data. */
#define RCU_DATA_PTR_INIT(rsp, rcu_data)                       \
	do {                                                   \
		rnp = (rsp)->level[NUM_RCU_LVLS - 1];          \
		j = 0;                                         \
		for_each_possible_cpu(i) {                     \
			if (i > rnp[j].grphi)                  \
				j++;                           \
			per_cpu(rcu_data, i).mynode = &rnp[j]; \
			(rsp)->rda[i] = &per_cpu(rcu_data, i); \
		}                                              \
	} while (0)

static struct notifier_block rcu_nb = {
	.notifier_call = rcu_cpu_notify,
};

void __rcu_init(void)
{
	struct rcu_node *rnp;
	int i, j;

	printk(KERN_WARNING "Experimental hierarchical RCU implementation.\n");
#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
	printk(KERN_INFO "RCU-based detection of stalled CPUs is enabled.\n");
#endif
	rcu_init_one(&rcu_state);
	RCU_DATA_PTR_INIT(&rcu_state, rcu_data);
	rcu_init_one(&rcu_bh_state);
	RCU_DATA_PTR_INIT(&rcu_bh_state, rcu_bh_data);

	for_each_online_cpu(i)
		rcu_cpu_notify(&rcu_nb, CPU_UP_PREPARE, (void *)(long)i);
	register_cpu_notifier(&rcu_nb); /* the other CPUs, as they come up */
	printk(KERN_WARNING "Experimental hierarchical RCU init done.\n");
}
