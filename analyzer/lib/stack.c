// SPDX-License-Identifier: GPL-2.0
/* Function frames from .eh_frame / .debug_frame: the largest CFA offset of each FDE, mapped to symbols.
 *
 * libdw's dwarf_next_cfi() splits a CFI section into CIEs and FDEs; the CFA rules are read
 * here, since only they matter: a frame is the largest offset the CFA takes from the stack
 * pointer (the register the CIE's initial rule names) over the FDE's rows. remember_state /
 * restore_state only change which row is current, never the set of offsets, but they do bring
 * the CFA back to the stack pointer after an epilogue, so they are followed. GCC's
 * -fstack-usage counts the same bytes: on x86_64 the CFA starts at rsp+8 (the return address)
 * and .su includes it; on aarch64 it starts at sp+0 and a leaf without a frame is 0 in both.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

#include "stack.h"

#define MAX_STATES 64 /* remember_state nesting; compilers use one level */

/* A function symbol: section index (0 in a linked image) and value, the key FDEs map to. */
struct fn {
	size_t shndx;
	uint64_t value;
	size_t out; /* its index in bw_stack.v */
};

struct reloc {
	uint64_t offset; /* in the CFI section */
	size_t shndx; /* the section it points into */
	uint64_t target; /* offset in that section (symbol value + addend) */
};

/* A bounded reader over [p, end): every read checks; @bad latches a read past the end. */
struct rd {
	const uint8_t *p, *end;
	bool big, bad;
};

static uint64_t rd_uN(struct rd *r, unsigned n)
{
	uint64_t v = 0;

	if ((size_t)(r->end - r->p) < n) {
		r->bad = true;
		r->p = r->end;
		return 0;
	}
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)r->p[r->big ? i : n - 1 - i] << (8 * (n - 1 - i));
	r->p += n;
	return v;
}

/* A LEB128 number's bits, and in *@last its last byte (whose bit 6 is an sleb's sign); sets
 * r->bad (and returns 0) when the section ends inside it. */
static uint64_t rd_leb(struct rd *r, unsigned *shift, uint8_t *last)
{
	uint64_t v = 0;

	*shift = 0;
	while (r->p < r->end) {
		uint8_t b = *r->p++;

		if (*shift < 64)
			v |= (uint64_t)(b & 0x7f) << *shift;
		*shift += 7;
		if (!(b & 0x80)) {
			*last = b;
			return v;
		}
	}
	r->bad = true;
	*last = 0;
	return 0;
}

static uint64_t rd_uleb(struct rd *r)
{
	unsigned shift;
	uint8_t last;

	return rd_leb(r, &shift, &last);
}

static int64_t rd_sleb(struct rd *r)
{
	unsigned shift;
	uint8_t last;
	uint64_t v = rd_leb(r, &shift, &last);

	if (shift < 64 && (last & 0x40))
		v |= ~0ULL << shift;
	return (int64_t)v;
}

/* Bytes of a DW_EH_PE_* encoded pointer of @enc (0 for leb128: read through rd_*leb). */
static int enc_size(uint8_t enc, unsigned addr_size)
{
	switch (enc & 0x0f) {
	case DW_EH_PE_absptr:
		return (int)addr_size;
	case DW_EH_PE_udata2:
	case DW_EH_PE_sdata2:
		return 2;
	case DW_EH_PE_udata4:
	case DW_EH_PE_sdata4:
		return 4;
	case DW_EH_PE_udata8:
	case DW_EH_PE_sdata8:
		return 8;
	case DW_EH_PE_uleb128:
	case DW_EH_PE_sleb128:
		return 0;
	default:
		return -1;
	}
}

static int64_t rd_enc(struct rd *r, uint8_t enc, unsigned addr_size)
{
	int n = enc_size(enc, addr_size);
	uint64_t v;

	/* An encoding this reader does not know: the rest of the entry cannot be read. */
	if (n < 0) {
		r->bad = true;
		r->p = r->end;
		return 0;
	}
	if (n == 0)
		return (enc & 0x0f) == DW_EH_PE_sleb128 ? rd_sleb(r) : (int64_t)rd_uleb(r);
	v = rd_uN(r, (unsigned)n);
	if ((enc & 0x08) && n < 8 && (v >> (8 * n - 1)) & 1) /* signed forms */
		v |= ~0ULL << (8 * n);
	return (int64_t)v;
}

