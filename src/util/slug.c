/* slug.c: title → slug with ASCII folding of Latin letters. */
#include "util/slug.h"

#include <stdint.h>
#include <string.h>

#include "util/arena.h"
#include "util/utf8.h"

/* U+00C0..U+00FF folded to ASCII; "" marks a word separator (×, ÷) */
static const char *const latin1[64] = {
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
};

/* U+0100..U+017F (Latin Extended-A) folded to ASCII */
static const char *const latin_ext_a[128] = {
	/* 0100 */ "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
	/* 0110 */ "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
	/* 0120 */ "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
	/* 0130 */ "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
	/* 0140 */ "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
	/* 0150 */ "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
	/* 0160 */ "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
	/* 0170 */ "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
};

static uint32_t decode(const unsigned char *p, size_t k)
{
	uint32_t cp = k == 2 ? (uint32_t)(p[0] & 0x1f) : k == 3 ? (uint32_t)(p[0] & 0x0f) : (uint32_t)(p[0] & 0x07);
	for (size_t j = 1; j < k; j++)
		cp = cp << 6 | (p[j] & 0x3f);
	return cp;
}

/* non-ASCII characters that separate words (spaces, punctuation, symbols of Latin-1, general
 * and CJK punctuation, fullwidth ASCII punctuation); other unfoldable characters are dropped */
static int is_separator(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0xbf) || cp == 0xd7 || cp == 0xf7 ||
	       (cp >= 0x2000 && cp <= 0x206f) || (cp >= 0x2190 && cp <= 0x2bff) ||
	       (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff01 && cp <= 0xff0f) ||
	       (cp >= 0xff1a && cp <= 0xff20) || cp == 0xfeff;
}

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

char *slug_make(struct arena *a, const char *title, size_t n, const char *suffix)
{
	char base[SLUG_MAX_BASE + 1];
	size_t len = 0;
	int pending_dash = 0, full = 0;
	const unsigned char *p = (const unsigned char *)(title ? title : "");
	size_t i = 0;
	if (!title)
		n = 0;
	/* build at most SLUG_MAX_BASE+1 characters so we can tell whether a cut lands on a boundary */
	char tmp[SLUG_MAX_BASE + 2];
	size_t tlen = 0;
	while (i < n && !full) {
		const char *fold = NULL;
		char one[2] = {0, 0};
		int drop = 0;
		size_t k = utf8_valid_prefix(p + i, n - i);
		if (k == 1) {
			char c = (char)p[i];
			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			one[0] = c;
			fold = is_alnum(c) ? one : NULL;
		} else if (k >= 2) {
			uint32_t cp = decode(p + i, k);
			if (cp >= 0xc0 && cp <= 0xff)
				fold = latin1[cp - 0xc0];
			else if (cp >= 0x100 && cp <= 0x17f)
				fold = latin_ext_a[cp - 0x100];
			else if (!is_separator(cp))
				drop = 1;
		}
		i += k ? k : 1;
		if (drop)
			continue;
		if (fold && fold[0] == 0)
			fold = NULL;
		if (!fold) {
			pending_dash = tlen > 0;
			continue;
		}
		for (const char *f = fold; *f; f++) {
			if (pending_dash) {
				if (tlen >= SLUG_MAX_BASE + 1) { full = 1; break; }
				tmp[tlen++] = '-';
				pending_dash = 0;
			}
			if (tlen >= SLUG_MAX_BASE + 1) { full = 1; break; }
			tmp[tlen++] = *f;
		}
	}
	if (tlen > SLUG_MAX_BASE) {
		/* too long: cut at the last '-' that keeps us within the limit, when there is one */
		size_t cut = SLUG_MAX_BASE;
		if (tmp[SLUG_MAX_BASE] != '-') {
			size_t j = SLUG_MAX_BASE;
			while (j > 0 && tmp[j] != '-')
				j--;
			if (j > 0)
				cut = j;
		}
		tlen = cut;
	}
	while (tlen > 0 && tmp[tlen - 1] == '-')
		tlen--;
	memcpy(base, tmp, tlen);
	len = tlen;
	if (len == 0) {
		memcpy(base, "untitled", 8);
		len = 8;
	}
	base[len] = 0;
	if (!suffix)
		return arena_strndup(a, base, len);
	return arena_printf(a, "%s-%s", base, suffix);
}
