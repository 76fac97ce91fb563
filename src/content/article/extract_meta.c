/* extract_meta.c: article metadata (JSON-LD, <meta> tags, the cleaned <title>) and the readerable test. */
#include "content/article/extract_int.h"

#include <ctype.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/time.h"
#include "util/url.h"
#include "util/utf8.h"

/* ---- <title> cleanup */

/* document.title: the first <title>'s text, ASCII whitespace stripped and collapsed */
static char *doc_title(struct ex_ctx *x)
{
	struct html_node *t = NULL;
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n))
		if (ex_tag(n, "title")) {
			t = n;
			break;
		}
	if (!t)
		return (char *)"";
	char *s = html_text_content(x->a, t);
	if (!s) {
		x->oom = true;
		return (char *)"";
	}
	size_t o = 0;
	bool sp = false;
	for (size_t i = 0; s[i]; i++) {
		if (strchr(" \t\n\f\r", s[i])) {
			sp = o > 0;
			continue;
		}
		if (sp)
			s[o++] = ' ';
		sp = false;
		s[o++] = s[i];
	}
	s[o] = '\0';
	return s;
}

/* str.split(/\s+/).length */
static size_t word_count(const char *s)
{
	size_t n = 1;
	while (*s) {
		size_t w = ex_ws_len(s);
		if (w) {
			n++;
			while ((w = ex_ws_len(s)) != 0)
				s += w;
		} else {
			s++;
		}
	}
	return n;
}

/* a separator character | - \ / > », or an en or em dash, at s; its length in bytes, or 0 */
static size_t sep_at(const char *s)
{
	if (strchr("|-\\/>", *s) && *s)
		return 1;
	if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xBB)
		return 2;
	if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
	    ((unsigned char)s[2] == 0x93 || (unsigned char)s[2] == 0x94))
		return 3;
	return 0;
}

static bool hier_sep_at(const char *s)
{
	return (*s && strchr("\\/>", *s)) || ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xBB);
}

/* the document's title cleaned of its site name (_getArticleTitle) */
static char *doc_title_clean(struct ex_ctx *x)
{
	char *orig = ex_trim(x->a, doc_title(x));
	if (!orig) {
		x->oom = true;
		return (char *)"";
	}
	char *cur = orig;
	bool hier = false;
	/* " <sep> " anywhere? remember the last one (non-overlapping matches) */
	const char *last = NULL;
	for (const char *p = orig; *p; p++) {
		size_t k;
		if (*p == ' ' && (k = sep_at(p + 1)) != 0 && p[1 + k] == ' ') {
			last = p;
			if (hier_sep_at(p + 1))
				hier = true;
			p += k + 1;
		}
	}
	if (last) {
		cur = arena_strndup(x->a, orig, (size_t)(last - orig));
		if (cur && word_count(cur) < 3) {
			const char *p = orig;
			size_t k = 0;
			while (*p && !(k = sep_at(p)))
				p++;
			cur = *p ? arena_strdup(x->a, p + k) : orig;
		}
	} else if (strstr(orig, ": ")) {
		bool match = false;
		for (struct html_node *n = x->doc->root->first_child; n && !match; n = html_next(x->doc->root, n)) {
			if (!ex_tag(n, "h1") && !ex_tag(n, "h2"))
				continue;
			char *t = ex_trim(x->a, html_text_content(x->a, n));
			match = t && strcmp(t, orig) == 0;
		}
		if (!match) {
			const char *lc = strrchr(orig, ':'), *fc = strchr(orig, ':');
			cur = arena_strdup(x->a, lc + 1);
			if (cur && word_count(cur) < 3)
				cur = arena_strdup(x->a, fc + 1);
			else if (cur) {
				char *before = arena_strndup(x->a, orig, (size_t)(fc - orig));
				if (before && word_count(before) > 5)
					cur = orig;
			}
		}
	} else {
		size_t units = 0;
		for (const unsigned char *p = (const unsigned char *)orig; *p; p++)
			units += (*p & 0xC0) != 0x80 ? (*p >= 0xF0 ? 2 : 1) : 0;
		if (units > 150 || units < 15) {
			struct html_node *h1 = NULL;
			size_t count = 0;
			for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n))
				if (ex_tag(n, "h1") && count++ == 0)
					h1 = n;
			if (count == 1)
				cur = ex_inner_text(x, h1);
		}
	}
	if (!cur) {
		x->oom = true;
		return orig;
	}
	cur = ex_trim_collapse(x->a, cur);
	if (!cur)
		return orig;
	size_t wc = word_count(cur);
	if (wc <= 4) {
		/* words of the original with the separators removed */
		size_t n = strlen(orig), o = 0;
		char *stripped = arena_alloc(x->a, n + 1);
		if (!stripped)
			return orig;
		for (size_t i = 0; i < n;) {
			size_t k = sep_at(orig + i);
			if (k) {
				i += k;
				continue;
			}
			stripped[o++] = orig[i++];
		}
		stripped[o] = '\0';
		if (!hier || wc != word_count(stripped) - 1)
			cur = orig;
	}
	return cur;
}

