// SPDX-License-Identifier: GPL-2.0
/* Read an object's symbol table the way nm does: which symbols, which letter, which order. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "symbols.h"
#include "symnames.h"
#include "versions.h"

#ifndef SHN_X86_64_LCOMMON
#define SHN_X86_64_LCOMMON 0xff02
#endif
#ifndef SHN_MIPS_SCOMMON
#define SHN_MIPS_SCOMMON 0xff03
#endif

const char *bw_kind_name(enum bw_kind k)
{
	static const char *const names[] = { "func", "data", "rodata", "bss", "other" };

	return k < BW_NKINDS ? names[k] : "other";
}

/* bfd/syms.c coff_section_type: the MSVC section names nm knows (prefix + '.', '$', digit or end). */
static char coff_section_letter(const char *s)
{
	static const struct {
		const char *name;
		char letter;
	} stt[] = {
		{ ".drectve", 'i' },
		{ ".edata", 'e' },
		{ ".idata", 'i' },
		{ ".pdata", 'p' },
	};

	for (size_t k = 0; k < sizeof(stt) / sizeof(stt[0]); k++) {
		size_t len = strlen(stt[k].name);

		if (!strncmp(s, stt[k].name, len) && memchr(".$0123456789", s[len], 13))
			return stt[k].letter;
	}
	return '?';
}

/* bfd/syms.c decode_section_type. */
static char section_letter(const struct bw_sec *s)
{
	unsigned f = s->bfd_flags;
	char c = coff_section_letter(s->name);

	if (c != '?')
		return c;
	if (f & BW_SEC_CODE)
		return 't';
	if (f & BW_SEC_DATA)
		return (f & BW_SEC_READONLY) ? 'r' : (f & BW_SEC_SMALL_DATA) ? 'g' : 'd';
	if (!(f & BW_SEC_HAS_CONTENTS))
		return (f & BW_SEC_SMALL_DATA) ? 's' : 'b';
	if (f & BW_SEC_DEBUGGING)
		return 'N';
	if (f & BW_SEC_READONLY)
		return 'n';
	return '?';
}

static enum bw_kind section_kind(const struct bw_sec *s)
{
	unsigned f = s->bfd_flags;

	if (f & BW_SEC_CODE)
		return BW_KIND_FUNC;
	if (f & BW_SEC_DATA)
		return (f & BW_SEC_READONLY) ? BW_KIND_RODATA : BW_KIND_DATA;
	if ((f & BW_SEC_ALLOC) && !(f & BW_SEC_HAS_CONTENTS))
		return BW_KIND_BSS;
	return BW_KIND_OTHER;
}

/* bfd_decode_symclass for a symbol defined in section @s (common symbols are handled apart). */
static char symbol_letter(const GElf_Sym *sym, const struct bw_sec *s)
{
	unsigned bind = GELF_ST_BIND(sym->st_info), type = GELF_ST_TYPE(sym->st_info);
	char c;

	if (type == STT_GNU_IFUNC)
		return 'i';
	if (bind == STB_WEAK)
		return (type == STT_OBJECT || type == STT_COMMON) ? 'V' : 'W';
	if (bind == STB_GNU_UNIQUE)
		return 'u';
	if (bind != STB_LOCAL && bind != STB_GLOBAL)
		return '?';
	c = section_letter(s);
	return bind == STB_GLOBAL ? (char)toupper((unsigned char)c) : c;
}

/* _bfd_elf_is_local_label_name, without the rare L<digit> assembler forms. */
static bool local_label(const char *n)
{
	return !strncmp(n, ".L", 2) || !strncmp(n, "..", 2) || !strncmp(n, "_.L_", 4);
}

/* bfd_is_target_special_symbol: mapping symbols and local labels nm hides. */
static bool target_special(uint16_t machine, const char *n)
{
	if (machine == EM_ARM || machine == EM_AARCH64)
		return n[0] == '$' && strchr("atdx", n[1]) && n[1] && (n[2] == '\0' || n[2] == '.');
	if (machine == EM_RISCV)
		return n[0] == '\0' || local_label(n) || !strcmp(n, "$d") || !strcmp(n, "$x") ||
		       !strncmp(n, "$xrv", 4);
	if (machine == EM_MIPS)
		return local_label(n);
	return false;
}

