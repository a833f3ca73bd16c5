# mutant: dynticks_nesting starts at 0 instead of 1, so idle entry never reaches zero
# source: tinyrcu/rcutiny.c
# scenarios: TINY02 TINY04
# catches: T2 (callbacks made ready without a QS); also named: O5 / P (no QS from dyntick-idle entry or irq exit to idle)
s/^static long dynticks_nesting = 1;/static long dynticks_nesting = 0;/