/* ---- entity unescaping of metadata values (pages often escape twice) */

static char *unescape(struct ex_ctx *x, const char *s)
{
	if (!s || !strchr(s, '&'))
		return (char *)s;
	struct sb b;
	sb_init(&b);
	for (const char *p = s; *p;) {
		if (*p != '&') {
			sb_putc(&b, *p++);
			continue;
		}
		static const struct { const char *name, *rep; } named[] = {
			{ "&quot;", "\"" }, { "&amp;", "&" }, { "&apos;", "'" }, { "&lt;", "<" }, { "&gt;", ">" },
		};
		bool done = false;
		for (size_t i = 0; i < sizeof named / sizeof named[0] && !done; i++) {
			size_t l = strlen(named[i].name);
			if (strncmp(p, named[i].name, l) == 0) {
				sb_puts(&b, named[i].rep);
				p += l;
				done = true;
			}
		}
		if (done)
			continue;
		if (p[1] == '#') {
			const char *q = p + 2;
			bool hex = *q == 'x' || *q == 'X';
			unsigned long v = 0;
			size_t digits = 0;
			if (hex)
				q++;
			while (hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q)) {
				int d = text_hex_value((unsigned char)*q);
				if (v < 0x1000000)
					v = v * (hex ? 16 : 10) + (unsigned long)d;
				q++;
				digits++;
			}
			if (digits && *q == ';') {
				char enc[4];
				if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
					v = 0xFFFD;
				sb_putn(&b, enc, utf8_encode((uint32_t)v, enc));
				p = q + 1;
				continue;
			}
		}
		sb_putc(&b, *p++);
	}
	char *r = sb_error(&b) ? NULL : arena_strdup(x->a, sb_str(&b));
	sb_free(&b);
	return r ? r : (char *)s;
}

/* ---- JSON-LD */

/* the article types: note Readability's pattern anchors only its first and last alternatives */
static bool article_type(const char *t)
{
	static const char *const mid[] = {
		"AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
		"BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle",
		"Report", "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting",
		"BlogPosting", "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", NULL,
	};
	size_t n = strlen(t);
	if (strncmp(t, "Article", 7) == 0)
		return true;
	if (n >= 12 && strcmp(t + n - 12, "APIReference") == 0)
		return true;
	for (size_t i = 0; mid[i]; i++)
		if (strstr(t, mid[i]))
			return true;
	return false;
}

static const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *v;
	if (!o || !json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, key, &v))
		return NULL;
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static bool typed_article(struct json_object *o)
{
	const char *t = jstr(o, "@type");
	return t && article_type(t);
}

static bool schema_org(const char *s)
{
	if (!s)
		return false;
	if (strncmp(s, "http://", 7) == 0)
		s += 7;
	else if (strncmp(s, "https://", 8) == 0)
		s += 8;
	else
		return false;
	return strcmp(s, "schema.org") == 0 || strcmp(s, "schema.org/") == 0;
}

static char *jtrim(struct ex_ctx *x, const char *s)
{
	return s ? ex_trim(x->a, s) : NULL;
}

static const char *image_of(struct json_object *v)
{
	if (!v)
		return NULL;
	if (json_object_is_type(v, json_type_string))
		return json_object_get_string(v);
	if (json_object_is_type(v, json_type_array))
		return json_object_array_length(v) ? image_of(json_object_array_get_idx(v, 0)) : NULL;
	return jstr(v, "url");
}

