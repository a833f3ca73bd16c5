// SPDX-License-Identifier: GPL-2.0
/* Diff fixture, new side (see old.c): struct members moved and added, symbols grown, shrunk,
 * added, removed, renamed by clone suffix only. */
struct rcu_data {
	char qs_pending;
	int blimit;
	long completed;
	char extra;
};

struct rcu_data rcu_data_old;
struct only_new {
	long y;
} only_new_v;
static int helper(int x)
{
	return x * 3 + x / 7 + x % 5;
}
int keep(int x)
{
	return helper(x) + helper(x + 1);
}
int added(int y)
{
	return y * y * y + 2;
}
char buf[200];
const char ro[] = "hello";
int batch_cp(int n) __asm__("rcu_do_batch.constprop.0");
int batch_cp(int n)
{
	return n * n + 1;
}
int cold_part(int n) __asm__("rcu_check.part.0");
int cold_part(int n)
{
	return n - 1;
}
int counter_b __asm__("counter.7") = 1;
