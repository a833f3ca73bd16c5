# mutant: a dead CPU's waiting callbacks are adopted before its ready ones (per-CPU order broken)
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC07 CLASSIC08
# catches: H (per-CPU order along the adopting list), O4 (FIFO per originating CPU), O6
/^	rcu_move_batch(this_rdp, rdp->donelist, rdp->donetail, rcp->cur + 1);$/{
N
s/^\(.*\)\n\(.*\)$/\2\n\1/
}
