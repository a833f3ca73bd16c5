# mutant: the softirq treats callbacks waiting for batch <= b - 1 as done when only b - 2 is over
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06 CLASSIC14
# catches: O2, O1
s/^		else if (!rcu_batch_before(completed_snap, rdp->batch - 1))$/		else if (!rcu_batch_before(completed_snap, rdp->batch - 2))/
s/^			rdp->nxttail\[0\] = rdp->nxttail\[1\];$/			rdp->nxttail[0] = rdp->nxttail[1] = rdp->nxttail[2];/
