# mutant: a CPU's leaf is found by dividing its number by the fanout, not from the leaves' ranges
# source: tree/rcutree_init.h
# scenarios: TT6x4-z TT12x5-z TT100x16-pz
# catches: GI (cpu leaf against the geometry computed in the harness)
/^#define RCU_DATA_PTR_INIT(/,/^	} while (0)$/{
s/\.mynode = &rnp\[j\];/.mynode = \&rnp[i \/ RCU_FANOUT];/
}
