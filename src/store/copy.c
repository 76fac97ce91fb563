/* copy.c: store_copy, which moves a whole library from one database to another (SQLite to PostgreSQL or back), table by table over the driver interface, in one transaction on the target, and counts the rows of both at the end. */
#include "config.h"
#include "store/search.h"
#include "store/search_pg.h"
#include "store/store_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every table of the schema, parents before children (the foreign keys point backwards in this list).
 * item_search is not here: copy_search copies it last, with the columns both engines have. A source
 * table missing from this list and from `skipped` stops the copy: nothing is left behind silently when
 * a migration adds a table and this list is not told. */
static const char *const tables[] = {
	"users", "work_turns", "api_keys", "sessions", "library_items", "item_content", "labels", "item_labels", "highlights",
	"highlight_labels", "jobs", "item_tombstones", "settings", "login_failures", "save_tokens", "filters",
	"recent_searches", "user_profiles", "imports", "user_personalization", "newsletter_emails", "subscriptions",
	"feed_entries", "received_emails", "files", "feed_scans", "item_shares", "file_blobs",
};
#define NTABLES (sizeof tables / sizeof tables[0])
/* the engines' own bookkeeping, SQLite's FTS5 index (rebuilt from item_search by its triggers), PostgreSQL's rank
 * parts (written with each row's vector) and the users' usage (counted again from the copied rows: recount_usage) */
static const char *const skipped[] = { "item_search", "item_search_parts", "search_pending", "search_langs", "user_usage", "larder_schema", "items_fts", "items_fts_data", "items_fts_idx",
                                       "items_fts_docsize", "items_fts_config", "sqlite_sequence", "sqlite_stat1" };

/* the columns of item_search both engines have (PostgreSQL's tsvector is made from them before the commit: search_pg.c) */
static const char *const search_cols[] = { "seq", "owner", "title", "author", "description", "site", "text", "labels",
                                           "notes", "lang" };
/* the PostgreSQL tables whose triggers keep item_search up to date, switched off during the copy: item_search
 * is copied whole after them, and its own trigger marks each row, whose tsvector is made once (search_pg.c) */
static const char *const pg_search_feeders[] = { "library_items", "item_labels", "labels", "highlights" };

#define MAX_COLS 64
#define BATCH_PARAMS 30000 /* parameters of one batched INSERT (both engines take this many) */
#define BATCH_ROWS 200
/* file_blobs' rows are LIMIT_BLOB_PART bytes each: a few at a time, read and written, so a library with many
 * files in the database is copied in a few MB of memory (200 such rows would be 50 MB, 2000 from a cursor 500) */
#define BLOB_BATCH_ROWS 4

struct cols {
	int n;
	bool identity;               /* one of them is an identity column (PostgreSQL) */
	char name[MAX_COLS][64];
	bool ident[MAX_COLS];
};

/* one value of a row, copied out of the source's row so it outlives the source's next step */
struct val {
	enum db_type t;
	int64_t i;
	double d;
	char *p;
	size_t n;
};

struct copy {
	struct db *src, *dst;
	struct store *dst_store; /* the target's store: its marked search rows' words (store_search_words) */
	char *err;
	size_t errlen;
	int batch; /* rows read of the source cursor's current batch (src_step) */
};

__attribute__((format(printf, 2, 3)))
static int cfail(struct copy *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
	return STORE_E_DB;
}

