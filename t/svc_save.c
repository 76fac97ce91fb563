/* svc_save.c: tests of svc_save on a temporary database: URL saves and their de-duplication, refusals, a page save, and the queued-fetch note. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/jobs.h"
#include "store/search.h"
#include "svc/save.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_config.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-svc-save-XXXXXX";
static char path[256];

static void cleanup(void)
{
	test_db_remove(path, dir);
}

/* every due job claimed (leased), so that none is claimable after */
static int drain_jobs(struct store *st)
{
	struct store_job job;
	int n = 0;
	while (store_job_claim(st, time_now_ms(), 60000, 1000, &job) == STORE_OK)
		n++;
	return n;
}

static void url_saves(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_user *u)
{
	static const char *const labels[] = { "  Birds ", "Later" };
	struct svc_save_in in = { .user_id = u->id, .username = u->username, .url = "https://www.example.org/pelicans",
	                          .source = " ", .labels = labels, .nlabels = 2 };
	struct svc_save_out out, again;
	const char *first_id;

	svc_fetch_queued_take();
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVED, "a URL save is saved");
	ok(out.item.id != NULL && !out.existed, "a new item");
	is_str(out.item.url, "https://www.example.org/pelicans", "its normalised URL");
	is_str(out.item.source, "api", "a blank source is api");
	is_str(out.item.state, "PROCESSING", "waiting for its fetch");
	ok(out.queued, "a fetch job is queued");
	ok(svc_fetch_queued_take(), "the save noted the queued fetch for the runner");
	ok(!svc_fetch_queued_take(), "taking the note forgets it");
	is_str(svc_reader_path(a, u->username, &out.item), arena_printf(a, "/alice/%s", out.item.slug), "reader path");
	like(out.item.slug, "example-org-pelicans", "a URL save's slug is made of the host and path");
	first_id = out.item.id;

	in.url = "  https://WWW.example.org/pelicans  ";
	is_int(svc_save(st, cfg, a, &in, &again), SVC_SAVED, "the same URL again is saved");
	ok(again.existed, "it existed");
	is_str(again.item.id, first_id, "with the same id");
	ok(again.queued && svc_fetch_queued_take(), "and a fresh fetch queued");
}

static void refusals(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_user *u)
{
	static const char *const three[] = { "a", "b", "c" };
	static const char *const unnamed[] = { "a", " " };
	struct svc_save_in in = { .user_id = u->id, .username = u->username, .url = "http://localhost:8080/admin" };
	struct svc_save_out out;

	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "a localhost URL is refused");
	is_str(out.message, "URLs on localhost cannot be saved", "with its message");
	ok(!svc_fetch_queued_take(), "a refused save notes no fetch");
	/* the same host written with its root dot, or a name under it */
	for (size_t i = 0; i < 4; i++) {
		static const char *const local[] = { "http://localhost./x", "http://LOCALHOST./", "http://a.localhost./",
		                                     "http://b.localhost:81/" };
		in.url = local[i];
		is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "%s is refused", local[i]);
		is_str(out.message, "URLs on localhost cannot be saved", "as localhost");
	}
	in.url = "http://notlocalhost./";
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVED, "a name merely ending in localhost is saved");
	in.url = "http://10.1.2.3/";
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "a private address is refused");
	is_str(out.message, "URLs on loopback, private or link-local addresses cannot be saved", "with its message");
	in.url = "";
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "no URL is refused");
	is_str(out.message, "url is required", "with its message");
	in.url = "https://example.org/labels";
	in.labels = three;
	in.nlabels = 3;
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "three labels over labels_per_item = 2 are refused");
	is_str(out.message, "at most 2 labels on one item (labels_per_item in larder.conf)", "with its message");
	in.labels = unnamed;
	in.nlabels = 2;
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "a blank label name is refused");
	is_str(out.message, "label 2 has no name", "with its message");
	in.labels = NULL;
	in.nlabels = 0;
	in.client_request_id = "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901"
	                       "234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901"
	                       "234567890123456789012345678901";
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "a 211-byte clientRequestId is refused");
	is_str(out.message, "clientRequestId is longer than 200 characters", "with its message");
	struct store_item it;
	is_int(store_item_by_url(st, a, u->id, "https://example.org/labels", &it), STORE_E_NOTFOUND,
	       "the refused saves stored nothing");
}

static void page_save(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_user *u)
{
	static const char html[] = "<html><head><title>Brown pelicans</title></head><body><article><h1>Brown pelicans</h1>"
	                           "<p>Brown pelicans dive from the air to catch fish along the coast, folding their wings "
	                           "as they hit the water</p><p>Colonies nest on islands.</p>"
	                           "<script>alert(1)</script></article></body></html>";
	struct svc_save_in in = { .user_id = u->id, .username = u->username, .url = "https://example.org/birds/pelican",
	                          .page = true, .html = html, .html_len = sizeof html - 1 };
	struct svc_save_out out;
	const char *content = NULL;
	bool any = true;

	drain_jobs(st);
	svc_fetch_queued_take();
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVED, "a page save is saved");
	ok(!out.queued, "no fetch job for a page save");
	ok(!svc_fetch_queued_take(), "and no note for the runner");
	is_int(store_job_claimable(st, time_now_ms(), 1000, &any), STORE_OK, "jobs looked up");
	ok(!any, "no job is waiting");
	is_str(out.item.state, "SUCCEEDED", "the article is stored at once");
	is_str(out.item.title, "Brown pelicans", "its title is the page's");
	is_int(store_item_content(st, a, out.item.seq, &content), STORE_OK, "its content read");
	like(content, "dive from the air", "the article's text is stored");
	ok(content && strstr(content, "<script") == NULL, "sanitized");
	{
		/* the indexed text keeps blocks apart: "water</p><p>Colonies" is two words, found each on its own */
		struct store_search_req q = { .user_id = u->id, .query = "water" };
		struct store_search_res r;
		is_int(store_search(st, a, &q, &r), STORE_OK, "a search for the last word of a paragraph");
		is_int(r.n, 1, "finds the page");
		q.query = "colonies";
		is_int(store_search(st, a, &q, &r), STORE_OK, "and for the first word of the next");
		is_int(r.n, 1, "finds it too");
	}

	in.html = NULL;
	in.html_len = 0;
	is_int(svc_save(st, cfg, a, &in, &out), SVC_SAVE_REFUSED, "a page save without HTML is refused");
	is_str(out.message, "originalContent is required", "with its message");
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user alice;
	struct larder_config cfg;
	char err[512];

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_config(&cfg, dir);
	cfg.labels_per_item = 2;
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &alice), STORE_OK, "alice");

	url_saves(st, &cfg, &a, &alice);
	refusals(st, &cfg, &a, &alice);
	page_save(st, &cfg, &a, &alice);

	store_close(st);
	config_free(&cfg);
	arena_free(&a);
	cleanup();
	return done_testing();
}
