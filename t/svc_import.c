/* svc_import.c: tests of svc_import_items on a temporary database: every field of a record stored, bad items reported, fetch jobs spread in time, a second import changing nothing (the whole database compared), another user untouched, a failing batch rolled back alone, and records that are never items skipped. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/store.h"
#include "store/store_int.h" /* the store's own connection reads tables (db.h), on either backend */
#include "svc/import.h"
#include "svc/jobs.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_config.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-svc-import-XXXXXX";
static char path[256];
static struct store *the_st;

static void cleanup(void)
{
	char p[300];
	snprintf(p, sizeof p, "%s/imports", dir);
	rmdir(p);
	test_db_remove(path, dir);
}

/* PostgreSQL's dump(): each row of each table as its record's text, in that text's order */
static char *pg_dump(void)
{
	struct db_stmt *t = NULL, *s = NULL;
	struct sb b;
	if (db_prepare(the_st->db, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1",
	               false, &t) != DB_OK)
		return NULL;
	sb_init(&b);
	while (db_step(t) == DB_ROW) {
		char sql[512];
		snprintf(sql, sizeof sql, "SELECT r::text FROM \"%s\" r ORDER BY 1", db_col_text(t, 0, NULL));
		if (db_prepare(the_st->db, sql, false, &s) != DB_OK)
			continue;
		sb_printf(&b, "== %s\n", db_col_text(t, 0, NULL));
		while (db_step(s) == DB_ROW)
			sb_printf(&b, "%s\n", db_col_text(s, 0, NULL));
		db_finalize(s);
	}
	db_finalize(t);
	return sb_take(&b);
}

/* every row of every table, in a stable order, as text (malloc'd) */
static char *dump(void)
{
	sqlite3 *db;
	sqlite3_stmt *t, *s;
	struct sb b;
	if (test_db_is_pg())
		return pg_dump();
	sb_init(&b);
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &t, NULL);
	while (sqlite3_step(t) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(t, 0);
		char sql[512];
		int n;
		snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", name);
		if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
			continue;
		n = sqlite3_column_count(s);
		sqlite3_finalize(s);
		for (int i = 1; i <= n; i++) /* every column in ORDER BY: a stable order */
			snprintf(sql + strlen(sql), sizeof sql - strlen(sql), "%s%d", i == 1 ? " ORDER BY " : ", ", i);
		if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
			continue;
		sb_printf(&b, "== %s\n", name);
		while (sqlite3_step(s) == SQLITE_ROW) {
			for (int i = 0; i < n; i++) {
				const char *v = (const char *)sqlite3_column_text(s, i);
				sb_printf(&b, "%s|", v ? v : "NULL");
			}
			sb_putc(&b, '\n');
		}
		sqlite3_finalize(s);
	}
	sqlite3_finalize(t);
	sqlite3_close(db);
	return sb_take(&b);
}

static const char article[] =
	"<html><head><title>The pelican's beak</title></head><body><article><h1>The pelican's beak</h1>"
	"<p>Pelicans are a genus of large water birds that make up the family Pelecanidae. They are characterised by a "
	"long beak and a large throat pouch used for catching prey and draining water from the scooped-up contents "
	"before swallowing.</p><script>alert(1)</script>"
	"<p>They have predominantly pale plumage, the exceptions being the brown and Peruvian pelicans. The bills, "
	"pouches, and bare facial skin of all species become brightly coloured before the breeding season.</p>"
	"<p>The eight living pelican species have a patchy global distribution, ranging latitudinally from the "
	"tropics to the temperate zone, though they are absent from interior South America and from polar regions "
	"and the open ocean.</p></article></body></html>";

static const char *const pouch_labels[] = { "pouch", "Anatomy" };
static const struct content_import_highlight pelican_hl[] = {
	{ .quote = "a large throat pouch used for catching prey", .annotation = "the pouch!", .prefix = "long beak and ",
	  .suffix = " and draining", .color = "yellow", .created_ms = 1600000000000, .labels = pouch_labels, .nlabels = 2 },
	{ .quote = "a sentence that is not in the article", .annotation = "kept anyway", .created_ms = 1600000001000 },
};
static const char *const pelican_labels[] = { "Birds", "Nature" };

