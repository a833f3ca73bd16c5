# mutant: moving finished callbacks to donelist leaves the old ->next link (donelist runs into nxtlist)
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06
# catches: L (list shape), O2/O4
/^			\*rdp->donetail = NULL;$/d