static bool listed(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

/* the source's tables must all be known: 0, else the error */
static int check_tables(struct copy *c)
{
	const char *sql = db_is_sqlite(c->src)
		? "SELECT name FROM sqlite_master WHERE type = 'table'"
		: "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() "
		  "AND table_type = 'BASE TABLE'";
	struct db_stmt *s;
	int rc = 0;
	if (db_prepare(c->src, sql, false, &s) != DB_OK)
		return cfail(c, "source: listing the tables: %s", db_errmsg(c->src));
	while (rc == 0 && db_step(s) == DB_ROW) {
		const char *name = db_col_text(s, 0, NULL);
		if (name && !listed(name, tables, NTABLES) && !listed(name, skipped, sizeof skipped / sizeof *skipped))
			rc = cfail(c, "source: table %s is not known to migrate-store: nothing copied", name);
	}
	db_finalize(s);
	return rc;
}

/* the columns of table in db (a SQLite rowid is not listed: it is there all the same) */
static int table_cols(struct copy *c, struct db *db, const char *table, struct cols *out)
{
	const char *sql = db_is_sqlite(db)
		? "SELECT name, 0 FROM pragma_table_info(?1) ORDER BY cid"
		: "SELECT column_name::text, is_identity = 'YES' FROM information_schema.columns "
		  "WHERE table_schema = current_schema() AND table_name::text = ?1 ORDER BY ordinal_position";
	struct db_stmt *s;
	memset(out, 0, sizeof *out);
	if (db_prepare(db, sql, false, &s) != DB_OK)
		return cfail(c, "listing the columns of %s: %s", table, db_errmsg(db));
	db_bind_text(s, 1, table);
	while (db_step(s) == DB_ROW && out->n < MAX_COLS) {
		snprintf(out->name[out->n], sizeof out->name[0], "%s", db_col_text(s, 0, NULL));
		out->ident[out->n] = db_col_int64(s, 1) != 0;
		out->identity |= out->ident[out->n];
		out->n++;
	}
	db_finalize(s);
	return out->n ? 0 : cfail(c, "table %s has no columns on the %s", table, db == c->src ? "source" : "target");
}

/* the columns to copy: the target's, once every source column is known to have a place there; *rowid: the
 * table keeps SQLite's rowid order (PostgreSQL has a column of that name), so the rows are read in it */
static int copy_cols(struct copy *c, const char *table, struct cols *dst, bool *rowid)
{
	struct cols src;
	int rc;
	if ((rc = table_cols(c, c->src, table, &src)) != 0 || (rc = table_cols(c, c->dst, table, dst)) != 0)
		return rc;
	*rowid = false;
	for (int j = 0; j < dst->n; j++)
		*rowid |= strcmp(dst->name[j], "rowid") == 0;
	for (int i = 0; i < src.n; i++) {
		bool found = strcmp(src.name[i], "rowid") == 0; /* PostgreSQL's twin of SQLite's implicit rowid */
		*rowid |= found;
		for (int j = 0; j < dst->n && !found; j++)
			found = strcmp(src.name[i], dst->name[j]) == 0;
		if (!found)
			return cfail(c, "table %s: column %s has no place in the target: nothing copied", table, src.name[i]);
	}
	return 0;
}

static void col_list(char *buf, size_t len, const struct cols *k)
{
	size_t o = 0;
	buf[0] = '\0';
	for (int i = 0; i < k->n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, strcmp(k->name[i], "rowid") == 0 ? "%s%s" : "%s\"%s\"",
		                      i ? ", " : "", k->name[i]);
}

/* INSERT INTO table (cols) VALUES (?, …), … for rows rows */
static char *insert_sql(const char *table, const struct cols *k, const char *list, int rows)
{
	size_t len = strlen(table) + strlen(list) + 80 + (size_t)rows * ((size_t)k->n * 3 + 4);
	char *sql = malloc(len), *o;
	if (!sql)
		return NULL;
	o = sql + snprintf(sql, len, "INSERT INTO \"%s\" (%s)%s VALUES ", table, list,
	                   k->identity ? " OVERRIDING SYSTEM VALUE" : "");
	for (int r = 0; r < rows; r++) {
		*o++ = r ? ',' : ' ';
		*o++ = '(';
		for (int i = 0; i < k->n; i++) {
			if (i)
				*o++ = ',';
			*o++ = '?';
		}
		*o++ = ')';
	}
	*o = '\0';
	return sql;
}

static void val_take(struct val *v, struct db_stmt *s, int col)
{
	const void *b;
	v->t = db_col_type(s, col);
	v->p = NULL;
	if (v->t == DB_INT)
		v->i = db_col_int64(s, col);
	else if (v->t == DB_REAL)
		v->d = db_col_double(s, col);
	else if (v->t != DB_NULL) {
		b = v->t == DB_TEXT ? db_col_text(s, col, &v->n) : db_col_bytes(s, col, &v->n);
		v->p = malloc(v->n + 1);
		if (v->p) {
			memcpy(v->p, b ? b : "", v->n);
			v->p[v->n] = '\0';
		}
	}
}

static int val_bind(struct db_stmt *s, int idx, const struct val *v)
{
	switch (v->t) {
	case DB_INT: return db_bind_int64(s, idx, v->i);
	case DB_REAL: return db_bind_double(s, idx, v->d);
	case DB_TEXT: return db_bind_text(s, idx, v->p);
	case DB_BLOB: return db_bind_blob(s, idx, v->p, v->n);
	default: return db_bind_null(s, idx);
	}
}

/* inserts the rows rows held in vals: 0, else the error */
static int flush(struct copy *c, const char *table, const struct cols *k, const char *list, struct val *vals,
                 int rows, struct db_stmt **full, int full_rows)
{
	struct db_stmt *s = rows == full_rows ? *full : NULL;
	char *sql = NULL;
	int rc = 0, n = rows * k->n;
	if (!s) {
		if (!(sql = insert_sql(table, k, list, rows)))
			return cfail(c, "out of memory");
		if (db_prepare(c->dst, sql, false, &s) != DB_OK)
			rc = cfail(c, "target: table %s: %s", table, db_errmsg(c->dst));
		free(sql);
		if (rc)
			return rc;
		if (rows == full_rows)
			*full = s;
	}
	for (int i = 0; i < n; i++)
		val_bind(s, i + 1, &vals[i]);
	if (db_step(s) != DB_DONE)
		rc = cfail(c, "target: table %s: %s", table, db_errmsg(c->dst));
	db_reset(s);
	if (s != *full)
		db_finalize(s);
	for (int i = 0; i < n; i++)
		free(vals[i].p);
	return rc;
}

/* The source's rows of a query. A PostgreSQL server answers a statement with all of its rows at once, so
 * there the query is a cursor read SOURCE_BATCH rows at a time (inside the source's read transaction,
 * store_copy): a provider's table need not fit in memory. */
#define SOURCE_BATCH 2000

static int src_open(struct copy *c, const char *sql, int batch, struct db_stmt **out)
{
	char fetch[64];
	*out = NULL;
	c->batch = 0;
	if (db_is_sqlite(c->src))
		return db_prepare(c->src, sql, false, out);
	size_t n = strlen(sql) + 64;
	char *declare = malloc(n);
	if (!declare)
		return DB_E_NOMEM;
	snprintf(declare, n, "DECLARE larder_copy NO SCROLL CURSOR FOR %s", sql);
	int rc = db_exec(c->src, declare);
	free(declare);
	snprintf(fetch, sizeof fetch, "FETCH %d FROM larder_copy", batch);
	return rc != DB_OK ? rc : db_prepare(c->src, fetch, false, out);
}

/* the next row (DB_ROW), DB_DONE after the last, or a failure; c->batch counts the rows of the cursor's batch */
static int src_step(struct copy *c, struct db_stmt *s)
{
	int rc = db_step(s);
	if (rc == DB_DONE && !db_is_sqlite(c->src) && c->batch > 0) { /* the batch is read: fetch the next */
		db_reset(s);
		c->batch = 0;
		rc = db_step(s);
	}
	c->batch += rc == DB_ROW;
	return rc;
}

/* every row of one table, read (in rowid order where that matters) and written in batches of full_rows;
 * fixed: the columns to copy (NULL: those of copy_cols) */
static int copy_table(struct copy *c, const char *table, const struct cols *fixed)
{
	struct cols k;
	struct db_stmt *src = NULL, *full = NULL;
	struct val *vals = NULL;
	char list[4096], sql[4300];
	int rc = 0, rows = 0, full_rows;
	bool rowid = false;

	if (fixed)
		k = *fixed;
	else if ((rc = copy_cols(c, table, &k, &rowid)) != 0)
		return rc;
	col_list(list, sizeof list, &k);
	full_rows = BATCH_PARAMS / k.n < BATCH_ROWS ? BATCH_PARAMS / k.n : BATCH_ROWS;
	bool blobs = strcmp(table, "file_blobs") == 0;
	if (blobs)
		full_rows = BLOB_BATCH_ROWS;
	snprintf(sql, sizeof sql, "SELECT %s FROM \"%s\"%s", list, table, rowid ? " ORDER BY rowid" : "");
	if (!(vals = calloc((size_t)full_rows * (size_t)k.n, sizeof *vals)))
		return cfail(c, "out of memory");
	if (src_open(c, sql, blobs ? BLOB_BATCH_ROWS : SOURCE_BATCH, &src) != DB_OK) {
		rc = cfail(c, "source: table %s: %s", table, db_errmsg(c->src));
		goto out;
	}
	while (rc == 0 && (rc = src_step(c, src)) == DB_ROW) {
		rc = 0;
		for (int i = 0; i < k.n; i++)
			val_take(&vals[rows * k.n + i], src, i);
		if (++rows == full_rows) {
			rc = flush(c, table, &k, list, vals, rows, &full, full_rows);
			rows = 0;
		}
	}
	if (rc == DB_DONE)
		rc = rows ? flush(c, table, &k, list, vals, rows, &full, full_rows) : 0;
	else if (rc > 0)
		rc = cfail(c, "source: table %s: %s", table, db_errmsg(c->src));
out:
	db_finalize(full);
	db_finalize(src);
	if (!db_is_sqlite(c->src))
		db_exec(c->src, "CLOSE larder_copy");
	free(vals);
	return rc;
}

/* item_search as the source has it: the target's rows (its triggers made them as the items arrived) go
 * first, SQLite's FTS5 index following them by its own triggers. PostgreSQL: the GIN index of the vectors is
 * dropped, the copied rows' vectors written (200 a statement), and the index built once over them, inside the
 * copy's transaction (a failure or a stop leaves the target as it was): inserting each row's lexemes into
 * the index one row at a time cost the server more CPU than the build (search_index.c) */
static int copy_search(struct copy *c)
{
	struct cols k = { .n = (int)(sizeof search_cols / sizeof *search_cols) };
	int rc;
	for (int i = 0; i < k.n; i++)
		snprintf(k.name[i], sizeof k.name[i], "%s", search_cols[i]);
	if (db_exec(c->dst, "DELETE FROM item_search") != DB_OK)
		return cfail(c, "target: emptying item_search: %s", db_errmsg(c->dst));
	if (!db_is_sqlite(c->dst) && search_pg_index(c->dst, false) != DB_OK)
		return cfail(c, "target: dropping the search index: %s", db_errmsg(c->dst));
	if ((rc = copy_table(c, "item_search", &k)) != 0 || db_is_sqlite(c->dst))
		return rc;
	if (store_search_words(c->dst_store) != STORE_OK)
		return cfail(c, "target: the search rows' words: %s", store_errmsg(c->dst_store));
	if (search_pg_index(c->dst, true) != DB_OK)
		return cfail(c, "target: building the search index: %s", db_errmsg(c->dst));
	return 0;
}

/* PostgreSQL: the triggers feeding item_search off (how = "DISABLE") or on again ("ENABLE"); the
 * connection's user owns the tables it made with larder init */
static int pg_feeders(struct copy *c, const char *how)
{
	char sql[128];
	if (db_is_sqlite(c->dst))
		return 0;
	for (size_t i = 0; i < sizeof pg_search_feeders / sizeof *pg_search_feeders; i++) {
		snprintf(sql, sizeof sql, "ALTER TABLE \"%s\" %s TRIGGER USER", pg_search_feeders[i], how);
		if (db_exec(c->dst, sql) != DB_OK)
			return cfail(c, "target: %s: %s", sql, db_errmsg(c->dst));
	}
	return 0;
}

static int64_t count_rows(struct db *db, const char *table)
{
	char sql[128];
	struct db_stmt *s;
	int64_t n = -1;
	snprintf(sql, sizeof sql, "SELECT count(*) FROM \"%s\"", table);
	if (db_prepare(db, sql, false, &s) != DB_OK)
		return -1;
	if (db_step(s) == DB_ROW)
		n = db_col_int64(s, 0);
	db_finalize(s);
	return n;
}

/* the target must hold no users (unless force); whatever it holds goes, children first */
static int clear_target(struct copy *c, bool force)
{
	char sql[128];
	int64_t users = count_rows(c->dst, "users");
	if (users < 0)
		return cfail(c, "target: %s", db_errmsg(c->dst));
	if (users > 0 && !force)
		return cfail(c, "target already holds %lld users: give --force to replace its library", (long long)users);
	for (size_t i = NTABLES; i-- > 0;) {
		snprintf(sql, sizeof sql, "DELETE FROM \"%s\"", tables[i]);
		if (db_exec(c->dst, sql) != DB_OK)
			return cfail(c, "target: %s: %s", sql, db_errmsg(c->dst));
	}
	return 0;
}

/* PostgreSQL: each identity column's sequence goes on after the highest value copied */
static int advance_ids(struct copy *c, const char *table)
{
	struct cols k;
	char sql[512];
	int rc;
	if (db_is_sqlite(c->dst))
		return 0;
	if ((rc = table_cols(c, c->dst, table, &k)) != 0)
		return rc;
	for (int i = 0; i < k.n; i++) {
		if (!k.ident[i])
			continue;
		snprintf(sql, sizeof sql, "SELECT setval(pg_get_serial_sequence('\"%s\"', '%s'), "
		         "coalesce((SELECT max(\"%s\") FROM \"%s\"), 0) + 1, false)", table, k.name[i], k.name[i], table);
		if (db_exec(c->dst, sql) != DB_OK)
			return cfail(c, "target: advancing %s.%s: %s", table, k.name[i], db_errmsg(c->dst));
	}
	return 0;
}

/* the rows of each table on both sides, told to report; a difference is an error */
static int verify(struct copy *c, store_copy_report report, void *arg)
{
	for (size_t i = 0; i <= NTABLES; i++) {
		const char *t = i < NTABLES ? tables[i] : "item_search";
		int64_t from = count_rows(c->src, t), to = count_rows(c->dst, t);
		if (report)
			report(arg, t, from, to);
		if (from < 0 || from != to)
			return cfail(c, "table %s: %lld rows in the source, %lld in the target", t, (long long)from, (long long)to);
	}
	return 0;
}

/* user_usage counted from the copied rows, as db/018_usage.sql counts it (the triggers that keep it are off for
 * part of a PostgreSQL copy) */
static int recount_usage(struct copy *c)
{
	char sql[1024];
	const char *len = db_is_sqlite(c->dst) ? "length(CAST(c.content AS BLOB))" : "octet_length(c.content)";
	snprintf(sql, sizeof sql, "DELETE FROM user_usage; INSERT INTO user_usage (user_id, items, bytes) SELECT u.id,"
	         " (SELECT count(*) FROM library_items i WHERE i.user_id = u.id),"
	         " coalesce((SELECT sum(%s) FROM item_content c JOIN library_items i ON i.seq = c.seq"
	         " WHERE i.user_id = u.id), 0) + coalesce((SELECT sum(f.size) FROM files f WHERE f.user_id = u.id), 0)"
	         " FROM users u", len);
	if (db_exec(c->dst, sql) != DB_OK)
		return cfail(c, "target: counting the users' usage: %s", db_errmsg(c->dst));
	return 0;
}

static int copy_all(struct copy *c, bool force, store_copy_report report, void *arg)
{
	int rc;
	if ((rc = check_tables(c)) != 0 || (rc = clear_target(c, force)) != 0 || (rc = pg_feeders(c, "DISABLE")) != 0)
		return rc;
	for (size_t i = 0; i < NTABLES; i++)
		if ((rc = copy_table(c, tables[i], NULL)) != 0 || (rc = advance_ids(c, tables[i])) != 0)
			return rc;
	if ((rc = copy_search(c)) != 0 || (rc = pg_feeders(c, "ENABLE")) != 0 || (rc = recount_usage(c)) != 0)
		return rc;
	return verify(c, report, arg);
}

int store_copy(const char *from, const char *to, bool force, store_copy_report report, void *arg,
               char *err, size_t errlen)
{
	struct store *src = NULL, *dst = NULL;
	struct copy c = { .err = err, .errlen = errlen };
	int rc;

	snprintf(err, errlen, "%s", "");
	if ((rc = store_init(to, err, errlen)) != STORE_OK || (rc = store_open(from, &src, err, errlen)) != STORE_OK ||
	    (rc = store_open(to, &dst, err, errlen)) != STORE_OK)
		goto out;
	c.src = src->db;
	c.dst = dst->db;
	c.dst_store = dst;
	/* a PostgreSQL source is read in one snapshot, which its cursors need (src_open) */
	if (!db_is_sqlite(c.src) && db_exec(c.src, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") != DB_OK) {
		rc = cfail(&c, "source: BEGIN: %s", db_errmsg(c.src));
		goto out;
	}
	if (db_begin(c.dst) != DB_OK) {
		rc = cfail(&c, "target: BEGIN: %s", db_errmsg(c.dst));
		goto out;
	}
	if ((rc = copy_all(&c, force, report, arg)) != 0)
		db_rollback(c.dst);
	else if (db_commit(c.dst) != DB_OK)
		rc = cfail(&c, "target: COMMIT: %s", db_errmsg(c.dst));
	else if (!db_is_sqlite(c.dst) && db_exec(c.dst, "ANALYZE") != DB_OK) /* the planner's figures for the new rows */
		rc = cfail(&c, "target: ANALYZE: %s", db_errmsg(c.dst));
out:
	if (c.src && !db_is_sqlite(c.src))
		db_rollback(c.src); /* it only read */
	store_close(dst);
	store_close(src);
	return rc;
}
