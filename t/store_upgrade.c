/* store_upgrade.c: a library made at schema 16 and upgraded by larder init: migration 017 (item ids unique per user; SQLite makes library_items again) keeps every item and every row that refers to one, and afterwards two users may have an item of the same id; migration 032 gives the account without a saved search Omnivore's eight; with --make-v16 FILE, only that library made (t/upgrade.sh upgrades it with the real programs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/search.h"
#include "store/store_int.h"
#include "util/arena.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-upgrade-XXXXXX";
static char path[256];

static void cleanup(void)
{
	test_db_remove(path, dir);
}

#define ITEM "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a"

/* the schema up to version 16 and, in it, a user with an item, its content, a label, a highlight and a job */
static void make_v16(void)
{
	const struct embedded_file *m = test_db_is_pg() ? store_pg_migrations : store_migrations;
	static const char rows[] =
		"INSERT INTO users (id, username, name, created, updated) VALUES ('u1', 'alice', 'alice', 1, 1);"
		"INSERT INTO users (id, username, name, created, updated) VALUES ('u2', 'bob', 'bob', 1, 1);"
		"INSERT INTO library_items (id, user_id, url, url_hash, slug, title, saved_at, created_at, updated_at)"
		" VALUES ('" ITEM "', 'u1', 'https://pelicans.example/a', 'h1', 'pelicans', 'Pelicans', 1, 1, 1);"
		"INSERT INTO item_content (seq, content) SELECT seq, '<p>brown pelicans</p>' FROM library_items;"
		"UPDATE item_search SET text = 'brown pelicans';"
		"INSERT INTO labels (id, user_id, name, color, created_at, updated_at) VALUES ('l1', 'u1', 'Birds', '#000', 1, 1);"
		"INSERT INTO item_labels (item_seq, label_id, created_at) SELECT seq, 'l1', 1 FROM library_items;"
		"INSERT INTO highlights (id, short_id, user_id, item_seq, quote, created_at, updated_at)"
		" SELECT 'hl1', 'hl1', 'u1', seq, 'brown', 1, 1 FROM library_items;"
		"INSERT INTO jobs (item_seq, kind, status, attempts, run_after, created_at, updated_at)"
		" SELECT seq, 'fetch', 'queued', 0, 1, 1, 1 FROM library_items;"
		"INSERT INTO filters (id, user_id, name, filter, position, created_at, updated_at)"
		" VALUES ('f1', 'u2', 'Birds', 'label:Birds', 0, 1, 1);";
	struct db *db = NULL;
	char err[512];
	FILE *f = test_db_is_pg() ? NULL : fopen(path, "a"); /* the driver opens an existing file only */
	if (f)
		fclose(f);
	int rc = test_db_is_pg() ? db_pg_open(path, &db, err, sizeof err) : db_sqlite_open(path, &db, err, sizeof err);
	if (rc != DB_OK) {
		printf("Bail out! cannot open %s: %s\n", path, err);
		exit(1);
	}
	for (int v = 0; v < 16; v++) {
		rc = db_begin(db);
		if (rc == DB_OK && (rc = db_exec(db, m[v].text)) == DB_OK && (rc = db_set_version(db, v + 1)) == DB_OK)
			rc = db_commit(db);
		if (rc != DB_OK) {
			printf("Bail out! migration %s: %s\n", m[v].name, db_errmsg(db));
			exit(1);
		}
	}
	is_int(db_exec(db, rows), DB_OK, "a library at schema 16: %s", db_errmsg(db));
	db_close(db);
}

