/* pdf_info.c: a PDF's document-information string (title, author, subject) as poppler gives it made fit to show: control characters and NULs gone (a run of them one space), white space trimmed at both ends, and UTF-8 bytes a producer wrote into a string without a byte order mark (read as PDFDocEncoding) turned back into their characters. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "content/pdf/pdf_int.h"
#include "util/arena.h"
#include "util/utf8.h"

/* PDFDocEncoding's bytes 0x18..0x1F and 0x80..0xA0 where they are not Latin-1 (PDF 32000-1, annex D):
 * the character each stands for */
static const uint16_t pdfdoc_low[8] = { 0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC };
static const uint16_t pdfdoc_high[33] = {
	0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039, 0x203A, 0x2212, 0x2030, 0x201E,
	0x201C, 0x201D, 0x2018, 0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160, 0x0178, 0x017D,
	0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD, 0x20AC,
};

/* the PDFDocEncoding byte that stands for cp, or -1. U+FFFD (what the undefined bytes 0x9F and 0xAD become)
 * is taken as 0xAD, the likelier of the two inside a UTF-8 sequence of CJK text. */
static int pdfdoc_byte(uint32_t cp)
{
	if (cp < 0x18 || (cp >= 0x20 && cp < 0x7F) || (cp >= 0xA1 && cp <= 0xFF && cp != 0xAD))
		return (int)cp;
	if (cp == 0xFFFD)
		return 0xAD;
	for (int i = 0; i < 8; i++)
		if (pdfdoc_low[i] == cp)
			return 0x18 + i;
	for (int i = 0; i < 32; i++) /* not 0x9F: its U+FFFD is 0xAD's above */
		if (pdfdoc_high[i] == cp)
			return 0x80 + i;
	return cp == 0x20AC ? 0xA0 : -1;
}

/* the code point of the UTF-8 sequence of k bytes at p */
static uint32_t decode_cp(const unsigned char *p, size_t k)
{
	if (k == 1)
		return p[0];
	uint32_t cp = p[0] & (0x7F >> k);
	for (size_t i = 1; i < k; i++)
		cp = cp << 6 | (p[i] & 0x3F);
	return cp;
}

/* s (UTF-8) as the bytes PDFDocEncoding would have read it from, when every character has one and those bytes
 * are UTF-8 of characters beyond ASCII (a producer wrote UTF-8 without its byte order mark); else NULL */
static char *undo_pdfdoc(struct arena *a, const char *s, size_t n)
{
	char *o = arena_alloc(a, n + 1);
	size_t m = 0;
	bool high = false;
	if (o == NULL)
		return NULL;
	for (size_t i = 0; i < n;) {
		size_t k = utf8_valid_prefix((const unsigned char *)s + i, n - i);
		int b = k ? pdfdoc_byte(decode_cp((const unsigned char *)s + i, k)) : -1;
		if (b < 0)
			return NULL;
		high = high || b >= 0x80;
		o[m++] = (char)b;
		i += k;
	}
	o[m] = '\0';
	return high && utf8_valid(o, m) ? o : NULL;
}

const char *pdf_info_text(struct arena *a, const char *v, size_t len)
{
	char *o = arena_alloc(a, len + 1);
	size_t m = 0;
	if (o == NULL)
		return NULL;
	bool gap = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)v[i];
		if (c == 0)
			continue;                  /* UTF-16 titles padded with U+0000 */
		if (c < 0x20 || c == 0x7F) {
			gap = true;                /* a run of CR LF, tabs: one space, none at either end */
			continue;
		}
		if (gap && m > 0)
			o[m++] = ' ';
		gap = false;
		if (c == ' ' && m == 0)
			continue;
		o[m++] = (char)c;              /* spaces inside kept as the file holds them */
	}
	while (m > 0 && o[m - 1] == ' ')
		m--;
	o[m] = '\0';
	if (m == 0 || !utf8_valid(o, m))
		return m == 0 ? NULL : o;
	char *fixed = undo_pdfdoc(a, o, m);
	return fixed ? fixed : o;
}
