/* store_plans.c: every statement of the store's table explained (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN under the store's session settings, on a library of a few thousand rows): none scans a table, or walks all of one user's items, where an index lookup should serve, except the few on the list below, each with its reason. On PostgreSQL the statements marked DB_GENERIC (one generic plan kept per connection) have that plan checked the same way, made on empty tables and on the grown library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store_int.h"
#include "util/arena.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-plans-XXXXXX";
static char path[256];

static void cleanup(void)
{
	test_db_remove(path, dir);
}

/* statements allowed what the checks below refuse, and why. scan: a full scan of a table too (a server-wide
 * sweep or a table of a few rows); else only a walk of one user's rows (a small, bounded set, or a page
 * read in an index's order that stops at its LIMIT). */
static const struct { const char *name; bool scan; const char *why; } allowed[] = {
	{ "file_orphans", true, "the worker's hourly sweep: every file row is checked once against its item" },
	{ "blob_usage", true, "larder status and backup: the files and parts kept in the database, server-wide" },
	{ "setting_get", true, "settings: a few server-wide rows" },
	{ "setting_add", true, "settings: a few server-wide rows" },
	{ "job_count_ready", true, "the worker's queue size: jobs of every user (jobs_ready serves each branch)" },
	{ "trash_purge", false, "the worker's purge of old trash, every user's, by items_trash" },
	{ "trash_tombstone", false, "the worker's purge of old trash, every user's, by items_trash" },
	{ "trash_purge_cut", false, "the worker's purge of old trash, every user's, by items_trash" },
	{ "trash_cut_user", false, "the first LIMIT_DELETE_BATCH of a user's trash in items_user_trash's order" },
	{ "user_items_cut", false, "the first LIMIT_DELETE_BATCH of a user's items in items_user's order" },
	{ "job_claim", true, "the rotation: work_turns holds one row per user who has had background work, and the claim"
	  " probes each one's due and running jobs by index (jobs_turn, jobs_running)" },
	{ "nl_received_list", false, "a page of a user's received mails, newest first in received_emails_user's order" },
	{ "hl_page", false, "a page of a user's highlights in highlights_user's order (the API's cursor is an offset)" },
	{ "user_add", false, "the plan lists the cascades of users' foreign keys, which an INSERT never runs" },
	{ "user_any", true, "the first run's question whether any account exists: LIMIT 1 stops at the first row" },
	{ "user_delete", false, "the cascade to the user's rows: store_user_delete has deleted the items in batches first" },
};

static const char *allowed_why(const char *name, bool *scan)
{
	for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
		if (strcmp(allowed[i].name, name) == 0) {
			*scan = allowed[i].scan;
			return allowed[i].why;
		}
	*scan = false;
	return NULL;
}

/* the tables of users' rows: a scan of any of them grows with the server's data */
static const char *const user_tables[] = {
	"library_items", "item_content", "item_search", "item_labels", "labels", "highlights", "highlight_labels",
	"jobs", "item_tombstones", "users", "api_keys", "sessions", "login_failures", "save_tokens", "filters",
	"recent_searches", "user_profiles", "user_personalization", "imports", "subscriptions", "feed_entries",
	"newsletter_emails", "received_emails", "files", "settings", "feed_scans", "work_turns", "user_usage", "item_shares", NULL
};
/* the tables where one user's rows grow with the library (tens of thousands): walking all of them is a scan */
static const char *const growing[] = {
	"library_items", "highlights", "item_tombstones", "feed_entries", "received_emails", "files", NULL
};

static bool in_list(const char *const *list, const char *t)
{
	for (int i = 0; t && list[i]; i++)
		if (strcmp(list[i], t) == 0)
			return true;
	return false;
}

