// SPDX-License-Identifier: GPL-2.0
/* The stack test's fixture: frames of many sizes, a leaf, alloca and a VLA (dynamic), recursion. */
#include <alloca.h>
#include <stdarg.h>
#include <string.h>

int sink(char *p, int n);

int leaf(int a, int b)
{
	return a * b + 3;
}

int small(int n)
{
	char b[16];

	memset(b, n, sizeof(b));
	return sink(b, n);
}

int medium(int n)
{
	char b[200];

	memset(b, n, sizeof(b));
	return sink(b, n) + 1;
}

int large(int n)
{
	char b[4000];

	memset(b, n, sizeof(b));
	return sink(b, n) + sink(b + 1, n);
}

int with_alloca(int n)
{
	char *p = alloca(n);

	memset(p, 0, n);
	return sink(p, n);
}

int with_vla(int n)
{
	char v[n];

	memset(v, 1, n);
	return sink(v, n);
}

static __attribute__((noinline)) int callee_saves(int a, int b, int c, int d)
{
	int x = sink(0, a);

	x += sink(0, b) * c;
	return x + sink(0, d) + small(x);
}

int recursive(int n)
{
	char b[48];

	if (n <= 0)
		return 0;
	memset(b, n, sizeof(b));
	return sink(b, n) + recursive(n - 1);
}

int variadic(int n, ...)
{
	va_list ap;
	int s = 0;

	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s + callee_saves(s, n, 1, 2);
}
