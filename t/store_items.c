/* store_items.c: tests of library items, labels, highlights, the fetch queue and updatesSince against a real SQLite file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "store/store_int.h" /* st->db and the claim's text: its query plan */
#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-items-XXXXXX";
static char path[256];

static void cleanup(void)
{
	test_db_remove(path, dir);
}

/* fetches_per_user: a user with per_user jobs under a live lease gets no more until one ends; others still do */
static void per_user_cap(struct store *st, struct arena *a, const char *alice, const char *bob)
{
	static const char *const urls[] = { "https://cap.example/1", "https://cap.example/2", "https://cap.example/3" };
	struct store_item it;
	struct store_job j1, j2, j3, jb;
	bool existed, any;
	int64_t now;

	for (size_t i = 0; i < 3; i++) {
		struct store_save sv = { .user_id = alice, .url = urls[i] };
		is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "alice saves %s", urls[i]);
	}
	struct store_save svb = { .user_id = bob, .url = "https://cap.example/bob" };
	is_int(store_item_save(st, a, &svb, &it, &existed), STORE_OK, "bob saves");
	now = time_now_ms(); /* after the saves: their jobs are due */
	is_int(store_job_claim(st, now, 60000, 2, &j1), STORE_OK, "a first job");
	is_int(store_job_claim(st, now, 60000, 2, &j2), STORE_OK, "a second");
	is_int(store_job_claim(st, now, 60000, 2, &jb), STORE_OK, "a third");
	{ /* the users take turns: bob's one job is among the first three, and alice's first two are */
		struct store_job *v[] = { &j1, &j2, &jb }, *b = NULL;
		int bobs = 0;
		for (int i = 0; i < 3; i++)
			if (store_item_by_seq(st, a, v[i]->item_seq, &it) == STORE_OK && strcmp(it.user_id, bob) == 0)
				bobs++, b = v[i];
		is_int(bobs, 1, "one of them is bob's");
		if (b && b != &jb) { /* jb: bob's, j1 and j2 alice's */
			struct store_job t = *b;
			*b = jb;
			jb = t;
		}
	}
	is_int(store_job_claim(st, now, 60000, 2, &j3), STORE_E_NOTFOUND, "alice's third waits while two run");
	is_int(store_job_claimable(st, now, 2, &any), STORE_OK, "claimable");
	ok(!any, "nothing claimable at the cap");
	is_int(store_job_claimable(st, now, 3, &any), STORE_OK, "claimable");
	ok(any, "with a cap of 3 the third is claimable");
	is_int(store_job_claimable(st, now + 61000, 2, &any), STORE_OK, "claimable");
	ok(any, "leases that ran out do not count");
	is_int(store_job_done(st, j1.id), STORE_OK, "one of alice's ends");
	is_int(store_job_claim(st, now, 60000, 2, &j3), STORE_OK, "then her third is claimed");
	ok(j3.id != j1.id && j3.id != j2.id && j3.id != jb.id, "a job not claimed before");
	is_int(store_job_claim(st, now, 60000, 0, &j1), STORE_E_NOTFOUND, "the queue is empty");
	store_job_done(st, j2.id);
	store_job_done(st, j3.id);
	store_job_done(st, jb.id);
}

/* whose item a claimed job fetches ("" when the job has none) */
static const char *owner(struct store *st, struct arena *a, const struct store_work *w)
{
	struct store_item it;
	if (w->item_seq == 0)
		return w->user_id ? w->user_id : "";
	return store_item_by_seq(st, a, w->item_seq, &it) == STORE_OK ? it.user_id : "?";
}

/* the one claim is fair: an interactive save before another user's bulk work (polls, feed entries, imports),
 * users in turn, and every kind of job counted in a user's fetches_per_user slots */
