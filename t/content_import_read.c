/* content_import_read.c: the import readers on the samples of t/data/import (every record's fields, the bad rows with their lines and reasons), format names and detection, wrong formats, bounds and a sink that stops (TAP). */
#include <archive.h>
#include <archive_entry.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/transfer/import.h"
#include "util/arena.h"
#include "util/sb.h"
#include "t/tap.h"

/* what a reader sent: each item and bad row as one line of text naming its fields (unset ones left out) */
struct collect {
	struct arena *a;
	const char *rec[64];
	size_t n, stop_after;
};

static void put_str(struct sb *b, const char *name, const char *v)
{
	if (v)
		sb_printf(b, " %s=%s", name, v);
}

static void put_ms(struct sb *b, const char *name, int64_t v)
{
	if (v)
		sb_printf(b, " %s=%" PRId64, name, v);
}

static int on_item(void *ctx, const struct content_import_item *it)
{
	struct collect *c = ctx;
	struct sb b;
	sb_init(&b);
	sb_printf(&b, "L%zu", it->line);
	put_str(&b, "url", it->url), put_str(&b, "title", it->title), put_str(&b, "author", it->author);
	put_str(&b, "desc", it->description), put_str(&b, "site", it->site_name), put_str(&b, "image", it->image);
	put_str(&b, "state", it->state);
	put_ms(&b, "saved", it->saved_ms), put_ms(&b, "published", it->published_ms), put_ms(&b, "archived", it->archived_ms);
	if (it->reading_progress != -1)
		sb_printf(&b, " progress=%g", it->reading_progress);
	for (size_t i = 0; i < it->nlabels; i++)
		sb_printf(&b, "%s%s", i ? "|" : " labels=", it->labels[i]);
	if (it->html)
		sb_printf(&b, " html=%.*s", (int)it->html_len, it->html);
	put_str(&b, "note", it->note);
	if (it->favorite)
		sb_puts(&b, " favorite");
	for (size_t i = 0; i < it->nhighlights; i++) {
		const struct content_import_highlight *h = &it->highlights[i];
		sb_printf(&b, " hl=[%s/%s/%" PRId64 "]", h->quote ? h->quote : "-", h->annotation ? h->annotation : "-",
		          h->created_ms);
	}
	if (c->n < 64)
		c->rec[c->n++] = arena_strdup(c->a, sb_str(&b));
	sb_free(&b);
	return c->stop_after && c->n >= c->stop_after;
}

static void on_bad(void *ctx, size_t line, const char *reason)
{
	struct collect *c = ctx;
	if (c->n < 64)
		c->rec[c->n++] = arena_printf(c->a, "L%zu bad: %s", line, reason);
}

static void on_skip(void *ctx, size_t line, const char *reason)
{
	struct collect *c = ctx;
	if (c->n < 64)
		c->rec[c->n++] = arena_printf(c->a, "L%zu skip: %s", line, reason);
}

static const char *sample(struct arena *a, const char *name)
{
	const char *top = getenv("top_srcdir");
	return arena_printf(a, "%s/t/data/import/%s", top && *top ? top : ".", name);
}

/* read the file at path in format f and compare what came out with want (NULL-terminated), one record a test */
static void expect_path(struct arena *a, enum content_import_format f, const char *path, const char *file,
                        const char *const *want)
{
	struct collect c = { .a = a };
	struct content_import_sink sink = { on_item, on_bad, &c, on_skip };
	struct content_error e;
	const char *err = e.msg;
	size_t n = 0;
	int rc = content_import_read(f, a, path, NULL, &sink, &e);
	is_int(rc, 0, "%s read as %s", file, content_import_format_name(f));
	if (rc)
		printf("# %s\n", err);
	for (; want[n]; n++)
		is_str(n < c.n ? c.rec[n] : NULL, want[n], "%s: record %zu", file, n + 1);
	is_int(c.n, n, "%s: %zu records", file, n);
}

/* the same for a sample, which is detected as f too */
static void expect(struct arena *a, enum content_import_format f, const char *file, const char *const *want)
{
	expect_path(a, f, sample(a, file), file, want);
	is_int(content_import_detect(sample(a, file)), f, "%s is detected as %s", file, content_import_format_name(f));
}

