/* extract_clean.c: the extractor's document preparation and article cleanup (Readability's prep and post-process). */
#include "content/article/extract_int.h"
#include "content/article/html_policy.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/url.h"

static const char *const T_IMG[] = { "img", NULL };

/* an attribute value that names an image file */
static bool image_ext(const char *v)
{
	static const char *const ext[] = { ".jpg", ".jpeg", ".png", ".webp", NULL };
	for (size_t i = 0; ext[i]; i++)
		if (ex_ci_has(v, ext[i]))
			return true;
	return false;
}

/* ---- lazy images behind <noscript> */

static bool single_image(struct html_node *n)
{
	while (n) {
		if (ex_tag(n, "img"))
			return true;
		if (ex_el_count(n) != 1 || !ex_text_is_blank(n))
			return false;
		n = ex_first_el(n);
	}
	return false;
}

void ex_unwrap_noscript_images(struct ex_ctx *x)
{
	size_t n;
	struct html_node **imgs = ex_collect(x, x->doc->root, T_IMG, &n);
	for (size_t i = 0; i < n; i++) {
		bool keep = false;
		for (struct html_attr *at = imgs[i]->attrs; at && !keep; at = at->next)
			keep = !strcmp(at->name, "src") || !strcmp(at->name, "srcset") || !strcmp(at->name, "data-src") ||
			       !strcmp(at->name, "data-srcset") || image_ext(at->value);
		if (!keep)
			html_remove(imgs[i]);
	}
	static const char *const T_NS[] = { "noscript", NULL };
	struct html_node **ns = ex_collect(x, x->doc->root, T_NS, &n);
	for (size_t i = 0; i < n; i++) {
		struct html_node *nsc = ns[i];
		if (!nsc->parent || !single_image(nsc))
			continue;
		struct html_node *prev = ex_prev_el(nsc);
		if (!prev || !single_image(prev))
			continue;
		struct html_node *prev_img = ex_tag(prev, "img") ? prev : html_first_element(prev, "img");
		struct html_node *repl = ex_first_el(nsc);
		struct html_node *new_img = ex_tag(repl, "img") ? repl : html_first_element(repl, "img");
		if (!prev_img || !new_img)
			continue;
		for (struct html_attr *at = prev_img->attrs; at; at = at->next) {
			if (!*at->value)
				continue;
			if (strcmp(at->name, "src") && strcmp(at->name, "srcset") && !image_ext(at->value))
				continue;
			const char *cur = html_get_attr(new_img, at->name);
			if (cur && strcmp(cur, at->value) == 0)
				continue;
			const char *name = at->name;
			if (cur)
				name = arena_printf(x->a, "data-old-%s", at->name);
			if (name && html_set_attr(x->doc, new_img, name, at->value) < 0)
				x->oom = true;
		}
		html_replace(prev, repl);
	}
}

/* ---- <br><br> chains become paragraphs */

/* _nextNode: skip whitespace-only non-element nodes */
static struct html_node *next_significant(struct html_node *n)
{
	while (n && n->type != HTML_ELEMENT && ex_text_is_blank(n))
		n = n->next;
	return n;
}

void ex_replace_brs(struct ex_ctx *x, struct html_node *root)
{
	static const char *const T_BR[] = { "br", NULL };
	size_t n;
	struct html_node **brs = ex_collect(x, root, T_BR, &n);
	for (size_t i = 0; i < n; i++) {
		struct html_node *br = brs[i], *next = br->next;
		bool replaced = false;
		if (!br->parent)
			continue;
		while ((next = next_significant(next)) && ex_tag(next, "br")) {
			replaced = true;
			struct html_node *sib = next->next;
			html_remove(next);
			next = sib;
		}
		if (!replaced)
			continue;
		struct html_node *p = html_create_element(x->doc, "p");
		if (!p) {
			x->oom = true;
			return;
		}
		html_replace(br, p);
		next = p->next;
		while (next) {
			if (ex_tag(next, "br")) {
				struct html_node *ne = next_significant(next->next);
				if (ne && ex_tag(ne, "br"))
					break;
			}
			if (!ex_is_phrasing(next))
				break;
			struct html_node *sib = next->next;
			html_append(p, next);
			next = sib;
		}
		while (p->last_child && ex_is_whitespace(p->last_child))
			html_remove(p->last_child);
		if (ex_tag(p->parent, "p"))
			ex_set_tag(x, p->parent, "div");
	}
}

