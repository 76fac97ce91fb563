/* text.c: small text helpers shared by every layer: hex digit value, HTML escaping (the hash, text_int and text_cmp_stable are inline in text.h). */
#include "util/text.h"
#include "util/arena.h"
#include "util/sb.h"

int text_hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void sb_put_html(struct sb *b, const char *s)
{
	const char *run = s;
	for (; *s; s++) {
		const char *rep;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default: continue;
		}
		sb_putn(b, run, (size_t)(s - run));
		sb_puts(b, rep);
		run = s + 1;
	}
	sb_puts(b, run);
}

const char *text_html_escaped(struct arena *a, const char *s)
{
	struct sb b;
	sb_init(&b);
	sb_put_html(&b, s);
	const char *out = sb_error(&b) ? NULL : arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return out ? out : "";
}
