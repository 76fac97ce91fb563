/* extract_strip.c: drop the bodies of <script> (except JSON-LD) and <style> before parsing: the extractor removes them anyway, and they are half of a typical page's bytes. */
#include "content/article/extract_int.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"

/* the elements whose content the HTML tokenizer reads as text, up to their end tag */
static const char *const raw_elements[] = {
	"script", "style", "xmp", "iframe", "noembed", "noframes", "textarea", "title", NULL,
};

static const char *find_ci(const char *p, const char *end, const char *needle)
{
	size_t nl = strlen(needle);
	for (; p + nl <= end; p++)
		if (tolower((unsigned char)*p) == needle[0] && strncasecmp(p, needle, nl) == 0)
			return p;
	return NULL;
}

/* the end of the raw text of element name starting at p: the "</name" that closes it, or end */
static const char *raw_end(const char *p, const char *end, const char *name)
{
	size_t nl = strlen(name);
	while ((p = find_ci(p, end, "</")) != NULL) {
		if ((size_t)(end - p) >= nl + 2 && strncasecmp(p + 2, name, nl) == 0) {
			const char *q = p + 2 + nl;
			if (q == end || *q == '>' || *q == '/' || isspace((unsigned char)*q))
				return p;
		}
		p += 2;
	}
	return end;
}

#define TITLE_LONG 300  /* a title's text longer than this (bytes) holding a tag is a title left open */

/* where a <title> whose text runs from p to close is really over: at its first tag when it has no end tag
 * at all or is longer than any title ("<title>Page</tit" cut short by a broken copy, then the whole page),
 * else NULL (it stands as written: "<title>The <b> element</title>" keeps its words) */
static const char *title_cut(const char *p, const char *close, const char *end)
{
	if (close != end && close - p <= TITLE_LONG)
		return NULL;
	for (const char *q = p; (q = memchr(q, '<', (size_t)(close - q))) != NULL && q + 1 < close; q++)
		if (isalpha((unsigned char)q[1]) || (q[1] == '/' && q + 2 < close && isalpha((unsigned char)q[2])))
			return q;
	return NULL;
}

char *ex_strip_raw(struct arena *a, const char *html, size_t n, size_t *outn)
{
	char *out = arena_alloc(a, n + 8 + 1);
	if (!out)
		return NULL;
	const char *p = html, *end = html + n;
	size_t o = 0;
	bool title_done = false;
	while (p < end) {
		const char *lt = memchr(p, '<', (size_t)(end - p));
		if (!lt) {
			memcpy(out + o, p, (size_t)(end - p));
			o += (size_t)(end - p);
			break;
		}
		memcpy(out + o, p, (size_t)(lt - p));
		o += (size_t)(lt - p);
		p = lt;
		const char *q = p + 1;
		if (q < end && isalpha((unsigned char)*q)) {
			/* a start tag: its name, then attributes (quotes respected) up to '>' */
			char name[16];
			size_t k = 0;
			while (q < end && !isspace((unsigned char)*q) && *q != '/' && *q != '>') {
				if (k + 1 < sizeof name)
					name[k++] = (char)tolower((unsigned char)*q);
				q++;
			}
			name[k] = '\0';
			const char *attrs = q;
			while (q < end && *q != '>') {
				if (*q == '"' || *q == '\'') {
					const char *c = memchr(q + 1, *q, (size_t)(end - q - 1));
					q = c ? c + 1 : end;
				} else {
					q++;
				}
			}
			if (q < end)
				q++;
			memcpy(out + o, p, (size_t)(q - p));
			o += (size_t)(q - p);
			p = q;
			const char *const *r;
			for (r = raw_elements; *r && strcmp(*r, name) != 0; r++)
				;
			if (strcmp(name, "plaintext") == 0) {
				memcpy(out + o, p, (size_t)(end - p));
				o += (size_t)(end - p);
				break;
			}
			if (!*r)
				continue;
			const char *close = raw_end(p, end, name);
			const char *cut = !title_done && strcmp(name, "title") == 0 ? title_cut(p, close, end) : NULL;
			if (cut) {
				title_done = true;      /* once: out has room for one "</title>" more than html */
				/* a title left open swallows the page: it ends where the markup resumes */
				memcpy(out + o, p, (size_t)(cut - p));
				o += (size_t)(cut - p);
				memcpy(out + o, "</title>", 8);
				o += 8;
				p = cut;
				continue;
			}
			bool drop = strcmp(name, "style") == 0 ||
			            (strcmp(name, "script") == 0 && !find_ci(attrs, q, "ld+json"));
			if (!drop) {
				memcpy(out + o, p, (size_t)(close - p));
				o += (size_t)(close - p);
			}
			p = close;
			if (p < end) {
				/* copy "</" so the scan does not read the end tag as the start of something */
				memcpy(out + o, p, 2);
				o += 2;
				p += 2;
			}
			continue;
		}
		if (end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
			/* a comment: copied whole */
			const char *c = p + 4;
			if (c < end && *c == '>')
				c += 1;
			else if (end - c >= 2 && memcmp(c, "->", 2) == 0)
				c += 2;
			else {
				const char *e1 = c;
				while (e1 < end) {
					const char *d = memchr(e1, '-', (size_t)(end - e1));
					if (!d) {
						e1 = end;
						break;
					}
					if (end - d >= 3 && memcmp(d, "-->", 3) == 0) {
						e1 = d + 3;
						break;
					}
					if (end - d >= 4 && memcmp(d, "--!>", 4) == 0) {
						e1 = d + 4;
						break;
					}
					e1 = d + 1;
				}
				c = e1;
			}
			memcpy(out + o, p, (size_t)(c - p));
			o += (size_t)(c - p);
			p = c;
			continue;
		}
		out[o++] = *p++;
	}
	out[o] = '\0';
	*outn = o;
	return out;
}
