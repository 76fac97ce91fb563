/* import_html.c (content): the HTML exports, parsed with the content layer's HTML parser: a Netscape bookmark file (any browser's), Pocket's older ril_export.html and Instapaper's HTML export. */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "content/article/html.h"
#include "content/transfer/import_int.h"

/* A bookmark's folders become its labels, from the outermost in, except the browsers' own top folders
 * (the toolbar, "Other bookmarks", the menu, the mobile folder): they say where a browser shows a
 * bookmark, not what it is about. Firefox's TAGS are labels too, and a <DD> after a bookmark its
 * description. */
static const char *const root_folders[] = {
	"Bookmarks bar", "Bookmarks Toolbar", "Other bookmarks", "Bookmarks Menu", "Mobile bookmarks",
	"Favorites bar", "Favourites bar", "Other favorites", "Unsorted Bookmarks", NULL,
};

struct html_read {
	enum content_import_format f;
	struct arena *doc_arena, scratch;   /* the file and its tree; one item's memory */
	size_t *lines, nlines;              /* the line of each "<a" in the source, in order */
	const char *section;                /* Pocket: the list (h1) the links are under */
	const struct content_import_sink *sink;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}

/* the line of every "<a" tag in the source: the report's line of each link when their count is the
 * count of <a> elements (otherwise a link's number stands for its line) */
static void index_lines(struct html_read *r, const char *s, size_t n)
{
	size_t line = 1, count = 0;
	for (size_t pass = 0; pass < 2; pass++) {
		line = 1, count = 0;
		for (size_t i = 0; i + 2 < n; i++) {
			if (s[i] == '\n')
				line++;
			else if (s[i] == '<' && (s[i + 1] == 'a' || s[i + 1] == 'A') && (is_space(s[i + 2]) || s[i + 2] == '>')) {
				if (pass == 1)
					r->lines[count] = line;
				count++;
			}
		}
		if (pass == 0 && (r->lines = ARENA_NEWN(r->doc_arena, size_t, count + 1)) == NULL)
			return;
	}
	r->nlines = count;
}

/* the element before n among its siblings, text and comments skipped */
static struct html_node *prev_element(const struct html_node *n)
{
	for (n = n->prev; n && n->type != HTML_ELEMENT; n = n->prev)
		;
	return (struct html_node *)n;
}

static struct html_node *next_element(const struct html_node *n)
{
	for (n = n->next; n && n->type != HTML_ELEMENT; n = n->next)
		;
	return (struct html_node *)n;
}

/* the folder heading a <dl> is the list of: the <h3> before it, or before the <dd> (a folder's
 * description) that holds it */
static const struct html_node *folder_heading(const struct html_node *dl)
{
	struct html_node *h = prev_element(dl);
	if (h == NULL && dl->parent && html_is(dl->parent, "dd") && (h = prev_element(dl->parent)) != NULL)
		h = html_is(h, "dt") ? html_first_element(h, "h3") : NULL;
	return h && html_is(h, "h3") ? h : NULL;
}

static bool is_root_folder(const struct html_node *h3, const char *name)
{
	if (html_get_attr(h3, "personal_toolbar_folder") || html_get_attr(h3, "unfiled_bookmarks_folder"))
		return true;
	for (const char *const *r = root_folders; *r; r++)
		if (strcasecmp(name, *r) == 0)
			return true;
	return false;
}

/* the names of the folders holding link a, outermost first, then its TAGS; -1 out of memory */
static int bookmark_labels(struct html_read *r, const struct html_node *link, struct content_import_item *it)
{
	size_t depth = 0, n = 0;
	const char **labels;
	for (const struct html_node *p = link->parent; p; p = p->parent)
		depth += html_is(p, "dl");
	if ((labels = ARENA_NEWN(&r->scratch, const char *, depth + 1)) == NULL)
		return -1;
	for (const struct html_node *p = link->parent; p; p = p->parent) {
		const struct html_node *h = html_is(p, "dl") ? folder_heading(p) : NULL;
		char *name = h ? html_inner_text(&r->scratch, h) : NULL;
		if (name && *name && !is_root_folder(h, name))
			labels[n++] = name;
	}
	for (size_t i = 0; i < n / 2; i++) {
		const char *t = labels[i];
		labels[i] = labels[n - 1 - i];
		labels[n - 1 - i] = t;
	}
	it->nlabels = n;
	if (import_split_labels(&r->scratch, html_get_attr(link, "tags"), ',', &labels, &it->nlabels))
		return -1;
	it->labels = labels;
	return 0;
}

/* Instapaper's lists: Unread the inbox, Archive archived, Starred a favourite in the inbox (as its CSV's
 * folders), any other list a folder of the user's: a label */
static const char *instapaper_section(struct html_read *r, struct content_import_item *it)
{
	const char **labels;
	if (r->section == NULL || *r->section == '\0' || strcasecmp(r->section, "Unread") == 0)
		return NULL;
	if (strcasecmp(r->section, "Archive") == 0) {
		it->state = "ARCHIVED";
	} else if (strcasecmp(r->section, "Starred") == 0) {
		it->favorite = true;
	} else {
		if ((labels = ARENA_NEWN(&r->scratch, const char *, 1)) == NULL)
			return "out of memory";
		labels[0] = r->section;
		it->labels = labels, it->nlabels = 1;
	}
	return NULL;
}