/* ---- article cleanup */

/* whether n (a sibling of an empty paragraph, whitespace passed over) is in a line of text: text, or an inline
 * element (<font> too, which Readability does not count as phrasing, so a <br><br> before one leaves an empty
 * paragraph) */
static bool in_line(const struct html_node *n, bool forward)
{
	while (n && n->type == HTML_TEXT && ex_text_is_blank(n))
		n = forward ? n->next : n->prev;
	return n && (n->type == HTML_TEXT || (n->type == HTML_ELEMENT && (ex_is_phrasing(n) || ex_tag(n, "font"))));
}

/* an empty paragraph goes; one in a line of text (inside a phrasing element, or with text or inline elements
 * on both sides: what is left of a <br><br> that ended a span, or came before a <font>) leaves a space, so the
 * words either side of it do not run together */
static void drop_blank_p(struct ex_ctx *x, struct html_node *p)
{
	static const char *const T_INLINE[] = { "a", "span", "font", "b", "i", "em", "strong", "u", "small", "big",
	                                        "cite", "label", "q", "s", "strike", "sub", "sup", "tt", "code", NULL };
	const struct html_node *pp = p->parent;
	bool inline_ctx = (pp && pp->type == HTML_ELEMENT && (ex_tag_in(pp, T_INLINE) ||
	                                                      (ex_is_phrasing(pp) && !ex_tag(pp, "p")))) ||
	                  (in_line(p->prev, false) && in_line(p->next, true));
	struct html_node *sp = inline_ctx ? html_create_text(x->doc, " ") : NULL;
	if (sp)
		html_replace(p, sp);
	else
		html_remove(p);
	if (inline_ctx && !sp)
		x->oom = true;
}

static void clean_styles(struct html_node *root)
{
	const char *const *pres = policy_presentational_attrs;
	struct html_node *n = root;
	while (n) {
		if (n->type == HTML_ELEMENT && strcmp(n->name, "svg") == 0) {
			n = html_next_skip(root, n);
			continue;
		}
		if (n->type == HTML_ELEMENT) {
			for (size_t i = 0; pres[i]; i++)
				html_remove_attr(n, pres[i]);
			if (ex_tag_in(n, policy_sized_elements)) {
				html_remove_attr(n, "width");
				html_remove_attr(n, "height");
			}
		}
		n = html_next(root, n);
	}
}

static void row_col_count(struct html_node *table, long *rows, long *cols)
{
	*rows = *cols = 0;
	for (struct html_node *tr = table->first_child; tr; tr = html_next(table, tr)) {
		if (!ex_tag(tr, "tr"))
			continue;
		const char *rs = html_get_attr(tr, "rowspan");
		long r = rs ? strtol(rs, NULL, 10) : 0;
		*rows += r > 0 && r < 100000 ? r : 1;
		long c = 0;
		for (struct html_node *td = tr->first_child; td; td = html_next(tr, td)) {
			if (!ex_tag(td, "td"))
				continue;
			const char *cs = html_get_attr(td, "colspan");
			long k = cs ? strtol(cs, NULL, 10) : 0;
			c += k > 0 && k < 100000 ? k : 1;
		}
		if (c > *cols)
			*cols = c;
	}
}

static bool is_data_table(struct html_node *t)
{
	const char *role = html_get_attr(t, "role"), *dt = html_get_attr(t, "datatable");
	if (role && strcmp(role, "presentation") == 0)
		return false;
	if (dt && strcmp(dt, "0") == 0)
		return false;
	const char *summary = html_get_attr(t, "summary");
	if (summary && *summary)
		return true;
	struct html_node *cap = html_first_element(t, "caption");
	if (cap && cap->first_child)
		return true;
	static const char *const dataish[] = { "col", "colgroup", "tfoot", "thead", "th", NULL };
	for (size_t i = 0; dataish[i]; i++)
		if (html_first_element(t, dataish[i]))
			return true;
	if (html_first_element(t, "table"))
		return false;
	long rows, cols;
	row_col_count(t, &rows, &cols);
	if (cols == 1 || rows == 1)
		return false;
	if (rows >= 10 || cols > 4)
		return true;
	return (double)rows * (double)cols > 10;
}

static void mark_data_tables(struct ex_ctx *x, struct html_node *root)
{
	for (struct html_node *n = root->first_child; n; n = html_next(root, n)) {
		if (!ex_tag(n, "table"))
			continue;
		struct ex_info *i = ex_info(x, n, true);
		if (i)
			i->datatable = is_data_table(n);
	}
}

