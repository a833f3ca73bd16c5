// SPDX-License-Identifier: GPL-2.0
/* Tree RCU state checks shared by the simulator and the real-threads harnesses. */

#include <stdarg.h>
#include <stdio.h>

#include "tree_check.h"

static char msg[512];

const char *tree_check_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return msg;
}
#define fail tree_check_fail

static struct rcu_data *rdp_for(struct rcu_state *rsp, int cpu)
{
	return rsp == &rcu_state ? &per_cpu(rcu_data, cpu) : &per_cpu(rcu_bh_data, cpu);
}

const char *tree_check_geometry(struct rcu_state *rsp)
{
	long f = CONFIG_RCU_FANOUT, cnt[MAX_RCU_LVLS + 1] = { 0 }, prev;
	int lv, i, j, n = 0, levels = NR_CPUS <= f ? 1 : NR_CPUS <= f * f ? 2 : 3;

	if (NUM_RCU_LVLS != levels)
		return fail("%d levels for NR_CPUS %d, fanout %ld (expected %d)", NUM_RCU_LVLS,
			    NR_CPUS, f, levels);
	/* Level counts from the formula, the CPU count after the last level. */
	cnt[0] = 1;
	if (levels == 2)
		cnt[1] = (NR_CPUS + f - 1) / f;
	if (levels == 3) {
		cnt[1] = (NR_CPUS + f * f - 1) / (f * f);
		cnt[2] = (NR_CPUS + f - 1) / f;
	}
	cnt[levels] = NR_CPUS;
	for (lv = 0; lv <= MAX_RCU_LVLS; lv++) {
		if ((long)rsp->levelcnt[lv] != cnt[lv])
			return fail("levelcnt[%d] = %u, expected %ld", lv, rsp->levelcnt[lv],
				    cnt[lv]);
		if (lv < levels)
			n += (int)cnt[lv];
	}
	if (n != NUM_RCU_NODES)
		return fail("NUM_RCU_NODES %d, levels sum to %d", NUM_RCU_NODES, n);
	/* Spreads: the exact fanout, or balanced from the CPUs up. */
	prev = NR_CPUS;
	for (lv = levels - 1; lv >= 0; lv--) {
		long want = IS_ENABLED(CONFIG_RCU_FANOUT_EXACT) ? f :
								  (prev + cnt[lv] - 1) / cnt[lv];

		if (rsp->levelspread[lv] != want || want > f || want < 1)
			return fail("levelspread[%d] = %u, expected %ld (fanout %ld)", lv,
				    rsp->levelspread[lv], want, f);
		prev = cnt[lv];
	}
	/* Nodes breadth-first; each level's nodes tile [0, NR_CPUS) in order, inside their parents. */
	for (lv = 0, i = 0; lv < levels; lv++) {
		int next_lo = 0;

		if (rsp->level[lv] != &rsp->node[i])
			return fail("level[%d] is not node %d", lv, i);
		for (j = 0; j < cnt[lv]; j++, i++) {
			struct rcu_node *rnp = &rsp->node[i], *par = rnp->parent;

			if (rnp->level != lv || rnp->grplo != next_lo || rnp->grphi < rnp->grplo ||
			    rnp->grphi >= NR_CPUS)
				return fail(
					"node %d (level %d) covers CPUs %d-%d, expected to start at "
					"%d, cover at least one CPU and end below %d",
					i, lv, rnp->grplo, rnp->grphi, next_lo, NR_CPUS);
			next_lo = rnp->grphi + 1;
			if (lv == 0) {
				if (par || rnp->grpmask)
					return fail("the root has a parent or a grpmask");
				continue;
			}
			if (!par || par->level != lv - 1 || par->grplo > rnp->grplo ||
			    par->grphi < rnp->grphi)
				return fail("node %d (CPUs %d-%d) lies outside its parent", i,
					    rnp->grplo, rnp->grphi);
			if (rnp->grpnum >= rsp->levelspread[lv - 1] ||
			    rnp->grpmask != 1UL << rnp->grpnum ||
			    (par->grplo == rnp->grplo) != (rnp->grpnum == 0))
				return fail("node %d has grpnum %u grpmask %#lx in its parent", i,
					    rnp->grpnum, rnp->grpmask);
		}
		if (next_lo != NR_CPUS)
			return fail("level %d covers CPUs 0-%d, not all %d", lv, next_lo - 1,
				    NR_CPUS);
	}
	for (i = 0; i < NR_CPUS; i++) {
		struct rcu_node *leaf = rdp_for(rsp, i)->mynode;

		if (rsp->rda[i] != rdp_for(rsp, i) || !leaf || leaf->level != levels - 1 ||
		    i < leaf->grplo || i > leaf->grphi || i - leaf->grplo >= CONFIG_RCU_FANOUT)
			return fail("CPU %d is not under its leaf", i);
	}
	return NULL;
}

