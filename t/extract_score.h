/* extract_score.h: scoring an extractor against the Readability corpus (token F1, metadata matches); shared by t/ and bench/. */
#ifndef LARDER_EXTRACT_SCORE_H
#define LARDER_EXTRACT_SCORE_H
/*
 * Tokenisation, defined once for every figure we report:
 *  - the text is UTF-8; it is lower-cased (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic);
 *  - a token is a maximal run of letters and digits; "letter" is an ASCII letter or any non-ASCII
 *    character outside the punctuation, symbol, space and emoji blocks listed in sc_class;
 *  - a CJK ideograph, kana or hangul syllable is a token by itself (those scripts have no spaces);
 *  - texts are compared as multisets of tokens: F1 = 2PR/(P+R) with P = common/ours and
 *    R = common/expected; two empty texts score 1.
 */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/html.h"
#include "util/arena.h"

/* 0 separator, 1 letter or digit, 2 a CJK character that is a token of its own */
static int sc_class(uint32_t c)
{
	if (c < 0x80)
		return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9');
	if ((c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
	    (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FFFF))
		return 2;
	if (c < 0xC0)
		return c == 0xAA || c == 0xB5 || c == 0xBA;
	if (c == 0xD7 || c == 0xF7)
		return 0;
	if ((c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFE30 && c <= 0xFE4F) ||
	    (c >= 0xFF00 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||
	    (c >= 0xFF5B && c <= 0xFF65) || c == 0xFEFF || c == 0xFFFD || (c >= 0xE000 && c <= 0xF8FF) ||
	    (c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0xFE00 && c <= 0xFE0F) || c == 0x00A0 ||
	    c == 0x0387 || c == 0x055D || c == 0x05BE || c == 0x05C3 || c == 0x060C || c == 0x061B ||
	    c == 0x061F || c == 0x06D4 || c == 0x0964 || c == 0x0965)
		return 0;
	return 1;
}

static uint32_t sc_lower(uint32_t c)
{
	if (c < 0x80)
		return c >= 'A' && c <= 'Z' ? c + 32 : c;
	if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
		return c + 32;
	if (c >= 0x100 && c <= 0x17F && !(c >= 0x138 && c <= 0x148) && !(c >= 0x179))
		return c | 1;
	if (c >= 0x391 && c <= 0x3A9)
		return c + 32;
	if (c >= 0x410 && c <= 0x42F)
		return c + 32;
	if (c >= 0x400 && c <= 0x40F)
		return c + 80;
	return c;
}

static size_t sc_decode(const unsigned char *p, uint32_t *cp)
{
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80) {
		*cp = ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
		return 2;
	}
	if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
		*cp = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
		return 3;
	}
	if ((p[0] & 0xF8) == 0xF0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80) {
		*cp = ((uint32_t)(p[0] & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
		      ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
		return 4;
	}
	*cp = 0xFFFD;
	return 1;
}

struct sc_tokens {
	char **v;
	size_t n, cap;
};

static void sc_push(struct sc_tokens *t, const uint32_t *cps, size_t n)
{
	char *s = malloc(n * 4 + 1), *o = s;
	if (!s)
		abort();
	for (size_t i = 0; i < n; i++) {
		uint32_t c = cps[i];
		if (c < 0x80) {
			*o++ = (char)c;
		} else if (c < 0x800) {
			*o++ = (char)(0xC0 | (c >> 6));
			*o++ = (char)(0x80 | (c & 0x3F));
		} else if (c < 0x10000) {
			*o++ = (char)(0xE0 | (c >> 12));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		} else {
			*o++ = (char)(0xF0 | (c >> 18));
			*o++ = (char)(0x80 | ((c >> 12) & 0x3F));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		}
	}
	*o = '\0';
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = realloc(t->v, t->cap * sizeof *t->v);
		if (!t->v)
			abort();
	}
	t->v[t->n++] = s;
}

static int sc_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the sorted tokens of a text */
static void sc_tokenize(const char *text, struct sc_tokens *t)
{
	const unsigned char *p = (const unsigned char *)(text ? text : "");
	size_t len = strlen((const char *)p), n = 0;
	uint32_t *cur = malloc((len + 1) * sizeof *cur);
	if (!cur)
		abort();
	memset(t, 0, sizeof *t);
	while (*p) {
		uint32_t c;
		p += sc_decode(p, &c);
		int k = sc_class(c);
		if (k == 1) {
			cur[n++] = sc_lower(c);
			continue;
		}
		if (n)
			sc_push(t, cur, n);
		n = 0;
		if (k == 2)
			sc_push(t, &c, 1);
	}
	if (n)
		sc_push(t, cur, n);
	free(cur);
	if (t->n)
		qsort(t->v, t->n, sizeof *t->v, sc_cmp);
}

static void sc_free(struct sc_tokens *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
}

/* token precision and recall of ours against expected (into *p and *r when not NULL); returns F1 */
static double sc_prf(const char *ours, const char *expected, double *pp, double *rp)
{
	struct sc_tokens a, b;
	sc_tokenize(ours, &a);
	sc_tokenize(expected, &b);
	size_t i = 0, j = 0, common = 0;
	while (i < a.n && j < b.n) {
		int c = strcmp(a.v[i], b.v[j]);
		if (c == 0) {
			common++;
			i++;
			j++;
		} else if (c < 0) {
			i++;
		} else {
			j++;
		}
	}
	double f1, p = !b.n, r = !b.n;     /* an empty expected text: nothing to recall, nothing wrong kept */
	if (!a.n && !b.n)
		f1 = 1;
	else if (!a.n || !b.n || !common)
		f1 = 0;
	else {
		p = (double)common / (double)a.n, r = (double)common / (double)b.n;
		f1 = 2 * p * r / (p + r);
	}
	if (pp)
		*pp = p;
	if (rp)
		*rp = r;
	sc_free(&a);
	sc_free(&b);
	return f1;
}

static double sc_f1(const char *ours, const char *expected)
{
	return sc_prf(ours, expected, NULL, NULL);
}

/* whitespace runs collapsed to one space, trimmed (malloc) */
static char *sc_norm(const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s), o = 0;
	char *r = malloc(n + 1);
	if (!r)
		abort();
	int sp = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			sp = o > 0;
			continue;
		}
		if (c == 0xC2 && (unsigned char)s[i + 1] == 0xA0) {
			sp = o > 0;
			i++;
			continue;
		}
		if (sp)
			r[o++] = ' ';
		sp = 0;
		r[o++] = (char)c;
	}
	r[o] = '\0';
	return r;
}

