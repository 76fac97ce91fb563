/* omnivore_bench.c: Omnivore export zip benchmark: seed a library of N items (labels, highlights with notes, content), export it, read it back and compare every field; prints each phase's time and peak RSS. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/export_omnivore.h"
#include "content/transfer/import_int.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/sb.h"
#include "util/time.h"

static void report(const char *phase, int64_t t0, size_t n)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("%-8s %6zu items  %8.1f ms  peak RSS %7ld KB\n", phase, n, (double)(time_mono_ms() - t0), ru.ru_maxrss);
}

static int die(const char *what, struct store *st)
{
	fprintf(stderr, "omnivore_bench: %s: %s\n", what, st ? store_errmsg(st) : "failed");
	return 1;
}

static int open_db(const char *db, struct store **st, bool create)
{
	char err[512];
	if (create && store_init(db, err, sizeof err) != STORE_OK)
		return fprintf(stderr, "omnivore_bench: %s\n", err), 1;
	if (store_open(db, st, err, sizeof err) != STORE_OK)
		return fprintf(stderr, "omnivore_bench: %s\n", err), 1;
	return 0;
}

/* N items of every shape, for the user "bench" */
static int seed(const char *db, size_t n)
{
	static const char *const names[] = { "news", "tech", "science", "later", "birds", "caf\xc3\xa9", "long reads" };
	struct store *st;
	struct store_user u;
	struct arena a, keep;
	int64_t t0 = time_mono_ms();
	if (open_db(db, &st, true))
		return 1;
	arena_init(&a);
	arena_init(&keep);
	if (store_user_add(st, &keep, "bench", NULL, NULL, NULL, &u) != STORE_OK)
		return die("user", st);
	for (size_t i = 0; i < n; i++) {
		struct store_item it;
		bool existed;
		char url[128], *html;
		const char *labels[2] = { names[i % 7], names[(i + 1 + (i / 7) % 6) % 7] };
		struct sb b;
		sb_init(&b);
		for (int p = 0; p < 40; p++)
			sb_printf(&b, "<p>Paragraph %d of item %zu: Z\xc3\xbcrich \xe2\x80\x94 the heron waits by the water, "
			          "and the pelican dives for fish near the pier.</p>", p, i);
		html = arena_strdup(&a, sb_str(&b));
		sb_free(&b);
		snprintf(url, sizeof url, "https://bench.example.com/articles/%zu", i);
		struct store_article art = { .title = arena_printf(&a, "Article %zu", i), .author = i % 3 ? "Jane Roe" : NULL,
		                             .description = "A benchmark article", .site_name = "Bench", .content = html,
		                             .text = "heron pelican", .words_count = 900,
		                             .published_ms = i % 4 ? 1600000000000 + (int64_t)i * 60000 : 0 };
		struct store_save in = { .user_id = u.id, .url = url, .title = art.title, .saved_ms = 1700000000000 + (int64_t)i * 1000,
		                         .published_ms = art.published_ms, .labels = labels, .nlabels = 2, .article = &art };
		if (store_item_save(st, &a, &in, &it, &existed) != STORE_OK)
			return die("save", st);
		for (int h = 0; h < 3; h++) {
			struct store_highlight hl = { .item_id = it.id, .quote = arena_printf(&a, "Paragraph %d of item %zu", h, i),
			                              .annotation = h == 1 ? NULL : "a note\n\non two paragraphs" }, out;
			if (store_highlight_create(st, &a, u.id, &hl, &out) != STORE_OK)
				return die("highlight", st);
		}
		store_item_set_progress(st, &a, u.id, it.id, (double)(i % 101), -1, -1, &it);
		if (i % 5 == 1)
			store_item_set_archived(st, &a, u.id, it.id, true, &it);
		if (i % 7 == 3)
			store_item_delete(st, &a, u.id, it.id, &it);
		arena_reset(&a);
	}
	report("seed", t0, n);
	store_close(st);
	arena_free(&a);
	arena_free(&keep);
	return 0;
}

