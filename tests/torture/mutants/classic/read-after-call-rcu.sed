# mutant: the harness reads the callback's object (its seq, for the trace) after call_rcu*(), when the callback may already have run and freed it
# source: tests/torture/rcutorture.c
# scenarios: CLASSIC02 CLASSIC05
# build: san
# catches: AddressSanitizer (the read hits the object poisoned the moment its callback ran)
/^	bw_sim_trace("queue seq %ld flavor %ld", (long)old->seq, flavor);$/d
s|^	bw_flavor_call_rcu(flavor, &old->rh, torture_cb);$|&\n	bw_sim_trace("queue seq %ld flavor %ld", (long)old->seq, flavor);|
