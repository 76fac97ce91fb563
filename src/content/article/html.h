/* html.h: an editable HTML DOM in an arena, built from gumbo's HTML5 parse, with queries and an HTML5 serializer. */
#ifndef LARDER_CONTENT_HTML_H
#define LARDER_CONTENT_HTML_H
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct arena;
struct content_limits;
struct sb;

enum html_node_type { HTML_DOCUMENT, HTML_ELEMENT, HTML_TEXT, HTML_COMMENT };
enum html_ns { HTML_NS_HTML, HTML_NS_SVG, HTML_NS_MATHML };

struct html_attr {
	struct html_attr *next;
	char *name;             /* lower-case, except SVG's adjusted names such as viewBox */
	char *value;            /* decoded (entities resolved), UTF-8 */
};

struct html_node {
	enum html_node_type type;
	enum html_ns ns;                /* elements only */
	char *name;                     /* elements: tag name (lower-case for HTML) */
	char *text;                     /* text and comment nodes: the decoded text */
	struct html_attr *attrs;        /* elements: attributes in source order */
	struct html_node *parent, *first_child, *last_child, *prev, *next;
};

struct html_doc {
	struct arena *arena;
	struct html_node *root;         /* the HTML_DOCUMENT node */
	bool has_doctype;
	char *doctype_name, *doctype_public, *doctype_system;
	bool truncated;                 /* input was cut where nesting passed LIMIT_HTML_DEPTH */
	bool degraded;                  /* the parse ran past LIMIT_HTML_PARSE_MS: the tree is the page's
	                                   text in paragraphs (html_degrade), its markup dropped */
};

/* Parse UTF-8 HTML (may hold NUL bytes) into a new tree; NULL if the arena is exhausted or gumbo fails.
 * Input nested deeper than LIMIT_HTML_DEPTH is cut at that point (doc->truncated). No tag gets more
 * than LIMIT_HTML_ATTRS attributes: a '>' is inserted before the one too many, under every reading
 * of the input, so text that only might be a tag may get one too. A parse that takes more than
 * lim's budget_ms of CPU (lim NULL or 0: LIMIT_HTML_PARSE_MS; CONTENT_BUDGET_SPENT abandons it at gumbo's
 * first allocation, deterministically) is abandoned for the tree of html_degrade (doc->degraded). */
struct html_doc *html_parse(struct arena *a, const char *utf8, size_t n, const struct content_limits *lim);

/* html_parse calls so far in this process, from every thread (a degraded parse's second gumbo run is
 * part of its call); for tests that count how often a page is parsed */
unsigned long html_parse_count(void);

/* The page as the degraded parse reads it: its first <title> kept in front (up to
 * LIMIT_HTML_DEGRADED_TITLE bytes), then its text (character references kept), a <p> where a
 * block element's tag was, every other tag, comment and script or style element dropped, each
 * other '<' escaped. Linear; in the arena; NULL out of memory. */
char *html_degrade(struct arena *a, const char *utf8, size_t n, size_t *outn);

/* A copy of the whole tree in a (linear; much cheaper than parsing again). Names, text and attribute
 * values are shared with src, which edits never write into; NULL if the arena is exhausted. */
struct html_doc *html_clone_doc(struct arena *a, const struct html_doc *src);

/* creating nodes (detached) */
struct html_node *html_create_element(struct html_doc *d, const char *name);
struct html_node *html_create_text(struct html_doc *d, const char *text);
struct html_node *html_create_comment(struct html_doc *d, const char *text);

/* tree edits; a node being inserted is first detached from where it was */
void html_append(struct html_node *parent, struct html_node *child);
/* ref NULL appends; nothing happens when ref is not a child of parent or child is an ancestor of parent */
void html_insert_before(struct html_node *parent, struct html_node *child, struct html_node *ref);
void html_remove(struct html_node *node);                       /* detach (memory stays in the arena) */
void html_replace(struct html_node *old, struct html_node *repl);
void html_unwrap(struct html_node *el);                          /* replace el by its children */

/* attributes and names */
const char *html_get_attr(const struct html_node *el, const char *name);
int html_set_attr(struct html_doc *d, struct html_node *el, const char *name, const char *value);
void html_remove_attr(struct html_node *el, const char *name);
int html_rename(struct html_doc *d, struct html_node *el, const char *name);
bool html_is(const struct html_node *n, const char *tag);       /* HTML-namespace element named tag */
bool html_is_void(const struct html_node *n);                   /* an HTML void element (br, img, ...): no content */
/* is name one of list (NULL-terminated) */
static inline bool html_name_in(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(name, *list) == 0)
			return true;
	return false;
}

/* queries: document-order walk without recursion */
/* next node after n in document order, staying inside root's subtree; NULL at the end */
struct html_node *html_next(const struct html_node *root, const struct html_node *n);
/* like html_next but skips n's own children */
struct html_node *html_next_skip(const struct html_node *root, const struct html_node *n);
struct html_node *html_first_element(const struct html_node *root, const char *tag);
/* concatenated text of all descendant text nodes, whitespace as in the source */
char *html_text_content(struct arena *a, const struct html_node *n);
/* readable text: script/style/template skipped, block boundaries and <br> as breaks (inline elements add
 * nothing: "foo<b>bar</b>" is "foobar"),
 * runs of whitespace collapsed to one space, trimmed */
char *html_inner_text(struct arena *a, const struct html_node *n);
/* the same with a newline at block boundaries and <br>, and <pre>'s whitespace kept as it is: text that reads
 * as the page does (larder extract's textContent) */
char *html_lines_text(struct arena *a, const struct html_node *n);

/* HTML5 serialization of node (outer) or of its children (!outer); a document always serializes
 * its doctype and children. Errors are the builder's sticky error. */
void html_serialize(const struct html_node *node, struct sb *out, bool outer);
void html_serialize_doc(const struct html_doc *d, struct sb *out);
#endif