static void pocket(struct arena *a)
{
	static const char *const csv[] = {
		"L2 url=https://longnow.org/clock/ title=How the \"Long Now\" clock works, explained saved=1700000000000 "
		"labels=history|engineering",
		"L3 url=https://www.example.at/caf%C3%A9-kultur title=Überraschung: Café culture in Wien state=ARCHIVED "
		"saved=1700003600000",
		"L4 url=https://example.com/two-lines title=A title\nover two lines saved=1700007200000 labels=reading",
		"L6 bad: no URL",
		"L7 bad: the URL is not http(s)",
		"L8 bad: time_added is not a number",
		"L10 url=https://example.com/untitled title=https://example.com/untitled state=ARCHIVED saved=1700018000000 "
		"labels=a|b",
		NULL,
	};
	static const char *const html[] = {
		"L11 url=https://www.example.org/pelicans title=Pelicans & their pouches saved=1519140000000 labels=birds|nature",
		"L12 url=https://example.com/naïve title=Naïve café — a story saved=1519150000000",
		"L13 skip: not a web page (a link of the javascript: scheme)",
		"L18 url=https://example.net/archive/1 title=An old read state=ARCHIVED saved=1419140000000 labels=old",
		"L19 bad: time_added is not a number",
		NULL,
	};
	expect(a, CONTENT_IMPORT_POCKET_CSV, "pocket.csv", csv);
	expect(a, CONTENT_IMPORT_POCKET_HTML, "pocket.html", html);
}

static void instapaper_readwise(struct arena *a)
{
	static const char *const insta[] = {
		"L2 url=https://www.example.com/essay title=An essay, with a comma saved=1600000000000",
		"L3 url=https://example.org/quote title=Quotable state=ARCHIVED saved=1600000100000 labels=drama|classics "
		"hl=[\"To be, or not to be\"\n— that is the question/-/0]",
		"L5 url=https://example.net/star title=Starred one saved=1600000200000 favorite",
		"L6 url=https://example.net/recipes/soup title=Soup saved=1600000300000 labels=food|Recipes",
		"L7 bad: the URL is not http(s)",
		"L8 bad: Timestamp is not a number",
		NULL,
	};
	static const char *const readwise[] = {
		"L2 url=https://example.com/focus title=The Art of Focus saved=1709285400000 progress=45 "
		"labels=productivity|mind",
		"L3 url=https://example.org/notes title=Notes, on \"Quotes\" state=ARCHIVED saved=1709373600000 progress=100",
		"L4 url=https://example.jp/記事 title=日本語の記事 saved=1709464530000 progress=0 labels=日本",
		"L5 bad: no URL",
		"L6 bad: Saved date is not a date",
		NULL,
	};
	expect(a, CONTENT_IMPORT_INSTAPAPER, "instapaper.csv", insta);
	expect(a, CONTENT_IMPORT_READWISE, "readwise.csv", readwise);
}

static void wallabag_urls(struct arena *a)
{
	static const char *const wallabag[] = {
		"L1 url=https://example.org/octopus title=Octopus minds author=Ada Writer, B. Editor site=example.org "
		"image=https://example.org/octopus.jpg state=ARCHIVED saved=1685599200000 published=1685404800000 "
		"archived=1685786400000 labels=science|long read html=<p>Octopuses have <em>neurons</em> in their arms.</p>\n"
		"<p>Two thirds of them, in fact.</p> favorite hl=[neurons in their arms/wow/1685602800000] "
		"hl=[Two thirds/-/1685603100000]",
		"L2 url=https://example.com/unicode title=Ünïcödé — “quotes” site=example.com saved=1688169600000",
		"L3 bad: no URL",
		"L4 bad: created_at is not a date",
		"L5 bad: the entry is not an object",
		NULL,
	};
	static const char *const urls[] = {
		"L2 url=https://example.com/one",
		"L4 url=https://example.org/two?utm_source=x",
		"L5 url=http://example.net/three",
		"L6 bad: the URL is not http(s)",
		"L8 bad: the URL is not http(s)",
		"L9 bad: URL host must be ASCII (give international names in their xn-- form)",
		"L10 url=https://example.com/six",
		NULL,
	};
	expect(a, CONTENT_IMPORT_WALLABAG, "wallabag.json", wallabag);
	expect(a, CONTENT_IMPORT_URLS, "urls.txt", urls);
}

