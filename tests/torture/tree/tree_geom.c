// SPDX-License-Identifier: GPL-2.0
/* Oracle GI: Tree RCU's shape recomputed from its definition, compared field by field. */

#include "tree_check.h"
#include "tree_geom.h"

#define GEOM_MAX_LVLS 4 /* one more than Tree RCU has, to say so when a pair needs it */
#define GEOM_MAX_NODES (NR_CPUS + GEOM_MAX_LVLS)

/* The expected tree: levels root first, nodes breadth-first as rcu_state.node[]. */
struct geom {
	int levels;
	long cnt[GEOM_MAX_LVLS + 1]; /* nodes per level, then the CPUs */
	long spread[GEOM_MAX_LVLS]; /* children per node of each level */
	long base[GEOM_MAX_LVLS]; /* index of each level's first node */
	int nodes;
	int lo[GEOM_MAX_NODES], hi[GEOM_MAX_NODES]; /* -1, -1: no CPU reaches the node */
	int parent[GEOM_MAX_NODES], grpnum[GEOM_MAX_NODES]; /* -1 for the root */
	int leaf[NR_CPUS], bit[NR_CPUS];
};

static struct geom g;
static int computed;
#define fail tree_check_fail

static long div_up(long a, long b)
{
	return (a + b - 1) / b;
}

/* Fills g; a message if the pair does not fit Tree RCU's three levels. */
static const char *compute(long nr, long fanout, int exact)
{
	long reach = fanout;
	int lv, c, i;

	/* Height: the fewest levels whose fanout^levels reaches every CPU. */
	for (g.levels = 1; reach < nr; g.levels++)
		reach *= fanout;
	if (g.levels > MAX_RCU_LVLS)
		return fail("NR_CPUS %ld with fanout %ld needs %d levels", nr, fanout, g.levels);
	/* Each level holds its children in groups of at most fanout, from the CPUs up. */
	g.cnt[g.levels] = nr;
	for (lv = g.levels - 1; lv >= 0; lv--)
		g.cnt[lv] = div_up(g.cnt[lv + 1], fanout);
	if (g.cnt[0] != 1)
		return fail("%ld roots", g.cnt[0]);
	for (lv = 0, g.nodes = 0; lv < g.levels; lv++) {
		g.base[lv] = g.nodes;
		g.nodes += (int)g.cnt[lv];
		/* Exact: fanout children each; balanced: the children shared out evenly. */
		g.spread[lv] = exact ? fanout : div_up(g.cnt[lv + 1], g.cnt[lv]);
	}
	for (i = 0; i < g.nodes; i++) {
		g.lo[i] = g.hi[i] = -1;
		g.parent[i] = g.grpnum[i] = -1;
	}
	for (lv = 1; lv < g.levels; lv++)
		for (i = 0; i < g.cnt[lv]; i++) {
			g.parent[g.base[lv] + i] = (int)(g.base[lv - 1] + i / g.spread[lv - 1]);
			g.grpnum[g.base[lv] + i] = (int)(i % g.spread[lv - 1]);
		}
	/* A CPU's place, then every node on its way to the root covers it. */
	for (c = 0; c < nr; c++) {
		long leaf_index = c / g.spread[g.levels - 1];

		g.leaf[c] = (int)(g.base[g.levels - 1] + leaf_index);
		g.bit[c] = (int)(c % g.spread[g.levels - 1]);
		if (leaf_index >= g.cnt[g.levels - 1])
			return fail("CPU %d falls past the last leaf", c);
		for (i = g.leaf[c]; i >= 0; i = g.parent[i]) {
			if (g.lo[i] < 0)
				g.lo[i] = c;
			g.hi[i] = c;
		}
	}
	return NULL;
}

static struct rcu_data *rdp_for(struct rcu_state *rsp, int cpu)
{
	return rsp == &rcu_state ? &per_cpu(rcu_data, cpu) : &per_cpu(rcu_bh_data, cpu);
}