static bool b64_data_url(const char *s, const char **payload, bool *svg)
{
	/* ^data:\s*([^\s;,]+)\s*;\s*base64\s*, */
	if (strncasecmp(s, "data:", 5) != 0)
		return false;
	const char *p = s + 5;
	while (isspace((unsigned char)*p))
		p++;
	const char *mt = p;
	while (*p && !isspace((unsigned char)*p) && *p != ';' && *p != ',')
		p++;
	if (p == mt)
		return false;
	*svg = (size_t)(p - mt) == 13 && strncmp(mt, "image/svg+xml", 13) == 0;
	while (isspace((unsigned char)*p))
		p++;
	if (*p++ != ';')
		return false;
	while (isspace((unsigned char)*p))
		p++;
	if (strncasecmp(p, "base64", 6) != 0)
		return false;
	p += 6;
	while (isspace((unsigned char)*p))
		p++;
	if (*p != ',')
		return false;
	*payload = p + 1;
	return true;
}

/* \.(jpg|jpeg|png|webp)\s+\d : a srcset-like value */
static bool srcset_like(const char *v)
{
	static const char *const ext[] = { ".jpg", ".jpeg", ".png", ".webp", NULL };
	for (const char *p = v; *p; p++) {
		if (*p != '.')
			continue;
		for (size_t i = 0; ext[i]; i++) {
			size_t l = strlen(ext[i]);
			if (strncmp(p, ext[i], l) == 0) {
				const char *q = p + l;
				if (!isspace((unsigned char)*q))
					continue;
				while (isspace((unsigned char)*q))
					q++;
				if (isdigit((unsigned char)*q))
					return true;
			}
		}
	}
	return false;
}

/* ^\s*\S+\.(jpg|jpeg|png|webp)\S*\s*$ : one image URL */
static bool src_like(const char *v)
{
	while (isspace((unsigned char)*v))
		v++;
	const char *b = v;
	while (*v && !isspace((unsigned char)*v))
		v++;
	const char *e = v;
	while (isspace((unsigned char)*v))
		v++;
	if (*v || e == b)
		return false;
	static const char *const ext[] = { ".jpg", ".jpeg", ".png", ".webp", NULL };
	for (const char *p = b + 1; p < e; p++)
		for (size_t i = 0; ext[i]; i++) {
			size_t l = strlen(ext[i]);
			if ((size_t)(e - p) >= l && strncmp(p, ext[i], l) == 0)
				return true;
		}
	return false;
}

static void fix_lazy_images(struct ex_ctx *x, struct html_node *root)
{
	static const char *const T[] = { "img", "picture", "figure", NULL };
	size_t n;
	struct html_node **v = ex_collect(x, root, T, &n);
	for (size_t k = 0; k < n; k++) {
		struct html_node *e = v[k];
		bool is_img = ex_tag(e, "img");
		const char *src = is_img ? html_get_attr(e, "src") : NULL;
		const char *payload;
		bool svg = false;
		if (src && b64_data_url(src, &payload, &svg)) {
			if (svg)
				continue;
			bool removable = false;
			for (struct html_attr *at = e->attrs; at && !removable; at = at->next)
				removable = strcmp(at->name, "src") != 0 && image_ext(at->value);
			if (removable && strlen(payload) < 133) {
				html_remove_attr(e, "src");
				src = NULL;
			}
		}
		const char *srcset = is_img ? html_get_attr(e, "srcset") : NULL;
		const char *cls = html_get_attr(e, "class");
		if (((src && *src) || (srcset && *srcset && strcmp(srcset, "null") != 0)) && !(cls && ex_ci_has(cls, "lazy")))
			continue;
		for (struct html_attr *at = e->attrs; at; at = at->next) {
			if (!strcmp(at->name, "src") || !strcmp(at->name, "srcset") || !strcmp(at->name, "alt"))
				continue;
			const char *copy_to = NULL;
			if (srcset_like(at->value))
				copy_to = "srcset";
			else if (src_like(at->value))
				copy_to = "src";
			if (!copy_to)
				continue;
			if (is_img || ex_tag(e, "picture")) {
				if (html_set_attr(x->doc, e, copy_to, at->value) < 0)
					x->oom = true;
			} else if (!html_first_element(e, "img") && !html_first_element(e, "picture")) {
				struct html_node *img = html_create_element(x->doc, "img");
				if (!img || html_set_attr(x->doc, img, copy_to, at->value) < 0) {
					x->oom = true;
					return;
				}
				html_append(e, img);
			}
		}
	}
}