static void bookmarks(struct arena *a)
{
	static const char *const firefox[] = {
		"L14 url=https://support.mozilla.org/products/firefox title=Get Help saved=1650000001000 labels=Mozilla Firefox",
		"L16 skip: not a web page (a link of the place: scheme)",
		"L19 url=https://www.example.org/recipes/bread title=Sourdough & rye — a guide "
		"desc=How to keep a starter alive saved=1650000005000 labels=baking|bread",
		"L26 url=https://example.com/essays/time title=On Time saved=1650000011000 labels=Reading|Long reads",
		"L30 url=https://example.net/bad-date title=Bad date",
		"L31 skip: not a web page (a link of the javascript: scheme)",
		"L34 bad: URL host must be ASCII (give international names in their xn-- form)",
		"L35 url=https://example.org/unfiled title=Unfiled, untagged saved=1650000018000",
		NULL,
	};
	static const char *const chrome[] = {
		"L11 url=https://news.example.com/ title=Example News saved=1690000100000",
		"L14 url=https://docs.example.com/spec?id=7&view=full title=Spec — v2 <draft> saved=1690000250000 "
		"labels=Work, projects",
		"L17 url=https://example.org/ünïcode title=Ünïcode path saved=1690000600000",
		"L18 bad: no URL",
		NULL,
	};
	expect(a, CONTENT_IMPORT_NETSCAPE, "bookmarks-firefox.html", firefox);
	expect(a, CONTENT_IMPORT_NETSCAPE, "bookmarks-chrome.html", chrome);
}

static char dir[] = "/tmp/larder-import-read-XXXXXX";

/* a file of the temporary folder holding n bytes of s (n 0: strlen) */
static const char *write_file(struct arena *a, const char *name, const char *s, size_t n)
{
	const char *path = arena_printf(a, "%s/%s", dir, name);
	FILE *fp = fopen(path, "wb");
	if (fp) {
		fwrite(s, 1, n ? n : strlen(s), fp);
		fclose(fp);
	}
	return path;
}

/* a zip of the temporary folder with one entry named entry */
static const char *write_zip(struct arena *a, const char *name, const char *entry)
{
	const char *path = arena_printf(a, "%s/%s", dir, name);
	struct archive *ar = archive_write_new();
	struct archive_entry *e = archive_entry_new();
	archive_write_set_format_zip(ar);
	archive_write_open_filename(ar, path);
	archive_entry_set_pathname(e, entry);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_size(e, 2);
	archive_write_header(ar, e);
	archive_write_data(ar, "[]", 2);
	archive_entry_free(e);
	archive_write_close(ar);
	archive_write_free(ar);
	return path;
}

static void names_and_detection(struct arena *a)
{
	for (int f = 0; f < CONTENT_IMPORT__MAX; f++)
		is_int(content_import_format_by_name(content_import_format_name(f)), f, "the name %s names its format",
		       content_import_format_name(f));
	is_int(content_import_format_by_name("Pocket-CSV"), CONTENT_IMPORT_POCKET_CSV, "names are read without case");
	is_int(content_import_format_by_name("pocket"), CONTENT_IMPORT_UNKNOWN, "an unknown name is no format");
	is_int(content_import_format_by_name(NULL), CONTENT_IMPORT_UNKNOWN, "nor is no name");
	ok(content_import_format_name(CONTENT_IMPORT__MAX) == NULL, "no name past the end");
	is_int(content_import_detect(write_zip(a, "omnivore.zip", "metadata_0_to_2.json")), CONTENT_IMPORT_OMNIVORE,
	       "a zip with a metadata_*.json is Omnivore's export");
	is_int(content_import_detect(write_zip(a, "other.zip", "content/readme.html")), CONTENT_IMPORT_UNKNOWN,
	       "a zip without one is not");
	static const char junk[] = "\x7f" "ELF\x02\x01\x01\0\0\0junk";
	is_int(content_import_detect(write_file(a, "junk.bin", junk, sizeof junk - 1)), CONTENT_IMPORT_UNKNOWN,
	       "junk is no format");
	is_int(content_import_detect(write_file(a, "empty.txt", "", 0)), CONTENT_IMPORT_UNKNOWN, "nor is an empty file");
	is_int(content_import_detect(arena_printf(a, "%s/absent", dir)), CONTENT_IMPORT_UNKNOWN, "nor a missing one");
	is_int(content_import_detect(write_file(a, "other.csv", "name,email\nAda,ada@example.org\n", 0)), CONTENT_IMPORT_UNKNOWN,
	       "nor a CSV of something else");
	is_int(content_import_detect(write_file(a, "bom.csv", "\xEF\xBB\xBFURL,Title,Selection,Folder,Timestamp\r\n", 0)),
	       CONTENT_IMPORT_INSTAPAPER, "a CSV header after a byte order mark");
	is_int(content_import_detect(write_file(a, "list.json", "[{\"url\":\"https://a.example\"}]", 0)), CONTENT_IMPORT_UNKNOWN,
	       "JSON without wallabag's keys is no format");
}

