/* extract.c: the readable-article extractor: candidate scoring, top candidate and siblings, retries, output. */
#include "content/article/extract.h"

#include <string.h>

#include "content/article/extract_int.h"
#include "content/reader.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/url.h"

struct vec {
	struct html_node **v;
	size_t n, cap;
};

static bool vec_push(struct ex_ctx *x, struct vec *v, struct html_node *n)
{
	if (v->n == v->cap) {
		size_t nc = v->cap ? v->cap * 2 : 64;
		struct html_node **nv = arena_realloc(x->a, v->v, v->cap * sizeof *nv, nc * sizeof *nv);
		if (!nv) {
			x->oom = true;
			return false;
		}
		v->v = nv;
		v->cap = nc;
	}
	v->v[v->n++] = n;
	return true;
}

static void init_node(struct ex_ctx *x, struct html_node *n)
{
	struct ex_info *i = ex_info(x, n, true);
	if (!i)
		return;
	double s = 0;
	static const char *const minus3[] = { "address", "ol", "ul", "dl", "dd", "dt", "li", "form", NULL };
	static const char *const minus5[] = { "h1", "h2", "h3", "h4", "h5", "h6", "th", NULL };
	if (ex_tag(n, "div"))
		s = 5;
	else if (ex_tag(n, "pre") || ex_tag(n, "td") || ex_tag(n, "blockquote"))
		s = 3;
	else if (ex_tag_in(n, minus3))
		s = -3;
	else if (ex_tag_in(n, minus5))
		s = -5;
	i->score = s + ex_class_weight(x, n);
	i->scored = true;
}

static bool scored(struct ex_ctx *x, const struct html_node *n)
{
	struct ex_info *i = ex_info(x, n, false);
	return i && i->scored;
}

static bool valid_byline(struct html_node *n, const char *ms)
{
	const char *rel = html_get_attr(n, "rel"), *ip = html_get_attr(n, "itemprop");
	if (!((rel && strcmp(rel, "author") == 0) || (ip && strstr(ip, "author")) || ex_byline_match(ms)))
		return false;
	struct ex_text t;
	ex_text_measure(n, &t);
	return t.trimmed > 0 && t.trimmed < 100;
}

static bool unlikely_role(const char *role)
{
	static const char *const roles[] = { "menu", "menubar", "complementary", "navigation", "alert",
	                                     "alertdialog", "dialog", NULL };
	if (!role)
		return false;
	for (size_t i = 0; roles[i]; i++)
		if (strcmp(role, roles[i]) == 0)
			return true;
	return false;
}

static bool element_parent(const struct html_node *n)
{
	return n->parent && n->parent->type == HTML_ELEMENT;
}

/* the class attribute, "" when absent */
static const char *class_of(const struct html_node *n)
{
	const char *c = html_get_attr(n, "class");
	return c ? c : "";
}

/* does the text have a period followed by a space or the end? (/\.( |$)/) */
static bool has_sentence_end(const char *s)
{
	for (const char *p = strchr(s, '.'); p; p = strchr(p + 1, '.'))
		if (p[1] == ' ' || p[1] == '\0')
			return true;
	return false;
}

/* what one pass found: the article (a detached <div>), the top candidate and its parent, and
 * the article's text length */
struct attempt {
	struct html_node *article, *top, *parent;
	size_t len;
};

/* one pass of Readability's _grabArticle on x->doc with the heuristics in x->flags;
 * 0 (the result in *at), or -1 when memory ran out */