int main(int argc, char **argv)
{
	struct store *st = NULL;
	struct arena a;
	struct store_item it, got;
	struct store_label *labels;
	struct store_highlight *hls;
	struct store_search_res page;
	size_t n;
	int64_t count, next;
	char err[512];
	const char *html;
	bool existed;

	/* the fixture of t/upgrade.sh: the library an older larder's init made and used, in FILE (SQLite) */
	if (argc == 3 && strcmp(argv[1], "--make-v16") == 0) {
		snprintf(path, sizeof path, "%s", argv[2]);
		make_v16();
		return done_testing();
	}
	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	make_v16();
	is_int(store_init(path, err, sizeof err), STORE_OK, "larder init upgrades it: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);

	is_int(store_item_get(st, &a, "u1", ITEM, &it), STORE_OK, "the item is there");
	is_str(it.title, "Pelicans", "with its title");
	is_int(store_item_get(st, &a, "u1", "pelicans", &got), STORE_OK, "by its slug too");
	is_int(store_item_content(st, &a, it.seq, &html), STORE_OK, "its content");
	is_str(html, "<p>brown pelicans</p>", "kept");
	is_int(store_item_labels(st, &a, it.seq, &labels, &n), STORE_OK, "its labels");
	ok(n == 1 && strcmp(labels[0].name, "Birds") == 0, "kept (%zu)", n);
	is_int(store_item_highlights(st, &a, it.seq, &hls, &n), STORE_OK, "its highlights");
	ok(n == 1 && strcmp(hls[0].quote, "brown") == 0, "kept (%zu)", n);
	is_int(store_job_pending(st, 2, &count, &next), STORE_OK, "the queue");
	is_int(count, 1, "its job is kept");
	struct store_search_req req = { .user_id = "u1", .query = "pelicans", .limit = 10 };
	is_int(store_search(st, &a, &req, &page), STORE_OK, "search: %s", store_errmsg(st));
	is_int(page.n, 1, "finds it by a word of its content");

	/* migration 032: alice, without a saved search, gets the eight a new account gets; bob keeps his one */
	struct store_filter *fs;
	is_int(store_filter_list(st, &a, "u1", &fs, &n), STORE_OK, "alice's saved searches");
	static const char *const want[] = { "Inbox", "Continue Reading", "Non-Feed Items", "Highlights", "Unlabeled",
	                                    "Oldest First", "Files", "Archived" };
	is_int((int64_t)n, 8, "she has Omnivore's eight");
	for (size_t i = 0; i < n && i < 8; i++)
		ok(strcmp(fs[i].name, want[i]) == 0 && fs[i].default_filter == 1 && fs[i].visible == 1 &&
		   strlen(fs[i].id) == 36 && fs[i].id[14] == '4' && strcmp(fs[i].category, "Search") == 0,
		   "  %zu: %s (%s, default, a UUID v4 id: %s)", i, want[i], fs[i].name, fs[i].id);
	ok(n == 8 && strcmp(fs[0].filter, "in:inbox") == 0 && strcmp(fs[7].filter, "in:archive") == 0 &&
	   strcmp(fs[0].id, fs[1].id) != 0, "  Inbox is in:inbox, Archived in:archive, each with an id of its own");
	is_int(store_filter_list(st, &a, "u2", &fs, &n), STORE_OK, "bob's saved searches");
	ok(n == 1 && strcmp(fs[0].name, "Birds") == 0 && fs[0].default_filter == 0, "only his own (%zu)", n);

	/* afterwards: bob saves an item of the same id; a new save still gets its search row (the trigger) */
	struct store_save sv = { .user_id = "u2", .item_id = ITEM, .url = "https://pelicans.example/b" };
	is_int(store_item_save(st, &a, &sv, &got, &existed), STORE_OK, "bob saves with the same id");
	is_str(got.id, ITEM, "and his item has it");
	ok(got.seq != it.seq, "as a row of his own");
	struct store_search_req reqb = { .user_id = "u2", .query = "pelicans", .limit = 10 };
	is_int(store_search(st, &a, &reqb, &page), STORE_OK, "bob's search");
	is_int(page.n, 1, "finds his item by its site (the view item_host, made again)");
	is_int(store_item_save(st, &a, &(struct store_save){ .user_id = "u1", .item_id = ITEM,
	                                                     .url = "https://pelicans.example/c" }, &got, &existed),
	       STORE_OK, "alice saves another URL with her item's id");
	ok(strcmp(got.id, ITEM) != 0, "it gets a fresh id (one item per id per user)");

	is_int(store_user_delete(st, "u1"), STORE_OK, "deleting alice");
	is_int(store_item_get(st, &a, "u2", ITEM, &got), STORE_OK, "leaves bob's item of that id");
	store_close(st);
	arena_free(&a);
	if (!test_db_is_pg())
		cleanup();
	else
		rmdir(dir);
	return done_testing();
}
