/* charset.c: encoding sniffing per the HTML spec and conversion to UTF-8 with iconv (U+FFFD for bad input). */
#define _GNU_SOURCE /* memmem */
#include "content/charset.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/sb.h"
#include "util/utf8.h"

/* The common labels of the WHATWG Encoding Standard (ASCII case-insensitive, after trimming): an
 * encoding's labels, each ended by a space, then '=' and its canonical name, ended by a NUL. */
static const char labels[] =
	"utf-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 =UTF-8\0"
	"utf-16le utf-16 ucs-2 unicode csunicode iso-10646-ucs-2 unicodefeff =UTF-16LE\0"
	"utf-16be unicodefffe =UTF-16BE\0"
	"windows-1252 cp1252 x-cp1252 iso-8859-1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 latin1 l1 "
	"cp819 ibm819 csisolatin1 iso-ir-100 us-ascii ascii ansi_x3.4-1968 =windows-1252\0"
	"windows-1250 cp1250 x-cp1250 =windows-1250\0"
	"windows-1251 cp1251 x-cp1251 =windows-1251\0"
	"windows-1253 cp1253 =windows-1253\0"
	"windows-1254 cp1254 iso-8859-9 latin5 iso8859-9 =windows-1254\0"
	"windows-1255 cp1255 =windows-1255\0"
	"windows-1256 cp1256 =windows-1256\0"
	"windows-1257 cp1257 =windows-1257\0"
	"windows-1258 cp1258 =windows-1258\0"
	"iso-8859-2 iso8859-2 latin2 =ISO-8859-2\0"
	"iso-8859-3 latin3 =ISO-8859-3\0"
	"iso-8859-4 latin4 =ISO-8859-4\0"
	"iso-8859-5 cyrillic =ISO-8859-5\0"
	"iso-8859-6 arabic =ISO-8859-6\0"
	"iso-8859-7 greek =ISO-8859-7\0"
	"iso-8859-8 hebrew =ISO-8859-8\0"
	"iso-8859-10 latin6 =ISO-8859-10\0"
	"iso-8859-13 =ISO-8859-13\0"
	"iso-8859-14 =ISO-8859-14\0"
	"iso-8859-15 latin9 l9 =ISO-8859-15\0"
	"iso-8859-16 =ISO-8859-16\0"
	"koi8-r koi8r koi koi8 =KOI8-R\0"
	"koi8-u koi8-ru =KOI8-U\0"
	"shift_jis shift-jis sjis ms_kanji x-sjis windows-31j csshiftjis ms932 =Shift_JIS\0"
	"euc-jp x-euc-jp cseucpkdfmtjapanese =EUC-JP\0"
	"iso-2022-jp csiso2022jp =ISO-2022-JP\0"
	"euc-kr ks_c_5601-1987 windows-949 cseuckr =EUC-KR\0"
	"gbk gb2312 x-gbk cp936 chinese csgb2312 gb_2312-80 =GBK\0"
	"gb18030 =gb18030\0"
	"big5 big5-hkscs cn-big5 csbig5 x-x-big5 =Big5\0"
	"windows-874 tis-620 iso-8859-11 =windows-874\0"
	"macintosh mac x-mac-roman =macintosh\0"
	"ibm866 cp866 =IBM866\0";

static bool is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

const char *charset_canonical(const char *label, size_t n)
{
	while (n > 0 && is_ws((unsigned char)*label)) {
		label++;
		n--;
	}
	while (n > 0 && is_ws((unsigned char)label[n - 1]))
		n--;
	bool found = false;
	for (const char *p = labels; p < labels + sizeof labels - 1;) {
		size_t k = strcspn(p, " ");
		if (*p == '=' && found)
			return p + 1;
		if (*p != '=' && k == n && strncasecmp(p, label, n) == 0)
			found = true;
		p += k + 1;
	}
	return NULL;
}

/* the iconv name for a canonical name (GBK is decoded as its superset GB18030, as WHATWG does) */
static const char *iconv_name(const char *name)
{
	if (strcmp(name, "GBK") == 0 || strcmp(name, "gb18030") == 0)
		return "GB18030";
	if (strcmp(name, "Shift_JIS") == 0)
		return "CP932";
	if (strcmp(name, "Big5") == 0)
		return "BIG5-HKSCS";
	if (strcmp(name, "EUC-KR") == 0)
		return "CP949";
	if (strcmp(name, "windows-874") == 0)
		return "CP874";
	return name;
}

