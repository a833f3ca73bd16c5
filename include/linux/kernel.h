/* SPDX-License-Identifier: GPL-2.0 */
/* container_of, ARRAY_SIZE, BUG/WARN, printk and might_sleep for the RCU variants. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/export.h>

/* The structure that embeds @ptr as its member @member. */
#define container_of(ptr, type, member)                                \
	({                                                             \
		const __typeof__(((type *)0)->member) *__mptr = (ptr); \
		(type *)((char *)__mptr - offsetof(type, member));     \
	})

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d)-1) / (d))
#define BITS_PER_LONG (8 * (int)sizeof(long))
#define BITS_TO_LONGS(n) DIV_ROUND_UP(n, BITS_PER_LONG)

#define KERN_ERR "<3>"
#define KERN_WARNING "<4>"
#define KERN_INFO "<6>"

#ifndef INT_MAX
#define INT_MAX ((int)(~0U >> 1))
#endif
#ifndef LONG_MAX
#define LONG_MAX ((long)(~0UL >> 1))
#endif

/* Provided by the kernel proper (undefined in the objects) or by the simulator. */
__printf(1, 2) int printk(const char *fmt, ...);
void dump_stack(void);

/* Out of line in the kernel (kernel/panic.c): left undefined in the objects. */
void warn_slowpath(const char *file, int line, const char *fmt, ...);
#define BUG() __builtin_trap()
#define BUG_ON(c)                \
	do {                     \
		if (unlikely(c)) \
			BUG();   \
	} while (0)
#define WARN_ON(c)                                               \
	({                                                       \
		int __w = !!(c);                                 \
		if (unlikely(__w))                               \
			warn_slowpath(__FILE__, __LINE__, NULL); \
		unlikely(__w);                                   \
	})
#define might_sleep() \
	do {          \
	} while (0)

#endif /* _LINUX_KERNEL_H */
