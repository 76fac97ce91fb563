/* html_policy.h: what survives in a stored article, in one place: which elements the sanitizer keeps, drops or unwraps, which attributes each keeps and how their values are checked, which URL schemes pass, and what the extractor strips before (its presentational attributes and classes). */
#ifndef LARDER_CONTENT_HTML_POLICY_H
#define LARDER_CONTENT_HTML_POLICY_H
#include <stdbool.h>
#include <stddef.h>

/* how an attribute's value is checked (sanitize.c's check_value and check_url) */
enum akind {
	A_TEXT,         /* any text up to LIMIT_SANITIZE_ATTR bytes */
	A_LINK,         /* a hyperlink: http, https, mailto, #fragment, relative */
	A_CITE,         /* a citation URL (never loaded): as A_LINK without mailto */
	A_IMG,          /* an image: http, https, data:image/(raster) */
	A_MEDIA,        /* audio/video/track: http, https */
	A_SRCSET,       /* image candidates, each URL as A_IMG */
	A_UINT,         /* width, height: 1 to 5 digits */
	A_SPAN,         /* colspan, rowspan, span: 1 to 1000 */
	A_INT,          /* ol start, li value: optional '-', 1 to 9 digits */
	A_BOOL,         /* boolean attribute, written as "" */
	A_ENUM,         /* one of values (ASCII case-insensitive), written in lower case */
	A_ENUM_CASE,    /* one of values, exactly */
	A_LANG,         /* a language tag: letters, digits and '-', 1 to 35 */
	A_MEDIAQ,       /* media, sizes: a media query or size list, no quotes, backslashes or '<' */
	A_MIME,         /* type of <source>: a MIME type with parameters */
	A_ID,           /* an id, written with ID_PREFIX */
};

struct attr_rule {
	const char *name;
	enum akind kind;
	const char *const *values;  /* A_ENUM, A_ENUM_CASE */
};

struct elem_rule {
	const char *name;
	const struct attr_rule *attrs;
};

/* the rule of a kept HTML element (its own attributes; every kept element also takes the global ones:
 * title, lang, dir, id), or NULL when the element is not kept (then dropped or unwrapped) */
const struct elem_rule *policy_element(const char *name);
/* whether the element is dropped with everything inside it (script, style, iframe, forms, svg, ...) */
bool policy_dropped(const char *name);
/* <source>'s rules depend on its parent: images in <picture>, media in <video> and <audio> */
extern const struct attr_rule policy_source_img_attrs[];
extern const struct attr_rule policy_source_media_attrs[];
/* the rule of attribute name among rules or else the global ones; NULL: the attribute is dropped */
const struct attr_rule *policy_attr(const struct attr_rule *rules, const char *name);

/* which way a URL with a scheme is checked, for an attribute of kind k: a data: image (of
 * policy_data_image_types, at most LIMIT_SANITIZE_DATA_URL bytes), a mailto: link (at most
 * LIMIT_URL_BYTES), else http or https with a host (any other scheme is dropped) */
enum policy_scheme { POLICY_SCHEME_HTTP, POLICY_SCHEME_DATA_IMAGE, POLICY_SCHEME_MAILTO };
enum policy_scheme policy_scheme(enum akind k, const char *scheme, size_t len);
extern const char *const policy_data_image_types[];   /* data:image/TYPE, NULL-terminated */

/* the extractor's share: attributes it removes from every element of the article (Readability's
 * presentational attributes), and the elements that also lose width and height; of classes it keeps
 * only POLICY_KEPT_CLASS (and the sanitizer then drops class altogether) */
extern const char *const policy_presentational_attrs[];
extern const char *const policy_sized_elements[];
#define POLICY_KEPT_CLASS "page"
#endif