/* find "charset=" in a Content-Type value or a meta content attribute; canonical name or NULL */
static const char *charset_param(const char *s, size_t n)
{
	for (size_t i = 0; i + 7 <= n; i++) {
		if (strncasecmp(s + i, "charset", 7) != 0)
			continue;
		size_t j = i + 7;
		while (j < n && is_ws((unsigned char)s[j]))
			j++;
		if (j >= n || s[j] != '=')
			continue;
		j++;
		while (j < n && is_ws((unsigned char)s[j]))
			j++;
		if (j >= n)
			return NULL;
		size_t k;
		if (s[j] == '"' || s[j] == '\'') {
			char q = s[j++];
			for (k = j; k < n && s[k] != q; k++)
				;
			if (k >= n)
				return NULL;
		} else {
			for (k = j; k < n && !is_ws((unsigned char)s[k]) && s[k] != ';'; k++)
				;
		}
		return charset_canonical(s + j, k - j);
	}
	return NULL;
}

/* one attribute of a tag in the prescan: name and value spans and the position after it;
 * *anl == 0 when the tag ended (the position is then at its '>' or at n) */
static size_t get_attr(const char *s, size_t n, size_t i, const char **an, size_t *anl, const char **av, size_t *avl)
{
	*anl = *avl = 0;
	while (i < n && (is_ws((unsigned char)s[i]) || s[i] == '/'))
		i++;
	if (i >= n || s[i] == '>')
		return i;
	*an = s + i;
	i++;            /* the first character belongs to the name, even '=' */
	while (i < n && s[i] != '=' && s[i] != '>' && s[i] != '/' && !is_ws((unsigned char)s[i]))
		i++;
	*anl = (size_t)(s + i - *an);
	while (i < n && is_ws((unsigned char)s[i]))
		i++;
	if (i >= n || s[i] != '=')
		return i;
	i++;
	while (i < n && is_ws((unsigned char)s[i]))
		i++;
	if (i >= n)
		return i;
	if (s[i] == '"' || s[i] == '\'') {
		char q = s[i++];
		*av = s + i;
		while (i < n && s[i] != q)
			i++;
		*avl = (size_t)(s + i - *av);
		if (i < n)
			i++;
		return i;
	}
	*av = s + i;
	while (i < n && !is_ws((unsigned char)s[i]) && s[i] != '>')
		i++;
	*avl = (size_t)(s + i - *av);
	return i;
}

const char *charset_prescan(const char *s, size_t n)
{
	if (n > 1024)
		n = 1024;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '<')
			continue;
		if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			const char *e = memmem(s + i + 4, n - i - 4, "-->", 3);
			if (!e)
				return NULL;
			i = (size_t)(e - s) + 2;
			continue;
		}
		if (n - i >= 6 && strncasecmp(s + i + 1, "meta", 4) == 0 &&
		    (is_ws((unsigned char)s[i + 5]) || s[i + 5] == '/')) {
			const char *an = NULL, *av = NULL, *charset = NULL, *content = NULL;
			size_t anl, avl, j = i + 5;
			bool http_equiv = false;
			for (;;) {
				j = get_attr(s, n, j, &an, &anl, &av, &avl);
				if (!anl)
					break;
				if (anl == 7 && strncasecmp(an, "charset", 7) == 0 && !charset)
					charset = charset_canonical(av, avl) ? charset_canonical(av, avl) : "";
				else if (anl == 10 && strncasecmp(an, "http-equiv", 10) == 0)
					http_equiv = avl == 12 && strncasecmp(av, "content-type", 12) == 0;
				else if (anl == 7 && strncasecmp(an, "content", 7) == 0 && !content)
					content = charset_param(av, avl) ? charset_param(av, avl) : "";
			}
			const char *got = charset && *charset ? charset :
				http_equiv && content && *content ? content : NULL;
			if (got) {
				/* a document that says UTF-16 in ASCII bytes is not UTF-16 */
				if (strncmp(got, "UTF-16", 6) == 0)
					return "UTF-8";
				return got;
			}
			i = j;
			continue;
		}
		size_t j = i + 1 + (i + 1 < n && s[i + 1] == '/');
		if (j < n && isalpha((unsigned char)s[j])) {
			/* another tag: step over its attributes, so a "<meta" inside a value is not seen */
			const char *an = NULL, *av = NULL;
			size_t anl, avl;
			while (j < n && !is_ws((unsigned char)s[j]) && s[j] != '>')
				j++;
			do
				j = get_attr(s, n, j, &an, &anl, &av, &avl);
			while (anl);
			i = j;
		} else if (j < n && (s[i + 1] == '!' || s[i + 1] == '/' || s[i + 1] == '?')) {
			const char *gt = memchr(s + j, '>', n - j);
			if (!gt)
				return NULL;
			i = (size_t)(gt - s);
		}
	}
	return NULL;
}