/* The CFA state while reading instructions. */
struct cfa {
	uint64_t reg;
	int64_t off;
	bool other; /* an expression, not register + offset */
};

struct scan {
	uint64_t sp; /* the stack pointer: the CIE's initial CFA register */
	struct cfa cur, saved[MAX_STATES];
	int nsaved;
	int64_t max;
	bool fp; /* the CFA was based on something else at some row */
};

static void note(struct scan *s)
{
	if (s->cur.other || s->cur.reg != s->sp)
		s->fp = true;
	else if (s->cur.off > s->max)
		s->max = s->cur.off;
}

/* Follow the CFA through the instructions in @r. Return: 0, or -1 on a malformed stream. */
static int run_cfa(struct rd *r, struct scan *s, const Dwarf_CIE *cie, uint8_t enc, unsigned asz)
{
	while (r->p < r->end && !r->bad) {
		uint8_t op = *r->p++;

		switch (op & 0xc0) {
		case DW_CFA_advance_loc:
		case DW_CFA_restore:
			continue;
		case DW_CFA_offset:
			rd_uleb(r);
			continue;
		}
		switch (op) {
		case DW_CFA_nop:
		case DW_CFA_GNU_window_save:
			break;
		case DW_CFA_set_loc:
			rd_enc(r, enc, asz);
			break;
		case DW_CFA_advance_loc1:
			rd_uN(r, 1);
			break;
		case DW_CFA_advance_loc2:
			rd_uN(r, 2);
			break;
		case DW_CFA_advance_loc4:
			rd_uN(r, 4);
			break;
		case DW_CFA_restore_extended:
		case DW_CFA_undefined:
		case DW_CFA_same_value:
		case DW_CFA_GNU_args_size:
			rd_uleb(r);
			break;
		case DW_CFA_offset_extended:
		case DW_CFA_register:
		case DW_CFA_val_offset:
		case DW_CFA_GNU_negative_offset_extended:
			rd_uleb(r);
			rd_uleb(r);
			break;
		case DW_CFA_offset_extended_sf:
		case DW_CFA_val_offset_sf:
			rd_uleb(r);
			rd_sleb(r);
			break;
		case DW_CFA_expression:
		case DW_CFA_val_expression: {
			uint64_t len;

			rd_uleb(r);
			len = rd_uleb(r);
			if (len > (uint64_t)(r->end - r->p))
				return -1;
			r->p += len;
			break;
		}
		case DW_CFA_remember_state:
			if (s->nsaved == MAX_STATES)
				return -1;
			s->saved[s->nsaved++] = s->cur;
			break;
		case DW_CFA_restore_state:
			if (!s->nsaved)
				return -1;
			s->cur = s->saved[--s->nsaved];
			note(s);
			break;
		case DW_CFA_def_cfa:
			s->cur.reg = rd_uleb(r);
			s->cur.off = (int64_t)rd_uleb(r);
			s->cur.other = false;
			note(s);
			break;
		case DW_CFA_def_cfa_sf:
			s->cur.reg = rd_uleb(r);
			s->cur.off = rd_sleb(r) * cie->data_alignment_factor;
			s->cur.other = false;
			note(s);
			break;
		case DW_CFA_def_cfa_register:
			s->cur.reg = rd_uleb(r);
			s->cur.other = false;
			note(s);
			break;
		case DW_CFA_def_cfa_offset:
			s->cur.off = (int64_t)rd_uleb(r);
			note(s);
			break;
		case DW_CFA_def_cfa_offset_sf:
			s->cur.off = rd_sleb(r) * cie->data_alignment_factor;
			note(s);
			break;
		case DW_CFA_def_cfa_expression: {
			uint64_t len = rd_uleb(r);

			if (len > (uint64_t)(r->end - r->p))
				return -1;
			r->p += len;
			s->cur.other = true;
			note(s);
			break;
		}
		default:
			return -1;
		}
	}
	return r->bad ? -1 : 0;
}

