/* item.c: resolvers of the SearchItem, Article, Label and Highlight types (one table of fields, bound per field). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api/api_int.h"
#include "content/markdown.h"
#include "util/crypto.h"
#include "util/text.h"

enum item_field {
	IF_ID, IF_TITLE, IF_SLUG, IF_URL, IF_ORIGINAL_URL, IF_CONTENT, IF_HASH, IF_FORMAT, IF_AUTHOR, IF_DESCRIPTION,
	IF_IMAGE, IF_SITE_NAME, IF_SITE_ICON, IF_LANGUAGE, IF_DIRECTIONALITY, IF_PAGE_TYPE, IF_CONTENT_READER,
	IF_STATE, IF_FOLDER, IF_WORDS, IF_IS_ARCHIVED, IF_CREATED, IF_SAVED, IF_UPDATED, IF_PUBLISHED, IF_READ,
	IF_ARCHIVED, IF_PROGRESS, IF_PROGRESS_TOP, IF_ANCHOR, IF_LABELS, IF_HIGHLIGHTS, IF_HAS_CONTENT,
	IF_OWNED, IF_SAVED_BY_VIEWER, IF_POSTED_BY_VIEWER, IF_LINK_ID, IF__MAX
};

static const char *const item_field_names[IF__MAX] = {
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
	[IF_LINK_ID] = "linkId",
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

bool api_format_markdown(const char *format)
{
	return format && (strcmp(format, "markdown") == 0 || strcmp(format, "highlightedMarkdown") == 0);
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
	if (api_format_markdown(o->format)) {
		if (content_markdown(a, html, strlen(html), &md, &mdlen) != 0)
			return api_internal(rc, "converting content to Markdown", 0);
		gql_out_string(out, md, mdlen);
		return 0;
	}
	gql_out_cstr(out, html);
	return 0;
}

static int out_labels(struct gql_rctx *rc, struct store_label *l, size_t n, struct gql_out *out)
{
	struct gql_out *items = gql_out_list(rc, out, (uint32_t)n);
	if (items == NULL && n > 0)
		return api_internal(rc, "labels", 0);
	for (size_t i = 0; i < n; i++)
		gql_out_object(&items[i], "Label", &l[i]);
	return 0;
}

/* the item's plain text fields; false for any other field */
static bool item_text(const struct store_item *it, enum item_field f, const char **s)
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
static bool item_date(const struct store_item *it, enum item_field f, int64_t *ms, bool *nullable)
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

static int resolve_item(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_item *o = parent;
	const struct store_item *it = &o->it;
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	enum item_field f = (enum item_field)(intptr_t)gql_udata(rc);
	const char *text;
	int64_t ms;
	bool nullable;
	int r;

	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (item_text(it, f, &text)) {
		gql_out_cstr(out, text);
		return 0;
	}
	if (item_date(it, f, &ms, &nullable))
		return nullable && ms == 0 ? (gql_out_null(out), 0) : api_out_date(rc, out, ms);
	switch (f) {
	case IF_CONTENT:
		return out_content(rc, o, out);
	case IF_HASH: {
		char *h = arena_alloc(a, 65);
		if (h == NULL)
			return api_internal(rc, "hash", 0);
		crypto_sha256_hex(it->url, strlen(it->url), h);
		gql_out_cstr(out, h);
		return 0;
	}
	case IF_FORMAT:
		gql_out_cstr(out, api_format_markdown(o->format) ? "markdown" : "html");
		return 0;
	case IF_DIRECTIONALITY:
		if (it->dir == NULL)
			gql_out_null(out);
		else
			gql_out_enum(out, strcmp(it->dir, "rtl") == 0 ? "RTL" : "LTR");
		return 0;
	case IF_PAGE_TYPE:
		gql_out_enum(out, it->page_type ? it->page_type : "ARTICLE");
		return 0;
	case IF_CONTENT_READER:
		gql_out_enum(out, "WEB");
		return 0;
	case IF_STATE:
		gql_out_enum(out, api_item_state(it));
		return 0;
	case IF_FOLDER:
		gql_out_cstr(out, it->folder ? it->folder : "inbox");
		return 0;
	case IF_WORDS:
		if (it->words_count < 0)
			gql_out_null(out);
		else
			gql_out_int(out, it->words_count);
		return 0;
	case IF_IS_ARCHIVED:
		gql_out_bool(out, it->archived_ms != 0);
		return 0;
	case IF_PROGRESS:
		gql_out_float(out, it->progress);
		return 0;
	case IF_PROGRESS_TOP:
		if (it->progress_top < 0)
			gql_out_null(out);
		else
			gql_out_float(out, it->progress_top);
		return 0;
	case IF_ANCHOR:
		gql_out_int(out, it->progress_anchor);
		return 0;
	case IF_LABELS: {
		struct store_label *l;
		size_t n;
		if ((r = store_item_labels(ctx->store, a, it->seq, &l, &n)) != STORE_OK)
			return api_internal(rc, "reading labels", r);
		return out_labels(rc, l, n, out);
	}
	case IF_HIGHLIGHTS: {
		struct store_highlight *h;
		struct gql_out *items;
		size_t n;
		if ((r = store_item_highlights(ctx->store, a, it->seq, &h, &n)) != STORE_OK)
			return api_internal(rc, "reading highlights", r);
		if ((items = gql_out_list(rc, out, (uint32_t)n)) == NULL && n > 0)
			return api_internal(rc, "highlights", 0);
		for (size_t i = 0; i < n; i++) {
			h[i].item_id = it->id;
			gql_out_object(&items[i], "Highlight", &h[i]);
		}
		return 0;
	}
	case IF_HAS_CONTENT:
		gql_out_bool(out, strcmp(it->state, "SUCCEEDED") == 0);
		return 0;
	case IF_OWNED:
	case IF_SAVED_BY_VIEWER:
		gql_out_bool(out, true);
		return 0;
	case IF_POSTED_BY_VIEWER:
		gql_out_bool(out, false);
		return 0;
	case IF__MAX:
	default:
		break;
	}
	return api_resolve_absent(rc, parent, out);
}

