/* export.c (svc): an item's content for download (POST /api/content): HTML, Markdown, or Markdown with its highlights marked. */
#include <string.h>

#include "content/article/markdown.h"
#include "content/reader.h"
#include "svc/export.h"
#include "util/sb.h"

/* marks the first occurrence of each one-line highlight quote as ==quote== */
static const char *mark_highlights(struct arena *a, const char *md, const struct store_highlight *h, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *q = h[i].quote, *at;
		char *out;
		size_t ql, pre;
		if (q == NULL || *q == '\0' || strchr(q, '\n') != NULL || (at = strstr(md, q)) == NULL)
			continue;
		ql = strlen(q);
		pre = (size_t)(at - md);
		if ((out = arena_alloc(a, strlen(md) + 5)) == NULL)
			return md;
		memcpy(out, md, pre);
		memcpy(out + pre, "==", 2);
		memcpy(out + pre + 2, q, ql);
		memcpy(out + pre + 2 + ql, "==", 2);
		strcpy(out + pre + 4 + ql, at + ql);
		md = out;
	}
	return md;
}

enum svc_format svc_format_parse(const char *name)
{
	if (name && strcmp(name, "markdown") == 0)
		return SVC_FORMAT_MARKDOWN;
	if (name && strcmp(name, "highlightedMarkdown") == 0)
		return SVC_FORMAT_HIGHLIGHTED_MARKDOWN;
	return SVC_FORMAT_HTML;
}

int svc_content_export(struct store *st, struct arena *a, const char *user_id, const char *item_id, const char *format,
                       const char **body, size_t *len, const char **content_type)
{
	struct store_item it;
	const char *html;
	char *md;
	size_t mdlen;
	enum svc_format f = svc_format_parse(format);
	int r;
	if ((r = store_item_get(st, a, user_id, item_id, &it)) != STORE_OK)
		return r;
	if ((r = store_item_content(st, a, it.seq, &html)) != STORE_OK)
		return r;
	if (html == NULL)
		html = "";
	if (f == SVC_FORMAT_HTML) {
		*body = html;
		*len = strlen(html);
		*content_type = "text/html; charset=utf-8";
		return STORE_OK;
	}
	struct content_error e;
	if (content_markdown(a, html, strlen(html), NULL, &md, &mdlen, &e) != 0)
		return STORE_E_DB;
	*body = md;
	if (f == SVC_FORMAT_HIGHLIGHTED_MARKDOWN) {
		struct store_highlight *h;
		size_t n;
		if ((r = store_item_highlights(st, a, it.seq, &h, &n)) != STORE_OK)
			return r;
		*body = mark_highlights(a, md, h, n);
	}
	*len = strlen(*body);
	*content_type = "text/markdown; charset=utf-8";
	return STORE_OK;
}