unsigned long tree_children_mask(struct rcu_state *rsp, struct rcu_node *rnp)
{
	int n = 0, i;

	if (rnp->level == NUM_RCU_LVLS - 1) {
		n = rnp->grphi - rnp->grplo + 1;
	} else {
		for (i = 0; i < NUM_RCU_NODES; i++)
			n += rsp->node[i].parent == rnp;
	}
	return n >= BITS_PER_LONG ? ~0UL : (1UL << n) - 1;
}

const char *tree_check_list(struct rcu_data *rdp, long limit, int qlen_exact,
			    long (*enq_gp)(struct rcu_head *head))
{
	static const char *const seg_name[] = { "done", "wait", "next-ready" };
	struct rcu_head **pp = &rdp->nxtlist, *h;
	long len = 0;
	int seg = 0;

	while (seg < RCU_NEXT_SIZE && rdp->nxttail[seg] == pp)
		seg++;
	while ((h = *pp) != NULL) {
		long g = enq_gp ? enq_gp(h) : TREE_GP_UNKNOWN;

		if (seg == RCU_NEXT_SIZE)
			return fail("T3: callbacks after nxttail[RCU_NEXT_TAIL]");
		if (++len > limit)
			return fail("T3: list longer than %ld callbacks (cycle?)", limit);
		if (g != TREE_GP_UNKNOWN && seg < RCU_NEXT_TAIL) {
			long need = seg == RCU_DONE_TAIL ? g + 1 : seg == RCU_WAIT_TAIL ? g : g - 1;

			if (rdp->completed - need < 0)
				return fail(
					"T4: a callback queued at gpnum %ld is in the %s segment, "
					"but this CPU's completed is %ld (needs >= %ld)",
					g, seg_name[seg], rdp->completed, need);
		}
		pp = &h->next;
		while (seg < RCU_NEXT_SIZE && rdp->nxttail[seg] == pp)
			seg++;
	}
	if (seg != RCU_NEXT_SIZE)
		return fail("T3: nxttail[%d] not met in list order", seg);
	if (qlen_exact && len != rdp->qlen)
		return fail("T3: qlen %ld but %ld callbacks listed", rdp->qlen, len);
	return NULL;
}

const char *tree_check_masks_at_rest(struct rcu_state *rsp)
{
	long gp = READ_ONCE(rsp->gpnum), comp = READ_ONCE(rsp->completed);
	int in_gp = gp != comp, i;

	if (comp - gp > 0 || gp - comp > 1)
		return fail("gpnum %ld completed %ld", gp, comp);
	for (i = 0; i < NUM_RCU_NODES; i++) {
		struct rcu_node *rnp = &rsp->node[i];
		unsigned long qs = READ_ONCE(rnp->qsmask);

		if (!in_gp && qs)
			return fail("no GP in progress but node %d has qsmask %#lx", i, qs);
		if (qs & ~(rnp->qsmaskinit | 0UL))
			return fail("node %d waits for %#lx outside qsmaskinit %#lx", i, qs,
				    rnp->qsmaskinit);
		if (qs & ~tree_children_mask(rsp, rnp))
			return fail("node %d qsmask %#lx has bits beyond its children", i, qs);
		if (!rnp->parent) {
			if (in_gp && READ_ONCE(rsp->signaled) != RCU_GP_INIT && !qs)
				return fail("GP %ld set up but the root waits for nobody", gp);
			continue;
		}
		if (!qs != !(READ_ONCE(rnp->parent->qsmask) & rnp->grpmask))
			return fail("node %d qsmask %#lx but its bit in its parent is %s", i, qs,
				    qs ? "clear" : "set");
	}
	return NULL;
}