#define PELICAN_ID "7d9a3c1e-2b4f-4a6d-8e0f-1a2b3c4d5e6f"
/* the full record: every field a format can carry */
static struct content_import_item pelican(void)
{
	return (struct content_import_item){
		.line = 2, .url = "https://www.example.org/pelicans", .id = PELICAN_ID, .slug = "pelicans-of-old",
		.updated_ms = 1560000000000, .title = "Pelicans, imported", .author = "A. Birder",
		.description = "All about pelicans", .site_name = "Example Birds", .image = "https://example.org/p.jpg",
		.state = "ARCHIVED", .saved_ms = 1500000000000, .published_ms = 1400000000000, .archived_ms = 1550000000000,
		.reading_progress = 42.5, .labels = pelican_labels, .nlabels = 2, .html = article,
		.html_len = sizeof article - 1, .note = "a note on the whole item", .favorite = true,
		.highlights = pelican_hl, .nhighlights = 2 };
}

/* the records of the first import: the full one, two without content, one in the trash, three bad ones */
static size_t records(struct content_import_item *it)
{
	size_t n = 0;
	it[n++] = pelican();
	it[n++] = (struct content_import_item){ .line = 3, .url = "https://example.com/a", .reading_progress = -1 };
	it[n++] = (struct content_import_item){ .line = 4, .url = "https://example.com/b", .title = "B", .reading_progress = -1,
	                                    .state = "INBOX" };
	it[n++] = (struct content_import_item){ .line = 5, .url = "https://example.com/gone", .state = "DELETED",
	                                    .reading_progress = -1, .saved_ms = 1300000000000 };
	it[n++] = (struct content_import_item){ .line = 6, .url = "http://localhost/x", .reading_progress = -1 };
	it[n++] = (struct content_import_item){ .line = 7, .url = "", .reading_progress = -1 };
	it[n++] = (struct content_import_item){ .line = 8, .url = "https://example.com/c", .state = "LOST",
	                                    .reading_progress = -1 };
	return n;
}

static void every_field(struct store *st, struct arena *a, const char *uid)
{
	struct store_item it;
	struct store_label *l;
	struct store_highlight *h;
	const char *html;
	size_t n;
	int64_t pending, next;

	is_int(store_item_by_url(st, a, uid, "https://www.example.org/pelicans", &it), STORE_OK, "the full record is stored");
	is_str(it.id, PELICAN_ID, "its id kept");
	is_str(it.slug, "pelicans-of-old", "its slug kept");
	is_int(it.updated_ms, 1560000000000, "its last change kept");
	is_str(it.title, "Pelicans, imported", "its title");
	is_str(it.author, "A. Birder", "its author");
	is_str(it.description, "All about pelicans", "its description");
	is_str(it.site_name, "Example Birds", "its site");
	is_str(it.image, "https://example.org/p.jpg", "its image");
	is_str(it.state, "SUCCEEDED", "its content kept: not fetched");
	is_int(it.saved_ms, 1500000000000, "saved at its original time");
	is_int(it.published_ms, 1400000000000, "its published time");
	is_int(it.archived_ms, 1550000000000, "archived at its time");
	is_int(it.deleted_ms, 0, "not in the trash");
	ok(it.progress == 42.5, "its reading progress");
	is_int(store_item_content(st, a, it.seq, &html), STORE_OK, "its content");
	ok(html && strstr(html, "throat pouch") && !strstr(html, "<script"), "kept, sanitized");
	is_int(store_item_labels(st, a, it.seq, &l, &n), STORE_OK, "its labels");
	is_int(n, 3, "two labels and the favourite's");
	ok(n == 3 && !strcmp(l[0].name, "Birds") && !strcmp(l[1].name, "Nature") && !strcmp(l[2].name, SVC_IMPORT_FAVORITES),
	   "Birds, Nature, Favorites");
	is_int(store_item_highlights(st, a, it.seq, &h, &n), STORE_OK, "its highlights");
	is_int(n, 3, "two highlights and the item's note");
	for (size_t i = 0; i < n; i++) {
		if (h[i].quote && strstr(h[i].quote, "throat pouch")) {
			is_str(h[i].type, "HIGHLIGHT", "a quote found in the content is a highlight");
			ok(h[i].position_percent > 0 && h[i].position_percent < 50, "placed where it is");
			is_str(h[i].annotation, "the pouch!", "with its note");
			is_str(h[i].prefix, "long beak and ", "its prefix");
			is_str(h[i].suffix, " and draining", "its suffix");
			is_str(h[i].color, "yellow", "its colour");
			is_int(h[i].created_ms, 1600000000000, "its time");
			is_int(store_highlight_labels(st, a, h[i].id, &l, &n), STORE_OK, "its labels");
			ok(n == 2 && !strcmp(l[0].name, "Anatomy") && !strcmp(l[1].name, "pouch"), "Anatomy, pouch");
			n = 3;
		} else if (h[i].quote) {
			is_str(h[i].type, "NOTE", "a quote not in the content is kept as a note");
			is_str(h[i].annotation, "kept anyway", "with its note");
		} else {
			is_str(h[i].type, "NOTE", "the item's note");
			is_str(h[i].annotation, "a note on the whole item", "its text");
		}
	}
	is_int(store_job_pending(st, time_now_ms() + 3600000, &pending, &next), STORE_OK, "the queue");
	is_int(pending, 3, "three items without content wait for a fetch, the full one none");
	is_int(store_item_by_url(st, a, uid, "https://example.com/gone", &it), STORE_OK, "the deleted record");
	ok(it.deleted_ms > 0 && it.saved_ms == 1300000000000, "in the trash, saved at its time");
	is_int(store_item_by_url(st, a, uid, "https://example.com/b", &it), STORE_OK, "an inbox record");
	ok(it.archived_ms == 0 && it.deleted_ms == 0 && !strcmp(it.title, "B"), "in the inbox with its title");
}

