/* extract_precise.c: the precision pass over the chosen article: navigation, share bars, related lists, stray captions, comment and sign-up boxes, repeated bylines. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "content/article/extract_int.h"
#include "util/arena.h"

/* Readability keeps what scores as article; this pass takes out, block by block, what readers skip.
 * Every rule removes a block only when it is small beside the article (PR_MAX_SHARE of its text), never
 * inside a data table, <pre> or <code>, and never a block that holds a data table, code or a figure with its
 * image: what the reader wants stays whatever its class says. */

#define PR_MAX_SHARE   0.35    /* no block holding more of the article's text than this goes */
#define PR_SHORT       100     /* a short line (characters, whitespace runs counted once) */
#define PR_REST        140     /* a comment section goes whatever its size when the article keeps this much text */
#define PR_CLUSTER_LINKS 3     /* a cluster of links holds at least this many */
#define PR_CLUSTER_DENSITY 0.8 /* and this share of its text is theirs */
#define PR_HEADER      60      /* the line over a comment section is no longer */
#define PR_STORY       280     /* and comes after this much of the story */
#define PR_BEFORE_NODES 512    /* the nodes before it read at most to tell */
#define PR_LINE_ELEMS  24      /* a line has at most this many elements: the rules that read a block's
                                  words read no bigger one, so that nested boxes cost no more than once */

/* the words of a class or id that name boilerplate: a token equal to one, or (when the entry ends in
 * '*') beginning with it; tokens are the runs of letters and digits of the lower-cased value */
static const char *const boiler_tokens[] = {
	"breadcrumb*", "crumbs", "share*", "sharing", "sharebar", "social*", "sociallinks",
	"related*", "morestories", "more-stories", "recommend*", "readnext", "readmore", "read-more",
	"newsletter*", "subscribe*", "subscription*", "signup", "cookie*", "consent*", "gdpr",
	"comments", "commentlist", "disqus*", "respond", "bio", "authorbio", "author-bio", "tags", "taglist",
	"tagcloud", "keywords", "promo", "promos", "promobox", "advert*", "adslot", "navigation", "nav", "navbar", "menu", "toolbar",
	"pagination", "pager", "outbrain*", "taboola*", "trending", "popular", "most-read", "mostread",
	"sidebar", "byline*", "dateline", "timestamp", "copyright", "credits", "newsletter", NULL,
};

static bool boiler_match(const char *s)
{
	return ex_word_match(s, boiler_tokens);
}

/* the words that name a comment section and the trackbacks and form under it, where the name alone is signal
 * enough to drop the box whatever its size ("commentary" is an article's kind, not comments) */
static const char *const comment_tokens[] = {
	"comments", "commentlist", "commentslist", "comment-list", "comments-area", "commentsarea", "comment-section",
	"comments-section", "trackback*", "disqus*", "respond", NULL,
};

static const char *const T_KEEP[] = { "pre", "code", "math", NULL };
static const char *const T_MEDIA[] = { "img", "picture", "video", "audio", "svg", "iframe", "canvas", "object",
	                               "embed", NULL };

struct pr {
	struct ex_ctx *x;
	struct html_node *article;
	size_t total;           /* the article's text length when the pass began */
	const char *byline;     /* the byline found in the metadata or the page, or NULL */
	size_t own;             /* the article's text outside links when the pass began */
};

static size_t norm_of(struct pr *r, const struct html_node *n)
{
	struct ex_text t;
	ex_text_memo(r->x, n, &t);
	return t.norm;
}

/* small enough beside the article to be taken out by a rule */
static bool small(struct pr *r, const struct html_node *n)
{
	return (double)norm_of(r, n) <= PR_MAX_SHARE * (double)r->total;
}

/* what a subtree holds, worked out once bottom-up as the pass begins so that no rule walks a subtree
 * again (a page of nested boxes would make that quadratic) */