static void refused(struct arena *a, enum content_import_format f, const char *path, const char *want, const char *what);

/* a zip of the temporary folder with n entries: names[i] holding datas[i] */
static const char *write_zip_of(struct arena *a, const char *name, const char *const *names, const char *const *datas, size_t n)
{
	const char *path = arena_printf(a, "%s/%s", dir, name);
	struct archive *ar = archive_write_new();
	archive_write_set_format_zip(ar);
	archive_write_open_filename(ar, path);
	for (size_t i = 0; i < n; i++) {
		struct archive_entry *e = archive_entry_new();
		archive_entry_set_pathname(e, names[i]);
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0644);
		archive_entry_set_size(e, (la_int64_t)strlen(datas[i]));
		archive_write_header(ar, e);
		archive_write_data(ar, datas[i], strlen(datas[i]));
		archive_entry_free(e);
	}
	archive_write_close(ar);
	archive_write_free(ar);
	return path;
}

/* issue 22's real exports: Pocket's zip, Instapaper's HTML, Readwise Reader's locations, records skipped */
static void real_exports(struct arena *a)
{
	static const char *const names[] = { "part_000000.csv", "annotations/part_000000.json", "part_000001.csv" };
	static const char *const datas[] = {
		"title,url,time_added,tags,status\nA,https://example.org/a b,1000,x|y,unread\nB,https://example.org/100%,2000,,archive\n",
		"[{\"url\":\"https://example.org/a b\",\"title\":\"A\",\"highlights\":[{\"quote\":\"Quote one\",\"created_at\":5}]},"
		"{\"url\":\"https://example.org/gone\",\"title\":\"G\",\"highlights\":[{\"quote\":\"Lost\",\"created_at\":6}]}]",
		"title,url,time_added,tags,status\nC,https://example.org/c,3000,,unread\n",
	};
	static const char *const pocket_zip[] = {
		"L2 url=https://example.org/a%20b title=A saved=1000000 labels=x|y hl=[Quote one/-/5000]",
		"L3 url=https://example.org/100%25 title=B state=ARCHIVED saved=2000000",
		"L6 url=https://example.org/c title=C saved=3000000",
		"L8 bad: 1 highlights of https://example.org/gone, which is none of the export's items",
		NULL,
	};
	static const char *const meta_names[] = { "part_000000.csv", "metadata_0_to_1.json" };
	/* Chrome since 2024 keeps deleted bookmarks under roots.trash until the trash is emptied */
	static const char chrome_json[] = "{\"checksum\":\"0\",\"roots\":{"
		"\"bookmark_bar\":{\"type\":\"folder\",\"name\":\"Bookmarks bar\",\"children\":["
		"{\"type\":\"url\",\"name\":\"Kept\",\"url\":\"https://example.org/kept\"}]},"
		"\"trash\":{\"type\":\"folder\",\"name\":\"Trash\",\"children\":["
		"{\"type\":\"folder\",\"name\":\"Old\",\"children\":["
		"{\"type\":\"url\",\"name\":\"Deleted\",\"url\":\"https://example.org/deleted\"}]}]},"
		"\"other\":{\"type\":\"folder\",\"name\":\"Other\",\"children\":["
		"{\"type\":\"url\",\"name\":\"After\",\"url\":\"https://example.org/after\"}]}},\"version\":1}";
	static const char *const chrome_rows[] = {
		"L1 url=https://example.org/kept title=Kept",
		"L2 skip: in the browser's trash (a deleted bookmark)",
		"L3 url=https://example.org/after title=After",
		NULL,
	};
	static const char insta_html[] = "<!DOCTYPE html>\n<html><head><title>Instapaper: Export</title></head><body>\n"
		"<h1>Unread</h1>\n<ol>\n<li><a href=\"https://example.net/u\">U</a>\n</ol>\n"
		"<h1>Starred</h1>\n<ol>\n<li><a href=\"https://example.net/s\">S</a>\n</ol>\n"
		"<h1>Archive</h1>\n<ol>\n<li><a href=\"https://example.net/a\">A</a>\n</ol>\n"
		"<h1>Cooking</h1>\n<ol>\n<li><a href=\"about:blank\">Nothing</a>\n<li><a href=\"https://example.net/c\">C</a>\n</ol>\n"
		"</body></html>\n";
	static const char *const insta[] = {
		"L5 url=https://example.net/u title=U", "L9 url=https://example.net/s title=S favorite",
		"L13 url=https://example.net/a title=A state=ARCHIVED", "L17 skip: not a web page (a link of the about: scheme)",
		"L18 url=https://example.net/c title=C labels=Cooking", NULL,
	};
	static const char readwise_csv[] = "Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen\n"
		"N,https://example.com/n,1,[],2024-01-01 00:00:00+00:00,0,new,True\n"
		"S,https://example.com/s,2,['a'],2024-01-01 00:00:00+00:00,0,shortlist,False\n"
		"F,https://example.com/f,3,[],2024-01-01 00:00:00+00:00,0,feed,False\n";
	static const char *const readwise[] = {
		"L2 url=https://example.com/n title=N saved=1704067200000 progress=0",
		"L3 url=https://example.com/s title=S saved=1704067200000 progress=0 labels=a|Shortlist",
		"L4 url=https://example.com/f title=F state=ARCHIVED saved=1704067200000 progress=0 labels=Feed", NULL,
	};
	static const char notes_html[] = "<DL><p>\n<DT><A HREF=\"?lY47tw\" ADD_DATE=\"1\">A note</A>\n"
		"<DT><A HREF=\"https://example.com/n\" ADD_DATE=\"10/Oct/2000:13:55:36 +0300\">Dated in a log's form</A>\n</DL>\n";
	static const char *const notes[] = {
		"L2 skip: a link inside the exported service, without a web address", "L3 url=https://example.com/n title=Dated in a log's form",
		NULL,
	};
	static const char pocket_bare[] = "<html><body><h1>Unread</h1><ul>\n"
		"<li><a href=\"https://example.org/p\" time_added=\"7\" tags=\"\">P</a></li>\n</ul></body></html>\n";
	static const char *const broken_datas[] = { "title,url,time_added,tags,status\nA,https://example.org/a,1,,unread\n",
	                                             "{\"not\": \"a list\"}" };
	static const char *const broken[] = {
		"L1 bad: annotations/part_000000.json: an annotations file in Pocket's export is not a list of highlights: "
		"not a list; its items are read without them",
		"L2 url=https://example.org/a title=A saved=1000", NULL,
	};
	static const char omnivore_list[] = "url,state,labels,saved_at,published_at\n"
		"\"https://example.com/r\",ARCHIVED,\"[a, b ]\",1700000000000,\n"
		"https://example.com/list?ids=A,B\n\"https://example.com/q\"\nhttps://example.com/s,SUCCEEDED,,,\n";
	static const char *const omnivore_rows[] = {
		"L2 url=https://example.com/r state=ARCHIVED saved=1700000000000 labels=a|b",
		"L3 url=https://example.com/list?ids=A,B", "L4 url=https://example.com/q", "L5 url=https://example.com/s", NULL,
	};
	const char *zip = write_zip_of(a, "pocket.zip", names, datas, 3);
	is_int(content_import_detect(write_file(a, "list.csv", omnivore_list, 0)), CONTENT_IMPORT_URLS,
	       "Omnivore's URL-list CSV is a URL list");
	expect_path(a, CONTENT_IMPORT_URLS, arena_printf(a, "%s/list.csv", dir), "Omnivore's URL-list CSV", omnivore_rows);
	expect_path(a, CONTENT_IMPORT_POCKET_ZIP, write_zip_of(a, "broken.zip", names, broken_datas, 2),
	            "Pocket's zip with a broken annotations file", broken);
	is_int(content_import_detect(zip), CONTENT_IMPORT_POCKET_ZIP, "a zip of part_NNNNNN.csv is Pocket's export");
	expect_path(a, CONTENT_IMPORT_POCKET_ZIP, zip, "Pocket's zip", pocket_zip);
	is_int(content_import_detect(write_zip_of(a, "both.zip", meta_names, datas, 2)), CONTENT_IMPORT_OMNIVORE,
	       "a zip with a metadata_*.json and a part_000000.csv is Omnivore's");
	refused(a, CONTENT_IMPORT_POCKET_ZIP, write_zip(a, "notpocket.zip", "content/readme.html"), "not Pocket's export",
	        "a zip without part_000000.csv read as Pocket's");
	is_int(content_import_detect(write_file(a, "insta.html", insta_html, 0)), CONTENT_IMPORT_INSTAPAPER_HTML,
	       "Instapaper's HTML export is detected");
	expect_path(a, CONTENT_IMPORT_INSTAPAPER_HTML, arena_printf(a, "%s/insta.html", dir), "Instapaper's HTML", insta);
	write_file(a, "Bookmarks", chrome_json, 0);
	expect_path(a, CONTENT_IMPORT_CHROME, arena_printf(a, "%s/Bookmarks", dir), "Chrome's Bookmarks with a trash",
	            chrome_rows);
	expect_path(a, CONTENT_IMPORT_READWISE, write_file(a, "reader.csv", readwise_csv, 0), "Readwise Reader's locations",
	            readwise);
	expect_path(a, CONTENT_IMPORT_NETSCAPE, write_file(a, "notes.html", notes_html, 0), "a note and a log-form date", notes);
	is_int(content_import_detect(write_file(a, "bare.html", pocket_bare, 0)), CONTENT_IMPORT_POCKET_HTML,
	       "Pocket's HTML without its title nor Read Archive is detected by its time_added");
}

