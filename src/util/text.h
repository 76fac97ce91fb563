/* text.h: small text helpers shared by every layer: FNV-1a hash, integers in decimal, stable name order, hex digit value, HTML escaping. */
#ifndef LARDER_TEXT_H
#define LARDER_TEXT_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct arena;
struct sb;

/* 32-bit FNV-1a hash of n bytes, and of a NUL-terminated string (inline: hash tables probe with it) */
#define TEXT_HASH_INIT 2166136261u
static inline uint32_t text_hash_step(uint32_t h, unsigned char c)
{
	return (h ^ c) * 16777619u;
}
static inline uint32_t text_hash_n(const void *p, size_t n)
{
	const unsigned char *d = p;
	uint32_t h = TEXT_HASH_INIT;
	for (size_t i = 0; i < n; i++)
		h = text_hash_step(h, d[i]);
	return h;
}
static inline uint32_t text_hash(const char *s)
{
	uint32_t h = TEXT_HASH_INIT;
	for (; *s; s++)
		h = text_hash_step(h, (unsigned char)*s);
	return h;
}
/* v in decimal at the end of buf (not NUL-terminated); returns where it starts, so its length is
 * buf + TEXT_INT_BUF - start */
#define TEXT_INT_BUF 24
static inline char *text_int(char buf[TEXT_INT_BUF], int64_t v)
{
	char *p = buf + TEXT_INT_BUF;
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	return p;
}
/* names in strcmp order, equal names by their positions ia and ib: the comparison for a stable sort of
 * (name, position) records with qsort */
static inline int text_cmp_stable(const char *a, size_t ia, const char *b, size_t ib)
{
	int r = strcmp(a, b);
	if (r)
		return r;
	return ia < ib ? -1 : ia > ib;
}
/* the value of one hex digit (0-9, a-f, A-F), or -1 */
int text_hex_value(int c);
/* s with & < > " ' escaped for HTML text and quoted attribute values, appended to b */
void sb_put_html(struct sb *b, const char *s);
/* the same as a string in the arena ("" when the arena is out of memory) */
const char *text_html_escaped(struct arena *a, const char *s);
#endif
