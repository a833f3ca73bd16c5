# mutant: forcing takes a changed-or-even NMI counter as enough, although dynticks is odd and unchanged (&& turned into ||)
# source: tree/rcutree_dyntick.h
# scenarios: TT4x2-pz TT64x4-z
# catches: T2 (a busy CPU credited), O1/O2
/^static int rcu_implicit_dynticks_qs/,/^}/{
s/^	if ((curr != snap || (curr & 0x1) == 0) &&$/	if ((curr != snap || (curr \& 0x1) == 0) ||/
}
