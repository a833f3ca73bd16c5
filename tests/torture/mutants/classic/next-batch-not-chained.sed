# mutant: the CPU that ends a batch does not start the one already requested (pending)
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06 CLASSIC14
# catches: O5 (liveness: nobody asks again, the requested batch never starts)
/^static void cpu_quiet/,/^}/{
/^		rcu_start_batch(rcp);$/d
}
