# mutant: the softirq forgets to reset curtail when it detaches the whole list
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T1 (curtail left pointing into detached callbacks), O4
/^	if (rcp->curtail == rcp->donetail)$/,/^		rcp->curtail = &rcp->rcucblist;$/d
