/* extract_int.h: what the extractor's files share: the per-run context, node scores and text measures. */
#ifndef LARDER_CONTENT_EXTRACT_INT_H
#define LARDER_CONTENT_EXTRACT_INT_H
#include <stdbool.h>
#include <stddef.h>

#include "content/article/html.h"

struct arena;

/* the three heuristics dropped one by one when the article comes out too short */
enum { EX_STRIP_UNLIKELYS = 1, EX_WEIGHT_CLASSES = 2, EX_CLEAN_CONDITIONALLY = 4 };

/* text measures with Readability's conventions (lengths in UTF-16 units, like JavaScript) */
struct ex_text {
	size_t raw;             /* textContent.length */
	size_t trimmed;         /* textContent.trim().length */
	size_t norm;            /* trimmed, with each whitespace run counted as one */
	size_t commas;          /* ASCII commas */
	size_t ucommas;         /* the commas of many scripts Readability's scoring counts */
	size_t lead, trail;     /* whitespace before the first and after the last other character */
	bool any;               /* some character is not whitespace */
};

/* what the extractor remembers about one element (Readability keeps it on the node) */
struct ex_info {
	const struct html_node *key;
	double score;
	bool scored;            /* has a content score (was initialised as a candidate) */
	bool datatable;         /* a table judged to hold data */
	unsigned memo_gen;      /* text is this element's measure when equal to ex_ctx.memo_gen */
	struct ex_text text;
	unsigned blank_gen;     /* blank and brhr are valid when equal to ex_ctx.blank_gen */
	bool blank;             /* no text but whitespace */
	size_t brhr;            /* <br> and <hr> elements inside */
	/* what the precision pass knows of the subtree (extract_precise.c), set as it begins */
	unsigned pr_flags;
	size_t pr_links, pr_link_chars, pr_elems;
	size_t pr_self_links;   /* links to a place in the page ("#History") or labelled with an address */
};

struct ex_map {
	struct ex_info *slots;
	size_t cap, used;       /* cap is a power of two */
};

/* page metadata, from JSON-LD and <meta> tags */
struct ex_meta {
	char *title, *byline, *excerpt, *site_name, *published, *image;
	char *headline;                 /* title without the site's name where the page confirms it (ex_meta_collect) */
};

struct ex_ctx {
	struct arena *a;
	struct html_doc *doc;
	struct html_doc *first;         /* a large page's first parse, untouched: the retries copy it */
	struct html_node *body;
	const char *base;               /* absolute base URL for links, or NULL */
	bool base_is_doc;               /* no <base href> moved it away from the page's own URL */
	int flags;
	bool oom;
	struct ex_map map;
	struct ex_meta meta;
	char *title;                    /* the article title (metadata or cleaned <title>) */
	char *found_byline;             /* byline taken from the content */
	char *lang, *dir;
	bool readerable, too_big;       /* found on the first parse */
	unsigned memo_gen;              /* see ex_text_memo */
	unsigned blank_gen;             /* see ex_without_content_memo */
};

/* ---- extract_util.c ---- */
struct ex_info *ex_info(struct ex_ctx *x, const struct html_node *n, bool create);
static inline double ex_score(struct ex_ctx *x, const struct html_node *n)
{
	struct ex_info *i = ex_info(x, n, false);
	return i ? i->score : 0;
}

void ex_text_measure(const struct html_node *n, struct ex_text *t);
size_t ex_norm_len(const struct html_node *n);
bool ex_text_is_blank(const struct html_node *n);       /* textContent is all whitespace */
size_t ex_ws_len(const char *p);                        /* bytes of the JS-\s character at p, 0 if none */
char *ex_trim(struct arena *a, const char *s);          /* JS trim(), and \s{2,} -> " " when collapse */
char *ex_trim_collapse(struct arena *a, const char *s);
char *ex_inner_text(struct ex_ctx *x, const struct html_node *n);   /* getInnerText(n) */
double ex_link_density(const struct html_node *n);
/* memoised measures, valid while the subtree does not change: a pass that edits the tree
 * bumps x->memo_gen (the conditional cleaning edits only subtrees it has finished with) */