/* the fetch jobs are due one after another at the configured rate */
static void fetch_times(void)
{
	static const char *const urls[] = { "https://example.com/a", "https://example.com/b", "https://example.com/gone" };
	int64_t first = 0;
	for (int i = 0; i < 3; i++) {
		struct db_stmt *s = NULL;
		db_prepare(the_st->db, "SELECT j.run_after FROM jobs j JOIN library_items i ON i.seq = j.item_seq"
		                       " WHERE i.url = ?1", false, &s);
		db_bind_text(s, 1, urls[i]);
		if (db_step(s) == DB_ROW) {
			int64_t t = db_col_int64(s, 0);
			if (i == 0)
				first = t;
			else
				is_int(t - first, i * 2000, "fetch %d is due %d s after the first (30 a minute)", i + 1, i * 2);
		} else
			ok(0, "a job for %s", urls[i]);
		db_finalize(s);
	}
}

static void first_import(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	struct content_import_item it[8];
	struct svc_import_report r = { 0 };
	size_t n = records(it);
	sb_init(&r.lines);
	is_int(svc_import_items(st, cfg, a, uid, it, n, &r), 0, "the import runs");
	is_int(r.added, 4, "four added");
	is_int(r.failed, 3, "three bad");
	is_int(r.updated + r.unchanged, 0, "nothing else");
	like(sb_str(&r.lines), "line 6: URLs on localhost cannot be saved", "a localhost URL reported with its line");
	like(sb_str(&r.lines), "line 7: url is required", "an empty URL reported");
	like(sb_str(&r.lines), "line 8: unknown state LOST", "an unknown state reported");
	sb_free(&r.lines);
	every_field(st, a, uid);
	fetch_times();
}

static void second_import(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	struct content_import_item it[8];
	struct svc_import_report r = { 0 };
	size_t n = records(it);
	char *before = dump(), *after;
	sb_init(&r.lines);
	usleep(5000); /* a write now would show in the updated times */
	is_int(svc_import_items(st, cfg, a, uid, it, n, &r), 0, "the same records again");
	is_int(r.unchanged, 4, "four unchanged");
	is_int(r.added + r.updated, 0, "none added or updated");
	is_int(r.failed, 3, "the bad ones reported again");
	after = dump();
	ok(before && after && strcmp(before, after) == 0, "the database is exactly as before");
	free(before);
	free(after);
	sb_free(&r.lines);
}

