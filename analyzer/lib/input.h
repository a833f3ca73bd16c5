/* SPDX-License-Identifier: GPL-2.0 */
/* Inputs: a file named on the command line, mapped, and the ELF images in it (itself or its archive members). */
#ifndef BW_INPUT_H
#define BW_INPUT_H

#include "bw.h"

/* The one image type of the library: an ELF image to analyze, a whole file or one member of an ar archive. */
struct bw_image {
	const char *file; /* the path as given on the command line (the archive for a member) */
	const char *member; /* member name as `size` prints it (thin: archive dir + name), or NULL */
	const char *display; /* "file" or "archive(member)": the name used in error messages */
	const char *path; /* the file on disk holding the image (@file, or a thin archive's member
				 * file), NULL for a member stored inside its archive */
	const unsigned char
		*bytes; /* the image, mapped copy-on-write (libelf may convert in place) */
	size_t size;
	int index; /* member position in the archive (0-based), -1 for a plain file */
};

/* Called once per ELF image; returns 0, or -1 after reporting an error about it. */
typedef int (*bw_image_fn)(struct bw_ctx *ctx, const struct bw_image *img, void *arg);

/*
 * bw_for_each_image - map @path and call @fn for the file, or for each member of an ar
 * archive (GNU, BSD and thin archives), in archive order.  Members that are archives
 * themselves are skipped, as size does.
 * Return: 0 when the file and every image were reported, -1 when something failed (the
 * error has been reported; the other members were still visited).
 */
int bw_for_each_image(struct bw_ctx *ctx, const char *path, bw_image_fn fn, void *arg);

/* A file in memory (read, or mapped when large): bytes stay valid until bw_unmap(). */
struct bw_mapping {
	unsigned char *bytes; /* writable private copy: libelf may convert in place */
	size_t size;
	bool mapped; /* mmap()ed (large file) rather than read into malloc()ed memory */
};

/* Load @path (read or map, copy-on-write); a one-line error in @e on failure (as size words it). */
int bw_map(const char *path, struct bw_mapping *m, struct bw_err *e);
void bw_unmap(struct bw_mapping *m);

/* Parse the archive in @bytes and call @fn for each member (the fuzzer enters here too). */
int bw_archive_walk(struct bw_ctx *ctx, const char *path, const unsigned char *bytes, size_t size,
		    bw_image_fn fn, void *arg);

/* True when @bytes starts with an ar archive magic ("!<arch>\n" or "!<thin>\n"). */
bool bw_is_archive(const unsigned char *bytes, size_t size);

#endif /* BW_INPUT_H */
