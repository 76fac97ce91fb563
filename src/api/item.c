/* item.c: resolvers of the SearchItem, Article, TypeaheadSearchItem and Highlight types (an enum and a name table of fields each, bound per field). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api/api_int.h"
#include "svc/export.h"
#include "content/article/markdown.h"
#include "content/reader.h"
#include "util/crypto.h"
#include "util/text.h"

enum item_field {
	IF_ID, IF_TITLE, IF_SLUG, IF_URL, IF_ORIGINAL_URL, IF_CONTENT, IF_HASH, IF_FORMAT, IF_AUTHOR, IF_DESCRIPTION,
	IF_IMAGE, IF_SITE_NAME, IF_SITE_ICON, IF_LANGUAGE, IF_DIRECTIONALITY, IF_PAGE_TYPE, IF_CONTENT_READER,
	IF_STATE, IF_FOLDER, IF_WORDS, IF_IS_ARCHIVED, IF_CREATED, IF_SAVED, IF_UPDATED, IF_PUBLISHED, IF_READ,
	IF_ARCHIVED, IF_PROGRESS, IF_PROGRESS_TOP, IF_ANCHOR, IF_LABELS, IF_HIGHLIGHTS, IF_HAS_CONTENT,
	IF_OWNED, IF_SAVED_BY_VIEWER, IF_POSTED_BY_VIEWER, IF_LINK_ID, IF_HIGHLIGHTS_COUNT,
};

static const char *const item_field_names[] = {
	[IF_ID] = "id", [IF_TITLE] = "title", [IF_SLUG] = "slug", [IF_URL] = "url",
	[IF_ORIGINAL_URL] = "originalArticleUrl", [IF_CONTENT] = "content", [IF_HASH] = "hash",
	[IF_FORMAT] = "format", [IF_AUTHOR] = "author", [IF_DESCRIPTION] = "description", [IF_IMAGE] = "image",
	[IF_SITE_NAME] = "siteName", [IF_SITE_ICON] = "siteIcon", [IF_LANGUAGE] = "language",
	[IF_DIRECTIONALITY] = "directionality", [IF_PAGE_TYPE] = "pageType", [IF_CONTENT_READER] = "contentReader",
	[IF_STATE] = "state", [IF_FOLDER] = "folder", [IF_WORDS] = "wordsCount", [IF_IS_ARCHIVED] = "isArchived",
	[IF_CREATED] = "createdAt", [IF_SAVED] = "savedAt", [IF_UPDATED] = "updatedAt", [IF_PUBLISHED] = "publishedAt",
	[IF_READ] = "readAt", [IF_ARCHIVED] = "archivedAt", [IF_PROGRESS] = "readingProgressPercent",
	[IF_PROGRESS_TOP] = "readingProgressTopPercent", [IF_ANCHOR] = "readingProgressAnchorIndex",
	[IF_LABELS] = "labels", [IF_HIGHLIGHTS] = "highlights", [IF_HAS_CONTENT] = "hasContent",
	[IF_OWNED] = "ownedByViewer", [IF_SAVED_BY_VIEWER] = "savedByViewer", [IF_POSTED_BY_VIEWER] = "postedByViewer",
	[IF_LINK_ID] = "linkId", [IF_HIGHLIGHTS_COUNT] = "highlightsCount",
};

#define PLACEHOLDER_PROCESSING "<div class=\"larder-placeholder\"><p>This page is still being saved.</p></div>"

const char *api_item_state(const struct store_item *it)
{
	if (it->deleted_ms)
		return "DELETED";
	if (strcmp(it->state, "SUCCEEDED") != 0)
		return it->state;
	return it->archived_ms ? "ARCHIVED" : "SUCCEEDED";
}

struct api_item *api_item_new(struct gql_rctx *rc, const struct store_item *it, const char *format)
{
	struct api_item *o = ARENA_NEW(gql_arena(rc), struct api_item);
	if (o) {
		o->it = *it;
		o->format = format;
	}
	return o;
}

int api_answer_item(struct gql_rctx *rc, struct gql_out *out, int r, const char *doing, const char *type,
                    const struct store_item *it, const char *format)
{
	return api_answer(rc, out, r, doing, type, r == STORE_OK ? api_item_new(rc, it, format) : NULL);
}

/* the readable content in the asked format; a placeholder while processing or after a failure */
static int out_content(struct gql_rctx *rc, const struct api_item *o, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *html = NULL;
	char *md;
	size_t mdlen;
	int r;
	if ((r = store_item_content(ctx->store, a, o->it.seq, &html)) != STORE_OK)
		return api_internal(rc, "reading content", r);
	if (html == NULL) {
		if (strcmp(o->it.state, "PROCESSING") == 0 && o->it.fail_reason)
			html = arena_printf(a, "<div class=\"larder-placeholder\"><p>This page is still being saved. The last attempt"
			                    " failed (%s); Larder will try again.</p></div>", text_html_escaped(a, o->it.fail_reason));
		else if (strcmp(o->it.state, "PROCESSING") == 0)
			html = PLACEHOLDER_PROCESSING;
		else
			html = arena_printf(a, "<div class=\"larder-placeholder\"><p>This page could not be saved: %s</p></div>",
			                    text_html_escaped(a, o->it.fail_reason ? o->it.fail_reason : "no content"));
		if (html == NULL)
			return api_internal(rc, "content", 0);
	}
	if (svc_format_parse(o->format) != SVC_FORMAT_HTML) {
		struct content_error e;
		if (content_markdown(a, html, strlen(html), NULL, &md, &mdlen, &e) != 0)
			return api_internal(rc, "converting content to Markdown", 0);
		gql_out_string(out, md, mdlen);
		return 0;
	}
	gql_out_cstr(out, html);
	return 0;
}