static void fair_claims(struct store *st, struct arena *a, const char *alice, const char *bob)
{
	struct store_leases l = { 60000, 60000, 60000, true };
	struct store_work w[6];
	struct store_item it;
	bool existed;
	char url[64];
	int64_t now = time_now_ms();

	while (store_work_claim(st, a, now + 10000000, &l, 0, &w[0]) == STORE_OK) /* earlier tests' jobs */
		store_job_done(st, w[0].id);
	/* alice's bulk work: three feed entries to fetch, then two polls; bob's one save comes last */
	for (int i = 0; i < 3; i++) {
		snprintf(url, sizeof url, "https://fair.example/rss/%d", i);
		struct store_save sv = { .user_id = alice, .url = url, .source = "rss" };
		is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "alice's feed entry %d", i);
	}
	is_int(store_job_queue_ref(st, alice, "poll", "sub-1", STORE_PRIORITY_POLL, now), STORE_OK, "alice's first poll");
	is_int(store_job_queue_ref(st, alice, "poll", "sub-2", STORE_PRIORITY_POLL, now), STORE_OK, "alice's second poll");
	is_int(store_job_queue_ref(st, alice, "poll", "sub-2", STORE_PRIORITY_POLL, now), STORE_OK, "queued again: still one job");
	struct store_save svb = { .user_id = bob, .url = "https://fair.example/bob", .source = "api" };
	is_int(store_item_save(st, a, &svb, &it, &existed), STORE_OK, "bob's saveUrl, after all of them");
	now = time_now_ms();
	is_int(store_work_claim(st, a, now, &l, 0, &w[0]), STORE_OK, "the first claim");
	is_str(owner(st, a, &w[0]), bob, "is bob's save, before alice's older bulk work");
	is_int(w[0].priority, 0, "an interactive job");
	for (int i = 1; i <= 5; i++)
		is_int(store_work_claim(st, a, now, &l, 0, &w[i]), STORE_OK, "then alice's job %d", i);
	{
		int fetches = 0, polls = 0, hers = 0;
		for (int i = 1; i <= 5; i++) {
			fetches += strcmp(w[i].kind, "fetch") == 0;
			polls += strcmp(w[i].kind, "poll") == 0;
			hers += strcmp(owner(st, a, &w[i]), alice) == 0;
		}
		is_int(fetches * 100 + polls * 10 + hers, 325, "three fetches and two polls, all hers");
	}
	is_int(store_work_claim(st, a, now, &l, 0, &w[0]), STORE_E_NOTFOUND, "five jobs of hers in all: the polls once");
	for (int i = 0; i <= 5; i++)
		store_job_done(st, w[i].id);

	/* the same priority: the users take turns, whoever queued first */
	for (int i = 0; i < 3; i++) {
		snprintf(url, sizeof url, "https://fair.example/a/%d", i);
		struct store_save sv = { .user_id = alice, .url = url };
		is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "alice saves %d", i);
	}
	svb.url = "https://fair.example/bob/2";
	is_int(store_item_save(st, a, &svb, &it, &existed), STORE_OK, "bob saves once, last");
	now = time_now_ms();
	for (int i = 0; i < 4; i++)
		is_int(store_work_claim(st, a, now, &l, 0, &w[i]), STORE_OK, "claim %d", i);
	ok(strcmp(owner(st, a, &w[0]), owner(st, a, &w[1])) != 0, "the first two claims: one user's, then the other's");
	is_str(owner(st, a, &w[2]), alice, "then alice's");
	is_str(owner(st, a, &w[3]), alice, "and alice's");
	for (int i = 0; i < 4; i++)
		store_job_done(st, w[i].id);

	/* every kind counts in the slots: alice's running poll fills her one slot, bob's save still goes */
	is_int(store_job_queue_ref(st, alice, "poll", "sub-3", STORE_PRIORITY_POLL, now), STORE_OK, "alice's poll");
	is_int(store_work_claim(st, a, time_now_ms(), &l, 1, &w[0]), STORE_OK, "claimed");
	is_str(w[0].kind, "poll", "her poll runs");
	struct store_save sva = { .user_id = alice, .url = "https://fair.example/a/slot" };
	is_int(store_item_save(st, a, &sva, &it, &existed), STORE_OK, "alice saves while it runs");
	svb.url = "https://fair.example/bob/3";
	is_int(store_item_save(st, a, &svb, &it, &existed), STORE_OK, "bob too");
	is_int(store_work_claim(st, a, time_now_ms(), &l, 1, &w[1]), STORE_OK, "the next claim");
	is_str(owner(st, a, &w[1]), bob, "is bob's: her slot is her poll's");
	is_int(store_work_claim(st, a, time_now_ms(), &l, 1, &w[2]), STORE_E_NOTFOUND, "hers waits for her slot");
	is_int(store_job_done(st, w[0].id), STORE_OK, "her poll ends");
	is_int(store_work_claim(st, a, time_now_ms(), &l, 1, &w[2]), STORE_OK, "then her save goes");
	is_str(owner(st, a, &w[2]), alice, "hers");
	store_job_done(st, w[1].id);
	store_job_done(st, w[2].id);
}

/* the claim reads the queue through its indexes: on SQLite, the plan scans work_turns (one row per user) and
 * nothing else; jobs only by index (SEARCH) */
