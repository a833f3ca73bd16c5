#!/bin/sh
# Build the large DWARF input of the struct benchmark from headers on the machine: N units that
# each include a wide set of system headers (libc, POSIX, Linux UAPI, Python, SQLite, elfutils)
# with -fno-eliminate-unused-debug-types, so every unit carries thousands of types, as the
# units of a kernel image do, linked into one shared object with DWARF 5 from gcc.
# usage: structs-input.sh OUT.so [N]
set -eu
out=$1
n=${2:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/tu.c" <<'SRC'
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netdb.h>
#include <sys/stat.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
#include <locale.h>
#include <wchar.h>
#include <math.h>
#include <dirent.h>
#include <termios.h>
#include <sys/resource.h>
#include <sys/epoll.h>
#include <sys/ucontext.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <sqlite3.h>
#include <zlib.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <Python.h>
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
/* One struct of its own per unit, so the units differ. */
struct TU { int id; char tag[12]; long v; struct TU *next; };
struct TU CAT(TU, _var);
SRC
i=0
while [ "$i" -lt "$n" ]; do
	echo "$i"
	i=$((i + 1))
done | xargs -P 2 -I N gcc -g -O0 -fPIC -fno-eliminate-unused-debug-types \
	-I/usr/include/python3.11 -DTU=unit_N -c "$tmp/tu.c" -o "$tmp/tu_N.o"
gcc -shared -o "$out" "$tmp"/tu_*.o