/* the video hosts whose embeds are kept */
static bool allowed_video(const char *v)
{
	static const char *const hosts[] = {
		"dailymotion.com", "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com",
		"archive.org", "upload.wikimedia.org", "player.twitch.tv", NULL,
	};
	for (const char *p = strstr(v, "//"); p; p = strstr(p + 2, "//")) {
		const char *h = p + 2;
		if (strncasecmp(h, "www.", 4) == 0)
			h += 4;
		for (size_t i = 0; hosts[i]; i++)
			if (strncasecmp(h, hosts[i], strlen(hosts[i])) == 0)
				return true;
	}
	return false;
}

static bool embed_allowed(struct ex_ctx *x, struct html_node *e)
{
	for (struct html_attr *at = e->attrs; at; at = at->next)
		if (allowed_video(at->value))
			return true;
	if (ex_tag(e, "object")) {
		struct sb b;
		sb_init(&b);
		html_serialize(e, &b, false);
		bool ok = !sb_error(&b) && allowed_video(sb_str(&b));
		sb_free(&b);
		(void)x;
		return ok;
	}
	return false;
}

static void clean_tag(struct ex_ctx *x, struct html_node *root, const char *tag)
{
	const char *tags[] = { tag, NULL };
	bool embed = !strcmp(tag, "object") || !strcmp(tag, "embed") || !strcmp(tag, "iframe");
	size_t n;
	struct html_node **v = ex_collect(x, root, tags, &n);
	for (size_t i = n; i-- > 0;) {
		if (!v[i]->parent)
			continue;
		if (embed && embed_allowed(x, v[i]))
			continue;
		html_remove(v[i]);
	}
}

static size_t tags_text_len(struct ex_ctx *x, struct html_node *root, const char *const *tags)
{
	size_t len = 0;
	for (struct html_node *c = root->first_child; c; c = html_next(root, c))
		if (ex_tag_in(c, tags)) {
			struct ex_text t;
			ex_text_memo(x, c, &t);
			len += t.norm;
		}
	return len;
}

static bool word_is(const char *text, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (strcasecmp(text, words[i]) == 0)
			return true;
	return false;
}

static bool ad_or_loading(const char *t)
{
	static const char *const words[] = {
		"ad", "advertising", "advertisement", "pub", "publicité", "PUBLICITÉ", "werb", "werbung", "广告",
		"Реклама", "реклама", "РЕКЛАМА", "Anuncio", "loading", "loading…", "loading...", "正在加载",
		"正在加载…", "正在加载...", "Загрузка", "загрузка", "Загрузка…", "Загрузка...", "chargement",
		"chargement…", "chargement...", "cargando", "cargando…", "cargando...", NULL,
	};
	return word_is(t, words);
}

static const char *const T_HEAD[] = { "h1", "h2", "h3", "h4", "h5", "h6", NULL };
static const char *const T_TEXTISH[] = { "span", "li", "td", "blockquote", "dl", "div", "img", "ol", "p",
	                                 "pre", "table", "ul", NULL };
static const char *const T_EMBED[] = { "object", "embed", "iframe", NULL };
static const char *const T_LIST[] = { "ul", "ol", NULL };

