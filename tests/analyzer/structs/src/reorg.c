// SPDX-License-Identifier: GPL-2.0
/* Struct-layout fixture for pahole --reorganize: one struct per rule of its algorithm
 * (docs/structs.md), each a case an earlier reproduction got wrong. The oracle compares
 * pahole's member order, offsets and saving for every arch x compiler it is built for. */

/* Tree RCU's rcu_state in small. Moving 'sig' up leaves a 4-byte hole after it; pahole first
 * re-derives the tail padding (the word guess leaves none), so the hole is filled from the
 * end ('fq', then 'on' into the hole after 'rda') instead of moving the last member 'js' into
 * the hole after 'rda' as tail padding. */
struct reorg_rcu_state_like {
	unsigned char ls[3];
	void *rda;
	unsigned char sig __attribute__((aligned(64)));
	long gpnum;
	long completed;
	int on;
	int fq;
	unsigned long g1;
	unsigned long js;
};

/* The padding is re-derived before the first move too: 'f' fills the hole after 'a' and 'e'
 * the one after 'c'; the last member 'g' stays. */
struct reorg_padding_first {
	int a;
	long b;
	long c;
	long d __attribute__((aligned(32)));
	int e;
	int f;
	long g;
};

/* Only members whose size plus hole is at most a word feed the alignment guess: with none,
 * pahole keeps the 8 bytes of tail padding (no saving). */
struct reorg_no_guess {
	long a[7];
} __attribute__((aligned(64)));

/* A bit-field is skipped when scanning from the end if any bit-field precedes it, even in
 * another storage unit: the hole after 'a' gets 'z4', not the refused bit-field 'y'. */
struct reorg_bitfield_tail {
	char a;
	short s;
	long l;
	char z1, z2, z3, z4;
	unsigned int x:30;
	unsigned char y:3;
};

/* pahole computes a moved member's offset in 16 bits: past 64 KiB (8-byte longs), 'c' lands
 * at 6465 (72001 mod 65536). */
struct reorg_over_64k {
	long big[9000];
	char a;
	long b;
	char c;
};

struct reorg_rcu_state_like v_reorg_rcu_state_like;
struct reorg_padding_first v_reorg_padding_first;
struct reorg_no_guess v_reorg_no_guess;
struct reorg_bitfield_tail v_reorg_bitfield_tail;
struct reorg_over_64k v_reorg_over_64k;