/* nm's non_numeric_forward: empty names first, then strcoll. */
static int name_order(const char *x, const char *y)
{
	if (*y == '\0')
		return *x != '\0';
	if (*x == '\0')
		return -1;
	return strcoll(x, y);
}

static int nm_order(const void *pa, const void *pb)
{
	const struct bw_sym *a = pa, *b = pb;
	int c;

	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	/* nm compares the bare names; the version is only appended when printing. */
	c = name_order(a->base, b->base);
	if (c)
		return c;
	/* nm sorts by address first (stable merge sorts), so equal names keep address order. */
	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static size_t find_shndx_table(const struct bw_obj *o, size_t symtab)
{
	for (size_t i = 1; i < o->shnum; i++)
		if (o->secs[i].type == SHT_SYMTAB_SHNDX && o->secs[i].link == symtab)
			return i;
	return 0;
}

/* Copy the name, with "@VER"/"@@VER" for a versioned dynamic symbol. */
static char *symbol_name(const char *name, const struct bw_versions *ver, size_t idx,
			 size_t *baselen)
{
	const char *v = "", *at = "";
	size_t nlen = strlen(name), vlen;
	char *s;

	if (ver && ver->active)
		v = bw_version_of(ver, idx, name, false, &at);
	*baselen = nlen;
	vlen = v[0] ? strlen(at) + strlen(v) : 0;
	s = malloc(nlen + vlen + 1);
	if (!s)
		return NULL;
	memcpy(s, name, nlen);
	if (vlen) {
		strcpy(s + nlen, at);
		strcat(s + nlen, v);
	}
	s[nlen + vlen] = '\0';
	return s;
}

struct sym_reader {
	const struct bw_obj *o;
	const char *strtab;
	uint64_t strsize;
	const struct bw_versions *ver; /* NULL for .symtab */
};

/* Decide whether symbol @i is listed and fill @out. Return 1 listed, 0 skipped, -1 error. */
static int take_symbol(const struct sym_reader *r, size_t i, const GElf_Sym *sym, GElf_Word xndx,
		       struct bw_sym *out, struct bw_err *e)
{
	const struct bw_obj *o = r->o;
	unsigned type = GELF_ST_TYPE(sym->st_info);
	const struct bw_sec *s = NULL;
	size_t shndx = sym->st_shndx;
	bool common = false, small = false;
	const char *name;

	/* BFD reads every name, listed or not: a bad one makes the table unreadable. */
	if (sym->st_name >= r->strsize ||
	    !memchr(r->strtab + sym->st_name, '\0', r->strsize - sym->st_name))
		return bw_fail(e, o->name,
			       "symbol %zu: name offset %#x outside the string table (%#llx bytes)",
			       i, sym->st_name, (unsigned long long)r->strsize);
	if (type == STT_SECTION || type == STT_FILE || sym->st_size == 0)
		return 0; /* debugging symbols, and nm --size-sort drops size 0 */
	if (shndx == SHN_XINDEX)
		shndx = xndx;
	else if (shndx == SHN_COMMON || (o->machine == EM_X86_64 && shndx == SHN_X86_64_LCOMMON))
		common = true;
	else if (o->machine == EM_MIPS && shndx == SHN_MIPS_SCOMMON)
		common = small = true;
	else if (shndx == SHN_UNDEF || (shndx >= SHN_LORESERVE && shndx <= SHN_HIRESERVE))
		return 0; /* undefined and absolute symbols are not listed */
	if (!common) {
		if (shndx == 0 || shndx >= o->shnum || !o->secs[shndx].is_bfd)
			return 0; /* BFD makes these absolute */
		s = &o->secs[shndx];
	}
	name = r->strtab + sym->st_name;
	if (target_special(o->machine, name))
		return 0;
	out->size = sym->st_size;
	out->bind = GELF_ST_BIND(sym->st_info);
	out->index = i;
	if (common) {
		out->value = sym->st_size; /* BFD stores a common symbol's size as its value */
		out->letter = small ? 'c' : 'C';
		out->section = "*COM*";
		out->kind = BW_KIND_BSS;
	} else {
		out->value = sym->st_value + (o->type == ET_REL ? s->addr : 0);
		/* elf32-arm: a Thumb function's address has bit 0 set; BFD clears it. */
		if (o->machine == EM_ARM && (type == STT_FUNC || type == STT_GNU_IFUNC))
			out->value &= ~(uint64_t)1;
		out->letter = symbol_letter(sym, s);
		out->section = s->name;
		out->kind = section_kind(s);
	}
	out->base = name;
	out->name = symbol_name(name, r->ver, i, &out->baselen);
	if (!out->name)
		return bw_fail(e, o->name, "out of memory");
	return 1;
}

static int read_table(const struct bw_obj *o, size_t tab, const struct bw_versions *ver,
		      struct bw_symtab *t, struct bw_err *e)
{
	const struct bw_sec *s = &o->secs[tab];
	struct sym_reader r = { .o = o, .ver = ver };
	Elf_Data *data, *xdata = NULL;
	size_t count, cap = 0, xtab;

	if (s->link == 0 || s->link >= o->shnum || !bw_sec_bytes(o, s->link))
		return bw_fail(e, o->name, "symbol table %s: bad string table link %u", s->name,
			       s->link);
	r.strtab = (const char *)bw_sec_bytes(o, s->link);
	r.strsize = o->secs[s->link].size;
	data = elf_getdata(elf_getscn(o->elf, tab), NULL);
	if (!data)
		return bw_fail(e, o->name, "cannot read symbol table %s: %s", s->name,
			       elf_errmsg(-1));
	xtab = find_shndx_table(o, tab);
	if (xtab && !(xdata = elf_getdata(elf_getscn(o->elf, xtab), NULL)))
		return bw_fail(e, o->name, "cannot read extended section indices: %s",
			       elf_errmsg(-1));
	count = s->size / s->entsize;
	for (size_t i = 1; i < count; i++) {
		GElf_Sym sym;
		GElf_Word xndx = 0;
		struct bw_sym *v;
		int got;

		if (!gelf_getsymshndx(data, xdata, (int)i, &sym, &xndx))
			return bw_fail(e, o->name, "cannot read symbol %zu: %s", i, elf_errmsg(-1));
		v = bw_grow(t->v, &cap, t->n + 1, sizeof(*v));
		if (!v)
			return bw_fail(e, o->name, "out of memory");
		t->v = v;
		got = take_symbol(&r, i, &sym, xndx, &t->v[t->n], e);
		if (got < 0)
			return -1;
		if (got) {
			t->rollup[t->v[t->n].kind] += t->v[t->n].size;
			t->n++;
		}
	}
	return 0;
}

int bw_symbols_read(const struct bw_obj *o, struct bw_symtab *t, struct bw_err *e)
{
	struct bw_versions ver;
	size_t tab = o->symtab ? o->symtab : o->dynsym;
	int ret;

	memset(t, 0, sizeof(*t));
	if (!tab)
		return 0;
	t->table = o->symtab ? ".symtab" : ".dynsym";
	if (o->symtab) {
		ret = read_table(o, tab, NULL, t, e);
	} else {
		if (bw_versions_read(o, &ver, e))
			return -1;
		ret = read_table(o, tab, &ver, t, e);
		bw_versions_free(&ver);
	}
	if (ret) {
		bw_symtab_free(t);
		return -1;
	}
	qsort(t->v, t->n, sizeof(*t->v), nm_order);
	return 0;
}

void bw_symtab_free(struct bw_symtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
	memset(t, 0, sizeof(*t));
}