static int out_labels(struct gql_rctx *rc, struct store_label *l, size_t n, struct gql_out *out)
{
	return api_out_objects(rc, out, "Label", l, n, sizeof *l);
}

/* the item's plain text fields; false for any other field */
static bool item_text(const struct store_item *it, int f, const char **s)
{
	switch (f) {
	case IF_ID: case IF_LINK_ID: *s = it->id; return true;
	case IF_TITLE: *s = it->title; return true;
	case IF_SLUG: *s = it->slug; return true;
	case IF_URL: case IF_ORIGINAL_URL: *s = it->url; return true;
	case IF_AUTHOR: *s = it->author; return true;
	case IF_DESCRIPTION: *s = it->description; return true;
	case IF_IMAGE: *s = it->image; return true;
	case IF_SITE_NAME: *s = it->site_name; return true;
	case IF_SITE_ICON: *s = it->site_icon; return true;
	case IF_LANGUAGE: *s = it->language; return true;
	default: return false;
	}
}

/* the item's date fields (*nullable: 0 answers null); false for any other field */
static bool item_date(const struct store_item *it, int f, int64_t *ms, bool *nullable)
{
	*nullable = true;
	switch (f) {
	case IF_CREATED: *ms = it->created_ms; *nullable = false; return true;
	case IF_SAVED: *ms = it->saved_ms; *nullable = false; return true;
	case IF_UPDATED: *ms = it->updated_ms; *nullable = false; return true;
	case IF_PUBLISHED: *ms = it->published_ms; return true;
	case IF_READ: *ms = it->read_ms; return true;
	case IF_ARCHIVED: *ms = it->archived_ms; return true;
	default: return false;
	}
}

/* SearchItem.hash: the SHA-256 of the URL */
static int out_hash(struct gql_rctx *rc, const struct store_item *it, struct gql_out *out)
{
	char *h = arena_alloc(gql_arena(rc), 65);
	if (h == NULL)
		return api_internal(rc, "hash", 0);
	crypto_sha256_hex(it->url, strlen(it->url), h);
	return api_text(out, h);
}

/* the item's labels, or its highlights (each told the item's id for Highlight.libraryItem) */
static int out_item_list(struct gql_rctx *rc, const struct store_item *it, bool highlights, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_highlight *h;
	struct store_label *l;
	size_t n;
	int r;
	if (!highlights)
		return (r = store_item_labels(ctx->store, gql_arena(rc), it->seq, &l, &n)) != STORE_OK
		               ? api_internal(rc, "reading labels", r) : out_labels(rc, l, n, out);
	if ((r = store_item_highlights(ctx->store, gql_arena(rc), it->seq, &h, &n)) != STORE_OK)
		return api_internal(rc, "reading highlights", r);
	for (size_t i = 0; i < n; i++)
		h[i].item_id = it->id;
	return api_out_objects(rc, out, "Highlight", h, n, sizeof *h);
}

