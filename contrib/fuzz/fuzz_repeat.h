/* fuzz_repeat.h: the bomb targets' input shape: a document of up to 1 MB built from a prefix, a fragment repeated many times and a suffix. */
#ifndef LARDER_FUZZ_REPEAT_H
#define LARDER_FUZZ_REPEAT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/sb.h"

#define FUZZ_REPEAT_MAX (1024 * 1024) /* bytes of a built document */

/* data (size >= 3): MODE COUNT_HI COUNT_LO, then PREFIX \0 FRAGMENT \0 SUFFIX (missing parts are empty; an empty
 * fragment is fragments[MODE % n]); b gets PREFIX, FRAGMENT repeated COUNT*8+1 times (while the document stays
 * within FUZZ_REPEAT_MAX less margin), SUFFIX. numbered: a '#' in the fragment is each copy's number */
static inline void fuzz_repeat_build(const uint8_t *data, size_t size, const char *const *fragments, size_t n,
                                     bool numbered, size_t margin, struct sb *b)
{
	const char *p = (const char *)data + 3, *end = (const char *)data + size;
	const char *nul1 = memchr(p, '\0', (size_t)(end - p));
	const char *prefix_end = nul1 ? nul1 : p;       /* without a NUL the whole input is the fragment */
	const char *frag = nul1 ? nul1 + 1 : p;
	const char *nul2 = memchr(frag, '\0', (size_t)(end - frag));
	const char *suffix = nul2 ? nul2 + 1 : end;
	size_t fn = (size_t)((nul2 ? nul2 : end) - frag);
	if (fn == 0) {
		frag = fragments[data[0] % n];
		fn = strlen(frag);
	}
	size_t count = ((size_t)data[1] << 8 | data[2]) * 8 + 1;
	const char *hash = numbered ? memchr(frag, '#', fn) : NULL;
	sb_putn(b, p, (size_t)(prefix_end - p));
	for (size_t i = 0; i < count && b->len + fn + margin <= FUZZ_REPEAT_MAX; i++) {
		if (hash) {
			sb_putn(b, frag, (size_t)(hash - frag));
			sb_printf(b, "%zu", i);
			sb_putn(b, hash + 1, fn - (size_t)(hash - frag) - 1);
		} else {
			sb_putn(b, frag, fn);
		}
	}
	sb_putn(b, suffix, (size_t)(end - suffix));
}
#endif
