/* shape.h: bringing a sanitized tree, in one walk, to the shape the HTML parser rebuilds from its serialization (internal to src/content). */
#ifndef LARDER_CONTENT_SHAPE_H
#define LARDER_CONTENT_SHAPE_H

struct arena;
struct html_doc;
struct html_node;

/* Rewrite root's descendants (root's content parsed as <body>'s is, in no-quirks mode) the way the
 * HTML parser would rebuild them from their serialization: a <p> closed by a block, a heading,
 * list item or link directly inside another of its kind closed by it, table parts outside a table
 * dropped (their content kept), rows and cells given their implied tbody and tr, what may not sit
 * in a table's structure moved before the table, adjacent texts merged, void elements emptied.
 * Meant for the elements the sanitizer keeps. 0 when the serialization now parses back to the same
 * tree; 1 when some shape was left that this walk does not rebuild the parser's way (a re-parse must
 * settle it); -1 out of memory. */
int html_shape_fix(struct html_doc *d, struct html_node *root);

/* text or an attribute value as a re-parse reads it back after serializing: CR LF and CR as LF, the code
 * points gumbo's decoder refuses (C0 controls other than white space, DEL, C1 controls, noncharacters,
 * which character references can make) and invalid bytes as U+FFFD; s itself when that changes
 * nothing, a copy in a otherwise, NULL out of memory */
const char *html_shape_reread(struct arena *a, const char *s);
#endif