static void claim_plan(struct store *st)
{
	static const char *const which[] = { "job_claim", "job_claimable" };
	if (test_db_is_pg()) { /* PostgreSQL's sessions have enable_seqscan off (src/store/README.md) */
		ok(1, "# SKIP SQLite's query plan");
		ok(1, "# SKIP SQLite's query plan");
		return;
	}
	for (size_t w = 0; w < 2; w++) {
		char sql[4096], scans[512] = "";
		struct db_stmt *s = NULL;
		int searches = 0;
		snprintf(sql, sizeof sql, "EXPLAIN QUERY PLAN %s", store_sql_find(which[w])->sql);
		if (db_prepare(st->db, sql, false, &s) != DB_OK) {
			ok(0, "prepare the plan: %s", db_errmsg(st->db));
			continue;
		}
		while (db_step(s) == DB_ROW) {
			const char *d = db_col_text(s, 3, NULL);
			if (d && strncmp(d, "SCAN", 4) == 0 && strcmp(d, "SCAN CONSTANT ROW") != 0 && strlen(scans) + strlen(d) + 3 < sizeof scans)
				strcat(strcat(scans, d), "; ");
			searches += d && strstr(d, "SEARCH") != NULL;
		}
		db_finalize(s);
		is_str(scans, "SCAN t USING COVERING INDEX work_turns_turn; ", "%s: the only scan is of work_turns (%d index searches)",
		       w ? "claimable" : "the claim", searches);
	}
}

/* store_job_finish: each outcome sets the job and its item together */
static void job_finish(struct store *st, struct arena *a, const char *user_id)
{
	struct store_article art = { .title = "Fetched", .content = "<p>f</p>", .text = "f", .words_count = 1 };
	struct store_save sv = { .user_id = user_id, .url = "https://finish.example/1" };
	struct store_item it, got;
	struct store_job job;
	bool existed;
	int64_t count, next, now = time_now_ms();

	while (store_job_claim(st, now + 10000000, 60000, 0, &job) == STORE_OK) /* earlier tests' retries */
		store_job_done(st, job.id);
	is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "finish: a save");
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job), STORE_OK, "finish: its job is claimed");
	is_int(job.item_seq, it.seq, "finish: for that item");
	is_int(store_job_finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_RETRY,
	                        .run_after_ms = now + 100000, .reason = "HTTP 503" }), STORE_OK, "finish: retry later");
	is_int(store_item_by_seq(st, a, it.seq, &got), STORE_OK, "finish: the item");
	is_str(got.state, "PROCESSING", "finish: still PROCESSING while the retry waits");
	is_str(got.fail_reason, "HTTP 503", "finish: with the reason shown");
	is_int(store_job_pending(st, now, &count, &next), STORE_OK, "finish: pending");
	is_int(count, 1, "finish: the job is queued again");
	is_int(next, now + 100000, "finish: not before the delay");
	is_int(store_job_claim(st, now + 100000, 60000, 0, &job), STORE_OK, "finish: claimed again when due");
	is_int(job.item_seq, it.seq, "finish: the same job");
	is_int(job.attempts, 2, "finish: second attempt");
	is_int(store_job_finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_FAILED, .reason = "HTTP 404" }),
	       STORE_OK, "finish: failed");
	is_int(store_item_by_seq(st, a, it.seq, &got), STORE_OK, "finish: the item");
	is_str(got.state, "FAILED", "finish: FAILED");
	is_str(got.fail_reason, "HTTP 404", "finish: with the final reason");
	is_int(store_job_claim(st, now + 10000000, 60000, 0, &job), STORE_E_NOTFOUND, "finish: a failed job is not claimed");

	sv.url = "https://finish.example/2";
	is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "finish: another save");
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job), STORE_OK, "finish: its job");
	is_int(store_job_finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_FILLED, .article = &art }),
	       STORE_OK, "finish: filled");
	is_int(store_item_by_seq(st, a, it.seq, &got), STORE_OK, "finish: the item");
	is_str(got.state, "SUCCEEDED", "finish: SUCCEEDED");
	is_str(got.title, "Fetched", "finish: with its article");
	is_int(store_job_pending(st, now, &count, &next), STORE_OK, "finish: pending");
	is_int(count, 0, "finish: the job is gone");

	sv.url = "https://finish.example/3";
	is_int(store_item_save(st, a, &sv, &it, &existed), STORE_OK, "finish: a third save");
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job), STORE_OK, "finish: its job");
	is_int(store_job_finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_FILLED }), STORE_OK,
	       "finish: no article (the item is gone): the job alone ends");
	is_int(store_item_by_seq(st, a, it.seq, &got), STORE_OK, "finish: the item");
	is_str(got.state, "PROCESSING", "finish: untouched");
	is_int(store_job_pending(st, now, &count, &next), STORE_OK, "finish: pending");
	is_int(count, 0, "finish: no job left");
}

/* the re-indexes of search rows so far: a counting trigger on item_search (each UPDATE of a row re-tokenizes
 * all of it, the article's text included) */
static int64_t reindexes(struct store *st)
{
	struct db_stmt *s;
	int64_t n = -1;
	if (db_prepare(st->db, "SELECT n FROM reindex_count", false, &s) != DB_OK)
		return -1;
	if (db_step(s) == DB_ROW)
		n = db_col_int64(s, 0);
	db_finalize(s);
	return n;
}