static bool jsonld_one(struct ex_ctx *x, const char *text, struct ex_meta *m)
{
	/* strip a CDATA wrapper */
	while (*text && ex_ws_len(text))
		text += ex_ws_len(text);
	if (strncmp(text, "<![CDATA[", 9) == 0)
		text += 9;
	size_t n = strlen(text);
	const char *end = text + n;
	while (end > text && strchr(" \t\r\n\f", end[-1]))
		end--;
	if (end - text >= 3 && strncmp(end - 3, "]]>", 3) == 0)
		end -= 3;
	if (end - text > LIMIT_EXTRACT_JSONLD_BYTES)
		return false;

	struct json_tokener *tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
	if (!tok)
		return false;
	struct json_object *root = json_tokener_parse_ex(tok, text, (int)(end - text));
	bool complete = json_tokener_get_error(tok) == json_tokener_success;
	json_tokener_free(tok);
	if (!root || !complete) {
		json_object_put(root);
		return false;
	}
	bool ok = false;
	struct json_object *p = root, *v;
	if (json_object_is_type(p, json_type_array)) {
		struct json_object *found = NULL;
		for (size_t i = 0; i < json_object_array_length(p) && !found; i++)
			if (typed_article(json_object_array_get_idx(p, i)))
				found = json_object_array_get_idx(p, i);
		p = found;
	}
	if (!p || !json_object_is_type(p, json_type_object))
		goto out;
	{
		const char *ctx_s = jstr(p, "@context");
		bool match = schema_org(ctx_s);
		if (!match && json_object_object_get_ex(p, "@context", &v) && json_object_is_type(v, json_type_object))
			match = schema_org(jstr(v, "@vocab"));
		if (!match)
			goto out;
	}
	if (!json_object_object_get_ex(p, "@type", &v) && json_object_object_get_ex(p, "@graph", &v) &&
	    json_object_is_type(v, json_type_array)) {
		struct json_object *found = NULL;
		for (size_t i = 0; i < json_object_array_length(v) && !found; i++)
			if (typed_article(json_object_array_get_idx(v, i)))
				found = json_object_array_get_idx(v, i);
		p = found;
	}
	if (!p || !typed_article(p))
		goto out;

	ok = true;
	const char *name = jstr(p, "name"), *headline = jstr(p, "headline");
	if (name && headline && strcmp(name, headline) != 0) {
		char *title = doc_title_clean(x);
		bool nm = ex_text_similarity(x->a, name, title) > 0.75;
		bool hm = ex_text_similarity(x->a, headline, title) > 0.75;
		m->title = arena_strdup(x->a, hm && !nm ? headline : name);
	} else if (name) {
		m->title = jtrim(x, name);
	} else if (headline) {
		m->title = jtrim(x, headline);
	}
	if (json_object_object_get_ex(p, "author", &v)) {
		const char *an = jstr(v, "name");
		if (an) {
			m->byline = jtrim(x, an);
		} else if (json_object_is_type(v, json_type_array) && json_object_array_length(v) &&
		           jstr(json_object_array_get_idx(v, 0), "name")) {
			struct sb b;
			sb_init(&b);
			bool first = true;
			for (size_t i = 0; i < json_object_array_length(v) && i < 100; i++) {
				const char *s = jstr(json_object_array_get_idx(v, i), "name");
				if (!s)
					continue;
				if (!first)
					sb_puts(&b, ", ");
				first = false;
				sb_puts(&b, ex_trim(x->a, s));
			}
			if (!sb_error(&b))
				m->byline = arena_strdup(x->a, sb_str(&b));
			sb_free(&b);
		}
	}
	if (jstr(p, "description"))
		m->excerpt = jtrim(x, jstr(p, "description"));
	if (json_object_object_get_ex(p, "publisher", &v) && jstr(v, "name"))
		m->site_name = jtrim(x, jstr(v, "name"));
	if (jstr(p, "datePublished"))
		m->published = jtrim(x, jstr(p, "datePublished"));
	if (json_object_object_get_ex(p, "image", &v) && image_of(v))
		m->image = jtrim(x, image_of(v));
out:
	json_object_put(root);
	return ok;
}

static void jsonld(struct ex_ctx *x, struct ex_meta *m)
{
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
		if (!ex_tag(n, "script"))
			continue;
		const char *t = html_get_attr(n, "type");
		if (!t || strcmp(t, "application/ld+json") != 0)
			continue;
		char *text = html_text_content(x->a, n);
		if (text && jsonld_one(x, text, m))
			return;
	}
}

/* ---- <meta> tags */

struct kv { char *k, *v; struct kv *next; };

static size_t word_in(const char *s, const char *const *words)
{
	for (size_t i = 0; words[i]; i++) {
		size_t l = strlen(words[i]);
		if (strncasecmp(s, words[i], l) == 0)
			return l;
	}
	return 0;
}

static size_t skip_ws(const char *s)
{
	size_t i = 0, w;
	while ((w = ex_ws_len(s + i)) != 0)
		i += w;
	return i;
}