/* reading file as f fails with a message holding want */
static void refused(struct arena *a, enum content_import_format f, const char *path, const char *want, const char *what)
{
	struct collect c = { .a = a };
	struct content_import_sink sink = { on_item, on_bad, &c, NULL };
	struct content_error e;
	const char *err = e.msg;
	is_int(content_import_read(f, a, path, NULL, &sink, &e), -1, "%s: refused", what);
	like(err, want, "%s: the reason", what);
	is_int(c.n, 0, "%s: nothing read", what);
}

static void wrong_formats(struct arena *a)
{
	const char *junk = arena_printf(a, "%s/junk.bin", dir);
	refused(a, CONTENT_IMPORT_INSTAPAPER, sample(a, "pocket.csv"), "the first row is not the header of Instapaper's CSV",
	        "Pocket's CSV read as Instapaper's");
	refused(a, CONTENT_IMPORT_POCKET_CSV, write_file(a, "empty.csv", "", 0), "the file is empty", "an empty CSV");
	refused(a, CONTENT_IMPORT_WALLABAG, sample(a, "urls.txt"), "the file is not JSON", "a URL list read as JSON");
	refused(a, CONTENT_IMPORT_WALLABAG, write_file(a, "object.json", "{\"entries\": []}", 0),
	        "the JSON is not a list of entries", "a JSON object");
	refused(a, CONTENT_IMPORT_NETSCAPE, junk, "the file is not a bookmarks file", "junk read as bookmarks");
	refused(a, CONTENT_IMPORT_POCKET_HTML, sample(a, "wallabag.json"), "the file is not Pocket's HTML export",
	        "JSON read as Pocket's HTML");
	refused(a, CONTENT_IMPORT_UNKNOWN, junk, "none of the formats", "no format");
	refused(a, CONTENT_IMPORT_URLS, arena_printf(a, "%s/absent", dir), "cannot open", "a missing file");
	refused(a, CONTENT_IMPORT_OMNIVORE, junk, "", "junk read as Omnivore's zip");
}

