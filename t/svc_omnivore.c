/* svc_omnivore.c: Omnivore's export zip both ways: the highlights Markdown, a seeded library exported and read back field by field, the sample export in t/data/import, and broken zips. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/export_omnivore.h"
#include "content/transfer/import_int.h"
#include "content/transfer/omnivore_format.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_config.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-svc-omnivore-XXXXXX";
static char path[256], zip[256];

static void cleanup(void)
{
	unlink(zip);
	test_db_remove(path, dir);
}

/* ---- a sink that keeps copies of what the reader sends ---- */

struct got_bad { size_t line; const char *reason; };
struct collect {
	struct arena *a;
	struct content_import_item items[64];
	size_t n;
	struct got_bad bad[16];
	size_t nbad;
};

static void bail(const char *what, struct store *st)
{
	printf("Bail out! %s: %s\n", what, store_errmsg(st));
	exit(1);
}

static const char *copy_str(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

static int on_item(void *ctx, const struct content_import_item *it)
{
	struct collect *c = ctx;
	struct content_import_item *o;
	struct content_import_highlight *h;
	if (c->n == 64)
		return -1;
	o = &c->items[c->n++];
	*o = *it; /* metadata strings live in the reader's arena, which is c->a */
	o->html = it->html ? arena_strndup(c->a, it->html, it->html_len) : NULL;
	o->note = copy_str(c->a, it->note);
	o->highlights = h = ARENA_NEWN(c->a, struct content_import_highlight, it->nhighlights + 1);
	for (size_t i = 0; i < it->nhighlights; i++) {
		h[i] = it->highlights[i];
		h[i].quote = copy_str(c->a, it->highlights[i].quote);
		h[i].annotation = copy_str(c->a, it->highlights[i].annotation);
		h[i].labels = ARENA_NEWN(c->a, const char *, it->highlights[i].nlabels + 1);
		for (size_t j = 0; j < it->highlights[i].nlabels; j++)
			((const char **)h[i].labels)[j] = copy_str(c->a, it->highlights[i].labels[j]);
	}
	return 0;
}

static void on_bad(void *ctx, size_t line, const char *reason)
{
	struct collect *c = ctx;
	if (c->nbad < 16)
		c->bad[c->nbad++] = (struct got_bad){ line, copy_str(c->a, reason) };
}

static int read_zip(struct arena *a, const char *file, struct collect *c, const char **err)
{
	struct content_import_sink sink = { on_item, on_bad, c, NULL };
	struct content_error e;
	memset(c, 0, sizeof *c);
	c->a = a;
	*err = NULL;
	int rc = import_read_omnivore(CONTENT_IMPORT_OMNIVORE, a, file, &sink, &e);
	*err = rc ? arena_strdup(a, e.msg) : NULL;
	return rc;
}

static const struct content_import_item *by_url(const struct collect *c, const char *url)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->items[i].url, url) == 0)
			return &c->items[i];
	return NULL;
}

/* ---- the highlights Markdown alone ---- */

static void markdown(struct arena *a)
{
	static const char *const labels[] = { "birds", "later" };
	struct content_import_highlight *h;
	const char *note;
	size_t n;
	struct sb b;
	bool first = true;

	sb_init(&b);
	content_omnivore_md_note(&b, "> a note that looks like a passage\n#and a heading", &first);
	content_omnivore_md_passage(&b, "First passage", labels, 2, "My note", &first);
	content_omnivore_md_passage(&b, "Line one\n\nline three\n", NULL, 0, "#not-labels\n\n> quoted in a note\n\\> kept", &first);
	content_omnivore_md_passage(&b, "\nStarts empty, ends with a space ", NULL, 0, NULL, &first);
	like(sb_str(&b), "> First passage \n\n#birds #later\n\nMy note", "a passage as Omnivore writes it");
	like(sb_str(&b), "> Line one\n> \nline three\n ", "its empty lines as \"> \"");
	is_int(content_omnivore_md_read(a, sb_str(&b), b.len, &note, &h, &n), 0, "read back");
	is_str(note, "> a note that looks like a passage\n#and a heading", "the item's note");
	is_int(n, 3, "three passages");
	if (n == 3) {
		is_str(h[0].quote, "First passage", "passage 1");
		is_str(h[0].annotation, "My note", "its note (labels line aside)");
		is_str(h[1].quote, "Line one\n\nline three\n", "passage 2 with its empty line and line end");
		is_str(h[1].annotation, "#not-labels\n\n> quoted in a note\n\\> kept", "a note with '#' and '>' lines");
		is_str(h[2].quote, "\nStarts empty, ends with a space ", "passage 3");
		ok(h[2].annotation == NULL, "without a note");
	}
	sb_free(&b);
}