/* the first match of \s*(article|dc|dcterm|og|twitter)\s*:\s*(author|...|site_name) in a
 * property attribute, as "prefix:name" lower-cased; NULL if none */
static char *property_name(struct ex_ctx *x, const char *prop)
{
	static const char *const pre[] = { "article", "dcterm", "dc", "og", "twitter", NULL };
	static const char *const names[] = { "author", "creator", "description", "published_time", "title",
	                                     "site_name", NULL };
	for (const char *s = prop; *s; s++) {
		for (size_t i = 0; pre[i]; i++) {
			size_t pl = strlen(pre[i]);
			if (strncasecmp(s, pre[i], pl) != 0)
				continue;
			const char *q = s + pl;
			q += skip_ws(q);
			if (*q != ':')
				continue;
			q++;
			q += skip_ws(q);
			for (size_t j = 0; names[j]; j++) {
				size_t nl = strlen(names[j]);
				if (strncasecmp(q, names[j], nl) == 0)
					return arena_printf(x->a, "%s:%s", pre[i], names[j]);
			}
		}
	}
	return NULL;
}

/* ^\s*(?:(dc|dcterm|og|twitter|parsely|weibo:(article|webpage))\s*[-.:]\s*)?(author|creator|pub-date|
 * description|title|site_name)\s*$, rewritten as Readability does (lower-case, no spaces, '.' -> ':') */
static char *name_key(struct ex_ctx *x, const char *name)
{
	static const char *const pre[] = { "dcterm", "dc", "og", "twitter", "parsely", "weibo:article",
	                                   "weibo:webpage", NULL };
	static const char *const names[] = { "author", "creator", "pub-date", "description", "title", "site_name",
	                                     NULL };
	const char *s = name + skip_ws(name);
	bool ok = false;
	for (int with_prefix = 1; with_prefix >= 0 && !ok; with_prefix--) {
		const char *q = s;
		if (with_prefix) {
			size_t l = word_in(q, pre);
			if (!l)
				continue;
			q += l;
			q += skip_ws(q);
			if (*q != '-' && *q != '.' && *q != ':')
				continue;
			q++;
			q += skip_ws(q);
		}
		size_t l = word_in(q, names);
		if (!l)
			continue;
		q += l;
		q += skip_ws(q);
		ok = *q == '\0';
	}
	if (!ok)
		return NULL;
	size_t n = strlen(name), o = 0;
	char *k = arena_alloc(x->a, n + 1);
	if (!k)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)name[i]))
			continue;
		k[o++] = name[i] == '.' ? ':' : (char)tolower((unsigned char)name[i]);
	}
	k[o] = '\0';
	return k;
}

static void kv_set(struct ex_ctx *x, struct kv **list, char *k, const char *v)
{
	for (struct kv *e = *list; e; e = e->next)
		if (strcmp(e->k, k) == 0) {
			e->v = ex_trim(x->a, v);
			return;
		}
	struct kv *e = ARENA_NEW(x->a, struct kv);
	if (!e)
		return;
	e->k = k;
	e->v = ex_trim(x->a, v);
	e->next = *list;
	*list = e;
}

static char *kv_get(struct kv *list, const char *k)
{
	for (; list; list = list->next)
		if (strcmp(list->k, k) == 0)
			return list->v && *list->v ? list->v : NULL;
	return NULL;
}

static bool is_absolute_url(struct ex_ctx *x, const char *s)
{
	struct url u;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	return url_parse(x->a, s, strlen(s), &u, NULL) == 0 && u.scheme;
}

/* ---- beyond Readability: where it finds nothing, or keeps the site's name in the title */

/* s with every whitespace run one space, trimmed; NULL stays NULL */
static char *flat(struct ex_ctx *x, const char *s)
{
	if (!s)
		return NULL;
	char *o = arena_alloc(x->a, strlen(s) + 1), *q = o;
	if (!o)
		return (char *)s;
	bool sp = false;
	for (const char *p = s; *p;) {
		size_t w = ex_ws_len(p);
		if (w) {
			sp = q > o;
			p += w;
			continue;
		}
		if (sp)
			*q++ = ' ';
		sp = false;
		*q++ = *p++;
	}
	*q = '\0';
	return o;
}

/* what splits a title from the site's name: spaced ASCII and typographic marks, and CJK's full-width
 * ones, which need no spaces */
static const char *const title_seps[] = {
	" | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " \xC2\xB7 ", " :: ", " \xC2\xBB ", " : ", ": ",
	"\xEF\xBD\x9C", "\xEF\xBC\x9A", "_", NULL,
};

