/* SPDX-License-Identifier: GPL-2.0 */
/* IS_ENABLED(): test a CONFIG_ option from autoconf.h as a C expression (0 or 1). */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

/*
 * autoconf.h defines CONFIG_X as 1 for every option set to y and leaves the
 * others undefined; the placeholder trick turns "defined as 1" into 1 and
 * anything else into 0, so options can be tested in plain C.
 */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x) ___is_defined(x)
#define ___is_defined(val) ____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)

#define IS_ENABLED(option) __is_defined(option)

#ifndef CONFIG_NR_CPUS
#error "CONFIG_NR_CPUS is not set: build with -include <build dir>/autoconf.h"
#endif

#endif /* _LINUX_KCONFIG_H */