/* ---- a seeded library, exported and read back ---- */

static struct store_item seed_one(struct store *st, struct arena *a, const char *user, const char *url,
                                  const struct store_article *art, const char *const *labels, size_t nl)
{
	struct store_item it;
	bool existed;
	struct store_save in = { .user_id = user, .url = url, .title = art ? art->title : NULL,
	                         .saved_ms = 1700000000123 + (int64_t)strlen(url) * 1000,
	                         .published_ms = art ? art->published_ms : 0, .labels = labels, .nlabels = nl,
	                         .article = art };
	if (store_item_save(st, a, &in, &it, &existed) != STORE_OK)
		bail(url, st);
	return it;
}

static void highlight(struct store *st, struct arena *a, const char *user, const char *item, const char *type,
                      const char *quote, const char *note)
{
	struct store_highlight in = { .item_id = item, .type = type, .quote = quote, .annotation = note }, out;
	if (store_highlight_create(st, a, user, &in, &out) != STORE_OK)
		bail("highlight", st);
}

static void seed(struct store *st, struct arena *a, const char *user)
{
	static const char *const two[] = { "Birds", "Caf\xc3\xa9 \xe2\x9c\x93" };
	struct store_article full = { .title = "Z\xc3\xbcrich notes \xe2\x80\x94 caf\xc3\xa9", .author = "Jane Roe",
	                              .description = "What the lake holds", .site_name = "Example Times",
	                              .image = "https://example.com/lake.jpg",
	                              .content = "<div><p>Z\xc3\xbcrich \xe2\x80\x94 caf\xc3\xa9 \xe2\x9c\x93</p><p>Line one</p></div>",
	                              .text = "Zurich cafe", .words_count = 4, .published_ms = 1600000000000 };
	struct store_article plain = { .title = "Plain", .content = "<p>plain</p>", .text = "plain", .words_count = 1 };
	struct store_item it;
	char url[64];

	it = seed_one(st, a, user, "https://example.com/full", &full, two, 2);
	highlight(st, a, user, it.id, "NOTE", NULL, "The item's note\n> not a passage");
	highlight(st, a, user, it.id, "HIGHLIGHT", "Line one\n\nand three", "#first line\n\nsecond paragraph");
	highlight(st, a, user, it.id, "HIGHLIGHT", "Z\xc3\xbcrich", NULL);
	store_item_set_progress(st, a, user, it.id, 37.5, -1, -1, &it);
	it = seed_one(st, a, user, "https://example.com/archived", &plain, NULL, 0);
	store_item_set_archived(st, a, user, it.id, true, &it);
	it = seed_one(st, a, user, "https://example.com/trashed", &plain, two, 1);
	store_item_set_progress(st, a, user, it.id, 100, -1, -1, &it);
	store_item_delete(st, a, user, it.id, &it);
	seed_one(st, a, user, "https://example.com/not-fetched-yet", NULL, NULL, 0);
	for (int i = 0; i < 25; i++) { /* past one batch of 20 */
		snprintf(url, sizeof url, "https://example.com/more/%d", i);
		seed_one(st, a, user, url, i % 2 ? &plain : NULL, NULL, 0);
	}
}