static int export(const char *db, const char *zip)
{
	struct store *st;
	struct store_user u;
	struct larder_config cfg;
	struct arena a;
	int64_t t0 = time_mono_ms();
	int fd;
	memset(&cfg, 0, sizeof cfg);
	if (open_db(db, &st, false))
		return 1;
	arena_init(&a);
	if (store_user_by_name(st, &a, "bench", &u) != STORE_OK)
		return die("user", st);
	if ((fd = open(zip, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 || svc_export_omnivore(st, &cfg, u.id, fd) != SVC_EXPORT_OK)
		return die("export", st);
	close(fd);
	report("export", t0, 0);
	store_close(st);
	arena_free(&a);
	return 0;
}

/* every record read back against the store: the fields the format carries */
struct check { struct store *st; struct arena tmp; const char *user; size_t n, wrong, bad; };

static bool same(const char *x, const char *y)
{
	return (!x && !y) || (x && y && strcmp(x, y) == 0);
}

static int on_item(void *ctx, const struct content_import_item *r)
{
	struct check *c = ctx;
	struct store_item s;
	struct store_label *l;
	struct store_highlight *h;
	const char *html;
	size_t nl, nh;
	bool eq;
	arena_reset(&c->tmp);
	c->n++;
	if (store_item_by_url(c->st, &c->tmp, c->user, r->url, &s) != STORE_OK ||
	    store_item_labels(c->st, &c->tmp, s.seq, &l, &nl) != STORE_OK ||
	    store_item_highlights(c->st, &c->tmp, s.seq, &h, &nh) != STORE_OK ||
	    store_item_content(c->st, &c->tmp, s.seq, &html) != STORE_OK)
		return c->wrong++, 0;
	eq = same(r->title, s.title) && same(r->author, s.author) && same(r->description, s.description) &&
	     same(r->site_name, s.site_name) && r->saved_ms == s.saved_ms && r->published_ms == s.published_ms &&
	     r->archived_ms == s.archived_ms && r->reading_progress == s.progress && same(r->html, html) &&
	     strcmp(r->state, s.deleted_ms ? "DELETED" : s.archived_ms ? "ARCHIVED" : "INBOX") == 0 &&
	     r->nlabels == nl && r->nhighlights == nh;
	for (size_t i = 0; eq && i < nl; i++)
		eq = same(r->labels[i], l[i].name);
	for (size_t i = 0; eq && i < nh; i++)
		eq = same(r->highlights[i].quote, h[i].quote) && same(r->highlights[i].annotation, h[i].annotation);
	if (!eq)
		c->wrong++;
	return 0;
}

static void on_bad(void *ctx, size_t line, const char *reason)
{
	struct check *c = ctx;
	fprintf(stderr, "omnivore_bench: bad entry %zu: %s\n", line, reason);
	c->bad++;
}

static int read_back(const char *zip, const char *db)
{
	struct check c = { 0 };
	struct store_user u;
	struct arena a;
	struct content_import_sink sink = { on_item, on_bad, &c };
	struct content_error err;
	int64_t t0;
	if (open_db(db, &c.st, false))
		return 1;
	arena_init(&a);
	arena_init(&c.tmp);
	if (store_user_by_name(c.st, &a, "bench", &u) != STORE_OK)
		return die("user", c.st);
	c.user = u.id;
	t0 = time_mono_ms();
	if (import_read_omnivore(CONTENT_IMPORT_OMNIVORE, &a, zip, &sink, &err) != 0)
		return fprintf(stderr, "omnivore_bench: reading: %s\n", err.msg), 1;
	report("read", t0, c.n);
	printf("compared %zu items: %zu differ, %zu bad rows\n", c.n, c.wrong, c.bad);
	store_close(c.st);
	arena_free(&c.tmp);
	arena_free(&a);
	return c.wrong || c.bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "seed") == 0)
		return seed(argv[2], (size_t)strtoul(argv[3], NULL, 10));
	if (argc == 4 && strcmp(argv[1], "export") == 0)
		return export(argv[2], argv[3]);
	if (argc == 4 && strcmp(argv[1], "read") == 0)
		return read_back(argv[2], argv[3]);
	fprintf(stderr, "usage: omnivore_bench seed DB N | export DB ZIP | read ZIP DB\n");
	return 2;
}