/* the user table a plan line names right after `after` (a word boundary follows), or NULL */
static const char *table_after(const char *line, const char *after)
{
	const char *p = strstr(line, after);
	if (!p)
		return NULL;
	p += strlen(after);
	for (int i = 0; user_tables[i]; i++) {
		size_t n = strlen(user_tables[i]);
		if (strncmp(p, user_tables[i], n) == 0 && (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return user_tables[i];
	}
	return NULL;
}

/* an index search constrained by the user alone: it walks all of a user's rows (SQLite: "SEARCH t USING
 * INDEX x (user_id=?)"; PostgreSQL: an index condition that is only "(user_id = …)") */
static bool whole_user(const char *line, bool pg)
{
	if (!pg) {
		const char *p = strstr(line, " (user_id=?)");
		return p && p[12] == '\0';
	}
	const char *c = strstr(line, "Index Cond: (user_id = ");
	return c && !strstr(c, " AND ") && !strstr(c, " OR ");
}

/* parameters bound to another value than '1', as the store binds them (PostgreSQL prices a LIMIT by it) */
static const struct { const char *name; int param; const char *value; } binds[] = {
	{ "item_page", 3, "20" }, /* the export's page: OMNI_BATCH items */
	{ "search_marked", 1, "{1}" },                  /* the seqs of the rows to index (search_pg.c) */
	{ "search_words_set", 1, "{1}" },               /* a batch of rows' seqs, vectors, column lengths */
	{ "search_words_set", 2, "{\"'tx':1\"}" },
	{ "search_words_set", 3, "{\"{1,0,0,0,0,0,0}\"}" },
	{ "search_words_set", 4, "{\"{\\\"'tx':1\\\"}\"}" }, /* and their rank parts, a text[] literal each */
	{ "search_words_set1", 2, "'tx':1" },           /* one row's vector, column lengths and rank parts */
	{ "search_words_set1", 3, "{1,0,0,0,0,0,0}" },
	{ "search_words_set1", 4, "{\"'tx':1\"}" },
};

static const char *bind_value(const char *name, int param)
{
	for (size_t i = 0; i < sizeof binds / sizeof binds[0]; i++)
		if (strcmp(binds[i].name, name) == 0 && binds[i].param == param)
			return binds[i].value;
	return "1"; /* a text every parameter takes (PostgreSQL infers each one's type) */
}

/* column col of every row the statement steps to, one a line, in one text; *rc the last step's answer */
static char *rows_text(struct db_stmt *s, int col, int *rc)
{
	size_t cap = 256, len = 0;
	char *out = calloc(1, cap);
	while ((*rc = db_step(s)) == DB_ROW) {
		const char *l = db_col_text(s, col, NULL);
		size_t n = l ? strlen(l) : 0;
		if (len + n + 2 > cap)
			out = realloc(out, cap = (len + n + 2) * 2);
		memcpy(out + len, l ? l : "", n);
		len += n;
		out[len++] = '\n';
		out[len] = '\0';
	}
	return out;
}

/* the plan's lines (SQLite: each step's detail; PostgreSQL: EXPLAIN's text) into one text, one a line;
 * NULL when the statement cannot be explained */
static char *explain(struct store *st, const struct store_sql *q, bool pg, char *err, size_t errn)
{
	const char *sql = pg && q->pg ? q->pg : q->sql;
	char name[40];
	size_t cap = strlen(sql) + 32;
	char *text = malloc(cap), *out = NULL;
	struct db_stmt *s;
	int rc;
	snprintf(text, cap, "%s%s", pg ? "EXPLAIN " : "EXPLAIN QUERY PLAN ", sql);
	if ((rc = db_prepare(st->db, text, false, &s)) != DB_OK) {
		snprintf(err, errn, "%s", db_errmsg(st->db));
		free(text);
		return NULL;
	}
	for (int i = 1; i <= db_param_count(s); i++)
		db_bind_text(s, i, bind_value(store_stmt_name(q, name), i));
	out = rows_text(s, pg ? 0 : 3, &rc);
	if (rc != DB_DONE) {
		snprintf(err, errn, "%s", db_errmsg(st->db));
		free(out);
		out = NULL;
	}
	db_finalize(s);
	free(text);
	return out;
}

/* a range of an index that is not the user's (SQLite: "(rowid>?)", "(deleted_at<?)"; PostgreSQL: "Index Cond:
 * (seq > …)", "(deleted_at IS NOT NULL)"): on a growing table it walks the rows of every user */
static bool range_not_user(const char *line, bool pg)
{
	const char *c = pg ? strstr(line, "Index Cond: ") : strstr(line, " (");
	return c && !strstr(c, "user_id") && (strchr(c, '>') || strchr(c, '<') || strstr(c, "IS NOT NULL"));
}

/* PostgreSQL: a scan node of the plan (its line's indentation, its table) */
struct plan_node {
	int indent;
	const char *table;
};

static int indent_of(const char *line)
{
	int d = 0;
	while (line[d] == ' ')
		d++;
	return d;
}

/* the first line of a plan that scans a user table (unless scan_ok), or walks all of one user's rows of a
 * growing table, or the rows of every user to find one user's (unless walks_ok); NULL when none */
static const char *bad_line(char *plan, bool pg, bool walks_ok, bool scan_ok, char *buf, size_t n)
{
	const char *table = NULL; /* PostgreSQL: the table of the scan node an Index Cond belongs to */
	struct plan_node nodes[64]; /* PostgreSQL: the scan nodes above the current line, by their indentation */
	int depth = 0;
	bool range = false;       /* PostgreSQL: that node's index condition is a range of other users' rows too */
	for (char *l = plan, *e; l && *l; l = e ? e + 1 : NULL) {
		const char *t, *bad = NULL;
		if ((e = strchr(l, '\n')))
			*e = '\0';
		if (pg && strstr(l, "Bitmap Index Scan on ")) { /* it names an index: its table is the heap scan above it */
			int d = indent_of(l);
			while (depth > 0 && nodes[depth - 1].indent >= d)
				depth--;
			table = depth > 0 ? nodes[depth - 1].table : NULL;
			range = false;
		} else if (pg && (t = table_after(l, " on "))) {
			int d = indent_of(l);
			while (depth > 0 && nodes[depth - 1].indent >= d)
				depth--;
			if (depth < (int)(sizeof nodes / sizeof nodes[0]))
				nodes[depth++] = (struct plan_node){ d, t };
			table = t;
			range = false;
		}
		if (!pg)
			table = table_after(l, "SEARCH ");
		if (pg && strstr(l, "Index Cond: "))
			range = range_not_user(l, pg);
		if ((pg ? table_after(l, "Seq Scan on ") : table_after(l, "SCAN ")) && !scan_ok)
			bad = l;
		else if (in_list(growing, table) && !walks_ok &&
		         (whole_user(l, pg) || (!pg && range_not_user(l, pg)) ||
		          (pg && range && strstr(l, "Filter: ") && strstr(l, "user_id = "))))
			bad = l;
		if (e)
			*e = '\n';
		if (bad) {
			size_t k = e ? (size_t)(e - bad) : strlen(bad);
			snprintf(buf, n, "%s: %.*s", table ? table : "", (int)(k < n ? k : n - 1), bad);
			return buf;
		}
	}
	return NULL;
}

/* a library of a few thousand items, most of them of the user whose id is '1', the value every parameter is
 * bound to (times are below 1: a bound time is after them all): PostgreSQL's planner (after ANALYZE) then
 * prices each statement as for a user with a large library. SQLite's plans do not depend on the rows (the store never runs ANALYZE). */
static void fill(struct store *st, const char *other)
{
	static const char *const sql[] = {
		"INSERT INTO users (id, username, name, created, updated) VALUES ('1', 'one', 'one', 1, 1)",
		"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)"
		" INSERT INTO library_items (id, user_id, url, url_hash, slug, title, saved_at, created_at, updated_at,"
		" deleted_at, client_request_id)"
		" SELECT 'id-' || i, CASE WHEN i % 8 = 0 THEN '1' ELSE ?1 END, 'https://e.example/' || i, 'h' || i,"
		" 's-' || i, 't' || i, -i, -i, -i, CASE WHEN i % 5 = 0 THEN -i END, CASE WHEN i % 3 = 0 THEN 'c-' || i END FROM n",
		"INSERT INTO labels (id, user_id, name, color, position, created_at, updated_at)"
		" VALUES ('l1', '1', 'one', '#000', 1, 1, 1)",
		"INSERT INTO item_labels (item_seq, label_id, created_at) SELECT seq, 'l1', 1 FROM library_items"
		" WHERE seq % 7 = 0 AND user_id = '1'",
		"INSERT INTO highlights (id, short_id, user_id, item_seq, type, created_at, updated_at)"
		" SELECT 'h-' || seq, 'sh' || seq, '1', seq, 'HIGHLIGHT', -seq, -seq FROM library_items"
		" WHERE seq % 11 = 0 AND user_id = '1'",
		"INSERT INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, 'gone-' || seq, -seq FROM library_items WHERE seq % 2 = 0",
		"INSERT INTO files (id, user_id, item_id, file_name, content_type, created_at, updated_at)"
		" SELECT 'f-' || seq, user_id, id, 'a.pdf', 'application/pdf', -seq, -seq FROM library_items WHERE seq % 2 = 0",
		"INSERT INTO received_emails (id, user_id, from_address, to_address, type, created_at)"
		" SELECT 'r-' || seq, user_id, 'a@b', 'c@d', 'NEWSLETTER', -seq FROM library_items WHERE seq % 2 = 0",
	};
	for (size_t i = 0; i < sizeof sql / sizeof sql[0]; i++) {
		struct db_stmt *s;
		int rc = db_prepare(st->db, sql[i], false, &s);
		if (rc == DB_OK) {
			if (db_param_count(s) >= 1)
				db_bind_text(s, 1, other);
			rc = db_step(s);
			db_finalize(s);
		}
		is_int(rc, DB_DONE, "library rows (%zu)%s%s", i, rc == DB_DONE ? "" : ": ", rc == DB_DONE ? "" : db_errmsg(st->db));
	}
	if (test_db_is_pg())
		is_int(db_exec(st->db, "ANALYZE"), DB_OK, "ANALYZE");
}

/* PostgreSQL: the generic plan of a statement marked DB_GENERIC, the one the connection keeps (PREPARE, then EXPLAIN
 * EXECUTE under force_generic_plan, set for that transaction only, its lines kept in a temporary table); NULL when
 * it cannot be explained */
static char *explain_generic(struct store *st, const char *name, const char *sql, int nparams, char *err, size_t errn)
{
	size_t cap = strlen(sql) * 2 + 1024 + (size_t)nparams * 80;
	char *script = malloc(cap), *o = script, *out = NULL;
	struct db_stmt *s;
	o += sprintf(o, "CREATE TEMP TABLE IF NOT EXISTS plan_lines (n serial, l text); TRUNCATE plan_lines; PREPARE larder_g AS ");
	for (const char *p = sql; *p; p++) /* ?N as $N (the marked statements number every parameter) */
		*o++ = *p == '?' ? '$' : *p;
	o += sprintf(o, "; DO $d$ DECLARE l text; BEGIN PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);"
	                " FOR l IN EXECUTE 'EXPLAIN EXECUTE larder_g(");
	for (int i = 1; i <= nparams; i++) { /* each value as check() binds it, quoted for a literal inside a literal */
		o += sprintf(o, "%s''", i > 1 ? ", " : "");
		for (const char *v = bind_value(name, i); *v; v++)
			o += *v == '\'' ? sprintf(o, "''''") : sprintf(o, "%c", *v);
		o += sprintf(o, "''");
	}
	sprintf(o, ")' LOOP INSERT INTO plan_lines (l) VALUES (l); END LOOP; END $d$; DEALLOCATE larder_g");
	if (db_exec(st->db, script) != DB_OK || db_prepare(st->db, "SELECT l FROM plan_lines ORDER BY n", false, &s) != DB_OK) {
		snprintf(err, errn, "%s", db_errmsg(st->db));
		db_exec(st->db, "DEALLOCATE ALL");
		free(script);
		return NULL;
	}
	int rc;
	out = rows_text(s, 0, &rc);
	db_finalize(s);
	free(script);
	return out;
}

/* PostgreSQL: every statement marked DB_GENERIC, its generic plan checked as check() checks a plan (when: "on
 * empty tables", "on the grown library"); the number of statements flagged */
static int check_generic(struct store *st, const char *when)
{
	int flagged = 0, marked = 0;
	for (int t = 0; t < STORE_T__MAX; t++)
		for (size_t i = 0; i < store_sql_tables[t]->n; i++) {
			const struct store_sql *q = &store_sql_tables[t]->sql[i];
			const char *sql = q->pg ? q->pg : q->sql;
			char name[40], line[400], err[512];
			struct db_stmt *p;
			int nparams = 0;
			bool scan_ok;
			if (strncmp(sql, DB_GENERIC, strlen(DB_GENERIC)) != 0 && !getenv("PLANS_GENERIC_ALL"))
				continue; /* (PLANS_GENERIC_ALL=1: every statement, to find those a mark would suit) */
			marked++;
			store_stmt_name(q, name);
			if (db_prepare(st->db, sql, false, &p) == DB_OK) {
				nparams = db_param_count(p);
				db_finalize(p);
			}
			if (nparams == 0) /* planned once and kept anyway (PLANS_GENERIC_ALL) */
				continue;
			char *plan = explain_generic(st, name, sql, nparams, err, sizeof err);
			if (!plan) {
				ok(0, "%s: its generic plan %s explained: %s", name, when, err);
				flagged++;
				continue;
			}
			const char *why = allowed_why(name, &scan_ok);
			const char *bad = bad_line(plan, true, why != NULL, scan_ok, line, sizeof line);
			if (getenv("PLANS_VERBOSE"))
				fprintf(stderr, "== %s (generic, %s)%s\n%s", name, when, bad ? " (FLAGGED)" : "", plan);
			ok(!bad && (!strstr(plan, "Scan") || strstr(plan, "$1")), /* (a plan that reads a table reads it by $1) */
			   "%s: its generic plan made %s reads by an index, as for any value%s%s", name, when,
			   bad ? ": " : "", bad ? bad : "");
			flagged += bad != NULL;
			free(plan);
		}
	ok(marked >= 5, "%d statements are marked DB_GENERIC (%s)", marked, when);
	return flagged;
}

/* one statement explained and its plan checked: 1 when it is flagged */
static int check(struct store *st, const struct store_sql *q, bool pg)
{
	char line[400], err[512], name[40];
	char *plan = explain(st, q, pg, err, sizeof err);
	const char *bad, *why;
	bool scan_ok;
	store_stmt_name(q, name);
	if (!plan) {
		ok(0, "%s: explained: %s", name, err);
		return 0;
	}
	why = allowed_why(name, &scan_ok);
	bad = bad_line(plan, pg, why != NULL, scan_ok, line, sizeof line);
	if (getenv("PLANS_VERBOSE"))
		fprintf(stderr, "== %s%s\n%s", name, bad ? " (FLAGGED)" : "", plan);
	if (why && !bad)
		ok(1, "%s: allowed (%s)", name, why);
	else
		ok(!bad, "%s: no scan of a user table or of all a user's rows%s%s", name, bad ? ": " : "", bad ? bad : "");
	free(plan);
	return bad != NULL;
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user u2;
	char err[512];
	bool pg = test_db_is_pg();
	int flagged = 0;

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &u2), STORE_OK, "bob");
	if (pg)
		flagged += check_generic(st, "on empty tables");
	fill(st, u2.id);
	if (pg)
		flagged += check_generic(st, "on the grown library");

	for (int t = 0; t < STORE_T__MAX; t++)
		for (size_t i = 0; i < store_sql_tables[t]->n; i++)
			flagged += check(st, &store_sql_tables[t]->sql[i], pg);
	for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
		ok(store_sql_find(allowed[i].name) != NULL, "the allowed statement %s exists", allowed[i].name);
	for (size_t i = 0; i < sizeof binds / sizeof binds[0]; i++)
		ok(store_sql_find(binds[i].name) != NULL, "the statement %s bound to %s exists", binds[i].name, binds[i].value);
	is_int(flagged, 0, "statements flagged");
	store_close(st);
	arena_free(&a);
	if (!pg)
		cleanup();
	else
		rmdir(dir);
	return done_testing();
}