/* the record read back against the item in the store, every field the format carries */
static void compare(struct store *st, struct arena *a, const struct store_item *s, const struct content_import_item *r)
{
	struct store_label *l;
	struct store_highlight *h;
	size_t nl, nh, k = 0;
	const char *html, *note = NULL;

	is_str(r->id, s->id, "%s: id", s->url);
	is_str(r->slug, s->slug, "%s: slug", s->url);
	is_int(r->updated_ms, s->updated_ms, "%s: updatedAt", s->url);
	is_str(r->title, s->title, "%s: title", s->url);
	is_str(r->author, s->author, "%s: author", s->url);
	is_str(r->description, s->description, "%s: description", s->url);
	is_str(r->image, s->image, "%s: thumbnail", s->url);
	is_str(r->site_name, s->site_name, "%s: site name", s->url);
	is_str(r->state, s->deleted_ms ? "DELETED" : s->archived_ms ? "ARCHIVED" : "INBOX", "%s: state", s->url);
	is_int(r->saved_ms, s->saved_ms, "%s: savedAt", s->url);
	is_int(r->published_ms, s->published_ms, "%s: publishedAt", s->url);
	is_int(r->archived_ms, s->archived_ms, "%s: archivedAt", s->url);
	ok(r->reading_progress == s->progress, "%s: reading progress %g", s->url, r->reading_progress);
	store_item_labels(st, a, s->seq, &l, &nl);
	is_int(r->nlabels, nl, "%s: labels", s->url);
	for (size_t i = 0; i < nl && i < r->nlabels; i++)
		is_str(r->labels[i], l[i].name, "%s: label %zu", s->url, i);
	store_item_content(st, a, s->seq, &html);
	is_str(r->html, html, "%s: content", s->url);
	store_item_highlights(st, a, s->seq, &h, &nh);
	for (size_t i = 0; i < nh; i++)
		if (strcmp(h[i].type, "NOTE") == 0)
			note = h[i].annotation;
	is_str(r->note, note, "%s: note", s->url);
	is_int(r->nhighlights, nh - (note != NULL), "%s: highlights", s->url);
	for (size_t i = 0; i < nh; i++) {
		if (strcmp(h[i].type, "NOTE") == 0 || k >= r->nhighlights)
			continue;
		is_str(r->highlights[k].quote, h[i].quote, "%s: highlight %zu quote", s->url, k);
		is_str(r->highlights[k].annotation, h[i].annotation, "%s: highlight %zu note", s->url, k);
		store_highlight_labels(st, a, h[i].id, &l, &nl);
		is_int(r->highlights[k].nlabels, nl, "%s: highlight %zu labels", s->url, k);
		k++;
	}
}