/* The FDE pointer encoding a CIE's augmentation gives ('R'), absptr without one. */
static int cie_fde_encoding(const Dwarf_CIE *cie, bool eh, uint8_t *enc, bool big, unsigned asz)
{
	struct rd r = { cie->augmentation_data,
			cie->augmentation_data ?
				cie->augmentation_data + cie->augmentation_data_size :
				NULL,
			big, false };
	const char *a = cie->augmentation;

	*enc = DW_EH_PE_absptr;
	if (!eh || a[0] != 'z')
		return a[0] == '\0' || !eh ? 0 : -1;
	for (a++; *a; a++) {
		if (*a == 'R')
			*enc = (uint8_t)rd_uN(&r, 1);
		else if (*a == 'L')
			rd_uN(&r, 1);
		else if (*a == 'P')
			rd_enc(&r, (uint8_t)rd_uN(&r, 1), asz);
		else if (*a != 'S' && *a != 'B')
			return -1;
	}
	return r.bad ? -1 : 0;
}

static int fn_cmp(const void *pa, const void *pb)
{
	const struct fn *a = pa, *b = pb;

	if (a->shndx != b->shndx)
		return a->shndx < b->shndx ? -1 : 1;
	return a->value < b->value ? -1 : a->value > b->value;
}

static int reloc_cmp(const void *pa, const void *pb)
{
	const struct reloc *a = pa, *b = pb;

	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int frame_cmp(const void *pa, const void *pb)
{
	const struct bw_frame *a = pa, *b = pb;
	bool ua = a->kind == BW_FRAME_UNKNOWN, ub = b->kind == BW_FRAME_UNKNOWN;

	if (ua != ub)
		return ua - ub;
	if (a->frame != b->frame)
		return a->frame > b->frame ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Read the function symbols of @o's symbol table into out->v and their keys into @fns. */
static int read_functions(const struct bw_obj *o, struct bw_stack *out, struct fn **fns,
			  struct bw_err *e)
{
	Elf_Scn *scn;
	Elf_Data *d;
	size_t tab = o->symtab ? o->symtab : o->dynsym, n;

	if (!tab)
		return 0;
	scn = elf_getscn(o->elf, tab);
	d = scn ? elf_getdata(scn, NULL) : NULL;
	if (!d || !o->secs[tab].entsize)
		return bw_fail(e, o->name, "cannot read the symbol table: %s", elf_errmsg(-1));
	n = d->d_size / o->secs[tab].entsize;
	out->v = calloc(n ? n : 1, sizeof(*out->v));
	*fns = calloc(n ? n : 1, sizeof(**fns));
	if (!out->v || !*fns)
		return bw_fail(e, o->name, "out of memory");
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		const char *name;

		if (!gelf_getsym(d, (int)i, &s))
			return bw_fail(e, o->name, "cannot read symbol %zu: %s", i, elf_errmsg(-1));
		if (GELF_ST_TYPE(s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF ||
		    s.st_shndx >= SHN_LORESERVE || s.st_shndx >= o->shnum)
			continue;
		name = elf_strptr(o->elf, o->secs[tab].link, s.st_name);
		if (!name)
			return bw_fail(e, o->name, "symbol %zu: bad name offset", i);
		out->v[out->n] = (struct bw_frame){ .name = name,
						    .section = o->secs[s.st_shndx].name,
						    .value = s.st_value,
						    .size = s.st_size,
						    .shndx = s.st_shndx,
						    .bind = GELF_ST_BIND(s.st_info),
						    .kind = BW_FRAME_UNKNOWN };
		/* Thumb functions have bit 0 set; their FDEs start at the even address. */
		(*fns)[out->n] =
			(struct fn){ o->type == ET_REL ? s.st_shndx : 0,
				     o->machine == EM_ARM ? s.st_value & ~1ULL : s.st_value,
				     out->n };
		out->n++;
	}
	qsort(*fns, out->n, sizeof(**fns), fn_cmp);
	return 0;
}

/* The relocations applying to section @sec of a relocatable @o, sorted by offset. */
static int read_relocs(const struct bw_obj *o, size_t sec, struct reloc **rv, size_t *nr,
		       struct bw_err *e)
{
	*rv = NULL;
	*nr = 0;
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *rs = &o->secs[i];
		Elf_Scn *scn;
		Elf_Data *d, *sd;
		size_t n;
		struct reloc *nv;

		if ((rs->type != SHT_RELA && rs->type != SHT_REL) || rs->info != sec ||
		    !rs->entsize)
			continue;
		scn = elf_getscn(o->elf, i);
		d = scn ? elf_getdata(scn, NULL) : NULL;
		scn = rs->link < o->shnum ? elf_getscn(o->elf, rs->link) : NULL;
		sd = scn ? elf_getdata(scn, NULL) : NULL;
		if (!d || !sd)
			return bw_fail(e, o->name, "%s: cannot read the relocations: %s", rs->name,
				       elf_errmsg(-1));
		n = d->d_size / rs->entsize;
		nv = realloc(*rv, (*nr + n + 1) * sizeof(**rv));
		if (!nv)
			return bw_fail(e, o->name, "out of memory");
		*rv = nv;
		for (size_t k = 0; k < n; k++) {
			GElf_Rela ra = { 0 };
			GElf_Rel rl;
			GElf_Sym s;
			uint64_t addend;

			if (rs->type == SHT_RELA ? !gelf_getrela(d, (int)k, &ra) :
						   !gelf_getrel(d, (int)k, &rl))
				return bw_fail(e, o->name, "%s: cannot read relocation %zu",
					       rs->name, k);
			if (rs->type == SHT_REL)
				ra = (GElf_Rela){ rl.r_offset, rl.r_info, 0 };
			if (!gelf_getsym(sd, (int)GELF_R_SYM(ra.r_info), &s) ||
			    s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE ||
			    s.st_shndx >= o->shnum)
				continue;
			addend = (uint64_t)ra.r_addend;
			if (rs->type == SHT_REL) { /* the addend is in place */
				struct rd r = { bw_sec_bytes(o, sec), NULL, o->big_endian, false };

				if (!r.p || ra.r_offset + 4 > o->secs[sec].size)
					continue;
				r.p += ra.r_offset;
				r.end = r.p + 4;
				addend = (uint64_t)(int64_t)(int32_t)rd_uN(&r, 4);
			}
			(*rv)[(*nr)++] = (struct reloc){
				ra.r_offset, s.st_shndx,
				(GELF_ST_TYPE(s.st_info) == STT_SECTION ? 0 : s.st_value) + addend
			};
		}
	}
	if (*nr)
		qsort(*rv, *nr, sizeof(**rv), reloc_cmp);
	return 0;
}

/* Give @frame (or the frame-pointer kind) to every function at @key. */
static void assign(struct bw_stack *out, const struct fn *fns, struct fn key, const struct scan *s)
{
	const struct fn *f = out->n ? bsearch(&key, fns, out->n, sizeof(*fns), fn_cmp) : NULL;

	if (!f) /* no function there, or no symbol table at all (fns NULL) */
		return;
	while (f > fns && !fn_cmp(f - 1, &key))
		f--;
	for (; f < fns + out->n && !fn_cmp(f, &key); f++) {
		struct bw_frame *fr = &out->v[f->out];
		uint64_t frame = s->max > 0 ? (uint64_t)s->max : 0;

		if (fr->kind == BW_FRAME_UNKNOWN || frame > fr->frame)
			fr->frame = frame;
		if (fr->kind != BW_FRAME_FP)
			fr->kind = s->fp ? BW_FRAME_FP : BW_FRAME_STATIC;
	}
}

/* Every FDE of CFI section @sec (.eh_frame when @eh, else .debug_frame). */
static int read_cfi(const struct bw_obj *o, size_t sec, bool eh, struct bw_stack *out,
		    const struct fn *fns, struct bw_err *e)
{
	Elf_Scn *scn = elf_getscn(o->elf, sec);
	Elf_Data *d;
	const char *sname = o->secs[sec].name;
	struct reloc *rv = NULL;
	size_t nr = 0;
	unsigned asz = o->cls == 64 ? 8 : 4;
	Dwarf_Off off = 0, next;
	const unsigned char *ident = (const unsigned char *)elf_getident(o->elf, NULL);
	int ret = -1;

	if (scn && o->secs[sec].compressed && elf_compress(scn, 0, 0) < 0)
		return bw_fail(e, o->name, "%s: cannot decompress: %s", sname, elf_errmsg(-1));
	d = scn ? elf_getdata(scn, NULL) : NULL;
	if (!d || !d->d_buf)
		return bw_fail(e, o->name, "%s: cannot read: %s", sname, elf_errmsg(-1));
	/* A failure part way may leave some relocations read: freed at out. */
	if (o->type == ET_REL && read_relocs(o, sec, &rv, &nr, e))
		goto out;
	for (;; off = next) {
		Dwarf_CFI_Entry ent, cent;
		Dwarf_Off cnext;
		struct scan s = { 0 };
		struct rd r;
		uint8_t enc;
		uint64_t field;
		int64_t loc;
		struct fn key = { 0, 0, 0 };
		int rc = dwarf_next_cfi(ident, d, eh, off, &next, &ent);

		if (rc == 1)
			break;
		if (rc < 0) {
			bw_fail(e, o->name, "%s: bad CFI entry at offset %#llx: %s", sname,
				(unsigned long long)off, dwarf_errmsg(-1));
			goto out;
		}
		if (dwarf_cfi_cie_p(&ent))
			continue;
		if (dwarf_next_cfi(ident, d, eh, ent.fde.CIE_pointer, &cnext, &cent) != 0 ||
		    !dwarf_cfi_cie_p(&cent) ||
		    cie_fde_encoding(&cent.cie, eh, &enc, o->big_endian, asz)) {
			bw_fail(e, o->name, "%s: FDE at offset %#llx: bad or unsupported CIE",
				sname, (unsigned long long)off);
			goto out;
		}
		out->nfde++;
		r = (struct rd){ ent.fde.start, ent.fde.end, o->big_endian, false };
		field = (uint64_t)(ent.fde.start - (const uint8_t *)d->d_buf);
		loc = rd_enc(&r, enc, asz);
		rd_enc(&r, enc & 0x0f, asz); /* address range */
		if (eh && cent.cie.augmentation[0] == 'z') {
			uint64_t alen = rd_uleb(&r); /* the FDE's augmentation data */

			if (alen > (uint64_t)(r.end - r.p))
				r.bad = true;
			else
				r.p += alen;
		}
		if (r.bad) {
			bw_fail(e, o->name, "%s: truncated FDE at offset %#llx", sname,
				(unsigned long long)off);
			goto out;
		}
		/* The CFA rules: the CIE's initial instructions, then the FDE's. */
		{
			struct rd ci = { cent.cie.initial_instructions,
					 cent.cie.initial_instructions_end, o->big_endian, false };

			if (run_cfa(&ci, &s, &cent.cie, enc, asz) == 0) {
				s.sp = s.cur.reg;
				s.fp = s.cur.other;
				s.max = s.cur.off;
			}
			if (ci.bad || run_cfa(&r, &s, &cent.cie, enc, asz)) {
				bw_fail(e, o->name,
					"%s: FDE at offset %#llx: malformed CFA instructions",
					sname, (unsigned long long)off);
				goto out;
			}
		}
		if (o->type == ET_REL) {
			struct reloc rk = { field, 0, 0 };
			const struct reloc *rl = nr ? bsearch(&rk, rv, nr, sizeof(*rv), reloc_cmp) :
						      NULL;

			if (!rl)
				continue; /* an FDE of a discarded or absolute range */
			key = (struct fn){ rl->shndx, rl->target, 0 };
		} else {
			if ((enc & 0x70) == DW_EH_PE_pcrel)
				loc += (int64_t)(o->secs[sec].addr + field);
			else if ((enc & 0x70) != DW_EH_PE_absptr) {
				bw_fail(e, o->name,
					"%s: FDE at offset %#llx: unsupported pointer encoding %#x",
					sname, (unsigned long long)off, enc);
				goto out;
			}
			key.value = (uint64_t)loc;
			if (asz == 4)
				key.value &= 0xffffffffULL;
		}
		assign(out, fns, key, &s);
	}
	ret = 0;
out:
	free(rv);
	return ret;
}

int bw_stack_read(const struct bw_obj *o, struct bw_stack *out, struct bw_err *e)
{
	struct fn *fns = NULL;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (read_functions(o, out, &fns, e))
		goto out;
	for (size_t i = 1; i < o->shnum; i++) {
		bool eh = !strcmp(o->secs[i].name, ".eh_frame");

		/* By name: the type varies (SHT_X86_64_UNWIND, mips' SHT_MIPS_DWARF). */
		if (o->secs[i].type == SHT_NOBITS)
			continue;
		if ((eh || !strcmp(o->secs[i].name, ".debug_frame")) && o->secs[i].size &&
		    read_cfi(o, i, eh, out, fns, e))
			goto out;
	}
	if (out->n) /* no symbol table: v is NULL */
		qsort(out->v, out->n, sizeof(*out->v), frame_cmp);
	ret = 0;
out:
	free(fns);
	if (ret)
		bw_stack_free(out);
	return ret;
}

void bw_stack_free(struct bw_stack *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

const char *bw_frame_kind_name(enum bw_frame_kind k)
{
	static const char *const names[] = { "static", "fp", "unknown" };

	return names[k];
}
