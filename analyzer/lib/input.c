// SPDX-License-Identifier: GPL-2.0
/* Open the files named on the command line: stat them as size does, map them, hand out their images. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

/* Small files are read into memory: cheaper than mmap + page faults + munmap. */
#define BW_READ_LIMIT (1u << 20)

static int read_whole(int fd, struct bw_mapping *m, size_t size, const char *path, struct bw_err *e)
{
	size_t got = 0;

	m->bytes = malloc(size);
	if (!m->bytes)
		return bw_fail(e, path, "out of memory");
	while (got < size) {
		ssize_t n = read(fd, m->bytes + got, size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(m->bytes);
			m->bytes = NULL;
			return bw_fail(e, path, "read error: %s",
				       n < 0 ? strerror(errno) : "file shrank");
		}
		got += (size_t)n;
	}
	m->size = size;
	m->mapped = false;
	return 0;
}

int bw_map(const char *path, struct bw_mapping *m, struct bw_err *e)
{
	struct stat st;
	int fd, ret = 0;
	void *p;

	m->bytes = NULL;
	m->size = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		int err = errno;

		if (fd >= 0)
			close(fd);
		if (err == ENOENT)
			return bw_fail(e, path, "No such file");
		return bw_fail(e, path, "could not locate file: %s", strerror(err));
	}
	if (S_ISDIR(st.st_mode))
		ret = bw_fail(e, path, "is a directory");
	else if (!S_ISREG(st.st_mode))
		ret = bw_fail(e, path, "is not an ordinary file");
	else if (st.st_size == 0)
		ret = bw_fail(e, path, "file is empty");
	else if ((uint64_t)st.st_size > SIZE_MAX)
		ret = bw_fail(e, path, "file too large");
	else if ((uint64_t)st.st_size <= BW_READ_LIMIT)
		ret = read_whole(fd, m, (size_t)st.st_size, path, e);
	else {
		/* Private and writable: libelf may convert foreign-endian headers in place;
		 * nothing reaches the file, and untouched pages cost nothing. */
		p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			ret = bw_fail(e, path, "cannot map file: %s", strerror(errno));
		} else {
			m->bytes = p;
			m->size = (size_t)st.st_size;
			m->mapped = true;
		}
	}
	close(fd);
	return ret;
}

void bw_unmap(struct bw_mapping *m)
{
	if (m->bytes && m->mapped)
		munmap(m->bytes, m->size);
	else
		free(m->bytes);
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
		struct bw_image img = {
			.file = path,
			.member = NULL,
			.display = path,
			.path = path,
			.bytes = m.bytes,
			.size = m.size,
			.index = -1,
		};

		ret = fn(ctx, &img, arg);
	}
	bw_unmap(&m);
	return ret;
}