/* bob imports the same URL: his own item, alice's untouched */
static void other_user(struct store *st, const struct larder_config *cfg, struct arena *a, const char *alice,
                       const char *bob)
{
	struct content_import_item it = pelican();
	struct svc_import_report r = { 0 };
	struct store_item mine, his, after;
	it.title = "Bob's pelicans";
	it.nhighlights = 0;
	sb_init(&r.lines);
	store_item_by_url(st, a, alice, "https://www.example.org/pelicans", &mine);
	is_int(svc_import_items(st, cfg, a, bob, &it, 1, &r), 0, "bob imports");
	is_int(r.added, 1, "a new item for bob");
	is_int(store_item_by_url(st, a, bob, "https://www.example.org/pelicans", &his), STORE_OK, "bob's item");
	ok(strcmp(his.id, mine.id) == 0 && his.seq != mine.seq && !strcmp(his.title, "Bob's pelicans"),
	   "his own item, with the record's id (ids are unique per user)");
	is_str(his.slug, "pelicans-of-old", "the slug kept: bob has none such");
	store_item_by_url(st, a, alice, "https://www.example.org/pelicans", &after);
	ok(after.updated_ms == mine.updated_ms && !strcmp(after.title, "Pelicans, imported"), "alice's item untouched");
	sb_free(&r.lines);
}

/* an id or slug already taken, and an id that is no UUID: the item gets its own */
static void taken(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	struct content_import_item it[2] = {
		{ .line = 1, .url = "https://example.com/same-id", .id = PELICAN_ID, .slug = "pelicans-of-old",
		  .title = "Same id", .reading_progress = -1 },
		{ .line = 2, .url = "https://example.com/odd-id", .id = "not-a-uuid", .slug = "odd/slug", .title = "Odd",
		  .reading_progress = -1 } };
	struct svc_import_report r = { 0 };
	struct store_item x;
	sb_init(&r.lines);
	is_int(svc_import_items(st, cfg, a, uid, it, 2, &r), 0, "records whose id and slug are taken");
	is_int(r.added, 2, "both added");
	is_int(store_item_by_url(st, a, uid, "https://example.com/same-id", &x), STORE_OK, "the first");
	ok(strcmp(x.id, PELICAN_ID) != 0 && strlen(x.id) == 36, "a fresh id: %s", x.id);
	ok(strcmp(x.slug, "pelicans-of-old") != 0 && strstr(x.slug, "same-id"), "a slug of its own: %s", x.slug);
	is_int(store_item_by_url(st, a, uid, "https://example.com/odd-id", &x), STORE_OK, "the second");
	ok(strlen(x.id) == 36 && strchr(x.slug, '/') == NULL, "a UUID and a plain slug: %s %s", x.id, x.slug);
	sb_free(&r.lines);
}

/* thumbnails from the file: only an absolute http(s) URL is stored; javascript:, data: and relative ones are dropped */
static void images(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	static const struct { const char *image, *want; } cases[] = {
		{ "javascript:alert(document.cookie)", NULL }, { " JavaScript:alert(1)", NULL },
		{ "data:image/svg+xml;base64,PHN2Zy8+", NULL }, { "/relative/thumb.png", NULL }, { "thumb.png", NULL },
		{ "vbscript:msgbox", NULL }, { "http://", NULL }, { "https://img.example/t.png", "https://img.example/t.png" },
		{ " HTTP://img.example/u.png\n", "HTTP://img.example/u.png" },
	};
	enum { N = sizeof cases / sizeof cases[0] };
	struct content_import_item it[N];
	struct svc_import_report r = { 0 };
	sb_init(&r.lines);
	for (size_t i = 0; i < N; i++)
		it[i] = (struct content_import_item){ .line = i + 1, .url = arena_printf(a, "https://img.example/item/%zu", i),
		                                      .image = cases[i].image, .reading_progress = -1 };
	is_int(svc_import_items(st, cfg, a, uid, it, N, &r), 0, "items with hostile thumbnails imported");
	is_int(r.added, N, "all of them added");
	for (size_t i = 0; i < N; i++) {
		struct store_item x;
		is_int(store_item_by_url(st, a, uid, it[i].url, &x), STORE_OK, "item %zu", i);
		if (cases[i].want)
			is_str(x.image, cases[i].want, "thumbnail %s kept", cases[i].want);
		else
			ok(x.image == NULL, "thumbnail %s dropped (stored: %s)", cases[i].image, x.image ? x.image : "null");
	}
	sb_free(&r.lines);
}

