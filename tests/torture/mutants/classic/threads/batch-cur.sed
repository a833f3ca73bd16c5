# mutant: a callback is labelled with batch cur instead of cur + 1 (real threads)
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC08
# catches: O2 in the threaded harness (runs with completed < cur + 1 at enqueue)
s/^	batch = READ_ONCE(rcp->cur) + 1;$/	batch = READ_ONCE(rcp->cur);/
