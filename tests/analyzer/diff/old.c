// SPDX-License-Identifier: GPL-2.0
/* Diff fixture, old side. Built by t0400: gcc -O0 -g -fno-inline -c old.c. Clone suffixes come
 * from asm labels so the test does not depend on which clones gcc decides to make. */
struct rcu_data {
	char qs_pending;
	long completed;
	int blimit;
};

struct rcu_data rcu_data_old;
struct only_old {
	int x;
} only_old_v;
static int helper(int x)
{
	return x * 3;
}
int keep(int x)
{
	return helper(x) + 1;
}
int gone(void)
{
	return 5;
}
char buf[100];
const char ro[] = "hello";
int batch_isra(int n) __asm__("rcu_do_batch.isra.0");
int batch_isra(int n)
{
	return n + 1;
}
int cold_part(int n) __asm__("rcu_check.cold");
int cold_part(int n)
{
	return n - 1;
}
int counter_a __asm__("counter.12") = 1;