/* an item over highlights_per_item fails its batch of 200 alone: the next batch is stored */
static void batch_atomicity(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	enum { N = SVC_IMPORT_BATCH + 5 };
	static const struct content_import_highlight two[] = { { .quote = "one" }, { .quote = "two" } };
	struct content_import_item *it = calloc(N, sizeof *it);
	struct svc_import_report r = { 0 };
	struct store_item item;
	sb_init(&r.lines);
	store_set_limits(st, &(struct store_limits){ .highlights_per_item = 1 });
	for (int i = 0; i < N; i++) {
		it[i].line = (size_t)i + 1;
		it[i].url = arena_printf(a, "https://batch.example.net/%d", i);
		it[i].reading_progress = -1;
	}
	it[10].highlights = two;
	it[10].nhighlights = 2;
	is_int(svc_import_items(st, cfg, a, uid, it, N, &r), -1, "a batch failed");
	is_int(r.failed, SVC_IMPORT_BATCH, "its 200 items reported");
	is_int(r.added, 5, "the next batch stored");
	like(sb_str(&r.lines), "line 11: the item has 1 highlights, the most allowed (highlights_per_item",
	     "the failing item reported with its reason");
	like(sb_str(&r.lines), "line 1: not stored: another item of its batch failed", "the others of its batch too");
	is_int(store_item_by_url(st, a, uid, "https://batch.example.net/0", &item), STORE_E_NOTFOUND,
	       "nothing of the failed batch stayed");
	is_int(store_item_by_url(st, a, uid, "https://batch.example.net/204", &item), STORE_OK, "the next batch is there");
	store_set_limits(st, &(struct store_limits){ .highlights_per_item = LIMIT_HIGHLIGHTS_PER_ITEM });
	sb_free(&r.lines);
	free(it);
}

/* a request body read from memory, a few bytes at a time */
struct body { const char *p; size_t left; };
static long read_body(void *ctx, char *buf, size_t n)
{
	struct body *b = ctx;
	if (n > 7)
		n = 7;
	if (n > b->left)
		n = b->left;
	memcpy(buf, b->p, n);
	b->p += n;
	b->left -= n;
	return (long)n;
}

/* an upload: token, file received, the import run by the worker's step, its report kept */
static void upload(struct store *st, struct larder_config *cfg, struct arena *a, const char *uid)
{
	static const char list[] = "https://upload.example.net/1\nhttps://upload.example.net/2\nnot a url\n";
	struct store_import_job job, got;
	struct body b = { list, sizeof list - 1 };
	const char *token, *msg;
	char err[256];
	struct stat sb;

	is_int(svc_import_begin_upload(st, cfg, a, uid, "urls", &token, &job, &msg), 0, "an upload begins");
	is_int(strlen(token), 64, "with a token of 64 hex digits");
	is_str(job.status, "uploading", "the import waits for its file");
	is_int(svc_import_receive(st, cfg, a, "0123", -1, read_body, &b, &got, &msg), SVC_UPLOAD_UNKNOWN, "a wrong token");
	cfg->import_max_bytes = 10;
	is_int(svc_import_receive(st, cfg, a, token, -1, read_body, &b, &got, &msg), SVC_UPLOAD_TOO_LARGE,
	       "a file over import_max_bytes");
	is_int(svc_import_receive(st, cfg, a, token, 1000, read_body, &b, &got, &msg), SVC_UPLOAD_TOO_LARGE,
	       "a declared length over it, refused before reading");
	cfg->import_max_bytes = LIMIT_IMPORT_BYTES;
	b = (struct body){ list, sizeof list - 1 };
	struct store_leases l = { 60000, 60000, 60000, true };
	struct store_work w;
	while (store_work_claim(st, a, time_now_ms() + 10000000, &l, 0, &w) == STORE_OK) /* earlier imports' fetches */
		store_job_done(st, w.id);
	is_int(svc_import_receive(st, cfg, a, token, -1, read_body, &b, &got, &msg), SVC_UPLOAD_OK, "the file arrives");
	is_str(got.status, "queued", "the import is queued");
	is_int(svc_import_receive(st, cfg, a, token, -1, read_body, &b, &got, &msg), SVC_UPLOAD_UNKNOWN,
	       "the token works once");
	is_int(store_import_get(st, a, uid, job.id, &got), STORE_OK, "the import");
	ok(got.path && stat(got.path, &sb) == 0 && sb.st_size == (off_t)(sizeof list - 1), "its file is kept whole");
	is_int(svc_worker_step(st, cfg, a, err, sizeof err), 1, "the worker's step runs it");
	is_int(store_import_get(st, a, uid, job.id, &got), STORE_OK, "the import afterwards");
	is_str(got.status, "done", "done");
	ok(got.added == 2 && got.failed == 1, "two added, one failed (%lld, %lld)", (long long)got.added,
	   (long long)got.failed);
	like(got.report, "line 3: ", "the bad row in its report");
	ok(stat(got.path, &sb) != 0, "the uploaded file is removed");
	bool import_left = false;
	while (store_work_claim(st, a, time_now_ms(), &l, 0, &w) == STORE_OK) { /* its items' fetches */
		import_left |= strcmp(w.kind, "import") == 0;
		store_job_done(st, w.id);
	}
	ok(!import_left, "no import waits any more");
}