static void bounds(struct arena *a)
{
	struct sb b;
	const char *big = arena_printf(a, "%s/big.txt", dir);
	FILE *fp = fopen(big, "wb");
	static const char *const csv[] = {
		"L2 url=https://example.com/a saved=1000", "L3 bad: the row is over 1 MB",
		"L16095 url=https://example.com/b saved=2000", NULL,   /* the long row holds 16091 newlines */
	};
	static const char bom_json[] = "\xEF\xBB\xBF[{\"is_archived\":0,\"url\":\"https://example.com/bom\"}]";
	static const char *const bom[] = { "L1 url=https://example.com/bom", NULL };
	static const char *const cr[] = {
		"L2 url=https://example.com/c saved=3000", "L2 bad: time_added is not a number",
		"L5 url=https://example.com/e saved=5000", NULL,
	};
	static const char *const list[] = {
		"L1 bad: the line is over 1 MB", "L2 url=https://example.com/after", NULL,
	};
	ok(fp && ftruncate(fileno(fp), (off_t)2049 * 1024 * 1024) == 0, "a sparse file of 2049 MB");
	if (fp)
		fclose(fp);
	refused(a, CONTENT_IMPORT_URLS, big, "larger than the import limit", "a URL list over the limit");
	refused(a, CONTENT_IMPORT_READWISE, big, "larger than the import limit", "a CSV over the limit");
	refused(a, CONTENT_IMPORT_WALLABAG, big, "larger than the import limit", "JSON over the limit");
	sb_init(&b);
	sb_puts(&b, "title,url,time_added,tags,status\n,https://example.com/a,1,,\n\"");
	for (int i = 1; i <= 1100 * 1024; i++)
		sb_putc(&b, i % 70 ? 'x' : '\n');
	sb_puts(&b, "\",https://example.com/big,1,,\n,https://example.com/b,2,,\n");
	expect_path(a, CONTENT_IMPORT_POCKET_CSV, write_file(a, "long.csv", sb_str(&b), b.len), "a CSV with a long row", csv);
	sb_reset(&b);
	for (int i = 0; i < 1100 * 1024; i++)
		sb_putc(&b, 'y');
	sb_puts(&b, "\nhttps://example.com/after\n");
	expect_path(a, CONTENT_IMPORT_URLS, write_file(a, "long.txt", sb_str(&b), b.len), "a URL list with a long line", list);
	sb_free(&b);
	is_int(content_import_detect(write_file(a, "bom.json", bom_json, 0)), CONTENT_IMPORT_WALLABAG,
	       "wallabag's JSON after a byte order mark is detected");
	expect_path(a, CONTENT_IMPORT_WALLABAG, arena_printf(a, "%s/bom.json", dir), "wallabag's JSON after a byte order mark",
	            bom);
	expect_path(a, CONTENT_IMPORT_POCKET_CSV, write_file(a, "cr.csv", "title,url,time_added,tags,status\n"
	            ",https://example.com/c,3,,\r,https://example.com/d,x,,\r\n\r\n  \n,https://example.com/e,5,,\n", 0),
	            "rows ended by a lone carriage return", cr);
}