static void reindex_reset(struct store *st)
{
	is_int(db_exec(st->db, "UPDATE reindex_count SET n = 0"), DB_OK, "counter reset");
}

/* the item's search row's labels column, in *out (NULL: none) */
static const char *search_labels(struct store *st, struct arena *a, int64_t seq)
{
	struct db_stmt *s;
	const char *v = NULL;
	if (db_prepare(st->db, "SELECT labels FROM item_search WHERE seq = ?1", false, &s) != DB_OK)
		return "(prepare failed)";
	db_bind_int64(s, 1, seq);
	if (db_step(s) == DB_ROW && db_col_type(s, 0) != DB_NULL) {
		size_t len;
		const char *t = db_col_text(s, 0, &len);
		char *c = arena_alloc(a, len + 1);
		memcpy(c, t, len);
		c[len] = 0;
		v = c;
	}
	db_finalize(s);
	return v;
}

static size_t words(const char *v)
{
	size_t n = 0;
	for (const char *p = v; p && *p; p++)
		if (*p != ' ' && (p == v || p[-1] == ' '))
			n++;
	return n;
}

/* issue 20: an item's search row is re-indexed once per change of its labels, not once per label row (100 labels
 * on a 4.5 MB article were 100 re-indexes of it: 7 s of CPU in one bulkAction) */