static int grab(struct ex_ctx *x, struct attempt *at)
{
	struct html_node *body = x->body;
	struct vec score = { 0 }, cands = { 0 };
	bool strip = x->flags & EX_STRIP_UNLIKELYS, remove_title = true;

	memset(at, 0, sizeof *at);
	x->blank_gen++;
	struct html_node *node = ex_first_el(x->doc->root);
	while (node) {
		const char *ms = ex_match_string(x, node);
		if (!ex_probably_visible(node)) {
			node = ex_remove_and_next(node);
			continue;
		}
		const char *am = html_get_attr(node, "aria-modal"), *role = html_get_attr(node, "role");
		if (am && strcmp(am, "true") == 0 && role && strcmp(role, "dialog") == 0) {
			node = ex_remove_and_next(node);
			continue;
		}
		if (!x->found_byline && !x->meta.byline && valid_byline(node, ms)) {
			struct html_node *end = ex_next_node(node, true), *next = ex_next_node(node, false), *name = NULL;
			while (next && next != end) {
				const char *ip = html_get_attr(next, "itemprop");
				if (ip && strstr(ip, "name")) {
					name = next;
					break;
				}
				next = ex_next_node(next, false);
			}
			x->found_byline = ex_trim(x->a, html_text_content(x->a, name ? name : node));
			node = ex_remove_and_next(node);
			continue;
		}
		if (remove_title && (ex_tag(node, "h1") || ex_tag(node, "h2")) && x->title) {
			char *h = ex_trim(x->a, html_text_content(x->a, node));
			if (h && ex_text_similarity(x->a, x->title, h) > 0.75) {
				remove_title = false;
				node = ex_remove_and_next(node);
				continue;
			}
		}
		if (strip) {
			if (ex_unlikely(ms) && !ex_maybe_candidate(ms) && !ex_has_ancestor(node, "table", 3, x, false) &&
			    !ex_has_ancestor(node, "code", 3, x, false) && !ex_tag(node, "body") && !ex_tag(node, "a")) {
				node = ex_remove_and_next(node);
				continue;
			}
			if (unlikely_role(role)) {
				node = ex_remove_and_next(node);
				continue;
			}
		}
		static const char *const emptyable[] = { "div", "section", "header", "h1", "h2", "h3", "h4", "h5",
		                                         "h6", NULL };
		if (ex_tag_in(node, emptyable) && ex_without_content_memo(x, node)) {
			node = ex_remove_and_next(node);
			continue;
		}
		static const char *const to_score[] = { "section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre",
		                                        NULL };
		if (ex_tag_in(node, to_score))
			vec_push(x, &score, node);
		if (ex_tag(node, "div")) {
			/* runs of phrasing content become paragraphs */
			struct html_node *p = NULL, *c = node->first_child;
			while (c) {
				struct html_node *next = c->next;
				if (ex_is_phrasing(c)) {
					if (p) {
						html_append(p, c);
					} else if (!ex_is_whitespace(c)) {
						p = html_create_element(x->doc, "p");
						if (!p) {
							x->oom = true;
							return -1;
						}
						html_replace(c, p);
						html_append(p, c);
					}
				} else if (p) {
					while (p->last_child && ex_is_whitespace(p->last_child))
						html_remove(p->last_child);
					p = NULL;
				}
				c = next;
			}
			if (ex_single_tag_inside(node, "p") && ex_link_density(node) < 0.25) {
				struct html_node *child = ex_first_el(node);
				html_replace(node, child);
				node = child;
				vec_push(x, &score, node);
			} else if (!ex_has_child_block(node)) {
				ex_set_tag(x, node, "p");
				vec_push(x, &score, node);
			}
		}
		node = ex_next_node(node, false);
	}
	if (x->oom)
		return -1;

	/* score paragraphs and give their ancestors a share (the tree holds still from here to
	 * the choice of the top candidate: measures are memoised) */
	x->memo_gen++;
	for (size_t k = 0; k < score.n; k++) {
		struct html_node *e = score.v[k];
		if (!element_parent(e))
			continue;
		struct ex_text t;
		ex_text_memo(x, e, &t);
		if (t.norm < 25)
			continue;
		double cs = 1 + (double)(t.ucommas + 1) + (double)(t.norm / 100 < 3 ? t.norm / 100 : 3);
		struct html_node *anc = e->parent;
		for (int level = 0; anc && level < 5; level++, anc = anc->parent) {
			if (anc->type != HTML_ELEMENT || !element_parent(anc))
				break;
			if (!scored(x, anc)) {
				init_node(x, anc);
				vec_push(x, &cands, anc);
			}
			double div = level == 0 ? 1 : level == 1 ? 2 : level * 3;
			struct ex_info *i = ex_info(x, anc, false);
			if (i)
				i->score += cs / div;
		}
	}
	if (x->oom)
		return -1;

	/* the best five, scaled by how little of them is links */
	enum { NTOP = 5 };
	struct html_node *tops[NTOP] = { 0 };
	double top_scores[NTOP] = { 0 };
	size_t ntop = 0;
	for (size_t k = 0; k < cands.n; k++) {
		struct ex_info *i = ex_info(x, cands.v[k], false);
		if (!i)
			continue;
		double ld = ex_link_density_memo(x, cands.v[k]);
		if ((i = ex_info(x, cands.v[k], false)) == NULL)    /* the map may have grown */
			continue;
		i->score *= 1 - ld;
		for (size_t t = 0; t < NTOP; t++) {
			if (t >= ntop || i->score > top_scores[t]) {
				size_t last = ntop < NTOP ? ntop : NTOP - 1;
				for (size_t m = last; m > t; m--) {
					tops[m] = tops[m - 1];
					top_scores[m] = top_scores[m - 1];
				}
				tops[t] = cands.v[k];
				top_scores[t] = i->score;
				if (ntop < NTOP)
					ntop++;
				break;
			}
		}
	}

	struct html_node *top = ntop ? tops[0] : NULL, *parent;
	bool created = false;
	if (!top || ex_tag(top, "body")) {
		top = html_create_element(x->doc, "div");
		if (!top) {
			x->oom = true;
			return -1;
		}
		created = true;
		while (body->first_child)
			html_append(top, body->first_child);
		html_append(body, top);
		init_node(x, top);
	} else {
		/* several strong candidates sharing an ancestor: take the ancestor */
		size_t nalt = 0;
		struct html_node *alts[NTOP];
		for (size_t i = 1; i < ntop; i++)
			if (top_scores[0] != 0 ? top_scores[i] / top_scores[0] >= 0.75 : top_scores[i] >= 0)
				alts[nalt++] = tops[i];
		if (nalt >= 3) {
			for (parent = top->parent; parent && parent->type == HTML_ELEMENT && !ex_tag(parent, "body");
			     parent = parent->parent) {
				int lists = 0;
				for (size_t i = 0; i < nalt && lists < 3; i++) {
					for (struct html_node *a = alts[i]->parent; a; a = a->parent)
						if (a == parent) {
							lists++;
							break;
						}
				}
				if (lists >= 3) {
					top = parent;
					break;
				}
			}
		}
		if (!scored(x, top))
			init_node(x, top);
		/* climb while the parents' scores keep up */
		parent = top->parent;
		double last = ex_score(x, top), threshold = last / 3;
		while (parent && parent->type == HTML_ELEMENT && !ex_tag(parent, "body")) {
			if (!scored(x, parent)) {
				parent = parent->parent;
				continue;
			}
			double ps = ex_score(x, parent);
			if (ps < threshold)
				break;
			if (ps > last) {
				top = parent;
				break;
			}
			last = ps;
			parent = parent->parent;
		}
		/* an only child is as good as its parent */
		parent = top->parent;
		while (parent && parent->type == HTML_ELEMENT && !ex_tag(parent, "body") && ex_el_count(parent) == 1) {
			top = parent;
			parent = top->parent;
		}
		if (!scored(x, top))
			init_node(x, top);
	}
	parent = top->parent;
	if (!parent)
		return -1;

	struct html_node *article = html_create_element(x->doc, "div");
	if (!article) {
		x->oom = true;
		return -1;
	}
	double top_score = ex_score(x, top);
	double sib_threshold = top_score * 0.2 > 10 ? top_score * 0.2 : 10;
	const char *top_class = class_of(top);
	for (struct html_node *s = ex_first_el(parent), *next; s; s = next) {
		next = ex_next_el(s);
		bool append = false;
		if (s == top) {
			append = true;
		} else {
			double bonus = 0;
			if (*top_class && strcmp(class_of(s), top_class) == 0)
				bonus += top_score * 0.2;
			if (scored(x, s) && ex_score(x, s) + bonus >= sib_threshold) {
				append = true;
			} else if (ex_tag(s, "p")) {
				double ld = ex_link_density(s);
				struct ex_text t;
				ex_text_measure(s, &t);
				if (t.norm > 80 && ld < 0.25) {
					append = true;
				} else if (t.norm < 80 && t.norm > 0 && ld == 0) {
					char *txt = ex_inner_text(x, s);
					append = has_sentence_end(txt);
				}
			}
		}
		if (append) {
			static const char *const keep[] = { "div", "article", "section", "p", "ol", "ul", NULL };
			if (!ex_tag_in(s, keep))
				ex_set_tag(x, s, "div");
			html_append(article, s);
		}
	}

	ex_prep_article(x, article);

	if (created) {
		html_set_attr(x->doc, top, "id", "readability-page-1");
		html_set_attr(x->doc, top, "class", "page");
	} else {
		struct html_node *div = html_create_element(x->doc, "div");
		if (!div) {
			x->oom = true;
			return -1;
		}
		html_set_attr(x->doc, div, "id", "readability-page-1");
		html_set_attr(x->doc, div, "class", "page");
		while (article->first_child)
			html_append(div, article->first_child);
		html_append(article, div);
	}
	at->article = article;
	at->top = top;
	at->parent = parent;
	at->len = ex_norm_len(article);
	return x->oom ? -1 : 0;
}

