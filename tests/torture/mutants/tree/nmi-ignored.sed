# mutant: forcing ignores the NMI counter: a CPU in an NMI from dyntick-idle (which may hold a reader) counts as idle
# source: tree/rcutree_dyntick.h
# scenarios: TT4x2-pz TT2x2-z TT4x4-z
# catches: T2 (bit cleared while the CPU runs an NMI reader), O1
/^static int rcu_implicit_dynticks_qs/,/^}/{
s/^	    (curr_nmi != snap_nmi || (curr_nmi & 0x1) == 0)) {$/	    ((void)curr_nmi, (void)snap_nmi, 1)) {/
}
/^static int dyntick_save_progress_counter/,/^}/{
s/^	ret = (snap & 0x1) == 0 && (snap_nmi & 0x1) == 0;$/	ret = (snap \& 0x1) == 0;/
}
