/* SPDX-License-Identifier: GPL-2.0 */
/* module_param(): a boot-time tunable, recorded in the __param table as 2.6.29 does for built-in code. */
#ifndef _LINUX_MODULEPARAM_H
#define _LINUX_MODULEPARAM_H

#include <linux/compiler.h>

/* Kbuild passes -DKBUILD_MODNAME; a file defines it before its includes when built without Kbuild. */
#ifndef KBUILD_MODNAME
#error "module_param() needs KBUILD_MODNAME (the object's name, e.g. \"rcuclassic\")"
#endif
#define MODULE_PARAM_PREFIX KBUILD_MODNAME "."

struct kernel_param;
typedef int (*param_set_fn)(const char *val, struct kernel_param *kp);
typedef int (*param_get_fn)(char *buffer, struct kernel_param *kp);

/* One entry of the table that parse_args() walks for "<modname>.<param>=" on the command line. */
struct kernel_param {
	const char *name; /* "<modname>.<param>" */
	unsigned int perm; /* sysfs permissions (0: not visible there) */
	param_set_fn set; /* parses the value into *arg */
	param_get_fn get; /* formats *arg */
	void *arg; /* the variable */
};

/* kernel/params.c: undefined in the objects. */
int param_set_int(const char *val, struct kernel_param *kp);
int param_get_int(char *buffer, struct kernel_param *kp);

#define module_param(name, type, perm)                                                        \
	static const char __param_str_##name[] = MODULE_PARAM_PREFIX #name;                   \
	static struct kernel_param const __param_##name __used                                \
		__attribute__((__section__("__param"), __aligned__(sizeof(void *)))) = {      \
			__param_str_##name, perm, param_set_##type, param_get_##type, &(name) \
		}

#endif /* _LINUX_MODULEPARAM_H */