const char *tree_geom_check(struct rcu_state *rsp, const unsigned char *rcu_online)
{
	unsigned long want_init[GEOM_MAX_NODES] = { 0 };
	const char *err;
	int lv, i, c;

	if (!computed) {
		err = compute(NR_CPUS, CONFIG_RCU_FANOUT, IS_ENABLED(CONFIG_RCU_FANOUT_EXACT));
		if (err)
			return err;
		computed = 1;
	}
	if (g.levels != NUM_RCU_LVLS || g.nodes != NUM_RCU_NODES)
		return fail("%d levels of %d nodes, expected %d levels of %d nodes", NUM_RCU_LVLS,
			    NUM_RCU_NODES, g.levels, g.nodes);
	for (lv = 0; lv <= g.levels; lv++)
		if ((long)rsp->levelcnt[lv] != g.cnt[lv])
			return fail("levelcnt[%d] = %u, expected %ld", lv, rsp->levelcnt[lv],
				    g.cnt[lv]);
	for (lv = 0; lv < g.levels; lv++)
		if ((long)rsp->levelspread[lv] != g.spread[lv] ||
		    rsp->level[lv] != &rsp->node[g.base[lv]])
			return fail(
				"level %d: spread %u at node %ld, expected spread %ld at node %ld",
				lv, rsp->levelspread[lv], (long)(rsp->level[lv] - rsp->node),
				g.spread[lv], g.base[lv]);
	for (i = 0; i < g.nodes; i++) {
		struct rcu_node *rnp = &rsp->node[i];
		struct rcu_node *par = g.parent[i] < 0 ? NULL : &rsp->node[g.parent[i]];
		unsigned long mask = g.grpnum[i] < 0 ? 0 : 1UL << g.grpnum[i];
		int want_level = 0;

		while (want_level + 1 < g.levels && i >= g.base[want_level + 1])
			want_level++;
		if (g.lo[i] < 0)
			return fail(
				"node %d is reached by no CPU, yet the tree has it (CPUs %d-%d)", i,
				rnp->grplo, rnp->grphi);
		if (rnp->level != want_level || rnp->grplo != g.lo[i] || rnp->grphi != g.hi[i])
			return fail("node %d: level %d CPUs %d-%d, expected level %d CPUs %d-%d", i,
				    rnp->level, rnp->grplo, rnp->grphi, want_level, g.lo[i],
				    g.hi[i]);
		if (rnp->parent != par || rnp->grpmask != mask ||
		    rnp->grpnum != (u8)(g.grpnum[i] < 0 ? 0 : g.grpnum[i]))
			return fail(
				"node %d: parent %ld grpnum %u grpmask %#lx, expected parent %d "
				"grpnum %d grpmask %#lx",
				i, rnp->parent ? (long)(rnp->parent - rsp->node) : -1L, rnp->grpnum,
				rnp->grpmask, g.parent[i], g.grpnum[i], mask);
	}
	for (c = 0; c < NR_CPUS; c++) {
		struct rcu_data *rdp = rdp_for(rsp, c);
		unsigned long bit = rdp->beenonline ? 1UL << g.bit[c] : 0;

		if (rsp->rda[c] != rdp || rdp->mynode != &rsp->node[g.leaf[c]] ||
		    rdp->grpmask != bit)
			return fail(
				"cpu %d: leaf %ld grpmask %#lx, expected leaf %d grpmask %#lx%s", c,
				rdp->mynode ? (long)(rdp->mynode - rsp->node) : -1L, rdp->grpmask,
				g.leaf[c], bit, rsp->rda[c] != rdp ? " (rda[] wrong)" : "");
	}
	if (!rcu_online)
		return NULL;
	/* qsmaskinit: the CPUs RCU counts as online, their bits carried up to the root. */
	for (c = 0; c < NR_CPUS; c++) {
		if (!rcu_online[c])
			continue;
		want_init[g.leaf[c]] |= 1UL << g.bit[c];
		for (i = g.leaf[c]; g.parent[i] >= 0; i = g.parent[i])
			want_init[g.parent[i]] |= 1UL << g.grpnum[i];
	}
	for (i = 0; i < g.nodes; i++)
		if (rsp->node[i].qsmaskinit != want_init[i])
			return fail(
				"node %d (CPUs %d-%d): qsmaskinit %#lx, expected %#lx from the CPUs "
				"RCU has brought up",
				i, g.lo[i], g.hi[i], rsp->node[i].qsmaskinit, want_init[i]);
	return NULL;
}
