/* sb.c: growable string builder with a sticky error (see sb.h). */
#include "util/sb.h"
#include "util/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(struct sb *b)
{
	memset(b, 0, sizeof *b);
}

static int grow(struct sb *b, size_t extra)
{
	if (b->err)
		return -1;
	size_t need = b->len + extra + 1;
	if (need < b->len || (b->max && b->len + extra > b->max)) {
		b->err = 1;
		return -1;
	}
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < need) {
		if (cap > SIZE_MAX / 2) {
			b->err = 1;
			return -1;
		}
		cap *= 2;
	}
	char *p = realloc(b->buf, cap);
	if (p == NULL) {
		b->err = 1;
		return -1;
	}
	b->buf = p;
	b->cap = cap;
	return 0;
}

int sb_reserve(struct sb *b, size_t n)
{
	return grow(b, n);
}

void sb_putn(struct sb *b, const char *s, size_t n)
{
	if (grow(b, n))
		return;
	if (n)
		memcpy(b->buf + b->len, s, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

void sb_puts(struct sb *b, const char *s)
{
	sb_putn(b, s, strlen(s));
}

void sb_putc(struct sb *b, char c)
{
	if (b->len + 1 < b->cap && !b->err && (!b->max || b->len < b->max)) {
		b->buf[b->len++] = c;
		b->buf[b->len] = '\0';
		return;
	}
	sb_putn(b, &c, 1);
}

void sb_vprintf(struct sb *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		b->err = 1;
		return;
	}
	if (grow(b, (size_t)n))
		return;
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

void sb_put_int(struct sb *b, int64_t v)
{
	char tmp[TEXT_INT_BUF];
	const char *p = text_int(tmp, v);
	sb_putn(b, p, (size_t)(tmp + sizeof tmp - p));
}

void sb_truncate(struct sb *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->buf[len] = '\0';
	}
}

void sb_reset(struct sb *b)
{
	b->len = 0;
	b->err = 0;
	if (b->buf)
		b->buf[0] = '\0';
}

void sb_free(struct sb *b)
{
	free(b->buf);
	memset(b, 0, sizeof *b);
}

char *sb_take(struct sb *b)
{
	char *p = b->buf;
	if (p == NULL)
		p = calloc(1, 1);
	memset(b, 0, sizeof *b);
	return p;
}
