/* jsonw.c: JSON text output helpers (see jsonw.h). */
#include "util/jsonw.h"
#include "util/utf8.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char hex[] = "0123456789abcdef";

/* the bytes a JSON string holds as they are: printable ASCII but '"' and '\\' */
static const unsigned char plain[256] = {
#define R4(x) x, x, x, x
#define R16(x) R4(x), R4(x), R4(x), R4(x)
	R16(0), R16(0),                                  /* 0x00-0x1f */
	1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x20-0x2f: '"' */
	R16(1),                                          /* 0x30-0x3f */
	R16(1),                                          /* 0x40-0x4f */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,  /* 0x50-0x5f: '\\' */
	R16(1), R16(1),                                  /* 0x60-0x7f */
	R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0), R16(0),
#undef R16
#undef R4
};

void jw_string(struct sb *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	sb_putc(b, '"');
	while (p < end) {
		unsigned char c = *p;
		if (plain[c]) {
			p++;
			continue;
		}
		if (p > run)
			sb_putn(b, (const char *)run, (size_t)(p - run));
		if (c >= 0x80) {
			size_t len = utf8_valid_prefix(p, (size_t)(end - p));
			if (len) {
				/* U+2028/2029 are valid JSON but break JS eval; escape them */
				if (len == 3 && p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
					sb_puts(b, p[2] == 0xa8 ? "\\u2028" : "\\u2029");
				else
					sb_putn(b, (const char *)p, len);
				p += len;
			} else {
				sb_putn(b, "\xef\xbf\xbd", 3);
				p++;
			}
			run = p;
			continue;
		}
		switch (c) {
		case '"': sb_putn(b, "\\\"", 2); break;
		case '\\': sb_putn(b, "\\\\", 2); break;
		case '\n': sb_putn(b, "\\n", 2); break;
		case '\r': sb_putn(b, "\\r", 2); break;
		case '\t': sb_putn(b, "\\t", 2); break;
		case '\b': sb_putn(b, "\\b", 2); break;
		case '\f': sb_putn(b, "\\f", 2); break;
		default: {
			char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			sb_putn(b, u, 6);
		}
		}
		p++;
		run = p;
	}
	if (p > run)
		sb_putn(b, (const char *)run, (size_t)(p - run));
	sb_putc(b, '"');
}

void jw_double(struct sb *b, double d)
{
	if (!isfinite(d)) {
		sb_putn(b, "null", 4);
		return;
	}
	/* range first: converting a double beyond long long's range is undefined */
	if (fabs(d) < 1e15 && d == (double)(long long)d) {
		sb_printf(b, "%lld", (long long)d);
		return;
	}
	char buf[32];
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	sb_puts(b, buf);
}

void jw_fast_string(struct sb *b, const char *s, size_t n)
{
	if (b->cap - b->len <= n + 2 && sb_reserve(b, n + 2))
		return;
	/* copy behind the opening quote while checking; on the first byte that needs care, hand the
	 * whole string to jw_string (nothing is committed until the end) */
	char *d = b->buf + b->len + 1;
	size_t i = 0;
	if (n >= 8) {
		/* a word at a time, the last word overlapping the one before: a byte below 0x20, '"', '\\'
		 * or with the high bit set sets that byte's high bit in bad */
		const uint64_t ones = UINT64_C(0x0101010101010101), high = UINT64_C(0x8080808080808080);
		for (;;) {
			uint64_t x;
			memcpy(&x, s + i, 8);
			uint64_t q = x ^ (ones * '"'), bs = x ^ (ones * '\\');
			uint64_t bad = (((x - ones * 0x20) | (q - ones) | (bs - ones)) & ~x & high) | (x & high);
			if (bad) {
				jw_string(b, s, n);
				return;
			}
			memcpy(d + i, &x, 8);
			if (i + 8 == n)
				break;
			i = i + 16 <= n ? i + 8 : n - 8;
		}
		i = n;
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!plain[c]) {
			jw_string(b, s, n);
			return;
		}
		d[i] = (char)c;
	}
	d[-1] = '"';
	d[n] = '"';
	b->len += n + 2;
	b->buf[b->len] = '\0';
}

void jw_fast_double(struct sb *b, double d)
{
	double m = d * 1e6;
	if (!(fabs(d) < 1e9 && m == floor(m) && m / 1e6 == d)) {
		jw_double(b, d);
		return;
	}
	/* d is m millionths exactly: the digits from the right, trailing zeros of the fraction dropped */
	int64_t v = (int64_t)m;
	char tmp[40];
	char *p = tmp + sizeof tmp;
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	uint64_t ip = u / 1000000, fp = u % 1000000;
	if (fp) {
		int digits = 6;
		for (; fp % 10 == 0; digits--)
			fp /= 10;
		while (digits--) {
			*--p = (char)('0' + fp % 10);
			fp /= 10;
		}
		*--p = '.';
	}
	do {
		*--p = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip);
	if (v < 0)
		*--p = '-';
	jw_fast_putn(b, p, (size_t)(tmp + sizeof tmp - p));
}