static int resolve_label(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_label *l = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "id") == 0)
		gql_out_cstr(out, l->id);
	else if (strcmp(f, "name") == 0)
		gql_out_cstr(out, l->name);
	else if (strcmp(f, "color") == 0)
		gql_out_cstr(out, l->color);
	else if (strcmp(f, "description") == 0)
		gql_out_cstr(out, l->description);
	else if (strcmp(f, "createdAt") == 0)
		return api_out_date(rc, out, l->created_ms);
	else if (strcmp(f, "position") == 0)
		gql_out_int(out, l->position);
	else if (strcmp(f, "internal") == 0)
		gql_out_bool(out, l->internal != 0);
	else if (strcmp(f, "source") == 0)
		gql_out_cstr(out, l->source);
	else
		return api_resolve_absent(rc, parent, out);
	return 0;
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

static int resolve_highlight(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_highlight *h = parent;
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "id") == 0)
		gql_out_cstr(out, h->id);
	else if (strcmp(f, "shortId") == 0)
		gql_out_cstr(out, h->short_id);
	else if (strcmp(f, "type") == 0)
		gql_out_enum(out, h->type);
	else if (strcmp(f, "quote") == 0)
		gql_out_cstr(out, h->quote);
	else if (strcmp(f, "prefix") == 0)
		gql_out_cstr(out, h->prefix);
	else if (strcmp(f, "suffix") == 0)
		gql_out_cstr(out, h->suffix);
	else if (strcmp(f, "patch") == 0)
		gql_out_cstr(out, h->patch);
	else if (strcmp(f, "annotation") == 0)
		gql_out_cstr(out, h->annotation);
	else if (strcmp(f, "html") == 0)
		gql_out_cstr(out, h->html);
	else if (strcmp(f, "color") == 0)
		gql_out_cstr(out, h->color);
	else if (strcmp(f, "highlightPositionPercent") == 0)
		gql_out_float(out, h->position_percent);
	else if (strcmp(f, "highlightPositionAnchorIndex") == 0)
		gql_out_int(out, h->position_anchor);
	else if (strcmp(f, "representation") == 0)
		gql_out_enum(out, h->representation ? h->representation : "CONTENT");
	else if (strcmp(f, "labels") == 0) {
		struct store_label *l;
		size_t n;
		int r = store_highlight_labels(ctx->store, gql_arena(rc), h->id, &l, &n);
		if (r != STORE_OK)
			return api_internal(rc, "reading highlight labels", r);
		return out_labels(rc, l, n, out);
	} else if (strcmp(f, "user") == 0) {
		if (ctx->user == NULL)
			return gql_error(rc, "UNAUTHENTICATED", "no user");
		gql_out_object(out, "User", ctx->user);
	} else if (strcmp(f, "createdByMe") == 0)
		gql_out_bool(out, true);
	else if (strcmp(f, "createdAt") == 0)
		return api_out_date(rc, out, h->created_ms);
	else if (strcmp(f, "updatedAt") == 0)
		return api_out_date(rc, out, h->updated_ms);
	else if (strcmp(f, "sharedAt") == 0)
		return h->shared_ms ? api_out_date(rc, out, h->shared_ms) : (gql_out_null(out), 0);
	else if (strcmp(f, "libraryItem") == 0)
		return highlight_item(rc, h, out);
	else
		return api_resolve_absent(rc, parent, out); /* reactions, replies: [] */
	return 0;
}

int api_bind_item(struct gql_schema *s, char *err, size_t errlen)
{
	static const char *const item_types[] = { "SearchItem", "Article" };
	for (size_t t = 0; t < sizeof item_types / sizeof item_types[0]; t++) {
		struct gql_type *ty = gql_schema_type(s, item_types[t]);
		if (ty == NULL) {
			snprintf(err, errlen, "schema: no type %s", item_types[t]);
			return -1;
		}
		for (int f = 0; f < IF__MAX; f++) {
			char name[96];
			if (gql_type_field(ty, item_field_names[f]) == NULL)
				continue;
			snprintf(name, sizeof name, "%s.%s", item_types[t], item_field_names[f]);
			if (gql_bind(s, name, resolve_item, (void *)(intptr_t)f) != 0) {
				snprintf(err, errlen, "schema: cannot bind %s", name);
				return -1;
			}
		}
	}
	if (api_bind_all(s, "Label", resolve_label, err, errlen) ||
	    api_bind_all(s, "Highlight", resolve_highlight, err, errlen))
		return -1;
	return 0;
}