struct title_refs {
	const char *v[40];              /* the page's headings (h1, h2) and its other titles */
	size_t n;
	const char *site;
};

static bool title_ref(const struct title_refs *r, const char *part)
{
	for (size_t i = 0; *part && i < r->n; i++)
		if (r->v[i] && strcasecmp(r->v[i], part) == 0)
			return true;
	return false;
}

/* title (whitespace collapsed) cut at one separator to the side the page confirms: the other side is the
 * site's name, or this side is one of the page's own headings or titles; NULL when nothing confirms a cut */
static char *title_confirmed(struct ex_ctx *x, char *title, const struct title_refs *r)
{
	if (title_ref(r, title))
		return NULL;
	for (size_t i = strlen(title); i-- > 0;)
		for (size_t k = 0; title_seps[k]; k++) {
			size_t l = strlen(title_seps[k]);
			if (strncmp(title + i, title_seps[k], l) != 0)
				continue;
			char *left = flat(x, arena_strndup(x->a, title, i)), *right = flat(x, title + i + l);
			if (!left || !right || !*left || !*right || strcasecmp(left, right) == 0) /* "Artist: Album" alike */
				continue;
			/* a heading confirms the longer side only: a site's masthead is often an <h1> of its own */
			bool left_longer = strlen(left) >= strlen(right);
			if ((r->site && strcasecmp(right, r->site) == 0) || (left_longer && title_ref(r, left)))
				return left;
			if ((r->site && strcasecmp(left, r->site) == 0) || (!left_longer && title_ref(r, right)))
				return right;
		}
	return NULL;
}

/* the title without the site's name where the page says so ("Article | Site" -> "Article" when an <h1>,
 * <h2>, og:title or JSON-LD headline reads "Article", or the site's name is "Site"); NULL: keep the title */
static char *title_without_site(struct ex_ctx *x, char *title, struct kv *vals, const struct ex_meta *j,
                                const char *site)
{
	struct title_refs r = { .n = 0, .site = flat(x, site) };
	if (!title || !*title || strlen(title) > LIMIT_TITLE) /* longer than a stored title: not a page's title */
		return NULL;
	const char *alts[] = { j->title, kv_get(vals, "og:title"), kv_get(vals, "twitter:title"), NULL };
	for (size_t i = 0; alts[i]; i++)
		if (strcmp(alts[i], title) != 0)
			r.v[r.n++] = flat(x, unescape(x, alts[i]));
	for (struct html_node *n = x->doc->root->first_child; n && r.n < sizeof r.v / sizeof r.v[0];
	     n = html_next(x->doc->root, n))
		if (ex_tag(n, "h1") || ex_tag(n, "h2"))
			r.v[r.n++] = html_inner_text(x->a, n);
	return title_confirmed(x, flat(x, title), &r);
}

/* the content of the first <meta name=NAME> */
static const char *meta_named(struct ex_ctx *x, const char *name)
{
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n))
		if (ex_tag(n, "meta") && html_get_attr(n, "name") && strcasecmp(html_get_attr(n, "name"), name) == 0 &&
		    html_get_attr(n, "content") && *html_get_attr(n, "content"))
			return ex_trim(x->a, html_get_attr(n, "content"));
	return NULL;
}

/* the published date where Readability finds none: <meta> under the names pages use for it (by name,
 * property or itemprop), any element with itemprop="datePublished", a datePublished in any JSON-LD block,
 * then the first <time datetime>; only a value that reads as an ISO 8601 date counts */
static const char *const date_names[] = {
	"article:published_time", "og:article:published_time", "og:published_time", "published_time", "datepublished", "dc.date.issued",
	"dcterms.issued", "dcterms.created", "dc.date", "dcterms.date", "date", "pubdate", "publishdate",
	"publish-date", "publish_date", "sailthru.date", "article.published", "published_at", NULL,
};

static bool iso_date(const char *s)
{
	int64_t ms;
	return s && *s && time_parse_iso(s, strlen(s), &ms) == 0;
}

/* s as ISO 8601 where a page wrote it almost so: a space before the offset ("2016-11-28 16:23:00 -0500"),
 * an offset of three digits ("10:15-500"); NULL when it still does not read as a date */