enum {
	F_CONTENT = 1,          /* code, math, a data table, or a figure with its media and caption */
	F_MEDIA = 2,            /* an image, a video, an embed... */
	F_OWN_MEDIA = 4,        /* such media not inside a link (a teaser's thumbnail is in one) */
	F_HEADING = 8,
	F_FIGCAPTION = 16,
};

static struct ex_info *facts(struct pr *r, const struct html_node *n)
{
	static struct ex_info none;
	struct ex_info *i = n ? ex_info(r->x, n, false) : NULL;
	return i ? i : &none;
}

/* is most of a box's text its links (links and chars: how many and their text; len: all its text) */
static bool link_heavy(size_t links, size_t chars, size_t len)
{
	return links >= PR_CLUSTER_LINKS && len && (double)chars >= PR_CLUSTER_DENSITY * (double)len;
}

/* a link within the page (a table of contents) or one whose words are its address (a list of sources) */
static bool self_link(const struct html_node *a)
{
	const char *href = html_get_attr(a, "href");
	if (href && href[0] == '#')
		return true;
	const struct html_node *t = a->first_child;
	while (t && t->type == HTML_ELEMENT && t->first_child)
		t = t->first_child;
	if (!t || t->type != HTML_TEXT || !t->text)
		return false;
	const char *s = t->text + strspn(t->text, " \t\r\n");
	return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0 || strncmp(s, "www.", 4) == 0;
}

static void mark(struct pr *r, struct html_node *n)
{
	static const char *const T_H[] = { "h1", "h2", "h3", "h4", "h5", "h6", NULL };
	unsigned fl = 0;
	size_t links = 0, chars = 0, elems = 1, self = 0;
	for (struct html_node *c = ex_first_el(n); c; c = ex_next_el(c)) {
		mark(r, c);
		struct ex_info *ci = facts(r, c);
		fl |= ci->pr_flags;
		links += ci->pr_links;
		chars += ci->pr_link_chars;
		elems += ci->pr_elems;
		self += ci->pr_self_links;
	}
	if (ex_tag(n, "pre") || ex_tag(n, "code") || ex_tag(n, "math"))
		fl |= F_CONTENT;
	else if (ex_tag(n, "table") && facts(r, n)->datatable && !link_heavy(links, chars, norm_of(r, n)))
		fl |= F_CONTENT;
	else if (ex_tag(n, "figure") && (fl & F_FIGCAPTION) && (fl & F_MEDIA))
		fl |= F_CONTENT;
	if (ex_tag_in(n, T_MEDIA))
		fl |= F_MEDIA | F_OWN_MEDIA;
	if (ex_tag_in(n, T_H))
		fl |= F_HEADING;
	if (ex_tag(n, "figcaption"))
		fl |= F_FIGCAPTION;
	if (ex_tag(n, "a")) {
		fl &= ~(unsigned)F_OWN_MEDIA;
		links = 1;
		chars = norm_of(r, n);
		self = self_link(n);
	}
	struct ex_info *i = ex_info(r->x, n, true);
	if (!i)
		return;
	i->pr_flags = fl;
	i->pr_links = links;
	i->pr_link_chars = chars;
	i->pr_elems = elems;
	i->pr_self_links = self;
}

static bool has(struct pr *r, const struct html_node *n, unsigned flag)
{
	return n && (facts(r, n)->pr_flags & flag);
}

/* is the item nothing but a link (less than 5 characters of text outside its links)? */
static bool pure_link(struct pr *r, const struct html_node *item)
{
	struct ex_info *i = facts(r, item);
	return i->pr_links > 0 && norm_of(r, item) <= i->pr_link_chars + 5;
}

/* a list of references: its items' words are addresses ("https://...") */
static bool url_item(struct pr *r, const struct html_node *item)
{
	if (facts(r, item)->pr_elems > PR_LINE_ELEMS)
		return false;
	char *t = ex_inner_text(r->x, item);
	return strncmp(t, "http://", 7) == 0 || strncmp(t, "https://", 8) == 0 || strncmp(t, "www.", 4) == 0;
}

