/* jsonw.h: writing JSON text into a string builder (strings escaped, invalid UTF-8 replaced). */
#ifndef LARDER_JSONW_H
#define LARDER_JSONW_H
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "util/sb.h"

/* a JSON string literal with quotes; bytes that are not valid UTF-8 become U+FFFD */
void jw_string(struct sb *b, const char *s, size_t n);
static inline void jw_cstr(struct sb *b, const char *s) { if (s) { size_t n = 0; while (s[n]) n++; jw_string(b, s, n); } else sb_putn(b, "null", 4); }
/* a finite double as the shortest text that reads back the same; NaN/Inf become null */
void jw_double(struct sb *b, double d);
/* an integer as a JSON number */
static inline void jw_int(struct sb *b, int64_t v) { sb_put_int(b, v); }
static inline void jw_bool(struct sb *b, bool v) { if (v) sb_putn(b, "true", 4); else sb_putn(b, "false", 5); }

/* The fast writers, for a hot producer such as the GraphQL response. They append straight into the
 * buffer while it has room and go through sb_reserve only to grow it, so b->max is enforced when the
 * buffer grows, not on every byte (the output may pass max by at most the spare room). */
static inline void jw_fast_putc(struct sb *b, char c)
{
	if (b->cap - b->len > 1) {
		b->buf[b->len++] = c;
		b->buf[b->len] = '\0';
	} else
		sb_putc(b, c);
}
static inline void jw_fast_putn(struct sb *b, const char *s, size_t n)
{
	if (b->cap - b->len > n || sb_reserve(b, n) == 0) {
		memcpy(b->buf + b->len, s, n);
		b->len += n;
		b->buf[b->len] = '\0';
	}
}
/* n bytes of prepared text (a quoted key and its colon) whose source has 16 readable bytes past n:
 * copied 16 at a time */
static inline void jw_fast_key(struct sb *b, const char *s, size_t n)
{
	if (b->cap - b->len <= n + 16 && sb_reserve(b, n + 16))
		return;
	char *d = b->buf + b->len;
	for (size_t i = 0; i < n; i += 16)
		memcpy(d + i, s + i, 16);
	b->len += n;
	b->buf[b->len] = '\0';
}
/* the same text as jw_string; plain printable ASCII is copied in one pass */
void jw_fast_string(struct sb *b, const char *s, size_t n);
/* a finite double: up to six decimals below 1e9 in plain digits without printf (0.000001 where jw_double
 * writes 1e-06), anything else as jw_double */
void jw_fast_double(struct sb *b, double d);
#endif