static void label_reindex(struct store *st, struct arena *a)
{
	struct store_user carol;
	struct store_item x, y;
	struct store_label lab[100], l;
	const char *ids[100];
	struct store_label_ref refs[50];
	struct store_label *out;
	size_t n;
	bool existed;
	int64_t seqs[2];
	char name[32];
	store_set_limits(st, &(struct store_limits){ .labels_per_user = 10000, .labels_per_item = 10000 });
	is_int(store_user_add(st, a, "carol", NULL, NULL, NULL, &carol), STORE_OK, "carol");
	is_int(store_item_save(st, a, &(struct store_save){ .user_id = carol.id, .url = "https://example.com/big1" }, &x,
	                       &existed), STORE_OK, "an item");
	is_int(store_item_save(st, a, &(struct store_save){ .user_id = carol.id, .url = "https://example.com/big2" }, &y,
	                       &existed), STORE_OK, "another");
	{
		size_t big = 200000;
		char *text = arena_alloc(a, big + 1);
		for (size_t i = 0; i < big; i++)
			text[i] = (i % 8 == 7) ? ' ' : (char)('a' + (i / 8) % 26);
		text[big] = 0;
		struct store_article art = { .title = "Big", .content = text, .text = text, .words_count = big / 8 };
		is_int(store_item_fill(st, x.seq, &art), STORE_OK, "filled");
		is_int(store_item_fill(st, y.seq, &art), STORE_OK, "filled");
	}
	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof name, "tag%03d", i);
		is_int(store_label_create(st, a, carol.id, name, NULL, NULL, &lab[i]), STORE_OK, "label %s", name);
		ids[i] = lab[i].id;
	}
	is_int(db_exec(st->db, test_db_is_pg()
	               ? "CREATE TABLE reindex_count (n bigint); INSERT INTO reindex_count VALUES (0);"
	                 " CREATE FUNCTION reindex_counted() RETURNS trigger LANGUAGE plpgsql AS"
	                 " $$ BEGIN UPDATE reindex_count SET n = n + 1; RETURN NULL; END $$;"
	                 /* PostgreSQL's re-index is the write of the row's vector, made in C (search_pg.c) */
	                 " CREATE TRIGGER reindex_counter AFTER UPDATE OF tsv ON item_search FOR EACH ROW"
	                 " EXECUTE FUNCTION reindex_counted();"
	               : "CREATE TEMP TABLE reindex_count (n INTEGER); INSERT INTO reindex_count VALUES (0);"
	                 " CREATE TEMP TRIGGER reindex_counter AFTER UPDATE ON main.item_search"
	                 " BEGIN UPDATE reindex_count SET n = n + 1; END;"), DB_OK, "a counter of re-indexes");

	/* bulkAction ADD_LABELS: 100 labels on two items */
	seqs[0] = x.seq;
	seqs[1] = y.seq;
	is_int(store_bulk_apply(st, a, carol.id, &(struct store_bulk){ .action = STORE_BULK_LABELS, .label_ids = ids,
	                        .nlabels = 100 }, seqs, 2), STORE_OK, "100 labels on 2 items: %s", store_errmsg(st));
	is_int(reindexes(st), 2, "bulk ADD_LABELS: each item's search row re-indexed once (was once per label: 200)");
	is_int(words(search_labels(st, a, x.seq)), 100, "its labels column names the 100 labels");
	ok(search_labels(st, a, y.seq) && strstr(search_labels(st, a, y.seq), "tag042"), "the other item's too");
	reindex_reset(st);
	is_int(store_bulk_apply(st, a, carol.id, &(struct store_bulk){ .action = STORE_BULK_LABELS, .label_ids = ids,
	                        .nlabels = 100 }, seqs, 2), STORE_OK, "the same labels again");
	is_int(reindexes(st), 0, "labels the items have already: no re-index");

	/* setLabels: 50 labels replace the 100 (100 rows deleted, 50 inserted) */
	for (int i = 0; i < 50; i++)
		refs[i] = (struct store_label_ref){ .name = NULL, .id = lab[50 + i].id };
	reindex_reset(st);
	is_int(store_item_set_labels(st, a, carol.id, x.id, refs, 50, &out, &n), STORE_OK, "setLabels: %s",
	       store_errmsg(st));
	is_int(n, 50, "50 labels");
	is_int(reindexes(st), 1, "setLabels: one re-index (was 150)");
	is_int(words(search_labels(st, a, x.seq)), 50, "the labels column names the 50");
	ok(!strstr(search_labels(st, a, x.seq), "tag000"), "not a removed one");
	reindex_reset(st);
	is_int(store_item_set_labels(st, a, carol.id, x.id, refs, 50, &out, &n), STORE_OK, "setLabels, the same");
	is_int(reindexes(st), 0, "the same labels: no re-index (was 100)");
	reindex_reset(st);
	is_int(store_item_set_labels(st, a, carol.id, x.id, NULL, 0, &out, &n), STORE_OK, "setLabels, none");
	is_int(reindexes(st), 1, "all removed: one re-index");
	ok(search_labels(st, a, x.seq) == NULL, "no labels: the column is NULL, as before");
	is_int(store_item_set_labels(st, a, carol.id, x.id, refs, 50, &out, &n), STORE_OK, "the 50 back");

	/* saveUrl with labels: an existing item gets 30 more */
	{
		const char *names[30];
		char buf[30][16];
		for (int i = 0; i < 30; i++) {
			snprintf(buf[i], sizeof buf[i], "tag%03d", i);
			names[i] = buf[i];
		}
		reindex_reset(st);
		is_int(store_item_save(st, a, &(struct store_save){ .user_id = carol.id, .url = "https://example.com/big1",
		                       .labels = names, .nlabels = 30 }, &x, &existed), STORE_OK, "saved again with 30 labels");
		ok(reindexes(st) <= 1, "saveUrl: at most one re-index for 30 labels (was 30): %lld", (long long)reindexes(st));
		is_int(words(search_labels(st, a, x.seq)), 80, "the labels column names all 80");
	}

	/* updateLabel: renaming a label both items carry re-indexes each once */
	reindex_reset(st);
	is_int(store_label_update(st, a, carol.id, lab[60].id, "renamed060", NULL, NULL, &l), STORE_OK, "rename");
	is_int(reindexes(st), 2, "updateLabel: each item that has it re-indexed once");
	ok(strstr(search_labels(st, a, x.seq), "renamed060") && !strstr(search_labels(st, a, x.seq), "tag060"),
	   "the new name is searched, not the old");
	ok(strstr(search_labels(st, a, y.seq), "renamed060") != NULL, "on the other item too");

	/* deleteLabel: each item that had it re-indexed once, without it */
	reindex_reset(st);
	is_int(store_label_delete(st, a, carol.id, lab[61].id, &l), STORE_OK, "delete a label");
	is_int(reindexes(st), 2, "deleteLabel: each item that had it re-indexed once");
	ok(!strstr(search_labels(st, a, x.seq), "tag061") && !strstr(search_labels(st, a, y.seq), "tag061"),
	   "its name is gone from both");
	is_int(words(search_labels(st, a, x.seq)), 79, "the others stay");
	reindex_reset(st);
	is_int(store_item_add_label(st, a, carol.id, x.id, "solo", NULL, &x), STORE_OK, "addLabel: %s", store_errmsg(st));
	is_int(reindexes(st), 1, "addLabel: one re-index");
	is_int(words(search_labels(st, a, x.seq)), 80, "80 labels on it");
	is_int(store_label_ensure(st, a, carol.id, "solo", NULL, &l), STORE_OK, "the new label");
	reindex_reset(st);
	is_int(store_label_delete(st, a, carol.id, l.id, &l), STORE_OK, "delete a label one item has");
	is_int(reindexes(st), 1, "one re-index");
	is_int(words(search_labels(st, a, x.seq)), 79, "79 left on it");

	is_int(db_exec(st->db, test_db_is_pg() ? "DROP TRIGGER reindex_counter ON item_search; DROP TABLE reindex_count;"
	                                       : "DROP TRIGGER reindex_counter; DROP TABLE reindex_count;"),
	       DB_OK, "counter gone");
	/* the user's deletion (its labels go by cascade) */
	is_int(store_user_delete(st, carol.id), STORE_OK, "carol deleted: %s", store_errmsg(st));
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user alice, bob;
	struct store_item it, it2, got;
	struct store_label *labels, l1, l2;
	struct store_highlight h, hin, *hl;
	struct store_job job;
	struct store_update *ups;
	size_t n;
	bool existed;
	char err[512];
	const char *content;
	int64_t count, next, t0;
	const char *names[] = { "Reading", "Tech", "reading" };

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &alice), STORE_OK, "alice");
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &bob), STORE_OK, "bob");
	t0 = time_now_ms();

	/* saveUrl: a new item, PROCESSING, a fetch job queued, labels created by name */
	struct store_save sv = { .user_id = alice.id, .item_id = "2f1c6a4e-1111-4222-8333-944455556666",
	                         .url = "https://example.com/a", .labels = names, .nlabels = 3, .source = "api" };
	is_int(store_item_save(st, &a, &sv, &it, &existed), STORE_OK, "save: %s", store_errmsg(st));
	ok(!existed, "a new item");
	is_str(it.id, sv.item_id, "the given UUID is the item id");
	is_str(it.state, "PROCESSING", "state PROCESSING");
	is_str(it.title, "https://example.com/a", "title is the URL until fetched");
	like(it.slug, "example-com-a-", "slug from the URL: %s", it.slug);
	is_str(it.source, "api", "source kept");
	is_str(it.folder, "inbox", "folder inbox");
	is_int(store_item_labels(st, &a, it.seq, &labels, &n), STORE_OK, "labels");
	is_int(n, 2, "Reading and reading are one label");
	is_str(labels[0].name, "Reading", "first label keeps its given case");
	is_str(labels[1].name, "Tech", "second label");
	is_int(store_job_pending(st, time_now_ms(), &count, &next), STORE_OK, "pending");
	is_int(count, 1, "one job queued");

	/* saving the same URL again: same item, no duplicate, labels merged */
	const char *more[] = { "Later" };
	struct store_save sv2 = { .user_id = alice.id, .url = "https://example.com/a", .labels = more, .nlabels = 1 };
	is_int(store_item_save(st, &a, &sv2, &it2, &existed), STORE_OK, "save again");
	ok(existed, "existing item reused");
	is_str(it2.id, it.id, "same id");
	is_str(it2.slug, it.slug, "same slug");
	ok(it2.saved_ms >= it.saved_ms, "saved time bumped");
	is_int(store_item_labels(st, &a, it.seq, &labels, &n), STORE_OK, "labels");
	is_int(n, 3, "labels merged");
	is_int(store_job_pending(st, time_now_ms(), &count, &next), STORE_OK, "pending");
	is_int(count, 1, "still one job (the old one replaced)");

	/* bob saving the same URL with the same UUID gets his own item of that id: ids are unique per user, so the
	 * answer does not tell him that the id is in alice's library */
	struct store_save svb = { .user_id = bob.id, .item_id = sv.item_id, .url = "https://example.com/a" };
	is_int(store_item_save(st, &a, &svb, &got, &existed), STORE_OK, "bob saves");
	ok(!existed, "bob's is new");
	is_str(got.id, it.id, "it takes the UUID he gave, as a fresh one would");
	ok(got.seq != it.seq, "a row of his own");
	is_int(store_item_get(st, &a, bob.id, it.id, &got), STORE_OK, "bob reads that id");
	is_str(got.user_id, bob.id, "and gets his own item, not alice's");
	is_int(store_item_get(st, &a, alice.id, it.id, &got), STORE_OK, "alice reads it");
	is_int(got.seq, it.seq, "and gets hers");

	/* the worker: claim, fill, done */
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job), STORE_OK, "claim");
	is_int(job.attempts, 1, "first attempt");
	struct store_job job2;
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job2), STORE_OK, "claim bob's");
	ok(job2.id != job.id, "a claimed job is not claimed twice");
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job2), STORE_E_NOTFOUND, "nothing left");
	is_int(store_job_claim(st, time_now_ms() + 61000, 60000, 0, &job2), STORE_OK, "an expired lease is claimable again");
	struct store_article art = { .title = "Hello world", .author = "Ann Author", .content = "<p>The quick brown fox</p>",
	                             .text = "The quick brown fox", .words_count = 4, .site_name = "Example" };
	is_int(store_item_fill(st, it.seq, &art), STORE_OK, "fill");
	is_int(store_job_done(st, job.id), STORE_OK, "done");
	is_int(store_item_get(st, &a, alice.id, it.slug, &got), STORE_OK, "by slug");
	is_str(got.state, "SUCCEEDED", "SUCCEEDED after the fetch");
	is_str(got.title, "Hello world", "title filled");
	is_str(got.author, "Ann Author", "author filled");
	is_int(got.words_count, 4, "words");
	is_int(store_item_content(st, &a, got.seq, &content), STORE_OK, "content");
	is_str(content, "<p>The quick brown fox</p>", "content stored");
	is_int(store_item_get(st, &a, alice.id, it.id, &got), STORE_OK, "by id");
	is_int(store_item_by_url(st, &a, alice.id, "https://example.com/a", &got), STORE_OK, "by URL");
	is_int(store_item_fail(st, job2.item_seq, "FAILED", "HTTP 404"), STORE_OK, "fail");
	is_int(store_item_by_seq(st, &a, job2.item_seq, &got), STORE_OK, "failed item");
	is_str(got.state, "FAILED", "state FAILED");
	is_str(got.fail_reason, "HTTP 404", "reason kept");
	is_int(store_job_retry(st, job2.id, time_now_ms() + 100000, "timeout"), STORE_OK, "retry later");
	is_int(store_job_claim(st, time_now_ms(), 60000, 0, &job), STORE_E_NOTFOUND, "not due yet");

	/* savePage: content at once, ARCHIVED asked */
	struct store_article page = { .title = "Parsed", .content = "<p>x</p>", .text = "x", .words_count = 1 };
	struct store_save sp = { .user_id = alice.id, .url = "https://example.com/page", .title = "Given title",
	                         .want_state = "ARCHIVED", .article = &page };
	is_int(store_item_save(st, &a, &sp, &got, &existed), STORE_OK, "savePage");
	is_str(got.state, "SUCCEEDED", "savePage is done at once");
	is_str(got.title, "Given title", "the given title wins");
	ok(got.archived_ms > 0, "archived as asked");
	like(got.slug, "given-title-", "slug from the title");

	/* archive, progress, update, delete */
	is_int(store_item_set_archived(st, &a, alice.id, it.id, true, &got), STORE_OK, "archive");
	ok(got.archived_ms >= t0, "archived time");
	is_int(store_item_set_archived(st, &a, alice.id, it.id, false, &got), STORE_OK, "unarchive");
	is_int(got.archived_ms, 0, "not archived");
	is_int(store_item_set_progress(st, &a, alice.id, it.id, 42.5, 7, -1, &got), STORE_OK, "progress");
	ok(got.progress == 42.5 && got.progress_anchor == 7 && got.read_ms >= t0, "progress stored");
	struct store_item_patch p = { .title = "New title", .description = "desc" };
	is_int(store_item_update(st, &a, alice.id, it.id, &p, &got), STORE_OK, "update");
	is_str(got.title, "New title", "title changed");
	is_str(got.author, "Ann Author", "author kept");
	struct store_item_patch pb = { .title = "Bob's title" };
	is_int(store_item_update(st, &a, bob.id, it.id, &pb, &got), STORE_OK, "bob updates the item of that id");
	is_str(got.user_id, bob.id, "which is his own");
	is_int(store_item_get(st, &a, alice.id, it.id, &got), STORE_OK, "alice's");
	is_str(got.title, "New title", "keeps her title");
	is_int(store_item_update(st, &a, bob.id, "00000000-0000-4000-8000-000000000000", &p, &got), STORE_E_NOTFOUND,
	       "an id bob has no item of: NOTFOUND");

	/* labels: create, duplicate, rename, set on item, delete */
	is_int(store_label_create(st, &a, alice.id, "Fresh", "#123456", "d", &l1), STORE_OK, "create label");
	is_str(l1.color, "#123456", "color");
	is_int(store_label_create(st, &a, alice.id, "fresh", NULL, NULL, &l2), STORE_E_EXISTS, "duplicate name");
	is_int(store_label_create(st, &a, alice.id, "", NULL, NULL, &l2), STORE_E_INVAL, "empty name");
	is_int(store_label_list(st, &a, alice.id, &labels, &n), STORE_OK, "list");
	is_int(n, 4, "four labels");
	struct store_label_ref ids[] = { { .id = l1.id } };
	is_int(store_item_set_labels(st, &a, alice.id, it.id, ids, 1, &labels, &n), STORE_OK, "setLabels");
	is_int(n, 1, "one label now");
	struct store_label_ref bad[] = { { .id = "nope" } };
	is_int(store_item_set_labels(st, &a, alice.id, it.id, bad, 1, &labels, &n), STORE_E_NOTFOUND, "unknown label id");
	is_int(store_item_labels(st, &a, it.seq, &labels, &n), STORE_OK, "labels");
	is_int(n, 1, "a failed setLabels changed nothing");
	is_int(store_label_update(st, &a, alice.id, l1.id, "Renamed", NULL, NULL, &l2), STORE_OK, "rename");
	is_str(l2.name, "Renamed", "renamed");
	is_str(l2.color, "#123456", "color kept");
	is_int(store_label_delete(st, &a, alice.id, l1.id, &l2), STORE_OK, "delete label");
	is_int(store_item_labels(st, &a, it.seq, &labels, &n), STORE_OK, "labels");
	is_int(n, 0, "label gone from the item");

	/* highlights */
	memset(&hin, 0, sizeof hin);
	hin.item_id = it.id;
	hin.quote = "quick brown";
	hin.annotation = "a note";
	hin.position_percent = 12.5;
	is_int(store_highlight_create(st, &a, alice.id, &hin, &h), STORE_OK, "highlight");
	is_str(h.item_id, it.id, "on the item");
	is_str(h.type, "HIGHLIGHT", "type");
	is_int(strlen(h.short_id), 8, "short id");
	is_int(store_highlight_update(st, &a, alice.id, h.id, "changed", NULL, NULL, "red", 0, &h), STORE_OK, "update hl");
	is_str(h.annotation, "changed", "annotation changed");
	is_str(h.quote, "quick brown", "quote kept");
	is_int(store_item_highlights(st, &a, it.seq, &hl, &n), STORE_OK, "item highlights");
	is_int(n, 1, "one highlight");
	is_int(store_highlight_delete(st, &a, bob.id, h.id, NULL), STORE_E_NOTFOUND, "bob cannot delete it");
	is_int(store_highlight_delete(st, &a, alice.id, h.id, &h), STORE_OK, "delete hl");

	/* updatesSince: changed items, deleted ones as such, processing ones left out */
	is_int(store_item_delete(st, &a, alice.id, it.id, &got), STORE_OK, "trash");
	ok(got.deleted_ms > 0, "deleted time");
	is_int(store_updates_since(st, &a, alice.id, t0 - 1, NULL, false, 0, 10, &ups, &n), STORE_OK, "updates");
	is_int(n, 2, "the deleted item and the saved page");
	is_int(store_updates_since_count(st, alice.id, t0 - 1, NULL, &count), STORE_OK, "count");
	is_int(count, 2, "count matches");
	is_int(store_updates_since(st, &a, alice.id, t0 - 1, NULL, false, 1, 10, &ups, &n), STORE_OK, "offset");
	is_int(n, 1, "offset 1 leaves one");

	/* emptying the trash: the deleted item goes for good, a tombstone keeps it in updatesSince */
	int64_t purged;
	is_int(store_trash_purge(st, got.deleted_ms, &purged), STORE_OK, "purge before the deletion time");
	is_int(purged, 0, "nothing older to purge");
	is_int(store_trash_purge(st, time_now_ms() + 1, &purged), STORE_OK, "purge");
	is_int(purged, 1, "the deleted item is purged");
	is_int(store_item_get(st, &a, alice.id, it.id, &got), STORE_E_NOTFOUND, "it is gone");
	is_int(store_item_highlights(st, &a, it.seq, &hl, &n), STORE_OK, "highlights");
	is_int(n, 0, "its highlights went with it");
	is_int(store_updates_since(st, &a, alice.id, t0 - 1, NULL, false, 0, 10, &ups, &n), STORE_OK, "updates");
	{
		bool tomb = false;
		for (size_t i = 0; i < n; i++)
			if (ups[i].seq == 0 && strcmp(ups[i].item_id, it.id) == 0)
				tomb = true;
		ok(tomb, "updatesSince reports the purged item by its tombstone");
	}

	/* labels_per_user, enforced in the insert: N accepted, N+1 refused with STORE_E_LIMIT and nothing written */
	is_int(store_label_list(st, &a, alice.id, &labels, &n), STORE_OK, "list");
	store_set_limits(st, &(struct store_limits){ .labels_per_user = (uint32_t)n + 1 });
	is_int(store_label_create(st, &a, alice.id, "Last one", NULL, NULL, &l1), STORE_OK, "the last label allowed");
	is_int(store_label_create(st, &a, alice.id, "One too many", NULL, NULL, &l2), STORE_E_LIMIT, "one more: LIMIT");
	like(store_errmsg(st), "labels_per_user in larder.conf", "the message names the key");
	is_int(store_label_ensure(st, &a, alice.id, "last ONE", NULL, &l2), STORE_OK, "an existing name is still found");
	is_int(store_label_ensure(st, &a, alice.id, "Other", NULL, &l2), STORE_E_LIMIT, "a new name through ensure: LIMIT");
	{
		size_t before = n;
		is_int(store_label_list(st, &a, alice.id, &labels, &n), STORE_OK, "list");
		is_int(n, before + 1, "only the allowed label was written");
	}
	is_str(store_strerror(STORE_E_LIMIT), "over a limit", "store_strerror");
	per_user_cap(st, &a, alice.id, bob.id);
	fair_claims(st, &a, alice.id, bob.id);
	claim_plan(st);
	job_finish(st, &a, alice.id);
	label_reindex(st, &a);

	store_close(st);
	arena_free(&a);
	cleanup();
	return done_testing();
}