/* a cluster of links with little else: a menu, a list of related stories, tags, a share bar. Its text
 * is mostly links and most of its items are a link each (a list of sources, each said in a sentence
 * around its link, stays) */
static bool link_list(struct pr *r, const struct html_node *n)
{
	static const char *const T_LISTISH[] = { "ul", "ol", "nav", "menu", NULL };
	if (!ex_tag_in(n, T_LISTISH))
		return false;
	size_t len = norm_of(r, n), links = facts(r, n)->pr_links, chars = facts(r, n)->pr_link_chars;
	if (!len)
		return false;
	if (links < 2 || (double)chars / (double)len < 0.7)
		return false;
	if (ex_tag(n, "nav"))
		return true;
	/* a list inside a list item that says something of its own ("In progress:" over a list of bugs) is
	 * that item's detail, not a menu (a menu's submenu hangs under a bare link) */
	const struct html_node *item = n->parent;
	if (item && item != r->article && ex_tag(item, "li")) {
		size_t own = norm_of(r, item) - facts(r, item)->pr_link_chars, inner = len - chars;
		if (own > inner + 5)
			return false;
	}
	size_t items = 0, pure = 0;
	for (struct html_node *li = ex_first_el(n); li; li = ex_next_el(li)) {
		if (url_item(r, li))
			return false;
		items++;
		pure += pure_link(r, li);
	}
	return items >= 2 && (double)pure >= 0.8 * (double)items;
}

/* is there media near caption n: in it or just before it, or in or just before its parent when the
 * parent is a figure or holds little more than the caption (a caption often sits beside its image's
 * wrapper rather than inside it; the article's whole column is not "near") */
static bool media_near(struct pr *r, const struct html_node *n)
{
	const struct html_node *prev = ex_prev_el(n), *box = n->parent;
	if (has(r, n, F_MEDIA) || has(r, prev, F_MEDIA))
		return true;
	/* inside a figure (a credit in its figcaption): the figure's own media decide, and a figure of text (a
	 * quotation, a poem, a listing: words beside the caption) keeps the caption that names it */
	const struct html_node *f = box;
	for (int up = 0; f && f != r->article && up < 3; up++, f = f->parent)
		if (ex_tag(f, "figure"))
			return has(r, f, F_MEDIA) || norm_of(r, f) > norm_of(r, n);
	if (!box || box == r->article)
		return false;
	if (norm_of(r, box) > norm_of(r, n) + PR_SHORT)
		return false;
	prev = ex_prev_el(box);
	return has(r, box, F_MEDIA) || has(r, prev, F_MEDIA);
}

/* a caption whose image is gone (a gallery's leftover, a lazy image dropped): a <figcaption>, or a short
 * block classed caption, with no media near it */
static bool stray_caption(struct pr *r, const struct html_node *n)
{
	if (n->ns != HTML_NS_HTML)
		return false;
	if (!ex_tag(n, "figcaption")) {
		/* a block with a heading is an item of its own ("no_caption" on a list item is not a caption) */
		const char *ms = ex_match_string(r->x, n);
		if (!strstr(ms, "caption") || norm_of(r, n) > 2 * PR_SHORT || has(r, n, F_HEADING))
			return false;
	}
	return !media_near(r, n);
}

/* does subtree n hold a letter or digit (any byte of a multi-byte character counts) */
static bool has_word_chars(const struct html_node *n)
{
	for (const struct html_node *c = n; c; c = html_next(n, c))
		if (c->type == HTML_TEXT && c->text)
			for (const unsigned char *p = (const unsigned char *)c->text; *p; p++)
				if (isalnum(*p) || *p >= 0x80)
					return true;
	return false;
}

/* a line that only dates the article: a <time>, perhaps after a label ("Updated", "Published on"), with no
 * words after the last <time> ("<time>Tuesday</time>, old words" and "on <time>Tuesday</time> we met" are the
 * article's) */
