/* SPDX-License-Identifier: GPL-2.0 */
/* EXPORT_SYMBOL: a __ksymtab entry with CONFIG_MODULES, nothing without (as in the kernel). */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <linux/compiler.h>

/*
 * Exports cost bytes (a symbol-table entry and the name string), so they are
 * measured only when the scenario enables modules; the small-memory scenarios
 * of the article are built without them.
 */
#if IS_ENABLED(CONFIG_MODULES)
struct kernel_symbol {
	unsigned long value; /* address of the exported object */
	const char *name; /* points into __ksymtab_strings */
};
#define __EXPORT_SYMBOL(sym, sec)                                                                  \
	extern __typeof__(sym) sym;                                                                \
	static const char __kstrtab_##sym[]                                                        \
		__attribute__((__section__("__ksymtab_strings"), __aligned__(1))) = #sym;          \
	static const struct kernel_symbol __ksymtab_##sym __used                                   \
		__attribute__((__section__("__ksymtab" sec), __unused__)) = { (unsigned long)&sym, \
									      __kstrtab_##sym }
#define EXPORT_SYMBOL(sym) __EXPORT_SYMBOL(sym, "")
#define EXPORT_SYMBOL_GPL(sym) __EXPORT_SYMBOL(sym, "_gpl")
#else
#define EXPORT_SYMBOL(sym) extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym) extern __typeof__(sym) sym
#endif

#endif /* _LINUX_EXPORT_H */