/* same value after normalisation; NULL and "" are both "unknown" */
static int sc_same(const char *a, const char *b)
{
	char *x = sc_norm(a), *y = sc_norm(b);
	int same = (!x || !*x) ? (!y || !*y) : (y && strcmp(x, y) == 0);
	free(x);
	free(y);
	return same;
}

/* a whole file, NUL-terminated (malloc); NULL if unreadable */
static char *sc_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap);
	size_t got;
	while (b && (got = fread(b + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n - 1 == 0) {
			cap *= 2;
			b = realloc(b, cap);
		}
	}
	fclose(f);
	if (!b)
		return NULL;
	b[n] = '\0';
	if (len)
		*len = n;
	return b;
}

/* the expected page: its text (textContent of expected.html, words of adjacent blocks run together as the
 * DOM gives them), the same with blocks apart (as larder extract gives text since issue 27) and metadata */
struct sc_expect {
	char *text, *lines;
	char *title, *byline, *excerpt, *site_name, *published, *lang, *dir;
	int readerable;
};

static char *sc_jdup(struct json_object *o, const char *k)
{
	struct json_object *v;
	if (!json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return strdup(json_object_get_string(v));
}

static int sc_load_expect(const char *dir, struct sc_expect *e)
{
	char path[4200];
	struct arena a;
	memset(e, 0, sizeof *e);
	snprintf(path, sizeof path, "%s/expected.html", dir);
	size_t n;
	char *html = sc_slurp(path, &n);
	if (!html)
		return -1;
	arena_init(&a);
	struct html_doc *d = html_parse(&a, html, n, NULL);
	char *t = d ? html_text_content(&a, d->root) : NULL;
	e->text = strdup(t ? t : "");
	t = d ? html_lines_text(&a, d->root) : NULL;
	e->lines = strdup(t ? t : "");
	arena_free(&a);
	free(html);
	snprintf(path, sizeof path, "%s/expected-metadata.json", dir);
	char *js = sc_slurp(path, NULL);
	struct json_object *o = js ? json_tokener_parse(js) : NULL;
	free(js);
	if (!o)
		return -1;
	e->title = sc_jdup(o, "title");
	e->byline = sc_jdup(o, "byline");
	e->excerpt = sc_jdup(o, "excerpt");
	e->site_name = sc_jdup(o, "siteName");
	e->published = sc_jdup(o, "publishedTime");
	e->lang = sc_jdup(o, "lang");
	e->dir = sc_jdup(o, "dir");
	struct json_object *v;
	e->readerable = json_object_object_get_ex(o, "readerable", &v) && json_object_get_boolean(v);
	json_object_put(o);
	return 0;
}

static void sc_free_expect(struct sc_expect *e)
{
	free(e->text);
	free(e->lines);
	free(e->title);
	free(e->byline);
	free(e->excerpt);
	free(e->site_name);
	free(e->published);
	free(e->lang);
	free(e->dir);
}

/* running totals over the corpus */
enum { SC_TITLE, SC_BYLINE, SC_EXCERPT, SC_SITE, SC_PUBLISHED, SC_LANG, SC_DIR, SC_READERABLE, SC_NFIELDS };
static const char *const sc_field_names[SC_NFIELDS] = {
	"title", "byline", "excerpt", "siteName", "publishedTime", "lang", "dir", "readerable",
};

struct sc_totals {
	size_t pages;
	double f1_sum;
	size_t match[SC_NFIELDS];
};

/* the page directories of the corpus (sorted names, malloc) */
#include <dirent.h>
#include <sys/stat.h>

static int sc_namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t sc_pages(const char *corpus, char ***out)
{
	DIR *d = opendir(corpus);
	size_t n = 0, cap = 0;
	char **v = NULL;
	struct dirent *de;
	*out = NULL;
	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL) {
		char path[4096];
		struct stat st;
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/source.html", corpus, de->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			v = realloc(v, cap * sizeof *v);
			if (!v)
				abort();
		}
		v[n++] = strdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof *v, sc_namecmp);
	*out = v;
	return n;
}
#endif