static const char *iso_repaired(struct ex_ctx *x, const char *s)
{
	if (!s || iso_date(s))
		return s;
	char *t = ex_trim(x->a, s);
	size_t n = t ? strlen(t) : 0, d = 0;
	while (d < n && t[n - 1 - d] >= '0' && t[n - 1 - d] <= '9')
		d++;
	if (d != 3 && d != 4)
		return NULL;
	char *sign = t + n - d - 1;
	if (sign <= t || (*sign != '+' && *sign != '-'))
		return NULL;
	size_t head = (size_t)(sign - t) - (sign[-1] == ' ');
	char *r = arena_printf(x->a, "%.*s%c%s%s", (int)head, t, *sign, d == 3 ? "0" : "", sign + 1);
	return iso_date(r) ? r : NULL;
}

static const char *jsonld_date(struct ex_ctx *x, struct html_node *script)
{
	char *t = html_text_content(x->a, script), *p = t ? strstr(t, "\"datePublished\"") : NULL;
	if (!p)
		return NULL;
	p += strlen("\"datePublished\"");
	while (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	char *end = *p == '"' ? strchr(p + 1, '"') : NULL;
	char *v = end ? arena_strndup(x->a, p + 1, (size_t)(end - p - 1)) : NULL;
	return iso_date(v) ? v : NULL;
}

static const char *date_fallback(struct ex_ctx *x)
{
	const char *by_name[sizeof date_names / sizeof date_names[0]] = { 0 }, *prop = NULL, *ld = NULL, *first_time = NULL;
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
		if (n->type != HTML_ELEMENT)
			continue;
		const char *ip = html_get_attr(n, "itemprop"), *v = html_get_attr(n, "content");
		if (!v)
			v = html_get_attr(n, "datetime");
		v = v && (ex_tag(n, "meta") || ip) ? iso_repaired(x, v) : v;
		if (ex_tag(n, "meta")) {
			const char *keys[] = { html_get_attr(n, "name"), html_get_attr(n, "property"), ip };
			for (size_t k = 0; k < 3; k++)
				for (size_t i = 0; keys[k] && date_names[i]; i++)
					if (!by_name[i] && strcasecmp(keys[k], date_names[i]) == 0 && iso_date(v))
						by_name[i] = v;
		} else if (!prop && ip && strcmp(ip, "datePublished") == 0 && iso_date(v)) {
			prop = v;
		} else if (!ld && ex_tag(n, "script") && html_get_attr(n, "type") &&
		           strcmp(html_get_attr(n, "type"), "application/ld+json") == 0) {
			ld = jsonld_date(x, n);
		} else if (!first_time && ex_tag(n, "time") && iso_date(html_get_attr(n, "datetime"))) {
			first_time = html_get_attr(n, "datetime");
		}
	}
	for (size_t i = 0; date_names[i]; i++)
		if (by_name[i])
			return ex_trim(x->a, by_name[i]);
	const char *v = prop ? prop : ld ? ld : first_time;
	return v ? ex_trim(x->a, v) : NULL;
}

/* the page's language where <html lang> gives none: <meta http-equiv="content-language">, a language or
 * dc.language <meta>, og:locale (its "_" made "-"); the first of a list */
static char *lang_fallback(struct ex_ctx *x)
{
	const char *found[3] = { 0 };
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
		if (!ex_tag(n, "meta") || !html_get_attr(n, "content") || !*html_get_attr(n, "content"))
			continue;
		const char *he = html_get_attr(n, "http-equiv"), *name = html_get_attr(n, "name");
		const char *prop = html_get_attr(n, "property"), *c = html_get_attr(n, "content");
		if (he && strcasecmp(he, "content-language") == 0 && !found[0])
			found[0] = c;
		if (name && (strcasecmp(name, "language") == 0 || strcasecmp(name, "dc.language") == 0) && !found[1])
			found[1] = c;
		if (((prop && strcasecmp(prop, "og:locale") == 0) || (name && strcasecmp(name, "og:locale") == 0)) &&
		    !found[2])
			found[2] = c;
	}
	for (size_t i = 0; i < 3; i++) {
		if (!found[i])
			continue;
		char *v = ex_trim(x->a, found[i]);
		size_t l = v ? strcspn(v, ", ;") : 0;
		if (!l || l > 35)
			continue;
		v[l] = '\0';
		for (char *p = v; *p; p++)
			if (*p == '_')
				*p = '-';
		return v;
	}
	return NULL;
}

static bool month_word(const char *w, size_t l)
{
	static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
	                                      "nov", "dec", NULL };
	for (size_t i = 0; months[i]; i++)
		if (l >= 3 && strncasecmp(w, months[i], 3) == 0)
			return true;
	return false;
}

