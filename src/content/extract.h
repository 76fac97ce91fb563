/* extract.h: the readable-article extractor (Readability's algorithm) and page metadata, on the arena DOM. */
#ifndef LARDER_EXTRACT_H
#define LARDER_EXTRACT_H
#include <stdbool.h>
#include <stddef.h>

struct arena;

struct content_article {
	const char *title, *byline;
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
 * NULL when unknown (content and text_content are NULL only when no article text was found).
 * Returns 0, or -1 only when the arena is exhausted or the input cannot be parsed. */
int content_extract(struct arena *a, const char *html, size_t n, const char *url, struct content_article *out);

/* Words of a text: runs of letters and digits separated by anything else; every CJK ideograph,
 * kana or hangul syllable counts as one word by itself (as Omnivore counts CJK text). */
long content_count_words(const char *text);
#endif
