/* epubw.c: content_epubw, an EPUB 3 book (OCF zip, package document, navigation document, one XHTML document per chapter) written as a stream; the zip is written here, every entry stored, since the OCF wants its mimetype entry stored with no extra field, which libarchive's zip writer always adds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "content/article/xhtml.h"
#include "content/transfer/epubw.h"
#include "util/sb.h"

#define ZIP_MAX_OFFSET 0xFFFFFFFFu

struct entry {
	char name[32];
	uint32_t crc, size, offset;
};

struct content_epubw {
	content_zipw_fn *w;
	void *ctx;
	uint64_t offset;            /* bytes written so far */
	uint16_t dos_time, dos_date;
	struct entry *entries;
	size_t n, cap;
	char **titles;              /* the chapters' titles, for the navigation */
	size_t chapters;
	struct content_epub_book book;
	char *book_title, *book_uuid, *book_lang;
	struct sb buf;
};

static uint32_t crc_table[256];

static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

static uint32_t crc32_of(const char *p, size_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++)
		c = crc_table[(c ^ (unsigned char)p[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

static void le16(unsigned char *p, uint32_t v) { p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); }
static void le32(unsigned char *p, uint32_t v) { le16(p, v & 0xFFFF); le16(p + 2, v >> 16); }

static int out(struct content_epubw *ep, const void *p, size_t n)
{
	if (ep->offset + n > ZIP_MAX_OFFSET || ep->w(ep->ctx, p, n) != 0)
		return -1;
	ep->offset += n;
	return 0;
}

/* one stored file: its local header, then its bytes; remembered for the central directory */
static int add(struct content_epubw *ep, const char *name, const char *data, size_t len)
{
	unsigned char h[30];
	size_t nl = strlen(name);
	struct entry *e;
	if (nl >= sizeof e->name || len > ZIP_MAX_OFFSET)
		return -1;
	if (ep->n == ep->cap) {
		size_t cap = ep->cap ? ep->cap * 2 : 16;
		struct entry *m = realloc(ep->entries, cap * sizeof *m);
		if (m == NULL)
			return -1;
		ep->entries = m;
		ep->cap = cap;
	}
	e = &ep->entries[ep->n];
	memcpy(e->name, name, nl + 1);
	e->crc = crc32_of(data, len);
	e->size = (uint32_t)len;
	e->offset = (uint32_t)ep->offset;
	memset(h, 0, sizeof h);
	le32(h, 0x04034b50);
	le16(h + 4, 20);                 /* version needed: 2.0 */
	le16(h + 6, 0x0800);             /* names in UTF-8 */
	le16(h + 10, ep->dos_time);
	le16(h + 12, ep->dos_date);
	le32(h + 14, e->crc);
	le32(h + 18, e->size);
	le32(h + 22, e->size);
	le16(h + 26, (uint32_t)nl);
	if (out(ep, h, sizeof h) != 0 || out(ep, name, nl) != 0 || out(ep, data, len) != 0)
		return -1;
	ep->n++;
	return 0;
}

static int central_directory(struct content_epubw *ep)
{
	uint64_t start = ep->offset;
	unsigned char h[46], end[22];
	for (size_t i = 0; i < ep->n; i++) {
		const struct entry *e = &ep->entries[i];
		size_t nl = strlen(e->name);
		memset(h, 0, sizeof h);
		le32(h, 0x02014b50);
		le16(h + 4, 0x0314);     /* made by: Unix, 2.0 */
		le16(h + 6, 20);
		le16(h + 8, 0x0800);
		le16(h + 12, ep->dos_time);
		le16(h + 14, ep->dos_date);
		le32(h + 16, e->crc);
		le32(h + 20, e->size);
		le32(h + 24, e->size);
		le16(h + 28, (uint32_t)nl);
		le32(h + 38, 0100644u << 16); /* a regular file, rw-r--r-- */
		le32(h + 42, e->offset);
		if (out(ep, h, sizeof h) != 0 || out(ep, e->name, nl) != 0)
			return -1;
	}
	if (ep->n > 0xFFFF)
		return -1;
	memset(end, 0, sizeof end);
	le32(end, 0x06054b50);
	le16(end + 8, (uint32_t)ep->n);
	le16(end + 10, (uint32_t)ep->n);
	le32(end + 12, (uint32_t)(ep->offset - start));
	le32(end + 16, (uint32_t)start);
	return out(ep, end, sizeof end);
}

static const char container_xml[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n"
	"<rootfiles><rootfile full-path=\"EPUB/package.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles>\n"
	"</container>\n";

static const char style_css[] =
	"body { margin: 0 5%; line-height: 1.5; }\n"
	"h1 { font-size: 1.5em; margin: 0 0 .3em; }\n"
	".byline, .source { font-size: .85em; margin: .2em 0; }\n"
	".media { font-style: italic; }\n"
	"pre { white-space: pre-wrap; }\n"
	"blockquote { margin-left: 1em; padding-left: .8em; border-left: 2px solid #999; }\n";

static char *dup(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* a language tag as the package may state it: letters, digits and hyphens, at most 35 */
static const char *lang_or(const char *lang, const char *dflt)
{
	size_t n = lang ? strlen(lang) : 0;
	if (n == 0 || n > 35 || strspn(lang, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != n)
		return dflt;
	return lang;
}

struct content_epubw *content_epubw_open(content_zipw_fn *w, void *ctx, const struct content_epub_book *b)
{
	struct content_epubw *ep = calloc(1, sizeof *ep);
	time_t t = (time_t)(b->modified_ms / 1000);
	struct tm tm;
	if (ep == NULL)
		return NULL;
	crc_init();
	gmtime_r(&t, &tm);
	ep->w = w;
	ep->ctx = ctx;
	ep->dos_time = (uint16_t)((tm.tm_hour << 11) | (tm.tm_min << 5) | (tm.tm_sec / 2));
	ep->dos_date = (uint16_t)(((tm.tm_year > 80 ? tm.tm_year - 80 : 0) << 9) | ((tm.tm_mon + 1) << 5) | tm.tm_mday);
	ep->book = *b;
	ep->book.title = ep->book_title = dup(b->title ? b->title : "Larder");
	ep->book.uuid = ep->book_uuid = dup(b->uuid);
	ep->book.lang = ep->book_lang = dup(lang_or(b->lang, "en"));
	sb_init(&ep->buf);
	if (!ep->book_title || !ep->book_uuid || !ep->book_lang ||
	    add(ep, "mimetype", "application/epub+zip", 20) != 0 ||
	    add(ep, "META-INF/container.xml", container_xml, sizeof container_xml - 1) != 0 ||
	    add(ep, "EPUB/style.css", style_css, sizeof style_css - 1) != 0) {
		content_epubw_abandon(ep);
		return NULL;
	}
	return ep;
}

/* the start of every XHTML document of the book */
static void xhtml_head(struct sb *b, const char *lang, const char *dir, const char *title, bool nav)
{
	sb_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"");
	if (nav)
		sb_puts(b, " xmlns:epub=\"http://www.idpf.org/2007/ops\"");
	sb_puts(b, " lang=\"");
	content_xml_text(b, lang, 1);
	sb_puts(b, "\" xml:lang=\"");
	content_xml_text(b, lang, 1);
	sb_puts(b, "\"");
	if (dir && (strcmp(dir, "rtl") == 0 || strcmp(dir, "ltr") == 0))
		sb_printf(b, " dir=\"%s\"", dir);
	sb_puts(b, ">\n<head><meta charset=\"utf-8\"/><title>");
	content_xml_text(b, title, 0);
	sb_puts(b, "</title><link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/></head>\n<body>\n");
}

int content_epubw_chapter(struct content_epubw *ep, const struct content_epub_chapter *c)
{
	struct sb *b = &ep->buf;
	const char *title = c->title && *c->title ? c->title : "Untitled";
	char name[32];
	char **t;
	if ((t = realloc(ep->titles, (ep->chapters + 1) * sizeof *t)) == NULL)
		return -1;
	ep->titles = t;
	sb_reset(b);
	xhtml_head(b, lang_or(c->lang, ep->book.lang), c->dir, title, false);
	sb_puts(b, "<section>\n<h1>");
	content_xml_text(b, title, 0);
	sb_puts(b, "</h1>\n");
	if ((c->author && *c->author) || (c->site && *c->site)) {
		sb_puts(b, "<p class=\"byline\">");
		content_xml_text(b, c->author && *c->author ? c->author : "", 0);
		sb_puts(b, c->author && *c->author && c->site && *c->site ? " · " : "");
		content_xml_text(b, c->site && *c->site ? c->site : "", 0);
		sb_puts(b, "</p>\n");
	}
	if (c->url && (strncmp(c->url, "https://", 8) == 0 || strncmp(c->url, "http://", 7) == 0)) {
		sb_puts(b, "<p class=\"source\"><a href=\"");
		content_xml_text(b, c->url, 1);
		sb_puts(b, "\">");
		content_xml_text(b, c->url, 0);
		sb_puts(b, "</a></p>\n");
	}
	sb_puts(b, "<div class=\"article\">\n");
	sb_putn(b, c->body ? c->body : "", c->body ? c->body_len : 0);
	sb_puts(b, "\n</div>\n</section>\n</body>\n</html>\n");
	if (sb_error(b) || (ep->titles[ep->chapters] = strdup(title)) == NULL)
		return -1;
	ep->chapters++;
	snprintf(name, sizeof name, "EPUB/a%05zu.xhtml", ep->chapters);
	return add(ep, name, sb_str(b), b->len);
}

static int write_nav(struct content_epubw *ep)
{
	struct sb *b = &ep->buf;
	sb_reset(b);
	xhtml_head(b, ep->book.lang, NULL, ep->book.title, true);
	sb_puts(b, "<nav epub:type=\"toc\" id=\"toc\"><h1>");
	content_xml_text(b, ep->book.title, 0);
	sb_puts(b, "</h1>\n<ol>\n");
	for (size_t i = 0; i < ep->chapters; i++) {
		sb_printf(b, "<li><a href=\"a%05zu.xhtml\">", i + 1);
		content_xml_text(b, ep->titles[i], 0);
		sb_puts(b, "</a></li>\n");
	}
	sb_puts(b, "</ol>\n</nav>\n</body>\n</html>\n");
	return sb_error(b) ? -1 : add(ep, "EPUB/nav.xhtml", sb_str(b), b->len);
}

static int write_package(struct content_epubw *ep)
{
	struct sb *b = &ep->buf;
	char when[32];
	time_t t = (time_t)(ep->book.modified_ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	sb_reset(b);
	sb_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"book-id\">\n"
	        "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<dc:identifier id=\"book-id\">urn:uuid:");
	content_xml_text(b, ep->book.uuid, 0);
	sb_puts(b, "</dc:identifier>\n<dc:title>");
	content_xml_text(b, ep->book.title, 0);
	sb_puts(b, "</dc:title>\n<dc:language>");
	content_xml_text(b, ep->book.lang, 0);
	sb_printf(b, "</dc:language>\n<meta property=\"dcterms:modified\">%s</meta>\n</metadata>\n<manifest>\n"
	          "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
	          "<item id=\"style\" href=\"style.css\" media-type=\"text/css\"/>\n", when);
	for (size_t i = 1; i <= ep->chapters; i++)
		sb_printf(b, "<item id=\"a%05zu\" href=\"a%05zu.xhtml\" media-type=\"application/xhtml+xml\"/>\n", i, i);
	sb_puts(b, "</manifest>\n<spine>\n");
	for (size_t i = 1; i <= ep->chapters; i++)
		sb_printf(b, "<itemref idref=\"a%05zu\"/>\n", i);
	sb_puts(b, "</spine>\n</package>\n");
	return sb_error(b) ? -1 : add(ep, "EPUB/package.opf", sb_str(b), b->len);
}

int content_epubw_close(struct content_epubw *ep)
{
	int rc = write_nav(ep) == 0 && write_package(ep) == 0 && central_directory(ep) == 0 ? 0 : -1;
	content_epubw_abandon(ep);
	return rc;
}

void content_epubw_abandon(struct content_epubw *ep)
{
	if (ep == NULL)
		return;
	for (size_t i = 0; i < ep->chapters; i++)
		free(ep->titles[i]);
	free(ep->titles);
	free(ep->entries);
	free(ep->book_title);
	free(ep->book_uuid);
	free(ep->book_lang);
	sb_free(&ep->buf);
	free(ep);
}
