/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel integer types, bool, size_t and NULL, from the compiler's freestanding headers only. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stddef.h> /* the compiler's own: size_t, NULL, offsetof */
#include <stdbool.h>

typedef signed char s8;
typedef unsigned char u8;
typedef signed short s16;
typedef unsigned short u16;
typedef signed int s32;
typedef unsigned int u32;
typedef signed long long s64;
typedef unsigned long long u64;

#endif /* _LINUX_TYPES_H */
