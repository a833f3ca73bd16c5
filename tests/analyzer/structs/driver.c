// SPDX-License-Identifier: GPL-2.0
/* Test driver for the DWARF layout reader (analyzer/lib/layouts.h): dump layouts as lines (for the pahole oracle) or text.
 *
 * usage: structs-driver [--dump|--text] [--reorganize] [-C NAME] [--cacheline N] [--no-search]
 *                       [--jobs N] [--mark] FILE...
 * --dump prints one "S" line per layout and one "M" line per member (tab-separated), the form
 * tests/analyzer/structs/oracle.py compares with pahole; --text prints pahole-style text.
 * With several files, --dump puts an "F" line before each file's layouts (but the last's).
 * --mark instead ends each file's output on stdout and on stderr with a line "@end STATUS"
 * (0 read, 1 refused): one run over many files gives each file's status, output and messages
 * as its own run would (tests/analyzer/structs/batch.py).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "layouts.h"

static void dump_members(const struct bw_layout_member *m, size_t n, const char *indent)
{
	size_t i;

	for (i = 0; i < n; i++) {
		printf("%sM\t%s\t%s\t%llu\t%llu\t%u\t%u\n", indent, m[i].name, m[i].type,
		       (unsigned long long)m[i].offset, (unsigned long long)m[i].size,
		       m[i].bit_size, m[i].bit_offset);
		if (m[i].anon) {
			char in[64];

			snprintf(in, sizeof(in), "%s ", indent);
			dump_members(m[i].anon->members, m[i].anon->nmembers, in);
		}
	}
}

static void dump(const struct bw_layout_set *set, unsigned cacheline)
{
	size_t i, j;

	for (i = 0; i < set->n; i++) {
		struct bw_layout *l = &set->v[i];
		struct bw_layout_sums s;

		bw_layout_find_holes(l, cacheline, NULL, &s);
		printf("S\t%s\t%s\t%llu\t%u\t%zu\t%u\t%llu\t%u\t%llu\t%llu\t%u\t%llu\t%llu\t%llu\n",
		       l->kind, l->name, (unsigned long long)l->size, l->cachelines, l->nmembers,
		       l->holes, (unsigned long long)l->hole_bytes, l->bit_holes,
		       (unsigned long long)l->bit_hole_bits, (unsigned long long)l->padding,
		       s.bit_padding, (unsigned long long)s.sum_members,
		       (unsigned long long)s.sum_bits, (unsigned long long)l->reorg_size);
		dump_members(l->members, l->nmembers, "");
		struct bw_layout r;

		if (l->nmembers && bw_layout_reorganized(l, &r) == 0) {
			printf("R");
			for (j = 0; j < r.nmembers; j++)
				printf("\t%s@%llu", r.members[j].name,
				       (unsigned long long)r.members[j].offset);
			printf("\n");
			free(r.members);
		}
	}
}

/* Read and print one file; 0, or 1 when it cannot be read (its one-line message on stderr). */
static int one_file(const char *path, const struct bw_layout_opts *opts, int text, bool reorg,
		    bool f_line)
{
	struct bw_layout_set set;
	struct bw_image img = { .file = path, .display = path, .index = -1 };
	struct bw_err err;
	struct stat st;
	void *map = NULL;
	int fd = open(path, O_RDONLY), status = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		fprintf(stderr, "%s: cannot open\n", path);
		if (fd >= 0)
			close(fd);
		return 1;
	}
	/* Private and writable, as the analyzer's own mapping: the reader relocates in place. */
	if (st.st_size > 0)
		map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		fprintf(stderr, "%s: cannot map\n", path);
		return 1;
	}
	img.bytes = map ? map : (const unsigned char *)"";
	img.size = (size_t)st.st_size;
	if (f_line)
		printf("F\t%s\n", path);
	if (bw_layouts_read(&img, opts, &set, &err) != 0) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		status = 1;
	} else {
		if (text)
			bw_layouts_print(stdout, &set, opts, reorg);
		else
			dump(&set, opts->cacheline);
		bw_layout_set_free(&set);
	}
	if (map)
		munmap(map, (size_t)st.st_size);
	return status;
}

int main(int argc, char **argv)
{
	struct bw_layout_opts opts = { .cacheline = 64 };
	int text = 0, status = 0, i;
	bool reorg = false, mark = false;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--dump"))
			text = 0;
		else if (!strcmp(argv[i], "--text"))
			text = 1;
		else if (!strcmp(argv[i], "--reorganize"))
			reorg = true;
		else if (!strcmp(argv[i], "--mark"))
			mark = true;
		else if (!strcmp(argv[i], "--no-search"))
			opts.no_debuginfo_search = true;
		else if (!strcmp(argv[i], "-C") && i + 1 < argc)
			opts.only = argv[++i];
		else if (!strcmp(argv[i], "--cacheline") && i + 1 < argc)
			opts.cacheline = (unsigned)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--jobs") && i + 1 < argc)
			opts.jobs = (unsigned)atoi(argv[++i]);
		else {
			fprintf(stderr, "structs-driver: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	for (; i < argc; i++) {
		int st = one_file(argv[i], &opts, text, reorg, !text && !mark && argc - i > 1);

		if (mark) {
			printf("@end %d\n", st);
			fflush(stdout);
			fprintf(stderr, "@end %d\n", st);
		}
		status |= st;
	}
	return status;
}