static size_t count_elements(const struct html_node *root)
{
	size_t k = 0;
	for (const struct html_node *c = root->first_child; c; c = html_next(root, c))
		k += c->type == HTML_ELEMENT;
	return k;
}

/* the document prepared for a pass: x->doc itself for the first (meta), a copy of the page as parsed
 * for a retry; noscript images unwrapped, scripts and styles gone, <br> chains made paragraphs,
 * <font> made <span> */
static int prepare(struct ex_ctx *x, bool meta)
{
	if (!meta && !(x->doc = html_clone_doc(x->a, x->first)))
		return -1;
	x->map.slots = NULL;
	x->map.cap = x->map.used = 0;
	struct html_node *root = x->doc->root, *html_el = ex_first_el(root);
	x->body = NULL;
	for (struct html_node *c = html_el ? ex_first_el(html_el) : NULL; c; c = ex_next_el(c))
		if (ex_tag(c, "body"))
			x->body = c;
	if (meta) {
		/* the readerable test looks at the page as it is */
		x->readerable = ex_readerable(x);
		x->too_big = count_elements(root) > LIMIT_EXTRACT_ELEMENTS;
		const char *lang = html_el ? html_get_attr(html_el, "lang") : NULL;
		x->lang = lang ? arena_strdup(x->a, lang) : NULL;
		/* the retries start again from a copy of the page as parsed (copying is cheap, parsing is not) */
		if (!x->too_big && x->body && !(x->first = html_clone_doc(x->a, x->doc)))
			return -1;
	}
	ex_unwrap_noscript_images(x);
	if (meta)
		ex_meta_collect(x);
	static const char *const T_SCRIPT[] = { "script", "noscript", "style", NULL };
	size_t k;
	struct html_node **v = ex_collect(x, root, T_SCRIPT, &k);
	for (size_t i = 0; i < k; i++)
		html_remove(v[i]);
	if (x->body)
		ex_replace_brs(x, x->body);
	for (struct html_node *c = root->first_child; c; c = html_next(root, c))
		if (ex_tag(c, "font"))
			ex_set_tag(x, c, "span");
	return x->oom ? -1 : 0;
}

