// SPDX-License-Identifier: GPL-2.0
/* printk(): the line formatted here, handed to the execution model to trace, count or print. */

#include <stdarg.h>
#include <stdio.h>

#include <linux/kernel.h>
#include "kservices.h"

int printk(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	bw_k_printk(buf, n);
	return n;
}