static bool date_line(const struct html_node *n)
{
	const struct html_node *last = NULL, *c;
	for (c = html_next(n, n); c; c = html_next(n, c)) /* the last <time> in document order */
		if (c->type == HTML_ELEMENT && ex_tag(c, "time"))
			last = c;
	if (!last)
		return false;
	for (c = last; c && c != n; c = c->parent)
		for (const struct html_node *s = c->next; s; s = s->next)
			if (has_word_chars(s))
				return false;
	return true;
}

/* the byline again in the body ("By Ann Author"), or a line that is only a date */
static bool repeated_byline(struct pr *r, const struct html_node *n)
{
	static const char *const T_LINE[] = { "p", "div", "span", "li", "address", "h4", "h5", "h6", NULL };
	if (!ex_tag_in(n, T_LINE))
		return false;
	size_t len = norm_of(r, n);
	if (!len || len > PR_SHORT)
		return false;
	if (len < 80 && date_line(n))
		return true;
	if (!r->byline || strlen(r->byline) < 4)
		return false;
	char *t = ex_inner_text(r->x, n);
	return ex_ci_has(t, r->byline) && strlen(t) <= strlen(r->byline) + 40;
}

/* does text t open with w (lower-case), ignoring the case of ASCII and of the Latin-1 letters (Ä, É, Ñ…)? */
static bool opens_with(const char *t, const char *w)
{
	const unsigned char *a = (const unsigned char *)t, *b = (const unsigned char *)w;
	for (; *b; a++, b++) {
		unsigned char c = *a;
		if (c == 0xC3 && *b == 0xC3 && a[1] >= 0x80 && a[1] <= 0x9E && a[1] != 0x97 && a[1] + 0x20 == b[1]) {
			a++, b++;
			continue;
		}
		if (tolower(c) != *b)
			return false;
	}
	return true;
}

/* does t open with one of the phrases of the NULL-ended list */
static bool opens_with_any(const char *t, const char *const *phrases)
{
	for (size_t i = 0; phrases[i]; i++)
		if (opens_with(t, phrases[i]))
			return true;
	return false;
}

/* a short block opening with the words of a sign-up box, a share bar or a site's legal line */
static bool boiler_phrase(struct pr *r, const struct html_node *n)
{
	static const char *const T_LINE[] = { "p", "div", "li", "h2", "h3", "h4", "h5", "h6", "section", NULL };
	static const char *const openings[] = {
		"sign up for", "sign up to", "subscribe to", "subscribe for", "get our newsletter",
		"follow us on", "share this", "share on", "share:", "related:", "related articles", "related stories",
		"related posts", "related content", "more from", "more stories", "recommended for you",
		"you may also like", "you might also like", "read more:", "read next", "also read", "see also:",
		"advertisement", "this document is subject to copyright", "all rights reserved", "copyright ©",
		"© copyright", "we use cookies", "this site uses cookies", "this website uses cookies", "join the conversation",
		"leave a comment", "leave a reply", "post a comment", "comments are closed", "click here to subscribe",
		"join our", "ähnliche beiträge", "mehr zum thema", "neueste artikel", "das könnte sie auch interessieren",
		"lesen sie auch", "weitere artikel", "à lire aussi", "lire aussi", "articles similaires",
		"noticias relacionadas", "artículos relacionados", "te puede interesar", "leia também", "veja também",
		NULL,
	};
	if (!ex_tag_in(n, T_LINE) || ex_has_child_block(n))
		return false;
	size_t len = norm_of(r, n);
	if (!len || len > 2 * PR_SHORT)
		return false;
	char *t = ex_inner_text(r->x, n);
	/* a photo credit or a site's copyright on a line of its own */
	if (len < 80 && (strncmp(t, "©", strlen("©")) == 0 || strncasecmp(t, "(c) ", 4) == 0))
		return true;
	/* a longer line with a clause after a comma is someone's sentence, not a label */
	return !(len > PR_SHORT && strchr(t, ',')) && opens_with_any(t, openings);
}

static bool is_heading(const struct html_node *n)
{
	static const char *const T_H[] = { "h1", "h2", "h3", "h4", "h5", "h6", NULL };
	return ex_tag_in(n, T_H);
}