void ex_text_memo(struct ex_ctx *x, const struct html_node *n, struct ex_text *t);
double ex_link_density_memo(struct ex_ctx *x, const struct html_node *n);
double ex_text_similarity(struct arena *a, const char *a_text, const char *b_text);

/* element helpers */
static inline bool ex_el(const struct html_node *n) { return n && n->type == HTML_ELEMENT; }
bool ex_tag(const struct html_node *n, const char *tag);
bool ex_tag_in(const struct html_node *n, const char *const *tags);
struct html_node *ex_first_el(const struct html_node *n);
struct html_node *ex_next_el(const struct html_node *n);
struct html_node *ex_prev_el(const struct html_node *n);
size_t ex_el_count(const struct html_node *n);
size_t ex_count_tag(const struct html_node *root, const char *tag);     /* descendants */
struct html_node *ex_next_node(struct html_node *n, bool skip_kids);    /* _getNextNode */
struct html_node *ex_remove_and_next(struct html_node *n);
struct html_node **ex_collect(struct ex_ctx *x, struct html_node *root, const char *const *tags, size_t *count);
bool ex_has_ancestor(const struct html_node *n, const char *tag, int max_depth, struct ex_ctx *x, bool need_datatable);
bool ex_single_tag_inside(const struct html_node *el, const char *tag);
/* whether n is an element whose text is blank and whose children are none but <br> and <hr>
 * (_isElementWithoutContent), memoised: for walks in document order that edit only the node they are
 * at and what precedes it; the walk bumps x->blank_gen when it starts */
bool ex_without_content_memo(struct ex_ctx *x, const struct html_node *n);
bool ex_has_child_block(const struct html_node *n);
bool ex_is_phrasing(const struct html_node *n);
bool ex_is_whitespace(const struct html_node *n);
bool ex_probably_visible(const struct html_node *n);
const char *ex_match_string(struct ex_ctx *x, const struct html_node *n);   /* lower-cased "class id" */
bool ex_word_match(const char *match, const char *const *words);    /* a word of match is one of words */
int ex_class_weight(struct ex_ctx *x, const struct html_node *n);
bool ex_ci_has(const char *hay, const char *needle);
bool ex_unlikely(const char *lower_match);
bool ex_maybe_candidate(const char *lower_match);
bool ex_byline_match(const char *lower_match);
void ex_set_tag(struct ex_ctx *x, struct html_node *n, const char *tag);

/* ---- extract_meta.c ---- */
void ex_meta_collect(struct ex_ctx *x);         /* JSON-LD and <meta>; sets x->meta and x->title */
char *ex_byline_clean(struct ex_ctx *x, const char *s); /* a byline as a name (NULL: none) */
bool ex_readerable(struct ex_ctx *x);

/* ---- extract_strip.c ---- */
/* a copy of html (n bytes) without the content of <style> and of <script> other than JSON-LD */
char *ex_strip_raw(struct arena *a, const char *html, size_t n, size_t *outn);

/* ---- extract_clean.c ---- */
void ex_unwrap_noscript_images(struct ex_ctx *x);
void ex_replace_brs(struct ex_ctx *x, struct html_node *root);
void ex_prep_article(struct ex_ctx *x, struct html_node *article);
void ex_post_process(struct ex_ctx *x, struct html_node *article);
char *ex_absolute(struct ex_ctx *x, const char *ref);

/* ---- extract_precise.c ---- */
/* the precision pass over the chosen article, before post-processing (it reads classes and ids):
 * navigation, share bars, related lists, stray captions, comment and sign-up boxes, the byline again */
void ex_precise(struct ex_ctx *x, struct html_node *article, const char *byline);
#endif
