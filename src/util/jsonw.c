/* jsonw.c: JSON text output helpers (see jsonw.h). */
#include "util/jsonw.h"
#include "util/utf8.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char hex[] = "0123456789abcdef";

void jw_string(struct sb *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	sb_putc(b, '"');
	while (p < end) {
		unsigned char c = *p;
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
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