/* a heading left with nothing under it once what followed it went ("More from UK", "Related") */
static void drop_orphan_heading(struct pr *r, struct html_node *prev)
{
	if (!prev || !is_heading(prev) || !prev->parent)
		return;
	struct html_node *next = ex_next_el(prev);
	if ((!next || is_heading(next)) && norm_of(r, prev) < 60)
		html_remove(prev);
}

/* is n a phrase inside a paragraph that says more than it (the words before or after it in the same <p>) */
static bool in_sentence(struct pr *r, const struct html_node *n)
{
	const struct html_node *p = n->parent;
	return p && p != r->article && ex_tag(p, "p") && ex_is_phrasing(n) && norm_of(r, p) > 2 * norm_of(r, n) + 20;
}

/* a cluster of links outside a list: a table or a column of headlines to other stories, a row of
 * section names. Most of its text is links, it says little of its own, and that little is a small part of
 * what the article says outside links (so it may go even when its headlines outweigh a short story) */
static bool link_cluster(struct pr *r, const struct html_node *n)
{
	static const char *const T_LISTS[] = { "ul", "ol", "li", "nav", "menu", "dl", NULL };
	struct ex_info *i = facts(r, n);
	/* a list goes by link_list's rules; a table of contents and a list of sources are the article's, and so
	 * is a phrase (a citation's links) */
	if (ex_tag_in(n, T_LISTS) || ex_is_phrasing(n) || 2 * i->pr_self_links >= i->pr_links)
		return false;
	size_t len = norm_of(r, n);
	if (!link_heavy(i->pr_links, i->pr_link_chars, len))
		return false;
	size_t mine = len > i->pr_link_chars ? len - i->pr_link_chars : 0;
	return mine <= PR_SHORT && (double)mine <= 0.25 * (double)r->own;
}

/* the words that open the line over a comment section ("Comments", "Have your say"): what follows it in
 * the article is the readers', not the author's */
static bool comments_header(struct pr *r, const struct html_node *n)
{
	static const char *const openings[] = {
		"reader comments", "readers' comments", "readers comments", "your comments", "user comments",
		"post a comment", "post your comment", "add a comment", "add your comment", "leave a comment", "write a comment",
		"have your say", "comments are ", "report this comment", NULL,
	};
	size_t len = norm_of(r, n);
	if (!len || len > PR_HEADER || facts(r, n)->pr_links || in_sentence(r, n))
		return false;
	char *t = ex_inner_text(r->x, n);
	/* "Comments" alone (a colon at most) heads them, and "Comments are closed" (moderated, limited...) speaks
	 * of them; "Comments from the industry" may head a section of the story, and "Comments (0)" under each
	 * post of a blog's front page counts them */
	if (opens_with(t, "comments") && !opens_with(t, "comments are ")) {
		for (const char *p = t + strlen("comments"); *p; p++)
			if (isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80)
				return false;
		return true;
	}
	return opens_with_any(t, openings);
}

/* an anchor without text named where the comments begin (<a name="comments">, <a name="commentSection">); a
 * numbered one ("comment_1116...") marks one comment, and on a page of several posts it may be any post's.
 * Only the name: taking <a id="comments"> too cost CleanEval (whose truth keeps readers' comments) more
 * than it gave dragnet */
static bool comments_anchor(const struct html_node *n)
{
	static const char *const names[] = { "comment", "comments", "commentsection", "comment-section",
		                             "comments-section", NULL };
	if (!ex_tag(n, "a") || html_get_attr(n, "href") || ex_first_el(n) || ex_norm_len(n))
		return false;
	const char *v = html_get_attr(n, "name");
	for (size_t i = 0; v && names[i]; i++)
		if (strcasecmp(v, names[i]) == 0)
			return true;
	return false;
}

/* has the article said PR_STORY characters before n (in document order)? The walk stops once it has, or
 * after PR_BEFORE_NODES nodes (then it answers no), so that a page of many short lines costs no more than
 * a page of few */