/* content kept as an export has it: sanitized, never extracted again, so a short list or a lone line that an
 * extractor would take for boilerplate stays; importing what was stored gives the same bytes */
static void kept_content(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	static const char html[] = "<div class=\"page\" id=\"readability-page-1\"><p>Short.</p>"
	                           "<ul><li><a href=\"/next\">Next</a></li><li>Share</li></ul>"
	                           "<script>alert(1)</script><p onclick=\"x()\">Last words.</p></div>";
	static const char want[] = "<div id=\"user-content-readability-page-1\"><p>Short.</p><ul><li><a "
	                           "href=\"https://kept.example/next\" rel=\"noopener noreferrer nofollow\">Next</a></li>"
	                           "<li>Share</li></ul><p>Last words.</p></div>";
	struct content_import_item it = { .url = "https://kept.example/article", .title = "Kept", .html = html,
	                              .html_len = sizeof html - 1, .reading_progress = -1 };
	struct svc_import_report r = { 0 };
	struct store_item stored;
	const char *content, *again;
	sb_init(&r.lines);
	is_int(svc_import_items(st, cfg, a, uid, &it, 1, &r), 0, "an item with its content");
	is_int(store_item_by_url(st, a, uid, "https://kept.example/article", &stored), STORE_OK, "stored");
	is_int(store_item_content(st, a, stored.seq, &content), STORE_OK, "with content");
	is_str(content, want, "sanitized, every part of it kept (nothing extracted away)");
	is_int(stored.words_count, 5, "its words counted");
	/* the stored content imported again (an export of it) is stored as it was */
	it.url = "https://kept.example/again";
	it.html = content;
	it.html_len = strlen(content);
	is_int(svc_import_items(st, cfg, a, uid, &it, 1, &r), 0, "the stored content imported again");
	store_item_by_url(st, a, uid, "https://kept.example/again", &stored);
	store_item_content(st, a, stored.seq, &again);
	is_str(again, want, "gives the same bytes");
	sb_free(&r.lines);
}

/* an export's huge fields are cut to what an item keeps (issue 20); past items_per_user the new items are left
 * out, the rest goes on, and the report says how many and why */
static void cut_and_quota(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	struct content_import_highlight *hl = arena_alloc(a, sizeof *hl);
	struct content_import_item it = { .line = 1, .url = "https://huge.example/1", .reading_progress = -1 };
	struct svc_import_report r = { 0 };
	struct store_item stored;
	struct store_highlight *h;
	struct store_usage u;
	char *title = arena_alloc(a, 3 * 2000 + 1), *quote = arena_alloc(a, 70001);
	size_t n;
	for (int i = 0; i < 3000; i++)
		memcpy(title + 2 * i, "\xc3\xa9", 2); /* é */
	title[6000] = '\0';
	memset(quote, 'q', 70000);
	quote[70000] = '\0';
	*hl = (struct content_import_highlight){ .quote = quote };
	it.title = title;
	it.author = title;
	it.highlights = hl;
	it.nhighlights = 1;
	sb_init(&r.lines);
	is_int(svc_import_items(st, cfg, a, uid, &it, 1, &r), 0, "a record with huge fields is imported");
	is_int(store_item_by_url(st, a, uid, "https://huge.example/1", &stored), STORE_OK, "stored");
	is_int(strlen(stored.title), 2000, "its title cut to 1000 characters (2000 bytes of é)");
	is_int(strlen(stored.author), 1000, "its author to 500");
	is_int(store_item_highlights(st, a, stored.seq, &h, &n), STORE_OK, "its highlight");
	is_int(n == 1 ? strlen(h[0].quote) : 0, LIMIT_HIGHLIGHT_TEXT, "the quote cut to highlight_max_bytes");

	struct content_import_item more[5];
	is_int(store_usage_get(st, uid, &u), STORE_OK, "the usage");
	store_set_limits(st, &(struct store_limits){ .items_per_user = (uint32_t)u.items + 2 });
	for (int i = 0; i < 5; i++)
		more[i] = (struct content_import_item){ .line = (size_t)i + 1, .reading_progress = -1,
		                                        .url = arena_printf(a, "https://quota.example/%d", i) };
	sb_reset(&r.lines);
	r.added = r.failed = 0;
	is_int(svc_import_items(st, cfg, a, uid, more, 5, &r), 0, "an import past items_per_user runs");
	ok(r.added == 2 && r.left_out == 3 && r.failed == 3, "2 added, 3 left out (%zu, %zu, %zu)", r.added, r.left_out,
	   r.failed);
	like(sb_str(&r.lines), "3 new items left out: items_per_user (", "the report says why");
	is_int(store_item_by_url(st, a, uid, "https://quota.example/1", &stored), STORE_OK, "the first two stored");
	is_int(store_item_by_url(st, a, uid, "https://quota.example/2", &stored), STORE_E_NOTFOUND, "the third not");
	store_set_limits(st, &(struct store_limits){ .items_per_user = LIMIT_ITEMS_PER_USER });
	sb_free(&r.lines);
}

