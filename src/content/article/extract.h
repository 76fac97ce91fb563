/* extract.h: the readable-article extractor (Readability's algorithm) and page metadata, on the arena DOM. */
#ifndef LARDER_CONTENT_EXTRACT_H
#define LARDER_CONTENT_EXTRACT_H
#include <stdbool.h>
#include <stddef.h>

struct arena;
struct content_error;
struct content_limits;
struct html_doc;
struct html_node;

struct content_article {
	const char *title;              /* without the site's name where the page's heading or site name says so */
	const char *page_title;         /* the title as Readability gives it (the site's name may be left in) */
	const char *byline;
	const char *content;            /* article HTML: one <div>..</div>, NOT yet sanitized */
	const char *text_content;       /* the article's plain text (its DOM textContent) */
	const char *excerpt, *site_name;
	const char *image;              /* lead image (og:image, twitter:image, JSON-LD), absolute when url is known */
	const char *published_time;     /* as found in the page, ISO 8601 when the page used it */
	const char *language, *dir;
	long words_count;               /* see content_count_words */
	bool readerable;                /* the page passed the "probably readerable" heuristic */
};

/* Extract the readable article of a page. html is UTF-8 (n bytes, may hold NULs); url (may be
 * NULL) is the page's address for making links absolute. Everything lives in arena a; fields are
 * NULL when unknown (content and text_content are NULL only when no article text was found). The parse
 * keeps lim's budget_ms (NULL: the defaults; over it, the page is read degraded, html_parse).
 * Returns 0, or -1 with e (CONTENT_E_NOMEM) only when the arena is exhausted. */
int content_extract(struct arena *a, const char *html, size_t n, const char *url, const struct content_limits *lim,
                    struct content_article *out, struct content_error *e);

/* The page parsed as the extractor reads it (one html_parse of html, under lim, without the bodies of its
 * scripts and styles, which the extractor drops); NULL when a is exhausted. */
struct html_doc *content_parse_page(struct arena *a, const char *html, size_t n, const struct content_limits *lim);

/* content_extract on a page already parsed (by content_parse_page), which it edits: the article
 * is built from doc's own nodes (the retries work on copies of doc). *article gets the article,
 * a detached <div> not yet sanitized, or NULL when no article text was found; out->content is
 * left NULL (serialize *article, after content_sanitize_tree, to get it). 0, or -1 with e
 * (CONTENT_E_NOMEM) out of memory. */
int content_extract_doc(struct arena *a, struct html_doc *doc, const char *url, struct content_article *out,
                        struct html_node **article, struct content_error *e);

/* Words of a text: runs of letters and digits separated by anything else; every CJK ideograph,
 * kana or hangul syllable counts as one word by itself (as Omnivore counts CJK text). */
long content_count_words(const char *text);
#endif
