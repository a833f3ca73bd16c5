// SPDX-License-Identifier: GPL-2.0
/* Open the files named on the command line: stat them as size does, map them, hand out their images. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

int bw_map(const char *path, struct bw_mapping *m, struct bw_err *e)
{
	struct stat st;
	int fd;
	void *p;

	m->bytes = NULL;
	m->size = 0;
	if (stat(path, &st) < 0) {
		if (errno == ENOENT)
			return bw_fail(e, path, "No such file");
		return bw_fail(e, path, "could not locate file: %s", strerror(errno));
	}
	if (S_ISDIR(st.st_mode))
		return bw_fail(e, path, "is a directory");
	if (!S_ISREG(st.st_mode))
		return bw_fail(e, path, "is not an ordinary file");
	if (st.st_size == 0)
		return bw_fail(e, path, "file is empty");
	if ((uint64_t)st.st_size > SIZE_MAX)
		return bw_fail(e, path, "file too large");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return bw_fail(e, path, "%s", strerror(errno));
	/* Private and writable: libelf may convert foreign-endian headers in place; nothing
	 * reaches the file, and untouched pages cost nothing. */
	p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return bw_fail(e, path, "cannot map file: %s", strerror(errno));
	m->bytes = p;
	m->size = (size_t)st.st_size;
	return 0;
}

void bw_unmap(struct bw_mapping *m)
{
	if (m->bytes)
		munmap(m->bytes, m->size);
	m->bytes = NULL;
	m->size = 0;
}

bool bw_is_archive(const unsigned char *bytes, size_t size)
{
	return size >= 8 && (!memcmp(bytes, "!<arch>\n", 8) || !memcmp(bytes, "!<thin>\n", 8));
}

int bw_for_each_image(struct bw_ctx *ctx, const char *path, bw_image_fn fn, void *arg)
{
	struct bw_mapping m;
	struct bw_err e;
	int ret;

	if (bw_map(path, &m, &e)) {
		bw_report(ctx, &e);
		return -1;
	}
	if (bw_is_archive(m.bytes, m.size)) {
		ret = bw_archive_walk(ctx, path, m.bytes, m.size, fn, arg);
	} else {
		struct bw_image_ref img = {
			.file = path, .member = NULL, .display = path,
			.bytes = m.bytes, .size = m.size, .index = -1,
		};

		ret = fn(ctx, &img, arg);
	}
	bw_unmap(&m);
	return ret;
}
