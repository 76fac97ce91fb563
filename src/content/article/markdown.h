/* markdown.h: HTML (a sanitized fragment) to CommonMark with GFM tables, for format: "markdown". */
#ifndef LARDER_CONTENT_MARKDOWN_H
#define LARDER_CONTENT_MARKDOWN_H
#include <stddef.h>

struct arena;
struct content_error;
struct content_limits;

/* Convert UTF-8 HTML (meant for content_sanitize's output) to Markdown in *out (arena):
 * ATX headings, paragraphs, *emphasis*, **strong**, ~~strikethrough~~, links [t](u "title"),
 * images ![alt](src), nested bullet and ordered lists, blockquotes, code spans and fenced code
 * blocks (the fence longer than any backtick run inside), GFM pipe tables for simple tables
 * (no spans, no block content in cells; others become paragraphs), thematic breaks, and hard
 * line breaks as a backslash before the newline. Text is escaped so that a CommonMark parser
 * gives back the same text. The HTML is parsed under lim (NULL: defaults). 0, or -1 with e: CONTENT_E_NOMEM,
 * or CONTENT_E_LIMIT for output past LIMIT_MARKDOWN_OUTPUT. */
int content_markdown(struct arena *a, const char *html, size_t n, const struct content_limits *lim, char **out,
                     size_t *outlen, struct content_error *e);
#endif