/* one <a> as an item: NULL, or why it cannot be (*skip: it is never an item, and no mistake of the file) */
static const char *read_link(struct html_read *r, const struct html_node *link, struct content_import_item *it, bool *skip)
{
	const char *why, *date = r->f == CONTENT_IMPORT_NETSCAPE ? "add_date" : "time_added";
	const struct html_node *dd = link->parent ? next_element(link->parent) : NULL;
	char *title;
	enum import_url_verdict v = import_url_check(&r->scratch, html_get_attr(link, "href"), &it->url, &why);
	if ((*skip = v == IMPORT_URL_SKIP) || v == IMPORT_URL_BAD)
		return why;
	title = html_inner_text(&r->scratch, link);
	it->title = title && *title ? title : NULL;
	if (import_epoch_ms(html_get_attr(link, date) ? html_get_attr(link, date) : "", &it->saved_ms)) {
		if (r->f != CONTENT_IMPORT_NETSCAPE)
			return "time_added is not a number";
		it->saved_ms = 0;   /* a bookmark whose date is no count of seconds ("invaliddate", a log's date): kept without */
	}
	if (r->f == CONTENT_IMPORT_INSTAPAPER_HTML)
		return instapaper_section(r, it);
	if (r->f == CONTENT_IMPORT_POCKET_HTML) {
		const char **labels = NULL;
		if (r->section && strcasecmp(r->section, "Read Archive") == 0)
			it->state = "ARCHIVED";
		if (import_split_labels(&r->scratch, html_get_attr(link, "tags"), ',', &labels, &it->nlabels))
			return "out of memory";
		it->labels = labels;
		return NULL;
	}
	if (dd && html_is(link->parent, "dt") && html_is(dd, "dd")) {
		char *text = html_inner_text(&r->scratch, dd);
		it->description = text && *text ? text : NULL;
	}
	return bookmark_labels(r, link, it) ? "out of memory" : NULL;
}

/* every link of the tree to the sink, in document order; -1 when the sink stopped */
static int read_links(struct html_read *r, const struct html_doc *doc, size_t nlinks)
{
	size_t k = 0;
	for (struct html_node *n = doc->root; n; n = html_next(doc->root, n)) {
		struct content_import_item it = { .reading_progress = -1 };
		const char *why;
		bool skip;
		if (html_is(n, "h1")) {
			char *h = html_inner_text(r->doc_arena, n);
			r->section = h ? import_trim(r->doc_arena, h) : NULL;
		}
		if (!html_is(n, "a"))
			continue;
		k++;
		it.line = r->nlines == nlinks ? r->lines[k - 1] : k;
		if ((why = read_link(r, n, &it, &skip)) != NULL && skip)
			import_skip(r->sink, it.line, why);
		else if (why)
			r->sink->bad(r->sink->ctx, it.line, why);
		else if (r->sink->item(r->sink->ctx, &it))
			return -1;
		arena_reset(&r->scratch);
	}
	return 0;
}

/* the tree is of the format asked for: NULL, or why not */
static const char *check_format(const struct html_read *r, const struct html_doc *doc, size_t nlinks)
{
	const struct html_node *title = html_first_element(doc->root, "title");
	char *t = title ? html_inner_text(r->doc_arena, title) : NULL;
	if (r->f == CONTENT_IMPORT_NETSCAPE) {
		if ((doc->doctype_name && strcasecmp(doc->doctype_name, "NETSCAPE-Bookmark-file-1") == 0) || nlinks > 0)
			return NULL;
		return "the file is not a bookmarks file: it has neither the Netscape bookmark doctype nor links";
	}
	if (r->f == CONTENT_IMPORT_INSTAPAPER_HTML)
		return (t && strcasecmp(t, "Instapaper: Export") == 0) || nlinks > 0
		               ? NULL : "the file is not Instapaper's HTML export: it has neither its title nor links";
	if ((t && strcasecmp(t, "Pocket Export") == 0) || nlinks > 0)
		return NULL;
	return "the file is not Pocket's HTML export: it has neither its title nor links";
}

static int parse_and_read(struct html_read *r, const char *path, struct content_error *e)
{
	const char *why;
	size_t n, nlinks = 0;
	char *s = import_slurp(r->doc_arena, path, &n, e);
	struct html_doc *doc;
	if (s == NULL)
		return -1;
	index_lines(r, s, n);
	doc = html_parse(r->doc_arena, s, n, &(struct content_limits){ .budget_ms = LIMIT_IMPORT_PARSE_MS });
	if (doc == NULL)
		return content_fail(e, CONTENT_E_NOMEM, "the file cannot be parsed as HTML (out of memory)");
	if (doc->degraded)
		return content_fail(e, CONTENT_E_LIMIT, "the file is too large to be read as HTML in time");
	for (struct html_node *a = doc->root; a; a = html_next(doc->root, a))
		nlinks += html_is(a, "a");
	if ((why = check_format(r, doc, nlinks)) != NULL)
		return content_fail(e, CONTENT_E_FORMAT, "%s", why);
	return read_links(r, doc, nlinks) ? content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED) : 0;
}

int import_read_html(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                     struct content_error *e)
{
	struct arena doc_arena;
	struct html_read r = { .f = f, .doc_arena = &doc_arena, .sink = sink };
	int rc;
	(void)a; /* everything of the document lives in doc_arena; the messages in e */
	arena_init(&doc_arena);
	arena_init(&r.scratch);
	rc = parse_and_read(&r, path, e);
	arena_free(&r.scratch);
	arena_free(&doc_arena);
	return rc;
}