/* a browser's export's place: and javascript: records are skipped, not failed; Readwise Reader's feed entries are
 * kept out of the inbox (issue 22) */
static void skipped_records(struct store *st, const struct larder_config *cfg, struct arena *a, const char *uid)
{
	static const char bookmarks[] = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
		"<DT><A HREF=\"place:sort=8&maxResults=10\">Most Visited</A>\n"
		"<DT><A HREF=\"https://example.com/kept-bookmark\" ADD_DATE=\"invaliddate\">Kept</A>\n"
		"<DT><A HREF=\"javascript:void(0)\">Bookmarklet</A>\n</DL>\n";
	static const char reader[] = "Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen\n"
		"F,https://example.com/feed-entry,1,[],2024-01-01 00:00:00+00:00,0,feed,False\n";
	struct svc_import_report r = { 0 };
	struct store_item item;
	const char *err = NULL, *file = arena_printf(a, "%s/bookmarks.html", dir);
	FILE *fp = fopen(file, "w");
	fputs(bookmarks, fp);
	fclose(fp);
	sb_init(&r.lines);
	is_int(svc_import_file(st, cfg, a, uid, CONTENT_IMPORT_UNKNOWN, file, &r, NULL, NULL, &err), 0, "a browser's export");
	is_int(r.added, 1, "its bookmark added (its invalid date dropped, not the bookmark)");
	is_int(r.skipped, 2, "its place: and javascript: records skipped");
	is_int(r.failed, 0, "nothing failed");
	like(sb_str(&r.lines), "line 3: skipped: not a web page (a link of the place: scheme)", "the skip reported with its line");
	sb_free(&r.lines);
	unlink(file);
	file = arena_printf(a, "%s/reader.csv", dir);
	fp = fopen(file, "w");
	fputs(reader, fp);
	fclose(fp);
	memset(&r, 0, sizeof r);
	sb_init(&r.lines);
	is_int(svc_import_file(st, cfg, a, uid, CONTENT_IMPORT_UNKNOWN, file, &r, NULL, NULL, &err), 0, "Readwise Reader's CSV");
	is_int(r.added, 1, "its feed entry kept");
	is_int(store_item_by_url(st, a, uid, "https://example.com/feed-entry", &item), STORE_OK, "found");
	ok(item.archived_ms > 0, "a feed entry is not in the inbox: archived");
	sb_free(&r.lines);
	unlink(file);
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user alice, bob;
	struct larder_config cfg;
	char err[512];

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_config(&cfg, dir);
	cfg.import_fetches_per_minute = 30;
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	the_st = st;
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &alice), STORE_OK, "alice");
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &bob), STORE_OK, "bob");

	first_import(st, &cfg, &a, alice.id);
	second_import(st, &cfg, &a, alice.id);
	other_user(st, &cfg, &a, alice.id, bob.id);
	batch_atomicity(st, &cfg, &a, alice.id);
	upload(st, &cfg, &a, alice.id);
	taken(st, &cfg, &a, alice.id);
	kept_content(st, &cfg, &a, alice.id);
	images(st, &cfg, &a, alice.id);
	cut_and_quota(st, &cfg, &a, alice.id);
	skipped_records(st, &cfg, &a, bob.id);

	store_close(st);
	config_free(&cfg);
	arena_free(&a);
	cleanup();
	return done_testing();
}
