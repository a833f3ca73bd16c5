// SPDX-License-Identifier: GPL-2.0
/* Struct-layout fixture: the layouts pahole and the extractor must agree on.
 * Built by tests/analyzer/structs/structs.mk for every arch x compiler x DWARF version x -O0/-Os,
 * e.g. clang --target=mips-linux-gnu -ffreestanding -g -gdwarf-4 -Os -c nasty.c -o nasty.o */
#include <stddef.h>

/* bit-fields across storage units, mixed base types, signed/unsigned, enum bit-fields */
enum colour { RED, GREEN, BLUE = 1000 };
struct bits {
	unsigned a:3;
	unsigned b:7;
	char c;
	int d:4;
	long long e;
	unsigned long long f:40;
	short g:3;
	char h:2;
	enum colour col:11;
	unsigned:0;
	unsigned after_zero:5;
	_Bool flag:1;
};

struct bits_straddle {
	char a;
	unsigned int x:30;
	unsigned int y:30;
	unsigned char z:1;
	unsigned long long w:60;
	unsigned long long v:60;
};

/* holes everywhere, qualifiers, function pointers */
struct holes {
	char a;
	long b;
	char c;
	int d;
	char e[3];
	void (*fn)(int, struct holes *);
	const char *s;
	volatile int v;
	const volatile long *const p;
	int (*(*fp_ret)(void))[4];
	void (*cbs[2])(int, ...);
	char **argv;
	int (*parr)[3];
	const int ci;
	volatile char vc[2];
	double d2;
	char tail;
};

struct flex {
	int n;
	char data[];
};

struct zero_len {
	int n;
	char z[0];
};

struct __attribute__((packed)) packed {
	char a;
	int b;
	short c;
	long long d;
};

struct packed_bits {
	char a;
	unsigned x:3;
	unsigned y:20;
	char b;
} __attribute__((packed));

struct aligned {
	char a;
	int b __attribute__((aligned(32)));
	char c;
};

struct aligned_whole {
	char a;
	short b;
} __attribute__((aligned(16)));

union u {
	int a;
	char b[7];
	struct {
		short x, y;
	} s;
	unsigned bf:3;
	long long ll;
};

struct anon {
	int a;
	union {
		int b;
		char c;
	};
	struct {
		char d;
		long e;
		struct {
			char f;
			int g;
		};
	};
	char h;
};

typedef struct {
	int x;
	char y;
} tdanon_t;

struct fwd_only;
struct recur {
	struct recur *next, *prev;
	struct fwd_only *f;
	tdanon_t t;
	enum { A, B } e;
	int arr[2][3];
	struct recur **pp;
	union u uu;
};

typedef int myint;
typedef myint myint2;
typedef const myint cmyint;
struct typedefs {
	myint2 a;
	cmyint b;
	myint arr[2];
	tdanon_t *pt;
	size_t sz;
	ptrdiff_t pd;
};

/* crosses several 64-byte cachelines, with holes at the boundaries */
struct cachelines {
	char x[100];
	int y;
	char z[70];
	long w;
	char q;
	long long r[10];
	short s;
	char big[200];
	int last;
};

struct empty {};

struct only_bits {
	unsigned a:1, b:1, c:1;
};

struct nested_named {
	struct holes h;
	struct bits b;
	char c;
	struct flex *f;
};

struct ll_after_char {
	char c;
	long long ll;
	double d;
	char c2;
	short s;
	char c3;
	int i;
};

#ifdef __SIZEOF_INT128__
struct wide {
	char c;
	__int128 x;
	unsigned __int128 y:100;
};
#endif

struct ptr_qual {
	char *restrict r;
	const void *cv;
	void *const vc;
	const char *const *ccp;
	volatile int *volatile vip;
};

/* The same tag in two scopes: a function-local struct (pahole --show_private_classes). */
int use_local(int i)
{
	struct local {
		int a;
		char b;
		long c;
	} l = { i, 2, 3 };
	return l.a + l.b + (int)l.c;
}

/* Instantiate everything so both compilers emit full DWARF for each type. */
struct bits v_bits;
struct bits_straddle v_bits_straddle;
struct holes v_holes;
struct flex v_flex;
struct zero_len v_zero_len;
struct packed v_packed;
struct packed_bits v_packed_bits;
struct aligned v_aligned;
struct aligned_whole v_aligned_whole;
union u v_u;
struct anon v_anon;
struct recur v_recur;
struct typedefs v_typedefs;
struct cachelines v_cachelines;
struct empty v_empty;
struct only_bits v_only_bits;
struct nested_named v_nested_named;
struct ll_after_char v_ll_after_char;
#ifdef __SIZEOF_INT128__
struct wide v_wide;
#endif
struct ptr_qual v_ptr_qual;