static bool should_remove(struct ex_ctx *x, struct html_node *node, const char *tag)
{
	bool is_list = !strcmp(tag, "ul") || !strcmp(tag, "ol");
	if (!is_list) {
		struct ex_text own_t;
		ex_text_memo(x, node, &own_t);
		size_t list_len = tags_text_len(x, node, T_LIST), own = own_t.norm;
		is_list = own ? (double)list_len / (double)own > 0.9 : list_len > 0;
	}
	struct ex_info *inf = ex_info(x, node, false);
	if (!strcmp(tag, "table") && inf && inf->datatable)
		return false;
	if (ex_has_ancestor(node, "table", -1, x, true))
		return false;
	if (ex_has_ancestor(node, "code", 3, x, false))
		return false;
	for (struct html_node *c = node->first_child; c; c = html_next(node, c))
		if (ex_tag(c, "table")) {
			struct ex_info *ti = ex_info(x, c, false);
			if (ti && ti->datatable)
				return false;
		}
	int weight = ex_class_weight(x, node);
	if (weight < 0)
		return true;
	struct ex_text t;
	ex_text_memo(x, node, &t);
	if (t.commas >= 10)
		return false;

	long p = 0, img = 0, li = -100, input = 0, embeds = 0;
	for (struct html_node *c = node->first_child; c; c = html_next(node, c)) {
		if (c->type != HTML_ELEMENT)
			continue;
		if (ex_tag(c, "p"))
			p++;
		else if (ex_tag(c, "img"))
			img++;
		else if (ex_tag(c, "li"))
			li++;
		else if (ex_tag(c, "input"))
			input++;
		if (ex_tag_in(c, T_EMBED)) {
			if (embed_allowed(x, c))
				return false;
			embeds++;
		}
	}
	size_t content_len = t.norm;
	/* the heading density only matters for short content, and of the text density only
	 * whether it is zero: both are costly on deep trees, so compute no more than needed */
	double heading_density = t.norm && content_len < 25 ? (double)tags_text_len(x, node, T_HEAD) / (double)t.norm : 0;
	/* the advertising and loading words are short: only a short text can be one */
	if (t.norm <= 24 && ad_or_loading(ex_inner_text(x, node)))
		return true;
	double link_density = ex_link_density_memo(x, node);
	bool no_text_density = true;
	for (struct html_node *c = node->first_child; c && no_text_density && t.norm; c = html_next(node, c))
		if (ex_tag_in(c, T_TEXTISH) && !ex_text_is_blank(c))
			no_text_density = false;
	bool figure_child = ex_has_ancestor(node, "figure", 3, x, false);

	bool remove = false;
	if (!figure_child && img > 1 && (double)p / (double)img < 0.5)
		remove = true;
	if (!is_list && li > p)
		remove = true;
	if (input > p / 3)
		remove = true;
	if (!is_list && !figure_child && heading_density < 0.9 && content_len < 25 && (img == 0 || img > 2) &&
	    link_density > 0)
		remove = true;
	if (!is_list && weight < 25 && link_density > 0.2)
		remove = true;
	if (weight >= 25 && link_density > 0.5)
		remove = true;
	if ((embeds == 1 && content_len < 75) || embeds > 1)
		remove = true;
	if (img == 0 && no_text_density)
		remove = true;

	if (is_list && remove) {
		for (struct html_node *c = ex_first_el(node); c; c = ex_next_el(c))
			if (ex_el_count(c) > 1)
				return true;
		if (img == (long)ex_count_tag(node, "li"))
			return false;
	}
	return remove;
}

static void clean_conditionally(struct ex_ctx *x, struct html_node *root, const char *tag)
{
	if (!(x->flags & EX_CLEAN_CONDITIONALLY))
		return;
	const char *tags[] = { tag, NULL };
	size_t n;
	struct html_node **v = ex_collect(x, root, tags, &n);
	/* last to first: a node is judged after everything inside it, so the measures memoised
	 * for its subtree stay true until the pass ends */
	x->memo_gen++;
	for (size_t i = n; i-- > 0;) {
		if (!v[i]->parent)
			continue;
		if (should_remove(x, v[i], tag))
			html_remove(v[i]);
	}
}

/* (\b|_)(share|sharedaddy)(\b|_) */
static bool share_match(const char *s)
{
	for (const char *p = s; (p = strstr(p, "share")) != NULL; p++) {
		char before = p == s ? ' ' : p[-1];
		bool pre = !(isalnum((unsigned char)before) || before == '_') || before == '_';
		if (!pre)
			continue;
		const char *ends[2] = { p + 5, strncmp(p, "sharedaddy", 10) == 0 ? p + 10 : NULL };
		for (int k = 0; k < 2; k++) {
			if (!ends[k])
				continue;
			char after = *ends[k];
			if (!after || !(isalnum((unsigned char)after) || after == '_') || after == '_')
				return true;
		}
	}
	return false;
}

static void clean_share(struct ex_ctx *x, struct html_node *article)
{
	for (struct html_node *top = ex_first_el(article); top; top = ex_next_el(top)) {
		struct html_node *end = ex_next_node(top, true), *n = ex_next_node(top, false);
		while (n && n != end) {
			const char *ms = ex_match_string(x, n);
			struct ex_text t;
			if (share_match(ms)) {
				ex_text_measure(n, &t);
				if (t.raw < 500) {
					n = ex_remove_and_next(n);
					continue;
				}
			}
			n = ex_next_node(n, false);
		}
	}
}