static void round_trip(struct store *st, struct arena *a, const struct store_user *u, const struct store_user *bob)
{
	struct larder_config cfg;
	struct collect c;
	struct store_item *items;
	const char *err = NULL;
	size_t n;
	int fd;

	test_config(&cfg, dir);
	seed(st, a, u->id);
	seed_one(st, a, bob->id, "https://example.com/bobs", NULL, NULL, 0);
	fd = open(zip, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	is_int(svc_export_omnivore(st, &cfg, u->id, fd), SVC_EXPORT_OK, "the library is exported");
	close(fd);
	is_int(read_zip(a, zip, &c, &err), 0, "and read back: %s", err ? err : "");
	is_int(c.nbad, 0, "with no bad rows");
	is_int(store_item_page(st, a, u->id, 0, 1000, &items, &n), STORE_OK, "the library");
	is_int(c.n, n, "every item of alice (and only hers) read back");
	ok(!by_url(&c, "https://example.com/bobs"), "bob's item is not in alice's export");
	for (size_t i = 0; i < n; i++) {
		const struct content_import_item *r = by_url(&c, items[i].url);
		ok(r != NULL, "%s is in the export", items[i].url);
		if (r && (strstr(items[i].url, "/more/") == NULL || strcmp(items[i].url, "https://example.com/more/7") == 0))
			compare(st, a, &items[i], r);
	}
	is_str(c.items[0].url, items[0].url, "in the library's order");
	config_free(&cfg);
}

/* ---- Omnivore's own export ---- */

static void sample(struct arena *a, const char *srcdir)
{
	char file[512];
	struct collect c;
	const struct content_import_item *it;
	const char *err = NULL;

	snprintf(file, sizeof file, "%s/t/data/import/omnivore-sample.zip", srcdir);
	is_int(read_zip(a, file, &c, &err), 0, "the sample export is read: %s", err ? err : "");
	is_int(c.n, 4, "four items");
	is_int(c.nbad, 2, "two bad rows");
	if (c.nbad == 2) {
		is_int(c.bad[0].line, 7, "reported at the metadata file's entry");
		is_str(c.bad[0].reason, "metadata_3_to_6.json, item 2: no url", "the one without a URL");
		is_str(c.bad[1].reason, "metadata_3_to_6.json, item 3: readingProgress is not a number", "a bad progress");
	}
	if (c.n < 4)
		return;
	it = &c.items[0];
	is_str(it->url, "https://birds.example.com/tale?ref=feed", "A: url");
	is_str(it->id, "5b7c1d9e-3f2a-4c8b-9d0e-1a2b3c4d5e6f", "A: its id");
	is_str(it->slug, "a-tale-of-two-birds-18c2f1a0f2b", "A: its slug");
	is_int(it->updated_ms, 1707004800000, "A: updatedAt");
	is_str(it->title, "A Tale of Two Birds", "A: title");
	is_str(it->description, "Pelicans and herons, compared.", "A: description");
	is_str(it->author, "Jane Roe", "A: author");
	is_str(it->image, "https://birds.example.com/pelican.jpg", "A: thumbnail");
	is_str(it->state, "ARCHIVED", "A: Archived");
	ok(it->reading_progress == 42.5, "A: progress");
	is_int(it->saved_ms, 1706933106789, "A: savedAt");
	is_int(it->published_ms, 1703980800000, "A: publishedAt");
	is_int(it->nlabels, 2, "A: two labels");
	if (it->nlabels == 2)
		ok(strcmp(it->labels[0], "Birds") == 0 && strcmp(it->labels[1], "Favorites") == 0, "A: Birds, Favorites");
	like(it->html, "Z\xc3\xbcrich \xe2\x80\x94 caf\xc3\xa9 \xe2\x9c\x93", "A: its content, UTF-8 kept");
	ok(it->note == NULL, "A: no item note");
	is_int(it->nhighlights, 3, "A: three highlights");
	if (it->nhighlights == 3) {
		is_str(it->highlights[0].quote, "First passage here.", "A: quote 1");
		is_str(it->highlights[0].annotation, "My note on it", "A: its note, the label line aside");
		is_int(it->highlights[0].nlabels, 2, "A: the labels of quote 1");
		if (it->highlights[0].nlabels == 2)
			ok(strcmp(it->highlights[0].labels[0], "important") == 0 &&
			   strcmp(it->highlights[0].labels[1], "birds") == 0, "A: important, birds");
		is_int(it->highlights[1].nlabels, 0, "A: quote 2 without labels");
		is_str(it->highlights[1].quote, "Line one\n\nline three", "A: quote 2 with its empty line");
		is_str(it->highlights[1].annotation, "Two\n\nparagraphs", "A: a note of two paragraphs");
		is_str(it->highlights[2].quote, "Third, without a note", "A: quote 3");
		ok(it->highlights[2].annotation == NULL, "A: no note");
	}
	it = &c.items[1];
	is_str(it->url, "https://example.org/plain", "B: url");
	ok(it->author == NULL && it->description == NULL && it->image == NULL && it->published_ms == 0, "B: nulls");
	is_str(it->state, "INBOX", "B: Active is the inbox");
	ok(it->html == NULL && it->nhighlights == 0 && it->nlabels == 0, "B: no content (fetched on import)");
	ok(it->reading_progress == 0, "B: progress 0");
	it = &c.items[2];
	is_str(it->state, "INBOX", "C: an older export's SUCCEEDED is the inbox");
	is_str(it->note, "The item's own note", "C: the item's note");
	is_int(it->published_ms, 1655296200000, "C: publishedAt");
	it = &c.items[3];
	is_str(it->state, "DELETED", "D: DELETED");
	is_str(it->html, "<DIV class=\"page\" id=\"readability-page-1\"><p>Gone but kept.</p></DIV>",
	       "D: content found before its metadata, the PDF ignored");
}

static void broken(struct arena *a, const char *srcdir)
{
	char file[512];
	struct collect c;
	const char *err = NULL;
	snprintf(file, sizeof file, "%s/t/svc_omnivore.c", srcdir);
	is_int(read_zip(a, file, &c, &err), -1, "a text file is refused");
	is_str(err, "not a zip archive", "as not a zip");
	is_int(read_zip(a, "/nonexistent/x.zip", &c, &err), -1, "a missing file is refused");
	snprintf(file, sizeof file, "%s/t/data/import/omnivore-nometa.zip", srcdir);
	is_int(read_zip(a, file, &c, &err), -1, "a zip without metadata is refused");
	is_str(err, "no metadata_*.json in the zip: not an Omnivore export", "as not an export");
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user alice, bob;
	char err[512];
	const char *srcdir = getenv("srcdir") ? getenv("srcdir") : ".";
	struct larder_config cfg;
	struct collect c;
	const char *rerr;
	int fd;

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	snprintf(zip, sizeof zip, "%s/export.zip", dir);
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &alice), STORE_OK, "alice");
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &bob), STORE_OK, "bob");

	markdown(&a);
	/* an empty library: one empty metadata file, read back as no items */
	test_config(&cfg, dir);
	fd = open(zip, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	is_int(svc_export_omnivore(st, &cfg, alice.id, fd), SVC_EXPORT_OK, "an empty library is exported");
	close(fd);
	config_free(&cfg);
	is_int(read_zip(&a, zip, &c, &rerr), 0, "and read back");
	is_int(c.n + c.nbad, 0, "as nothing");
	round_trip(st, &a, &alice, &bob);
	sample(&a, srcdir);
	broken(&a, srcdir);

	store_close(st);
	arena_free(&a);
	cleanup();
	return done_testing();
}
