/* SPDX-License-Identifier: GPL-2.0 */
/* Symbol names as people read them: C++ and Rust through libiberty's demangler, as nm -C. */
#ifndef BW_DEMANGLE_H
#define BW_DEMANGLE_H

/*
 * bw_demangle - @name as nm -C prints it (binutils' bfd_demangle over libiberty's
 * cplus_demangle with DMGL_PARAMS | DMGL_ANSI: the Itanium C++ ABI, Rust v0 and legacy;
 * leading dots and an @VERSION suffix are kept around the demangled part).
 * Return: the demangled name, newly allocated, or NULL when @name is not mangled (C
 * names) or memory ran out; print @name itself then.
 */
char *bw_demangle(const char *name);

#endif /* BW_DEMANGLE_H */