void ex_prep_article(struct ex_ctx *x, struct html_node *article)
{
	size_t n;
	clean_styles(article);
	mark_data_tables(x, article);
	fix_lazy_images(x, article);
	clean_conditionally(x, article, "form");
	clean_conditionally(x, article, "fieldset");
	static const char *const T_GONE1[] = { "object", "embed", "footer", "link", "aside", NULL };
	static const char *const T_GONE2[] = { "iframe", "input", "textarea", "select", "button", NULL };
	for (const char *const *t = T_GONE1; *t; t++)
		clean_tag(x, article, *t);
	clean_share(x, article);
	for (const char *const *t = T_GONE2; *t; t++)
		clean_tag(x, article, *t);

	static const char *const T_H12[] = { "h1", "h2", NULL };
	struct html_node **v = ex_collect(x, article, T_H12, &n);
	for (size_t i = n; i-- > 0;)
		if (v[i]->parent && ex_class_weight(x, v[i]) < 0)
			html_remove(v[i]);

	clean_conditionally(x, article, "table");
	clean_conditionally(x, article, "ul");
	clean_conditionally(x, article, "div");

	static const char *const T_H1[] = { "h1", NULL };
	v = ex_collect(x, article, T_H1, &n);
	for (size_t i = 0; i < n; i++)
		ex_set_tag(x, v[i], "h2");

	static const char *const T_P[] = { "p", NULL };
	v = ex_collect(x, article, T_P, &n);
	for (size_t i = n; i-- > 0;) {
		struct html_node *p = v[i];
		if (!p->parent)
			continue;
		bool content = false;
		for (struct html_node *c = p->first_child; c && !content; c = html_next(p, c))
			content = ex_tag_in(c, T_EMBED) || ex_tag(c, "img");
		if (!content && ex_text_is_blank(p))
			drop_blank_p(x, p);
	}

	static const char *const T_BR[] = { "br", NULL };
	v = ex_collect(x, article, T_BR, &n);
	for (size_t i = 0; i < n; i++) {
		struct html_node *next = next_significant(v[i]->next);
		if (next && ex_tag(next, "p"))
			html_remove(v[i]);
	}

	static const char *const T_TABLE[] = { "table", NULL };
	v = ex_collect(x, article, T_TABLE, &n);
	for (size_t i = 0; i < n; i++) {
		struct html_node *table = v[i], *tbody = table;
		if (!table->parent)
			continue;
		if (ex_single_tag_inside(table, "tbody"))
			tbody = ex_first_el(table);
		if (!ex_single_tag_inside(tbody, "tr"))
			continue;
		struct html_node *row = ex_first_el(tbody);
		if (!ex_single_tag_inside(row, "td"))
			continue;
		struct html_node *cell = ex_first_el(row);
		bool phr = true;
		for (struct html_node *c = cell->first_child; c && phr; c = c->next)
			phr = ex_is_phrasing(c);
		ex_set_tag(x, cell, phr ? "p" : "div");
		html_replace(table, cell);
	}
}

/* ---- post-processing: absolute URLs, nesting, classes */

char *ex_absolute(struct ex_ctx *x, const char *ref)
{
	char *out;
	if (!x->base)
		return (char *)ref;
	if (x->base_is_doc && ref[0] == '#')
		return (char *)ref;
	if (url_resolve(x->a, x->base, ref, &out) == 0)
		return out;
	/* browsers percent-encode what RFC 3986 refuses (spaces, controls) before resolving */
	struct sb b;
	sb_init(&b);
	for (const unsigned char *p = (const unsigned char *)ref; *p; p++) {
		if (*p <= 0x20 || *p == 0x7F)
			sb_printf(&b, "%%%02X", *p);
		else
			sb_putc(&b, (char)*p);
	}
	char *enc = sb_error(&b) ? NULL : arena_strdup(x->a, sb_str(&b));
	sb_free(&b);
	if (enc && url_resolve(x->a, x->base, enc, &out) == 0)
		return out;
	return (char *)ref;
}

