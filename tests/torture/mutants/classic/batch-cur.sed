# mutant: a callback is labelled with batch cur instead of cur + 1 (the batch running may predate it)
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06 CLASSIC14
# catches: O2 (runs with completed < cur + 1 at enqueue), O1
s/^	batch = READ_ONCE(rcp->cur) + 1;$/	batch = READ_ONCE(rcp->cur);/