/* SearchItem.highlightsCount */
static int out_highlights_count(struct gql_rctx *rc, const struct store_item *it, struct gql_out *out)
{
	int64_t n;
	int r = store_item_highlight_count(api_ctx_of(rc)->store, it->seq, &n);
	return r != STORE_OK ? api_internal(rc, "counting highlights", r) : api_int(out, n);
}

static int resolve_item(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_item *o = parent;
	const struct store_item *it = &o->it;
	int f = api_field(rc, parent, API_NAMES(item_field_names));
	const char *text;
	int64_t ms;
	bool nullable;

	if (f == API_NO_FIELD)
		return api_resolve_absent(rc, parent, out);
	if ((f == IF_URL || f == IF_ORIGINAL_URL) && api_item_is_file(it))
		return api_out_file_url(rc, it, f == IF_ORIGINAL_URL, out);
	if (item_text(it, f, &text))
		return api_text(out, text);
	if (item_date(it, f, &ms, &nullable))
		return nullable && ms == 0 ? api_null(out) : api_out_date(rc, out, ms);
	switch (f) {
	case IF_CONTENT: return out_content(rc, o, out);
	case IF_HASH: return out_hash(rc, it, out);
	case IF_FORMAT: return api_text(out, svc_format_parse(o->format) != SVC_FORMAT_HTML ? "markdown" : "html");
	case IF_DIRECTIONALITY:
		return it->dir == NULL ? api_null(out) : api_enum(out, strcmp(it->dir, "rtl") == 0 ? "RTL" : "LTR");
	case IF_PAGE_TYPE: return api_enum(out, it->page_type ? it->page_type : "ARTICLE");
	case IF_CONTENT_READER: return api_enum(out, api_item_is_file(it) ? "PDF" : "WEB");
	case IF_STATE: return api_enum(out, api_item_state(it));
	case IF_FOLDER: return api_text(out, it->folder ? it->folder : "inbox");
	case IF_WORDS: return it->words_count < 0 ? api_null(out) : api_int(out, it->words_count);
	case IF_IS_ARCHIVED: return api_bool(out, it->archived_ms != 0);
	case IF_PROGRESS: return api_float(out, it->progress);
	case IF_PROGRESS_TOP: return it->progress_top < 0 ? api_null(out) : api_float(out, it->progress_top);
	case IF_ANCHOR: return api_int(out, it->progress_anchor);
	case IF_LABELS: return out_item_list(rc, it, false, out);
	case IF_HIGHLIGHTS: return out_item_list(rc, it, true, out);
	case IF_HAS_CONTENT: return api_bool(out, strcmp(it->state, "SUCCEEDED") == 0);
	case IF_OWNED: case IF_SAVED_BY_VIEWER: return api_bool(out, true);
	case IF_POSTED_BY_VIEWER: return api_bool(out, false);
	case IF_HIGHLIGHTS_COUNT: return out_highlights_count(rc, it, out);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* Highlight.libraryItem: the item the highlight is on, found among the viewer's own items only */
static int highlight_item(struct gql_rctx *rc, const struct store_highlight *h, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_item it;
	struct api_item *o;
	int r;
	if (ctx->user == NULL)
		return gql_error(rc, "UNAUTHENTICATED", "no user");
	r = h->user_id != NULL && strcmp(h->user_id, ctx->user->id) != 0 ? STORE_E_NOTFOUND
	    : store_item_by_seq(ctx->store, gql_arena(rc), h->item_seq, &it);
	if (r == STORE_OK && strcmp(it.user_id, ctx->user->id) != 0)
		r = STORE_E_NOTFOUND; /* another user's item: as if there were none */
	if (r != STORE_OK)
		return r == STORE_E_NOTFOUND ? gql_error(rc, "NOT_FOUND", "the highlight's item is not in your library")
		                             : api_internal(rc, "reading the highlight's item", r);
	o = api_item_new(rc, &it, NULL);
	if (o != NULL)
		gql_out_object(out, "Article", o);
	return o != NULL ? 0 : api_internal(rc, "libraryItem", 0);
}

enum highlight_field {
	HF_ID, HF_SHORT_ID, HF_QUOTE, HF_PREFIX, HF_SUFFIX, HF_PATCH, HF_ANNOTATION, HF_HTML, HF_COLOR, HF_TYPE,
	HF_REPRESENTATION, HF_POSITION, HF_ANCHOR, HF_LABELS, HF_USER, HF_BY_ME, HF_CREATED, HF_UPDATED, HF_SHARED,
	HF_ITEM,
};
static const char *const highlight_fields[] = {
	[HF_ID] = "id", [HF_SHORT_ID] = "shortId", [HF_QUOTE] = "quote", [HF_PREFIX] = "prefix", [HF_SUFFIX] = "suffix",
	[HF_PATCH] = "patch", [HF_ANNOTATION] = "annotation", [HF_HTML] = "html", [HF_COLOR] = "color",
	[HF_TYPE] = "type", [HF_REPRESENTATION] = "representation", [HF_POSITION] = "highlightPositionPercent",
	[HF_ANCHOR] = "highlightPositionAnchorIndex", [HF_LABELS] = "labels", [HF_USER] = "user",
	[HF_BY_ME] = "createdByMe", [HF_CREATED] = "createdAt", [HF_UPDATED] = "updatedAt", [HF_SHARED] = "sharedAt",
	[HF_ITEM] = "libraryItem",
};

/* the highlight's plain text fields; false for any other field */
static bool highlight_text(const struct store_highlight *h, int f, const char **s)
{
	const char *const texts[] = {
		[HF_ID] = h->id, [HF_SHORT_ID] = h->short_id, [HF_QUOTE] = h->quote, [HF_PREFIX] = h->prefix,
		[HF_SUFFIX] = h->suffix, [HF_PATCH] = h->patch, [HF_ANNOTATION] = h->annotation, [HF_HTML] = h->html,
		[HF_COLOR] = h->color,
	};
	if (f < 0 || f > HF_COLOR)
		return false;
	*s = texts[f];
	return true;
}

static int resolve_highlight(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_highlight *h = parent;
	const struct api_ctx *ctx = api_ctx_of(rc);
	int f = api_field(rc, parent, API_NAMES(highlight_fields));
	const char *text;
	struct store_label *l;
	size_t n;
	int r;
	if (f != API_NO_FIELD && highlight_text(h, f, &text))
		return api_text(out, text);
	switch (f) {
	case HF_TYPE: return api_enum(out, h->type);
	case HF_REPRESENTATION: return api_enum(out, h->representation ? h->representation : "CONTENT");
	case HF_POSITION: return api_float(out, h->position_percent);
	case HF_ANCHOR: return api_int(out, h->position_anchor);
	case HF_LABELS:
		if ((r = store_highlight_labels(ctx->store, gql_arena(rc), h->id, &l, &n)) != STORE_OK)
			return api_internal(rc, "reading highlight labels", r);
		return out_labels(rc, l, n, out);
	case HF_USER:
		return ctx->user == NULL ? gql_error(rc, "UNAUTHENTICATED", "no user") : api_obj(out, "User", ctx->user);
	case HF_BY_ME: return api_bool(out, true);
	case HF_CREATED: return api_out_date(rc, out, h->created_ms);
	case HF_UPDATED: return api_out_date(rc, out, h->updated_ms);
	case HF_SHARED: return h->shared_ms ? api_out_date(rc, out, h->shared_ms) : api_null(out);
	case HF_ITEM: return highlight_item(rc, h, out);
	default: return api_resolve_absent(rc, parent, out); /* reactions, replies: [] */
	}
}

int api_bind_item(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_EACH("SearchItem", resolve_item, item_field_names),
		API_EACH("Article", resolve_item, item_field_names),
		API_EACH("Highlight", resolve_highlight, highlight_fields),
	};
	/* the items typeaheadSearch lists (typeahead.c): a few of the same fields */
	static const struct api_bind typeahead = API_EACH("TypeaheadSearchItem", resolve_item, item_field_names);
	return API_BIND_TABLE(s, table, err, errlen) != 0 ? -1 : api_bind_table(s, &typeahead, 1, err, errlen);
}