/* the lead image where the page names none: the first <img> of a <figure>, or the first one at least
 * LIMIT_EXTRACT_LEAD_IMAGE_PX wide by its width attribute (icons, avatars and spacers are smaller) */
static const char *first_figure_image(struct ex_ctx *x)
{
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
		if (!ex_tag(n, "img"))
			continue;
		const char *src = html_get_attr(n, "src"), *w = html_get_attr(n, "width");
		if (!src || !*src || strncasecmp(src, "data:", 5) == 0)
			continue;
		bool in_figure = false;
		for (struct html_node *p = n->parent; p && !in_figure; p = p->parent)
			in_figure = ex_tag(p, "figure");
		if (in_figure || (w && atol(w) >= LIMIT_EXTRACT_LEAD_IMAGE_PX))
			return ex_trim(x->a, src);
	}
	return NULL;
}

/* a byline's date cut off ("Nathan Willis March 25, 2015", "Lucas Nolan22 Dec 2016"): at its first digit, or at
 * the month name before it, when a name comes first; then trailing spaces and punctuation */
static void cut_date(char *b)
{
	char *d = strpbrk(b, "0123456789");
	if (!d || d == b)
		return;
	char *cut = d;
	if (d[-1] == ' ' || d[-1] == ',') {
		char *ws = d - 1;                       /* the word before the number */
		while (ws > b && ws[-1] == ' ')
			ws--;
		char *we = ws;
		while (ws > b && ws[-1] != ' ')
			ws--;
		if (month_word(ws, (size_t)(we - ws)))
			cut = ws;
	}
	char *end = cut;
	while (end > b && end[-1] == ' ')
		end--;
	if (end == b || end[-1] == ':') { /* only a date, or a label before it ("Last Updated: ...") */
		*b = '\0';
		return;
	}
	while (cut > b && strchr(" ,;:-|", cut[-1]))
		cut--;
	*cut = '\0';
}

/* a byline as a name: not an address, its "By"/"Par"/"Von" and what follows a " · ", " | " or " / " cut off,
 * and after " by " when a date or place comes first ("January 17, 2017 by Kori Schulman") */
char *ex_byline_clean(struct ex_ctx *x, const char *s)
{
	static const char *const lead[] = { "written by", "posted by", "by:", "by", "par", "von", NULL };
	static const char *const tails[] = { " \xC2\xB7 ", " | ", " / ", NULL };
	char *b = flat(x, s);
	if (!b || !*b || is_absolute_url(x, b))
		return NULL;
	bool digit = false;
	for (char *p = b; *p; p++) {
		digit = digit || (*p >= '0' && *p <= '9');
		if (digit && strncasecmp(p, " by ", 4) == 0)
			b = p + 4;
	}
	for (size_t i = 0; lead[i]; i++) {
		size_t l = strlen(lead[i]);
		if (strncasecmp(b, lead[i], l) == 0 && (b[l] == ' ' || lead[i][l - 1] == ':')) {
			b += l;
			break;
		}
	}
	b = flat(x, b);
	for (size_t i = 0; b && tails[i]; i++) {
		char *t = strstr(b, tails[i]);
		if (t && t > b)
			*t = '\0';
	}
	if (b)
		cut_date(b);
	return b && *b ? b : NULL;
}

#define FIRST2(a, b) ((a) ? (a) : (b))

