// SPDX-License-Identifier: GPL-2.0
/* Read GNU version definitions and requirements, bounds-checked, to name a dynamic symbol's version. */
#include <stdlib.h>
#include <string.h>

#include "versions.h"

#define VERSYM_HIDDEN 0x8000
#define VERSYM_VERSION 0x7fff

/* The last BFD section of @type (BFD keeps the last one it sees). */
static size_t find_section(const struct bw_obj *o, uint32_t type)
{
	size_t found = 0;

	for (size_t i = 1; i < o->shnum; i++)
		if (o->secs[i].type == type && o->secs[i].is_bfd)
			found = i;
	return found;
}

/* A string of section @strsec at @off, or NULL when out of bounds or unterminated. */
static const char *str_at(const struct bw_obj *o, size_t strsec, uint64_t off)
{
	const struct bw_sec *s;
	const char *tab;

	if (strsec == 0 || strsec >= o->shnum)
		return NULL;
	s = &o->secs[strsec];
	tab = (const char *)bw_sec_bytes(o, strsec);
	if (!tab || off >= s->size || !memchr(tab + off, '\0', s->size - off))
		return NULL;
	return tab + off;
}

static Elf_Data *section_data(const struct bw_obj *o, size_t i)
{
	Elf_Scn *scn = elf_getscn(o->elf, i);

	return scn ? elf_getdata(scn, NULL) : NULL;
}

static int read_defs(const struct bw_obj *o, size_t i, struct bw_versions *v, struct bw_err *e)
{
	const struct bw_sec *s = &o->secs[i];
	Elf_Data *d = section_data(o, i);
	size_t off = 0;

	if (!d)
		return bw_fail(e, o->name, "cannot read version definitions: %s", elf_errmsg(-1));
	/* First pass: the highest index, so definitions can be stored by index. */
	for (uint32_t k = 0; k < s->info; k++) {
		GElf_Verdef vd;

		if (!gelf_getverdef(d, (int)off, &vd))
			return bw_fail(e, o->name, "corrupt version definition %u", k);
		if ((vd.vd_ndx & VERSYM_VERSION) > v->ndefs)
			v->ndefs = vd.vd_ndx & VERSYM_VERSION;
		if (!vd.vd_next)
			break;
		if (vd.vd_next > d->d_size - off)
			return bw_fail(e, o->name, "corrupt version definition %u", k);
		off += vd.vd_next;
	}
	v->defs = calloc(v->ndefs ? v->ndefs : 1, sizeof(*v->defs));
	if (!v->defs)
		return bw_fail(e, o->name, "out of memory");
	off = 0;
	for (uint32_t k = 0; k < s->info; k++) {
		GElf_Verdef vd;
		GElf_Verdaux va;
		size_t ndx;

		if (!gelf_getverdef(d, (int)off, &vd))
			break;
		ndx = vd.vd_ndx & VERSYM_VERSION;
		if (ndx == 1)
			v->base_flags = vd.vd_flags;
		if (ndx >= 1 && vd.vd_cnt > 0) {
			if (vd.vd_aux > d->d_size - off ||
			    !gelf_getverdaux(d, (int)(off + vd.vd_aux), &va))
				return bw_fail(e, o->name, "corrupt version definition %u", k);
			v->defs[ndx - 1] = str_at(o, s->link, va.vda_name);
			if (!v->defs[ndx - 1])
				return bw_fail(e, o->name,
					       "version definition %u: bad name offset %#x", k,
					       va.vda_name);
		}
		if (!vd.vd_next)
			break;
		off += vd.vd_next;
	}
	return 0;
}

static int read_needs(const struct bw_obj *o, size_t i, struct bw_versions *v, struct bw_err *e)
{
	const struct bw_sec *s = &o->secs[i];
	Elf_Data *d = section_data(o, i);
	size_t off = 0, cap = 0;

	if (!d)
		return bw_fail(e, o->name, "cannot read version requirements: %s", elf_errmsg(-1));
	for (uint32_t k = 0; k < s->info; k++) {
		GElf_Verneed vn;
		size_t aoff;

		if (!gelf_getverneed(d, (int)off, &vn) || vn.vn_aux > d->d_size - off)
			return bw_fail(e, o->name, "corrupt version requirement %u", k);
		aoff = off + vn.vn_aux;
		for (uint16_t a = 0; a < vn.vn_cnt; a++) {
			struct bw_verneed_entry *nv;
			GElf_Vernaux va;

			if (!gelf_getvernaux(d, (int)aoff, &va))
				return bw_fail(e, o->name, "corrupt version requirement %u", k);
			nv = bw_grow(v->needs, &cap, v->nneeds + 1, sizeof(*nv));
			if (!nv)
				return bw_fail(e, o->name, "out of memory");
			v->needs = nv;
			nv[v->nneeds].other = va.vna_other;
			nv[v->nneeds].name = str_at(o, s->link, va.vna_name);
			if (!nv[v->nneeds].name)
				return bw_fail(e, o->name,
					       "version requirement %u: bad name offset %#x", k,
					       va.vna_name);
			v->nneeds++;
			if (!va.vna_next)
				break;
			if (va.vna_next > d->d_size - aoff)
				return bw_fail(e, o->name, "corrupt version requirement %u", k);
			aoff += va.vna_next;
		}
		if (!vn.vn_next)
			break;
		if (vn.vn_next > d->d_size - off)
			return bw_fail(e, o->name, "corrupt version requirement %u", k);
		off += vn.vn_next;
	}
	return 0;
}

int bw_versions_read(const struct bw_obj *o, struct bw_versions *v, struct bw_err *e)
{
	size_t sym = find_section(o, SHT_GNU_versym);
	size_t def = find_section(o, SHT_GNU_verdef);
	size_t need = find_section(o, SHT_GNU_verneed);

	memset(v, 0, sizeof(*v));
	if (!sym || (!def && !need))
		return 0;
	v->versym = section_data(o, sym);
	if (!v->versym)
		return bw_fail(e, o->name, "cannot read .gnu.version: %s", elf_errmsg(-1));
	if ((def && read_defs(o, def, v, e)) || (need && read_needs(o, need, v, e))) {
		bw_versions_free(v);
		return -1;
	}
	v->active = true;
	return 0;
}

void bw_versions_free(struct bw_versions *v)
{
	free(v->defs);
	free(v->needs);
	memset(v, 0, sizeof(*v));
}

const char *bw_version_of(const struct bw_versions *v, size_t idx, const char *name, bool undefined,
			  const char **at)
{
	GElf_Versym raw;
	bool hidden;
	unsigned num;
	const char *ver = "";

	*at = "@@";
	if (!v->active || !gelf_getversym(v->versym, (int)idx, &raw))
		return "";
	hidden = raw & VERSYM_HIDDEN;
	num = raw & VERSYM_VERSION;
	if (num == 0) {
		ver = "";
	} else if (num == 1 && (num > v->ndefs || v->base_flags == VER_FLG_BASE)) {
		ver = "";
	} else if (num <= v->ndefs) {
		const char *node = v->defs[num - 1];

		ver = (!node || strcmp(name, node)) ? (node ? node : "") : "";
	} else {
		ver = "<corrupt>";
		for (size_t k = 0; k < v->nneeds; k++)
			if (v->needs[k].other == num) {
				hidden = true; /* BFD keeps the last match */
				ver = v->needs[k].name;
			}
	}
	if (hidden || undefined)
		*at = "@";
	return ver;
}
