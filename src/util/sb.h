/* sb.h: growable string builder with a sticky error: appends return nothing, check sb_error once. */
#ifndef LARDER_SB_H
#define LARDER_SB_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct sb {
	char *buf;      /* always NUL-terminated when cap > 0 */
	size_t len;
	size_t cap;
	size_t max;     /* 0 = unlimited; appending past it sets err */
	int err;        /* sticky: set on allocation failure or overflow of max */
};

void sb_init(struct sb *b);
void sb_putn(struct sb *b, const char *s, size_t n);
void sb_puts(struct sb *b, const char *s);
void sb_putc(struct sb *b, char c);
void sb_printf(struct sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct sb *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void sb_put_int(struct sb *b, int64_t v);
void sb_truncate(struct sb *b, size_t len);
/* make room for n more bytes (plus the NUL) so the caller may write at buf+len directly and
 * then add to len; returns 0, or -1 with the sticky error set */
int sb_reserve(struct sb *b, size_t n);
static inline const char *sb_str(const struct sb *b) { return b->buf ? b->buf : ""; }
static inline int sb_error(const struct sb *b) { return b->err; }
void sb_reset(struct sb *b);    /* empty, keep memory, clear err */
void sb_free(struct sb *b);
/* hand the buffer to the caller (free() it); the builder is left empty */
char *sb_take(struct sb *b);
#endif