static bool story_before(struct pr *r, const struct html_node *n)
{
	size_t sum = 0, seen = 0;
	for (const struct html_node *c = n; c && c != r->article; c = c->parent)
		for (const struct html_node *s = c->prev; s; s = s->prev) {
			sum += s->type == HTML_ELEMENT ? norm_of(r, s) : (s->type == HTML_TEXT ? ex_norm_len(s) : 0);
			if (sum >= PR_STORY)
				return true;
			if (++seen >= PR_BEFORE_NODES)
				return false;
		}
	return false;
}

/* the start of the comment section: a header or an anchor after the story has said enough */
static bool comments_start(struct pr *r, const struct html_node *n)
{
	if (n->ns != HTML_NS_HTML || !(comments_anchor(n) || comments_header(r, n)))
		return false;
	return story_before(r, n);
}

/* take out n and all that follows it in the article */
static void cut_from(struct pr *r, struct html_node *n)
{
	for (struct html_node *c = n; c && c != r->article; c = c->parent)
		while (c->next)
			html_remove(c->next);
	html_remove(n);
}

/* the rules, cheapest tests first; the guards that walk the block's subtree run only for a block a rule
 * has picked */
static bool judge(struct pr *r, struct html_node *n)
{
	/* the comments under a short post outweigh it: their name is enough, while the post keeps its words */
	if (n->ns == HTML_NS_HTML && ex_word_match(ex_match_string(r->x, n), comment_tokens) &&
	    r->total >= norm_of(r, n) + PR_REST)
		return true;
	if (!small(r, n))
		return !has(r, n, F_CONTENT) && !boiler_match(ex_match_string(r->x, n)) && link_cluster(r, n);
	if (stray_caption(r, n))
		return true;
	bool pick = false;
	if (boiler_match(ex_match_string(r->x, n)))
		/* an image with its words (a caption, a credit) is the article's; a teaser's image is a link; a
		 * phrase inside a paragraph's sentence ("<span class=dateline>CAIRO —</span> Gunmen...") is the
		 * sentence's */
		pick = !has(r, n, F_OWN_MEDIA) && !in_sentence(r, n);
	else
		pick = link_list(r, n) || link_cluster(r, n) || (facts(r, n)->pr_elems <= PR_LINE_ELEMS &&
		                            ((repeated_byline(r, n) && !has(r, n, F_MEDIA)) || boiler_phrase(r, n)));
	return pick && !has(r, n, F_CONTENT);
}

void ex_precise(struct ex_ctx *x, struct html_node *article, const char *byline)
{
	struct pr r = { .x = x, .article = article, .byline = NULL };
	if (byline && (r.byline = arena_strdup(x->a, byline)) != NULL)
		for (char *p = (char *)r.byline; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	x->memo_gen++;
	r.total = norm_of(&r, article);
	if (!r.total)
		return;
	mark(&r, article);
	r.own = r.total > facts(&r, article)->pr_link_chars ? r.total - facts(&r, article)->pr_link_chars : 0;
	struct html_node *n = ex_first_el(article);
	while (n) {
		/* the page's wrapper is Readability's own, never a block to judge */
		const char *id = html_get_attr(n, "id");
		if (id && strcmp(id, "readability-page-1") == 0) {
			n = ex_next_node(n, false);
			continue;
		}
		/* a data table, code, math: kept whole, nothing inside is judged (a table that lays out the page,
		 * or one of headlines, is judged like any box) */
		if (ex_tag_in(n, T_KEEP) || (ex_tag(n, "table") && has(&r, n, F_CONTENT))) {
			n = ex_next_node(n, true);
			continue;
		}
		if (comments_start(&r, n)) {
			cut_from(&r, n);
			return;
		}
		if (judge(&r, n)) {
			struct html_node *prev = ex_prev_el(n);
			n = ex_remove_and_next(n);
			/* the measures of n's ancestors are stale from here: nothing looks at them again */
			drop_orphan_heading(&r, prev);
			continue;
		}
		n = ex_next_node(n, false);
	}
}
