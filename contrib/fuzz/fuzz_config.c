/* fuzz_config.c: libFuzzer target: larder.conf parsing (config_load) on a temporary file rewritten per input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/config.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fz_path[64];
static int fz_fd = -1;

static void cleanup(void)
{
	if (fz_fd >= 0)
		unlink(fz_path);
}

/* memory-backed /dev/shm first: a file rewrite per input is ten times faster there than on disk */
static int make_temp(const char *dir)
{
	if (dir == NULL || strlen(dir) > sizeof fz_path - 32)
		return -1;
	snprintf(fz_path, sizeof fz_path, "%s/fuzz_config.XXXXXX", dir);
	return mkstemp(fz_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_fd = make_temp("/dev/shm");
	if (fz_fd < 0)
		fz_fd = make_temp(getenv("TMPDIR"));
	if (fz_fd < 0)
		fz_fd = make_temp("/tmp");
	if (fz_fd < 0) {
		perror("fuzz_config: mkstemp");
		abort();
	}
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct larder_config c;
	char err[512];
	size_t off = 0;

	if (ftruncate(fz_fd, 0) != 0)
		abort();
	while (off < size) {
		ssize_t w = pwrite(fz_fd, data + off, size - off, (off_t)off);
		if (w <= 0)
			abort();
		off += (size_t)w;
	}
	memset(&c, 0, sizeof c);
	memset(err, 0x55, sizeof err);
	if (config_load(fz_path, &c, err, sizeof err) == 0) {
		/* a loaded config has every field set */
		if (c.path == NULL || c.database == NULL || c.base_url == NULL || c.body_limit == 0 ||
		    (c.ncors_origins > 0 && c.cors_origins == NULL)) {
			fprintf(stderr, "fuzz: config_load succeeded with a field unset\n");
			abort();
		}
		for (size_t i = 0; i < c.ncors_origins; i++)
			if (c.cors_origins[i] == NULL || strlen(c.cors_origins[i]) == 0) {
				fprintf(stderr, "fuzz: empty CORS origin %zu\n", i);
				abort();
			}
		config_free(&c);
	} else {
		if (memchr(err, 0, sizeof err) == NULL || err[0] == '\0') {
			fprintf(stderr, "fuzz: config_load failed without a message\n");
			abort();
		}
		config_free(&c); /* harmless on the freed/zeroed config, as documented */
	}
	return 0;
}