void ex_meta_collect(struct ex_ctx *x)
{
	struct ex_meta j = { 0 }, *m = &x->meta;
	struct kv *vals = NULL;
	char *img = NULL;

	jsonld(x, &j);
	for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
		if (!ex_tag(n, "meta"))
			continue;
		const char *name = html_get_attr(n, "name"), *prop = html_get_attr(n, "property");
		const char *content = html_get_attr(n, "content");
		if (!content || !*content)
			continue;
		char *k = NULL;
		if (prop && (k = property_name(x, prop)) != NULL)
			kv_set(x, &vals, k, content);
		if (!k && name && (k = name_key(x, name)) != NULL)
			kv_set(x, &vals, k, content);
		/* the lead image (not part of Readability) */
		const char *key = prop ? prop : name;
		if (!img && key && (strcasecmp(key, "og:image") == 0 || strcasecmp(key, "og:image:url") == 0 ||
		                    strcasecmp(key, "og:image:secure_url") == 0))
			img = ex_trim(x->a, content);
	}
	if (!img)
		for (struct html_node *n = x->doc->root->first_child; n; n = html_next(x->doc->root, n)) {
			if (!ex_tag(n, "meta"))
				continue;
			const char *key = html_get_attr(n, "name");
			const char *content = html_get_attr(n, "content");
			if (!key)
				key = html_get_attr(n, "property");
			if (key && content && *content &&
			    (strcasecmp(key, "twitter:image") == 0 || strcasecmp(key, "twitter:image:src") == 0)) {
				img = ex_trim(x->a, content);
				break;
			}
		}
	if (!img)
		img = j.image;
	if (!img)
		img = (char *)first_figure_image(x);

	m->title = j.title;
	if (!m->title)
		m->title = kv_get(vals, "dc:title");
	if (!m->title)
		m->title = kv_get(vals, "dcterm:title");
	if (!m->title)
		m->title = kv_get(vals, "og:title");
	if (!m->title)
		m->title = FIRST2(kv_get(vals, "weibo:article:title"), kv_get(vals, "weibo:webpage:title"));
	if (!m->title)
		m->title = kv_get(vals, "title");
	if (!m->title)
		m->title = FIRST2(kv_get(vals, "twitter:title"), kv_get(vals, "parsely-title"));
	if (!m->title || !*m->title)
		m->title = doc_title_clean(x);

	char *aa = kv_get(vals, "article:author");
	if (aa && is_absolute_url(x, aa))
		aa = NULL;
	m->byline = j.byline && *j.byline ? j.byline : NULL;
	if (!m->byline)
		m->byline = FIRST2(kv_get(vals, "dc:creator"), kv_get(vals, "dcterm:creator"));
	if (!m->byline)
		m->byline = FIRST2(kv_get(vals, "author"), kv_get(vals, "parsely-author"));
	if (!m->byline)
		m->byline = aa;

	m->excerpt = j.excerpt && *j.excerpt ? j.excerpt : NULL;
	const char *const ex_keys[] = { "dc:description", "dcterm:description", "og:description",
	                                "weibo:article:description", "weibo:webpage:description", "description",
	                                "twitter:description", NULL };
	for (size_t i = 0; !m->excerpt && ex_keys[i]; i++)
		m->excerpt = kv_get(vals, ex_keys[i]);
	m->site_name = j.site_name && *j.site_name ? j.site_name : kv_get(vals, "og:site_name");
	m->published = j.published && *j.published ? j.published : NULL;
	if (!m->published)
		m->published = FIRST2(kv_get(vals, "article:published_time"), kv_get(vals, "parsely-pub-date"));

	m->title = unescape(x, m->title);
	m->byline = unescape(x, m->byline);
	m->excerpt = unescape(x, m->excerpt);
	m->site_name = unescape(x, m->site_name);
	m->published = unescape(x, m->published);
	m->image = img && *img ? unescape(x, img) : NULL;
	if (!m->site_name)
		m->site_name = unescape(x, meta_named(x, "application-name"));
	if (!m->published)
		m->published = (char *)date_fallback(x);
	m->headline = title_without_site(x, m->title, vals, &j, m->site_name);
	if (!x->lang || !*x->lang)
		x->lang = lang_fallback(x);
	x->title = m->title;
}

/* ---- isProbablyReaderable */

bool ex_readerable(struct ex_ctx *x)
{
	double score = 0;
	struct html_node *root = x->doc->root;
	for (int pass = 0; pass < 2; pass++) {
		for (struct html_node *n = root->first_child; n; n = html_next(root, n)) {
			struct html_node *node = n;
			if (pass == 0) {
				if (!ex_tag(n, "p") && !ex_tag(n, "pre") && !ex_tag(n, "article"))
					continue;
			} else {
				/* divs holding a <br> child (Readability adds the parents of "div > br") */
				if (!ex_tag(n, "div"))
					continue;
				bool has_br = false;
				for (struct html_node *c = ex_first_el(n); c && !has_br; c = ex_next_el(c))
					has_br = ex_tag(c, "br");
				if (!has_br)
					continue;
			}
			if (!ex_probably_visible(node))
				continue;
			const char *ms = ex_match_string(x, node);
			if (ex_unlikely(ms) && !ex_maybe_candidate(ms))
				continue;
			if (ex_tag(node, "p")) {
				bool in_li = false;
				for (struct html_node *a = node->parent; a && !in_li; a = a->parent)
					in_li = ex_tag(a, "li");
				if (in_li)
					continue;
			}
			struct ex_text t;
			ex_text_measure(node, &t);
			if (t.trimmed < 140)
				continue;
			score += sqrt((double)(t.trimmed - 140));
			if (score > 20)
				return true;
		}
	}
	return false;
}
