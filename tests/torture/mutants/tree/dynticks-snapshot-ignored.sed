# mutant: forcing ignores the dynticks snapshot: every CPU counts as having passed through dyntick-idle
# source: tree/rcutree_dyntick.h
# scenarios: TT4x2-pz TT64x4-z
# catches: T2 (a busy CPU's bit cleared without a QS), O1/O2
/^static int rcu_implicit_dynticks_qs/,/^}/{
s/^	if ((curr != snap || (curr & 0x1) == 0) &&$/	if ((1 || curr != snap || (curr \& 0x1) == 0) \&\&/
}