/* the base for relative links: the page URL, moved by a <base href> */
static void set_base(struct ex_ctx *x, const char *url)
{
	struct url u;
	x->base = NULL;
	x->base_is_doc = true;
	if (!url || url_parse(x->a, url, strlen(url), &u, NULL) != 0 || !u.scheme)
		return;
	x->base = url;
	struct html_node *b = html_first_element(x->doc->root, "base");
	const char *href = b ? html_get_attr(b, "href") : NULL;
	char *nb;
	if (href && *href && url_resolve(x->a, url, href, &nb) == 0 && strcmp(nb, url) != 0) {
		x->base = nb;
		x->base_is_doc = false;
	}
}

long content_count_words(const char *text)
{
	long words = 0;
	bool in_word = false;
	const unsigned char *p = (const unsigned char *)(text ? text : "");
	while (*p) {
		uint32_t cp;
		size_t len = 1;
		if (*p < 0x80) {
			cp = *p;
		} else if ((*p & 0xE0) == 0xC0 && p[1]) {
			cp = ((uint32_t)(*p & 0x1F) << 6) | (p[1] & 0x3F);
			len = 2;
		} else if ((*p & 0xF0) == 0xE0 && p[1] && p[2]) {
			cp = ((uint32_t)(*p & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
			len = 3;
		} else if ((*p & 0xF8) == 0xF0 && p[1] && p[2] && p[3]) {
			cp = ((uint32_t)(*p & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
			     ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
			len = 4;
		} else {
			cp = 0xFFFD;
		}
		bool cjk = (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
		           (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
		           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x2FFFF);
		bool alnum = (cp < 0x80 && ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z')) || (cp >= '0' && cp <= '9') ||
		             (cp >= 0xC0 && cp != 0xD7 && cp != 0xF7 && !(cp >= 0x2000 && cp <= 0x2BFF) &&
		              !(cp >= 0x3000 && cp <= 0x303F) && !(cp >= 0xFE30 && cp <= 0xFE4F) &&
		              !(cp >= 0xFF00 && cp <= 0xFF0F) && cp != 0xFEFF && cp != 0xFFFD);
		if (cjk) {
			words++;
			in_word = false;
		} else if (alnum) {
			if (!in_word)
				words++;
			in_word = true;
		} else {
			in_word = false;
		}
		p += len;
	}
	return words;
}

struct html_doc *content_parse_page(struct arena *a, const char *html, size_t n, const struct content_limits *lim)
{
	/* scripts and styles go unread */
	html = ex_strip_raw(a, html ? html : "", n, &n);
	return html ? html_parse(a, html, n, lim) : NULL;
}

/* does a class or id word of n name a comment section ("comments", "commentlist", "comment_body", Disqus's
 * thread, WordPress's "respond"; not "commentary", an article's kind) or a sidebar ("sidebar", "sidebar2"; not
 * a word holding it: "theiastickysidebar" wraps a main column)? */
static bool aside_named(struct ex_ctx *x, const struct html_node *n)
{
	static const char *const aside[] = { "comment*", "disqus*", "respond", "sidebar", "sidebar1", "sidebar2",
		                             "sidebar3", NULL };
	static const char *const article_kind[] = { "commentary", NULL };
	const char *s = ex_match_string(x, n);
	return ex_word_match(s, aside) && !ex_word_match(s, article_kind);
}

/* a box the first pass strips as unlikely whose name says it holds comments or is a sidebar */
static bool unlikely_box(struct ex_ctx *x, const struct html_node *n)
{
	if (n->type != HTML_ELEMENT || ex_tag(n, "body") || ex_tag(n, "a"))
		return false;
	const char *ms = ex_match_string(x, n);
	return aside_named(x, n) && ex_unlikely(ms) && !ex_maybe_candidate(ms);
}

/* does the walk up from the article stop here: at an <article> or <main>, or a box whose name says it holds the
 * content ("main_content", "column")? A sidebar above that is the page's frame, not where the article was */
static bool content_box(struct ex_ctx *x, const struct html_node *n)
{
	return ex_tag(n, "article") || ex_tag(n, "main") || ex_maybe_candidate(ex_match_string(x, n));
}

/* was the attempt's article found inside such a box (the top candidate or one of its nearest ancestors,
 * below any content box)? */
static bool in_aside_box(struct ex_ctx *x, const struct attempt *at)
{
	if (at->top && unlikely_box(x, at->top))
		return true;
	const struct html_node *n = at->top && at->top != at->parent ? at->parent : NULL;
	for (int up = 0; n && n->type == HTML_ELEMENT && up < 8; up++, n = n->parent) {
		if (unlikely_box(x, n))
			return true;
		if (content_box(x, n))
			return false;
	}
	return false;
}

/* the attempt to keep: the first long enough, else the longest, else none. A short article beats a longer
 * one found only once the unlikely-looking parts were kept, when that one is in the page's comments or its
 * sidebar: a short post with many comments, or beside a long "about me" box, is still the post */
static struct attempt *best_attempt(struct ex_ctx *x, struct attempt *tries, int ntries)
{
	struct attempt *best = NULL, *plain = NULL;
	for (int i = 0; i < ntries; i++) {
		if (tries[i].len >= LIMIT_EXTRACT_CHAR_THRESHOLD) {
			best = &tries[i];
			break;
		}
		if (!best || tries[i].len > best->len)
			best = &tries[i];
	}
	if (!best || !best->len)
		return NULL;
	for (int i = 0; i < ntries && &tries[i] != best; i++)
		if (tries[i].len && !in_aside_box(x, &tries[i]) && (!plain || tries[i].len > plain->len))
			plain = &tries[i];
	return plain && in_aside_box(x, best) ? plain : best;
}

/* grab passes, dropping one heuristic after each that comes out too short; the best, or NULL with
 * *failed set when memory ran out */
static struct attempt *run_passes(struct ex_ctx *x, struct attempt tries[4], bool *failed)
{
	int ntries = 0;
	*failed = false;
	while (ntries < 4) {
		if ((ntries > 0 && prepare(x, false) < 0) || grab(x, &tries[ntries]) < 0) {
			*failed = true;
			return NULL;
		}
		if (tries[ntries++].len >= LIMIT_EXTRACT_CHAR_THRESHOLD)
			break;
		if (x->flags & EX_STRIP_UNLIKELYS)
			x->flags &= ~EX_STRIP_UNLIKELYS;
		else if (x->flags & EX_WEIGHT_CLASSES)
			x->flags &= ~EX_WEIGHT_CLASSES;
		else if (x->flags & EX_CLEAN_CONDITIONALLY)
			x->flags &= ~EX_CLEAN_CONDITIONALLY;
		else
			break;
	}
	return best_attempt(x, tries, ntries);
}

/* content_extract_doc's work: 0, or -1 out of memory */
static int extract_doc(struct arena *a, struct html_doc *doc, const char *url, struct content_article *out,
                       struct html_node **article)
{
	struct ex_ctx x;
	memset(&x, 0, sizeof x);
	memset(out, 0, sizeof *out);
	*article = NULL;
	x.a = a;
	x.doc = doc;
	x.flags = EX_STRIP_UNLIKELYS | EX_WEIGHT_CLASSES | EX_CLEAN_CONDITIONALLY;
	if (prepare(&x, true) < 0)
		return -1;
	out->readerable = x.readerable;
	bool too_big = x.too_big || !x.body;       /* a <frameset> page has no body to read */
	set_base(&x, url);

	struct attempt tries[4], *best = NULL;
	bool failed = false;
	if (!too_big && (best = run_passes(&x, tries, &failed)) == NULL && failed)
		return -1;

	out->page_title = x.title && *x.title ? x.title : NULL;
	out->title = x.meta.headline && *x.meta.headline ? x.meta.headline : out->page_title;
	out->site_name = x.meta.site_name;
	out->published_time = x.meta.published;
	out->language = x.lang && *x.lang ? x.lang : NULL;
	out->image = x.meta.image ? ex_absolute(&x, x.meta.image) : NULL;
	out->excerpt = x.meta.excerpt;
	out->byline = ex_byline_clean(&x, x.meta.byline ? x.meta.byline : x.found_byline);
	if (!best) {
		out->readerable = false;
		return x.oom ? -1 : 0;
	}

	/* the text direction: the nearest ancestor of the article's parent declaring one */
	struct html_node *dn[2] = { best->parent, best->top };
	for (int i = 0; i < 2 && !out->dir; i++)
		if (dn[i] && html_get_attr(dn[i], "dir"))
			out->dir = html_get_attr(dn[i], "dir");
	for (struct html_node *p = best->parent ? best->parent->parent : NULL; p && !out->dir; p = p->parent)
		if (p->type == HTML_ELEMENT && html_get_attr(p, "dir"))
			out->dir = html_get_attr(p, "dir");

	ex_precise(&x, best->article, out->byline);
	ex_post_process(&x, best->article);
	if (!out->excerpt) {
		struct html_node *p = html_first_element(best->article, "p");
		if (p)
			out->excerpt = ex_trim(a, html_text_content(a, p));
	}
	out->text_content = html_lines_text(a, best->article); /* blocks apart, a line each */
	if (!out->text_content || x.oom)
		return -1;
	out->words_count = content_count_words(out->text_content);
	*article = best->article;
	return 0;
}

int content_extract_doc(struct arena *a, struct html_doc *doc, const char *url, struct content_article *out,
                        struct html_node **article, struct content_error *e)
{
	content_error_clear(e);
	if (extract_doc(a, doc, url, out, article) < 0)
		return content_fail(e, CONTENT_E_NOMEM, "out of memory extracting the article");
	return 0;
}

int content_extract(struct arena *a, const char *html, size_t n, const char *url, const struct content_limits *lim,
                    struct content_article *out, struct content_error *e)
{
	struct html_node *article;
	struct html_doc *doc = content_parse_page(a, html, n, lim);
	memset(out, 0, sizeof *out);
	content_error_clear(e);
	if (!doc)
		return content_fail(e, CONTENT_E_NOMEM, "out of memory parsing the page");
	if (content_extract_doc(a, doc, url, out, &article, e) < 0)
		return -1;
	if (!article)
		return 0;
	struct sb b;
	sb_init(&b);
	html_serialize(article, &b, false);
	out->content = sb_error(&b) ? NULL : arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return out->content ? 0 : content_fail(e, CONTENT_E_NOMEM, "out of memory writing the article");
}
