/* html_policy.c: the one table of what survives in a stored article: the sanitizer's elements, attributes, value checks and URL schemes, and the attributes and classes the extractor strips before it. */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "content/article/html.h"
#include "content/article/html_policy.h"

/* ---- the sanitizer's tables (sanitize.c applies them) */

static const char *const v_dir[] = { "ltr", "rtl", "auto", NULL };
static const char *const v_oltype[] = { "1", "a", "A", "i", "I", NULL };
static const char *const v_scope[] = { "row", "col", "rowgroup", "colgroup", NULL };
static const char *const v_loading[] = { "lazy", "eager", NULL };
static const char *const v_preload[] = { "none", "metadata", "auto", NULL };
static const char *const v_kind[] = { "subtitles", "captions", "descriptions", "chapters", "metadata", NULL };

static const struct attr_rule global_attrs[] = {
	{ "title", A_TEXT, NULL }, { "lang", A_LANG, NULL }, { "dir", A_ENUM, v_dir }, { "id", A_ID, NULL },
	{ NULL, A_TEXT, NULL },
};
static const struct attr_rule a_attrs[] = { { "href", A_LINK, NULL }, { "hreflang", A_LANG, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule cite_attrs[] = { { "cite", A_CITE, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule edit_attrs[] = { { "cite", A_CITE, NULL }, { "datetime", A_TEXT, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule time_attrs[] = { { "datetime", A_TEXT, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule data_attrs[] = { { "value", A_TEXT, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule ol_attrs[] = {
	{ "start", A_INT, NULL }, { "reversed", A_BOOL, NULL }, { "type", A_ENUM_CASE, v_oltype }, { NULL, A_TEXT, NULL },
};
static const struct attr_rule li_attrs[] = { { "value", A_INT, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule td_attrs[] = { { "colspan", A_SPAN, NULL }, { "rowspan", A_SPAN, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule th_attrs[] = {
	{ "colspan", A_SPAN, NULL }, { "rowspan", A_SPAN, NULL }, { "scope", A_ENUM, v_scope }, { "abbr", A_TEXT, NULL },
	{ NULL, A_TEXT, NULL },
};
static const struct attr_rule col_attrs[] = { { "span", A_SPAN, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule img_attrs[] = {
	{ "src", A_IMG, NULL }, { "srcset", A_SRCSET, NULL }, { "sizes", A_MEDIAQ, NULL }, { "alt", A_TEXT, NULL },
	{ "width", A_UINT, NULL }, { "height", A_UINT, NULL }, { "loading", A_ENUM, v_loading }, { NULL, A_TEXT, NULL },
};
/* <source> depends on its parent: images in <picture>, media in <video>/<audio> */
const struct attr_rule policy_source_img_attrs[] = {
	{ "srcset", A_SRCSET, NULL }, { "sizes", A_MEDIAQ, NULL }, { "media", A_MEDIAQ, NULL }, { "type", A_MIME, NULL },
	{ "width", A_UINT, NULL }, { "height", A_UINT, NULL }, { NULL, A_TEXT, NULL },
};
const struct attr_rule policy_source_media_attrs[] = { { "src", A_MEDIA, NULL }, { "type", A_MIME, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule video_attrs[] = {
	{ "src", A_MEDIA, NULL }, { "poster", A_IMG, NULL }, { "controls", A_BOOL, NULL }, { "loop", A_BOOL, NULL },
	{ "muted", A_BOOL, NULL }, { "playsinline", A_BOOL, NULL }, { "preload", A_ENUM, v_preload },
	{ "width", A_UINT, NULL }, { "height", A_UINT, NULL }, { NULL, A_TEXT, NULL },
};
static const struct attr_rule audio_attrs[] = {
	{ "src", A_MEDIA, NULL }, { "controls", A_BOOL, NULL }, { "loop", A_BOOL, NULL }, { "muted", A_BOOL, NULL },
	{ "preload", A_ENUM, v_preload }, { NULL, A_TEXT, NULL },
};
static const struct attr_rule track_attrs[] = {
	{ "src", A_MEDIA, NULL }, { "kind", A_ENUM, v_kind }, { "srclang", A_LANG, NULL }, { "label", A_TEXT, NULL },
	{ "default", A_BOOL, NULL }, { NULL, A_TEXT, NULL },
};
static const struct attr_rule details_attrs[] = { { "open", A_BOOL, NULL }, { NULL, A_TEXT, NULL } };
static const struct attr_rule no_attrs[] = { { NULL, A_TEXT, NULL } };

/* kept elements (HTML namespace only) with attributes of their own besides global_attrs */
static const struct elem_rule kept[] = {
	{ "a", a_attrs }, { "audio", audio_attrs }, { "blockquote", cite_attrs }, { "col", col_attrs },
	{ "colgroup", col_attrs }, { "data", data_attrs }, { "del", edit_attrs }, { "details", details_attrs },
	{ "img", img_attrs }, { "ins", edit_attrs }, { "li", li_attrs }, { "ol", ol_attrs }, { "q", cite_attrs },
	{ "source", policy_source_img_attrs }, { "td", td_attrs }, { "th", th_attrs }, { "time", time_attrs },
	{ "track", track_attrs }, { "video", video_attrs }, { NULL, NULL },
};
/* the other kept elements: global_attrs only */
static const char *const kept_plain[] = {
	"abbr", "address", "article", "aside", "b", "bdi", "bdo", "br", "caption", "cite", "code", "dd", "dfn",
	"div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header",
	"hgroup", "hr", "i", "kbd", "mark", "p", "picture", "pre", "rb", "rp", "rt", "ruby", "s", "samp", "section",
	"small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "tfoot", "thead", "tr", "u", "ul",
	"var", "wbr", NULL,
};
static const struct elem_rule plain_rule = { NULL, no_attrs };

/* dropped with their contents; everything not kept and not here is unwrapped */
static const char *const dropped[] = {
	"script", "style", "iframe", "frame", "frameset", "noframes", "object", "embed", "applet", "param",
	"form", "input", "button", "select", "option", "optgroup", "textarea", "datalist", "output", "keygen",
	"progress", "meter", "template", "noscript", "meta", "link", "base", "basefont", "bgsound", "head",
	"title", "xmp", "plaintext", "noembed", "canvas", "map", "area", "portal", "fencedframe", "image",
	"isindex", "svg", "math", NULL,
};

/* the entry called name in a table of structs (size bytes each) that begin with their name and end with
 * a NULL name */
static const void *find_named(const void *table, size_t size, const char *name)
{
	for (const char *e = table; *(const char *const *)(const void *)e; e += size)
		if (strcmp(*(const char *const *)(const void *)e, name) == 0)
			return e;
	return NULL;
}

const struct elem_rule *policy_element(const char *name)
{
	const struct elem_rule *r = find_named(kept, sizeof kept[0], name);
	return r ? r : html_name_in(name, kept_plain) ? &plain_rule : NULL;
}

bool policy_dropped(const char *name)
{
	return html_name_in(name, dropped);
}

const struct attr_rule *policy_attr(const struct attr_rule *rules, const char *name)
{
	const struct attr_rule *r = find_named(rules, sizeof *rules, name);
	return r ? r : find_named(global_attrs, sizeof *global_attrs, name);
}

/* ---- URL schemes */

const char *const policy_data_image_types[] = { "png", "jpeg", "jpg", "gif", "webp", NULL };

enum policy_scheme policy_scheme(enum akind k, const char *scheme, size_t len)
{
	if (k == A_IMG && len == 4 && strncasecmp(scheme, "data", 4) == 0)
		return POLICY_SCHEME_DATA_IMAGE;
	if (k == A_LINK && len == 6 && strncasecmp(scheme, "mailto", 6) == 0)
		return POLICY_SCHEME_MAILTO;
	return POLICY_SCHEME_HTTP;
}

/* ---- the extractor's share (extract_clean.c, Readability's cleaning): what it strips before the
 * sanitizer sees the article */

const char *const policy_presentational_attrs[] = {
	"align", "background", "bgcolor", "border", "cellpadding", "cellspacing", "frame", "hspace", "rules", "style",
	"valign", "vspace", NULL,
};
const char *const policy_sized_elements[] = { "table", "th", "td", "hr", "pre", NULL };
