# mutant: cpu_quiet() skips the lastcomp check: a QS taken for another GP is reported for the current one
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT2x2-z TT16x4-pz TREE06
# catches: T2 (bit cleared by a QS from before the GP began), O1
/^static void cpu_quiet(/,/^}/{
s/^	if (lastcomp != READ_ONCE(rsp->completed)) {$/	if (0 \&\& lastcomp != READ_ONCE(rsp->completed)) {/
}
