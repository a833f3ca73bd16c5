# mutant: forcing never credits dyntick-idle CPUs: it sends them reschedule IPIs
# source: tree/rcutree_dyntick.h
# scenarios: TT4x2-pz TT64x4-z
# catches: O9 (IPI to a CPU in dyntick-idle)
/^static int rcu_implicit_dynticks_qs/,/^}/{
s/^	if ((curr != snap || (curr & 0x1) == 0) &&$/	if (0 \&\& (curr != snap || (curr \& 0x1) == 0) \&\&/
}
/^static int dyntick_save_progress_counter/,/^}/{
s/^	ret = (snap & 0x1) == 0 && (snap_nmi & 0x1) == 0;$/	ret = 0;/
}