static char *absolute_srcset(struct ex_ctx *x, const char *s)
{
	if (strstr(s, "data:"))
		return (char *)s;
	struct sb b;
	sb_init(&b);
	const char *p = s;
	bool first = true;
	while (*p) {
		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *u = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		const char *ue = p;
		if (ue > u && ue[-1] == ',') {
			ue--;
		} else {
			while (*p && *p != ',')
				p++;
		}
		const char *desc_end = p;
		char *url = arena_strndup(x->a, u, (size_t)(ue - u));
		if (!url)
			break;
		if (!first)
			sb_puts(&b, ", ");
		first = false;
		sb_puts(&b, ex_absolute(x, url));
		if (ue < desc_end && *ue != ',') {
			const char *d = ue;
			const char *de = desc_end;
			while (de > d && isspace((unsigned char)de[-1]))
				de--;
			sb_putn(&b, d, (size_t)(de - d));
		}
	}
	char *r = sb_error(&b) ? (char *)s : arena_strdup(x->a, sb_str(&b));
	sb_free(&b);
	return r ? r : (char *)s;
}

static void fix_uris(struct ex_ctx *x, struct html_node *article)
{
	static const char *const T_A[] = { "a", NULL };
	size_t n;
	struct html_node **v = ex_collect(x, article, T_A, &n);
	for (size_t i = 0; i < n; i++) {
		struct html_node *a = v[i];
		const char *href = html_get_attr(a, "href");
		if (!href || !*href)
			continue;
		if (strncmp(href, "javascript:", 11) == 0) {
			if (a->first_child && a->first_child == a->last_child && a->first_child->type == HTML_TEXT) {
				struct html_node *t = html_create_text(x->doc, a->first_child->text);
				if (t)
					html_replace(a, t);
			} else {
				html_remove_attr(a, "href");
				ex_set_tag(x, a, "span");
				while (a->attrs)
					html_remove_attr(a, a->attrs->name);
			}
			continue;
		}
		if (html_set_attr(x->doc, a, "href", ex_absolute(x, href)) < 0)
			x->oom = true;
	}
	static const char *const T_M[] = { "img", "picture", "figure", "video", "audio", "source", NULL };
	v = ex_collect(x, article, T_M, &n);
	for (size_t i = 0; i < n; i++) {
		const char *src = html_get_attr(v[i], "src"), *poster = html_get_attr(v[i], "poster");
		const char *srcset = html_get_attr(v[i], "srcset");
		if (src && *src)
			html_set_attr(x->doc, v[i], "src", ex_absolute(x, src));
		if (poster && *poster)
			html_set_attr(x->doc, v[i], "poster", ex_absolute(x, poster));
		if (srcset && *srcset)
			html_set_attr(x->doc, v[i], "srcset", absolute_srcset(x, srcset));
	}
}

static void simplify_nested(struct ex_ctx *x, struct html_node *article)
{
	struct html_node *n = article;
	x->blank_gen++;
	while (n) {
		const char *id = html_get_attr(n, "id");
		if (n->parent && (ex_tag(n, "div") || ex_tag(n, "section")) && !(id && strncmp(id, "readability", 11) == 0)) {
			if (ex_without_content_memo(x, n)) {
				n = ex_remove_and_next(n);
				continue;
			}
			if (ex_single_tag_inside(n, "div") || ex_single_tag_inside(n, "section")) {
				struct html_node *child = ex_first_el(n);
				for (struct html_attr *at = n->attrs; at; at = at->next)
					if (html_set_attr(x->doc, child, at->name, at->value) < 0)
						x->oom = true;
				html_replace(n, child);
				n = child;
				continue;
			}
		}
		n = ex_next_node(n, false);
	}
}

/* only the class POLICY_KEPT_CLASS ("page") survives */
static void clean_classes(struct ex_ctx *x, struct html_node *root)
{
	for (struct html_node *n = root; n; n = html_next(root, n)) {
		if (n->type != HTML_ELEMENT)
			continue;
		const char *c = html_get_attr(n, "class");
		if (!c)
			continue;
		bool page = false;
		for (const char *p = c; *p;) {
			while (isspace((unsigned char)*p))
				p++;
			const char *b = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
			if ((size_t)(p - b) == strlen(POLICY_KEPT_CLASS) && strncmp(b, POLICY_KEPT_CLASS, (size_t)(p - b)) == 0)
				page = true;
		}
		html_remove_attr(n, "class");
		if (page && html_set_attr(x->doc, n, "class", POLICY_KEPT_CLASS) < 0)
			x->oom = true;
	}
}

void ex_post_process(struct ex_ctx *x, struct html_node *article)
{
	fix_uris(x, article);
	simplify_nested(x, article);
	clean_classes(x, article);
}
