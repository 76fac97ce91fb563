/* mime_words.c: a header's RFC 2047 encoded words decoded into UTF-8 with the WHATWG labels (GB2312 read as GBK, ISO-8859-1 as windows-1252, ks_c_5601-1987 as EUC-KR, read as CP949), adjacent words of one charset joined before decoding, a bad word kept as written. */
#include <string.h>
#include <strings.h>

#include "content/charset.h"
#include "content/mail/mime_int.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/utf8.h"

#define MAX_LABEL 64 /* bytes of a charset label in a word; a longer one is not a word */

/* one encoded word found at the start of a string: =?charset?B|Q?text?= */
struct word {
	const char *charset;  /* the label, without an RFC 2231 "*language" */
	size_t charset_len;
	char enc;             /* 'B' or 'Q' */
	const char *text;
	size_t text_len;
	size_t len;           /* bytes of the whole word */
};

static int b64val(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* the encoded word at s (its syntax only: no white space inside, the four question marks), else false. When
 * its text runs into white space or the end without a "?=", *dead is how far no word can end: a start before
 * there need not be tried again (so a header of many "=?" and no "?=" costs one pass, not one per start). */
static bool parse_word(const char *s, size_t n, struct word *w, size_t *dead)
{
	if (n < 8 || s[0] != '=' || s[1] != '?')
		return false;
	size_t i = 2;
	while (i < n && s[i] != '?' && s[i] > ' ' && s[i] < 127)
		i++;
	if (i == 2 || i > 2 + MAX_LABEL || i + 2 >= n || s[i] != '?' || s[i + 2] != '?')
		return false;
	w->charset = s + 2;
	w->charset_len = i - 2;
	const char *star = memchr(w->charset, '*', w->charset_len);
	if (star)
		w->charset_len = (size_t)(star - w->charset);
	w->enc = (char)(s[i + 1] & ~0x20);
	if (w->enc != 'B' && w->enc != 'Q')
		return false;
	w->text = s + i + 3;
	size_t k = i + 3;
	while (k + 1 < n && !(s[k] == '?' && s[k + 1] == '=') && s[k] > ' ' && s[k] < 127)
		k++;
	if (k + 1 >= n || s[k] != '?' || s[k + 1] != '=') {
		*dead = k;
		return false;
	}
	w->text_len = k - (i + 3);
	w->len = k + 2;
	return true;
}

/* the word's bytes appended to b: false (b as it was) when its text is not valid base64 or quoted-printable */
static bool word_bytes(const struct word *w, struct sb *b)
{
	size_t start = b->len;
	if (w->enc == 'Q') {
		for (size_t i = 0; i < w->text_len; i++) {
			char c = w->text[i];
			int hi = c == '=' && i + 2 < w->text_len ? text_hex_value((unsigned char)w->text[i + 1]) : -1;
			int lo = hi >= 0 ? text_hex_value((unsigned char)w->text[i + 2]) : -1;
			if (c == '=' && (hi < 0 || lo < 0)) {
				sb_truncate(b, start);
				return false;
			}
			if (c == '=') {
				sb_putc(b, (char)(hi * 16 + lo));
				i += 2;
			} else
				sb_putc(b, c == '_' ? ' ' : c);
		}
		return true;
	}
	unsigned acc = 0;
	int bits = 0;
	size_t i = 0;
	for (; i < w->text_len && w->text[i] != '='; i++) {
		int v = b64val(w->text[i]);
		if (v < 0) {
			sb_truncate(b, start);
			return false;
		}
		acc = (acc << 6) | (unsigned)v;
		if ((bits += 6) >= 8) {
			bits -= 8;
			sb_putc(b, (char)((acc >> bits) & 0xFF));
		}
	}
	for (; i < w->text_len; i++) /* only padding may follow */
		if (w->text[i] != '=') {
			sb_truncate(b, start);
			return false;
		}
	return true;
}

const char *mime_charset(const char *label, size_t label_len, const char *s, size_t n)
{
	const char *name = label ? charset_canonical(label, label_len) : NULL;
	bool ascii = label && ((label_len == 8 && strncasecmp(label, "us-ascii", 8) == 0) ||
	                       (label_len == 5 && strncasecmp(label, "ascii", 5) == 0));
	if (name == NULL || ascii)
		name = utf8_valid(s, n) ? "UTF-8" : "windows-1252";
	return name;
}

/* n bytes in the named charset (mime_charset's choice) appended to out as UTF-8 */
static void put_decoded(struct arena *a, struct sb *out, const char *label, size_t label_len, const char *s, size_t n)
{
	char *u;
	size_t ulen;
	const char *used;
	const char *name = mime_charset(label, label_len, s, n);
	if (strcasecmp(name, "UTF-8") == 0 && utf8_valid(s, n)) {
		sb_putn(out, s, n);
		return;
	}
	const char *ctype = arena_printf(a, "text/plain; charset=\"%s\"", name);
	if (ctype && charset_to_utf8(a, s, n, ctype, &u, &ulen, &used) == 0)
		sb_putn(out, u, ulen);
}

/* the pending run of encoded words of one charset decoded into out */
struct run {
	struct sb bytes;
	const char *charset;
	size_t charset_len;
};

static void flush(struct arena *a, struct run *r, struct sb *out)
{
	if (r->charset && r->bytes.len)
		put_decoded(a, out, r->charset, r->charset_len, sb_str(&r->bytes), r->bytes.len);
	sb_reset(&r->bytes);
	r->charset = NULL;
}

const char *mime_words_decode(struct arena *a, const char *raw)
{
	if (raw == NULL)
		return NULL;
	struct sb out, plain;
	struct run r = { .charset = NULL };
	size_t n = strlen(raw), i = 0, ws_start = 0, dead = 0;
	bool after_word = false; /* the last thing seen was an encoded word (white space since it is held back) */
	sb_init(&out);
	sb_init(&plain);
	sb_init(&r.bytes);
	while (i < n) {
		struct word w;
		bool word = false;
		if (raw[i] == '=' && raw[i + 1] == '?' && i >= dead) {
			size_t d = 0;
			word = parse_word(raw + i, n - i, &w, &d);
			if (!word && d)
				dead = i + d;
		}
		if (word) {
			size_t mark = r.bytes.len;
			bool same = r.charset && r.charset_len == w.charset_len &&
			            strncasecmp(r.charset, w.charset, w.charset_len) == 0;
			if (!same) {
				put_decoded(a, &out, NULL, 0, sb_str(&plain), plain.len);
				sb_reset(&plain);
				flush(a, &r, &out);
				mark = 0;
			}
			if (word_bytes(&w, &r.bytes)) {
				if (!same) {
					r.charset = w.charset;
					r.charset_len = w.charset_len;
				}
				after_word = true;
				i += w.len;
				ws_start = i;
				continue;
			}
			sb_truncate(&r.bytes, mark); /* a bad word: kept as it is written, below */
		}
		bool ws = raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r' || raw[i] == '\n';
		if (ws && after_word) { /* white space after a word: dropped if another word follows */
			i++;
			continue;
		}
		if (after_word) {
			flush(a, &r, &out);
			sb_putn(&plain, raw + ws_start, i - ws_start);
			after_word = false;
		}
		sb_putc(&plain, raw[i++]);
	}
	flush(a, &r, &out);
	if (after_word)
		sb_putn(&plain, raw + ws_start, n - ws_start);
	put_decoded(a, &out, NULL, 0, sb_str(&plain), plain.len);
	const char *res = sb_error(&out) || sb_error(&plain) || sb_error(&r.bytes) ? NULL :
		arena_strndup(a, sb_str(&out), out.len);
	sb_free(&out);
	sb_free(&plain);
	sb_free(&r.bytes);
	return res;
}