static const uint16_t cp1252_high[32] = {
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
	0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

static void put_cp(struct sb *b, uint32_t cp)
{
	char buf[4];
	sb_putn(b, buf, utf8_encode(cp, buf));
}

static void decode_1252(struct sb *b, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] < 0x80)
			sb_putc(b, (char)s[i]);
		else if (s[i] < 0xa0)
			put_cp(b, cp1252_high[s[i] - 0x80]);
		else
			put_cp(b, s[i]);
	}
}

static void decode_utf8(struct sb *b, const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t run = i;
		while (i < n && s[i] < 0x80)
			i++;
		sb_putn(b, (const char *)s + run, i - run);
		if (i >= n)
			break;
		size_t l = utf8_valid_prefix(s + i, n - i);
		if (l) {
			sb_putn(b, (const char *)s + i, l);
			i += l;
		} else {
			sb_puts(b, "\xef\xbf\xbd");
			i++;
		}
	}
}

/* iconv to UTF-8; an undecodable sequence becomes U+FFFD and `unit` bytes are skipped */
static int decode_iconv(struct sb *b, const char *from, const char *s, size_t n, size_t unit)
{
	iconv_t cd = iconv_open("UTF-8", from);
	if (cd == (iconv_t)-1)
		return -1;
	char *in = (char *)s;
	size_t inleft = n;
	while (inleft > 0 && !sb_error(b)) {
		if (sb_reserve(b, inleft * 4 + 16) < 0)
			break;
		char *o = b->buf + b->len;
		size_t oleft = b->cap - b->len - 1;
		size_t r = iconv(cd, &in, &inleft, &o, &oleft);
		b->len = (size_t)(o - b->buf);
		b->buf[b->len] = '\0';
		if (r != (size_t)-1)
			break;
		if (errno == E2BIG)
			continue;
		/* EILSEQ or EINVAL (truncated at the end) */
		sb_puts(b, "\xef\xbf\xbd");
		size_t skip = unit < inleft ? unit : inleft;
		in += skip;
		inleft -= skip;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	/* flush a stateful encoding's final shift */
	if (!sb_error(b) && sb_reserve(b, 16) == 0) {
		char *o = b->buf + b->len;
		size_t oleft = b->cap - b->len - 1;
		iconv(cd, NULL, NULL, &o, &oleft);
		b->len = (size_t)(o - b->buf);
		b->buf[b->len] = '\0';
	}
	iconv_close(cd);
	return 0;
}

int charset_to_utf8(struct arena *a, const char *bytes, size_t n, const char *content_type_header,
                    char **out, size_t *outlen, const char **used)
{
	const unsigned char *u = (const unsigned char *)bytes;
	const char *enc = NULL;
	struct sb b;
	int rc = -1;

	sb_init(&b);
	if (n >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		enc = "UTF-8";
		bytes += 3;
		n -= 3;
	} else if (n >= 2 && u[0] == 0xff && u[1] == 0xfe) {
		enc = "UTF-16LE";
		bytes += 2;
		n -= 2;
	} else if (n >= 2 && u[0] == 0xfe && u[1] == 0xff) {
		enc = "UTF-16BE";
		bytes += 2;
		n -= 2;
	}
	if (!enc && content_type_header)
		enc = charset_param(content_type_header, strlen(content_type_header));
	if (!enc)
		enc = charset_prescan(bytes, n);
	if (!enc)
		enc = "windows-1252";

	if (strcmp(enc, "UTF-8") == 0)
		decode_utf8(&b, (const unsigned char *)bytes, n);
	else if (strcmp(enc, "windows-1252") == 0)
		decode_1252(&b, (const unsigned char *)bytes, n);
	else if (decode_iconv(&b, iconv_name(enc), bytes, n, strncmp(enc, "UTF-16", 6) == 0 ? 2 : 1) < 0) {
		/* iconv does not know it: fall back to the default */
		sb_reset(&b);
		enc = "windows-1252";
		decode_1252(&b, (const unsigned char *)bytes, n);
	}
	if (sb_error(&b))
		goto out;
	*out = arena_strndup(a, sb_str(&b), b.len);
	if (!*out)
		goto out;
	*outlen = b.len;
	*used = enc;
	rc = 0;
out:
	sb_free(&b);
	return rc;
}
