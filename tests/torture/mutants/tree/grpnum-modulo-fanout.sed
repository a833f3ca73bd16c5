# mutant: a node's bit in its parent is its index modulo the fanout, not the parent level's spread
# source: tree/rcutree_init.h
# scenarios: TT12x3-pz
# catches: GI (node grpnum/grpmask against the geometry computed in the harness)
/^static void rcu_init_one(/,/^}/{
s/^				rnp->grpnum = j % rsp->levelspread\[i - 1\];$/				rnp->grpnum = j % CONFIG_RCU_FANOUT;/
}