/* a sink that asks to stop after the first item stops the reader */
static void stopping(struct arena *a)
{
	static const char *const files[] = { "pocket.csv", "pocket.html", "wallabag.json", "urls.txt" };
	static const enum content_import_format formats[] = { CONTENT_IMPORT_POCKET_CSV, CONTENT_IMPORT_POCKET_HTML,
	                                                  CONTENT_IMPORT_WALLABAG, CONTENT_IMPORT_URLS };
	for (int i = 0; i < 4; i++) {
		struct collect c = { .a = a, .stop_after = 1 };
		struct content_import_sink sink = { on_item, on_bad, &c, NULL };
		struct content_error e;
		const char *err = e.msg;
		is_int(content_import_read(formats[i], a, sample(a, files[i]), NULL, &sink, &e), -1, "%s: the sink stops it", files[i]);
		is_str(err, "the import was stopped", "%s: stopped", files[i]);
		is_int(c.n, 1, "%s: after one item", files[i]);
	}
}

static void cleanup(struct arena *a)
{
	static const char *const files[] = { "omnivore.zip", "other.zip", "junk.bin", "empty.txt", "other.csv", "bom.csv",
	                                      "list.json", "empty.csv", "object.json", "big.txt", "long.csv", "long.txt", "cr.csv",
	                                      "bom.json", "pocket.zip", "both.zip", "notpocket.zip", "insta.html", "reader.csv",
	                                      "notes.html", "bare.html", "broken.zip", "list.csv" };
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		unlink(arena_printf(a, "%s/%s", dir, files[i]));
	rmdir(dir);
}

int main(void)
{
	struct arena a;
	arena_init(&a);
	pocket(&a);
	instapaper_readwise(&a);
	wallabag_urls(&a);
	bookmarks(&a);
	if (mkdtemp(dir) == NULL)
		return printf("Bail out! no temporary folder\n"), 1;
	names_and_detection(&a);
	wrong_formats(&a);
	bounds(&a);
	stopping(&a);
	real_exports(&a);
	cleanup(&a);
	arena_free(&a);
	return done_testing();
}
