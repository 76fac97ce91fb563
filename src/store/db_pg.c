/* db_pg.c: the PostgreSQL driver of db.h (libpq, --with-postgresql): named prepared statements with ?N rewritten to $N, text-format rows stepped over a PGresult, transactions, SQLSTATE classes. */
#include "store/db.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* type oids of the columns read as numbers (pg_type.h is a server header) */
#define OID_BOOL 16
#define OID_BYTEA 17
#define OID_INT8 20
#define OID_INT2 21
#define OID_INT4 23
#define OID_TEXT 25
#define OID_FLOAT4 700
#define OID_FLOAT8 701
#define OID_NUMERIC 1700

/* serialises larder init's migrations across processes (pg_advisory_xact_lock) */
#define INIT_LOCK_KEY 7426001

struct pstmt;

/* the session's plan_cache_mode as the driver last set it (unknown: a transaction that set it was rolled back) */
enum plan_mode { MODE_UNKNOWN, MODE_CUSTOM, MODE_AUTO, MODE_GENERIC };
/* each mode's mark at the start of a statement (db.h) and the SET that puts the session in it */
static const struct { const char *mark, *set; } plan_modes[] = {
	[MODE_CUSTOM] = { "", "SET plan_cache_mode = force_custom_plan" },
	[MODE_AUTO] = { DB_GENERIC, "SET plan_cache_mode = auto" },
	[MODE_GENERIC] = { DB_GENERIC_PLAN, "SET plan_cache_mode = force_generic_plan" },
};

struct pdb {
	struct db base;
	PGconn *c;
	struct pstmt *stmts;      /* every prepared statement, prepared again after a reconnect */
	unsigned long next_name;  /* statements are named l1, l2, … on the connection */
	int64_t changes;
	bool begin_pending;       /* db_begin was called: BEGIN goes out with the next statement (see run) */
	bool tx_seen;             /* a transaction was open after the last exchange with the server */
	bool tx_lost;             /* the connection was opened again while one was open: it failed (see reconnect) */
	enum plan_mode mode;      /* plan_cache_mode now (see run) */
	struct pstmt **queue;     /* PREPAREs sent and not yet answered, in order (see queue_prepare) */
	size_t nqueued, capqueue;
	bool mode_in_tx;          /* it was set inside the open transaction: its rollback sets it back */
	int64_t *marks;           /* the search rows changed since the words were last written (db_pg_take_marks) */
	size_t nmarks, capmarks;
	bool marks_lost;          /* out of memory noting one: the transaction fails at its COMMIT */
	int (*on_marked)(void *);  /* writes the marked rows' words (db_pg_on_marked) */
	void *on_marked_arg;
	bool in_hook;
	char err[512];
};

struct pstmt {
	struct db_stmt base;
	char name[24];
	int nparams;
	const char **vals;        /* text of each parameter (NULL: SQL NULL); bytea in binary format */
	int *lens, *fmts;
	char (*num)[32];          /* the text of numbers bound */
	PGresult *res;            /* the rows of the running execution */
	int row, nrows;           /* current row (-1: not executed) */
	bool guard;               /* an INSERT: run under a savepoint inside a transaction (see run) */
	bool reads;               /* a SELECT: safe to run again on a new connection (see run) */
	enum plan_mode plan;      /* MODE_AUTO marked DB_GENERIC, MODE_GENERIC marked DB_GENERIC_PLAN, else MODE_CUSTOM (see run) */
	int refused;              /* its queued PREPARE failed: the class it answers when run, why the server's words */
	char *why;
	unsigned char *bytes;     /* the last bytea column read (PQunescapeBytea) */
	char *text;               /* the SQL as prepared ($N), and its parameters' types, for a reconnect */
	Oid *types;
	struct pstmt *next, **prev;
};

#define D(db) ((struct pdb *)(db))
#define P(st) ((struct pstmt *)(st))

/* records the message of a failed result (or of the connection) and answers its class by SQLSTATE */
static int fail(struct pdb *d, const PGresult *r)
{
	const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
	const char *msg = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
	snprintf(d->err, sizeof d->err, "%s", msg ? msg : PQerrorMessage(d->c));
	d->err[strcspn(d->err, "\n")] = '\0';
	if (!state)
		return DB_E_OTHER;
	if (!strcmp(state, "40001") || !strcmp(state, "40P01") || !strcmp(state, "55P03"))
		return DB_E_BUSY;
	if (!strcmp(state, "23505"))
		return DB_E_UNIQUE;
	if (!strcmp(state, "23503"))
		return DB_E_FOREIGN;
	if (!strncmp(state, "23", 2))
		return DB_E_CONSTRAINT;
	if (!strcmp(state, "57014"))
		return DB_E_INTERRUPT;
	if (!strcmp(state, "53200"))
		return DB_E_NOMEM;
	if (!strncmp(state, "22", 2)) {
		/* a data exception quotes the value after a colon ("invalid input syntax for type uuid: \"…\""): the
		 * message is kept without it, as it reaches the admin's log (store_fail), which holds no user data */
		char *colon = strstr(d->err, ": ");
		if (colon)
			*colon = '\0';
		return DB_E_QUERY;
	}
	if (!strncmp(state, "42", 2))
		return DB_E_QUERY;
	return DB_E_OTHER;
}

/* notes whether a transaction is open, while the connection can tell */
static void seen(struct pdb *d)
{
	if (PQstatus(d->c) == CONNECTION_OK)
		d->tx_seen = PQtransactionStatus(d->c) != PQTRANS_IDLE;
}

/* a result that should have no rows: DB_OK, or its failure */
static int command(struct pdb *d, PGresult *r)
{
	ExecStatusType t = PQresultStatus(r);
	seen(d);
	int rc = t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK || t == PGRES_EMPTY_QUERY ? DB_OK : fail(d, r);
	PQclear(r);
	return rc;
}

/* The SQL with SQLite's parameters ?N (and bare ?, numbered on) as PostgreSQL's $N, outside quotes;
 * *nparams the highest number, seen[k - 1] set for each $k written (seen has strlen(sql) + 1 bytes, zeroed).
 * NULL when out of memory. */
static char *rewrite_params(const char *sql, int *nparams, unsigned char *seen)
{
	size_t n = strlen(sql), marks = 0;
	char *out, *o;
	for (const char *p = sql; *p; p++)
		marks += *p == '?';
	out = o = malloc(n + marks * 10 + 1); /* a bare ? becomes $ and up to 10 digits */
	int next = 0, max = 0;
	char quote = 0;
	if (!out)
		return NULL;
	for (const char *p = sql; *p; p++) {
		if (quote) {
			quote = *p == quote ? 0 : quote;
			*o++ = *p;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
			*o++ = *p;
		} else if (*p == '?') {
			int k = 0;
			while (p[1] >= '0' && p[1] <= '9')
				k = k * 10 + (*++p - '0');
			if (!k)
				k = ++next;
			else
				next = k;
			max = k > max ? k : max;
			if ((size_t)k <= n + 1)
				seen[k - 1] = 1;
			o += sprintf(o, "$%d", k);
		} else
			*o++ = *p;
	}
	*o = '\0';
	*nparams = max;
	return out;
}

static void stmt_free(struct pstmt *s)
{
	if (s->prev) { /* off the connection's list */
		*s->prev = s->next;
		if (s->next)
			s->next->prev = s->prev;
	}
	free(s->text);
	free(s->why);
	free(s->types);
	free(s->vals);
	free(s->lens);
	free(s->fmts);
	free(s->num);
	free(s);
}

/* The settings of every session of the store's:
 * - each execution planned for its parameters: statements are prepared once per process, often while the
 *   tables are still empty, and a generic plan chosen then (a sequential scan) would stay until the next
 *   ANALYZE (the store's statements are small; a lookup by slug went from 0.7 to 0.007 ms);
 * - sequential scans left for when no index serves: the planner prices a scan of item_search by its small
 *   heap, not by the tsvectors each row's match must read from TOAST, so it scanned 20,000 articles (110 ms)
 *   for a word a few of them hold, where the GIN index answers in 6 ms (bench/search_bench);
 * - no JIT: a scan so priced is past jit_above_cost, and compiling a plan takes 15-70 ms, a gain for long
 *   analytic queries, not for the store's. */
static bool session_setup(struct pdb *d)
{
	PGresult *r = PQexec(d->c, "SET plan_cache_mode = force_custom_plan; SET enable_seqscan = off; SET jit = off;"
	                           " SET client_min_messages = notice");
	bool set = PQresultStatus(r) == PGRES_COMMAND_OK;
	PQclear(r);
	d->mode = set ? MODE_CUSTOM : MODE_UNKNOWN;
	d->mode_in_tx = false;
	return set;
}

/* A connection the server dropped (a restart, a failover, an idle timeout) is opened again, with the
 * session's settings and every statement prepared again, so a long-lived FastCGI process outlives its
 * server's restarts. A transaction that was open is gone with the old connection (its caller already had
 * the failure). */
static void drain(struct pdb *d);

static int reconnect(struct pdb *d)
{
	drain(d);
	d->begin_pending = false;
	d->tx_lost |= d->tx_seen; /* everything until db_rollback or db_commit fails */
	d->tx_seen = false;
	PQreset(d->c);
	if (PQstatus(d->c) != CONNECTION_OK || !session_setup(d)) {
		snprintf(d->err, sizeof d->err, "the connection to the PostgreSQL server was lost: %.*s",
		         (int)strcspn(PQerrorMessage(d->c), "\n"), PQerrorMessage(d->c));
		return DB_E_OTHER;
	}
	for (struct pstmt *s = d->stmts; s; s = s->next) {
		int rc = command(d, PQprepare(d->c, s->name, s->text, s->nparams, s->types));
		if (rc != DB_OK)
			return rc;
	}
	return DB_OK;
}

/* A kept statement prepared outside a transaction is not waited for: its PREPARE goes into a pipeline, behind a
 * sync of its own (a failure aborts nothing else), and drain reads the answers before anything else is sent, so
 * store_open's prepare of every statement of the store (about 200) is one exchange with the server, not one
 * each. A statement the server refused is taken off the connection's list (a reconnect does not prepare it
 * again) and fails, with the server's words, when it is run. False: not queued (nothing sent). */
static bool queue_prepare(struct pdb *d, struct pstmt *s)
{
	if (d->nqueued == d->capqueue) {
		size_t ncap = d->capqueue ? d->capqueue * 2 : 64;
		struct pstmt **nq = realloc(d->queue, ncap * sizeof *nq);
		if (!nq)
			return false;
		d->queue = nq;
		d->capqueue = ncap;
	}
	if (!d->nqueued && !PQenterPipelineMode(d->c))
		return false;
	d->queue[d->nqueued++] = s; /* (a send that fails shows in drain as a lost connection) */
	PQsendPrepare(d->c, s->name, s->text, s->nparams, s->types);
	PQpipelineSync(d->c);
	return true;
}

/* the answers to the queued PREPAREs (see queue_prepare); a connection lost meanwhile leaves every statement
 * listed, for the reconnect to prepare */
static void drain(struct pdb *d)
{
	PGresult *r;
	if (!d->nqueued)
		return;
	for (size_t i = 0; i < d->nqueued; i++) {
		struct pstmt *s = d->queue[i];
		while ((r = PQgetResult(d->c)) != NULL) {
			if (PQresultStatus(r) == PGRES_FATAL_ERROR && !s->refused && PQresultErrorField(r, PG_DIAG_SQLSTATE)) {
				char why[sizeof d->err + 100];
				s->refused = fail(d, r);
				snprintf(why, sizeof why, "cannot prepare \"%.60s%s\": %s", s->text, strlen(s->text) > 60 ? "…" : "", d->err);
				free(s->why);
				s->why = strdup(why);
			}
			PQclear(r);
		}
		while ((r = PQgetResult(d->c)) != NULL) { /* its sync */
			ExecStatusType t = PQresultStatus(r);
			PQclear(r);
			if (t == PGRES_PIPELINE_SYNC)
				break;
		}
	}
	bool up = PQstatus(d->c) == CONNECTION_OK;
	for (size_t i = 0; i < d->nqueued; i++) {
		struct pstmt *s = d->queue[i];
		if (!up)
			s->refused = 0;
		else if (s->refused && s->prev) { /* off the list: nothing of it on the server */
			*s->prev = s->next;
			if (s->next)
				s->next->prev = s->prev;
			s->prev = NULL;
		}
	}
	d->nqueued = 0;
	PQexitPipelineMode(d->c);
}

/* DB_OK when the connection is up, or could be opened again */
static int ensure(struct pdb *d)
{
	return PQstatus(d->c) == CONNECTION_OK ? DB_OK : reconnect(d);
}

/* after a failure: true when it was the server dropping the connection, now opened again (the caller may
 * then send once more what cannot have been committed) */
static bool reopened(struct pdb *d)
{
	return PQstatus(d->c) == CONNECTION_BAD && reconnect(d) == DB_OK;
}

/* the failure of every call in a transaction the drop of its connection ended, up to its rollback */
static int lost(struct pdb *d)
{
	snprintf(d->err, sizeof d->err, "the transaction was lost with the connection to the PostgreSQL server");
	return DB_E_OTHER;
}

static bool p_in_tx(struct db *db);

static int p_prepare(struct db *db, const char *sql, bool keep, struct db_stmt **out)
{
	struct pdb *d = D(db);
	struct pstmt *s = calloc(1, sizeof *s);
	unsigned char *seen = calloc(strlen(sql) + 1, 1);
	Oid *types = NULL;
	char *text = NULL;
	int rc = DB_E_NOMEM, n = 0;
	*out = NULL;
	if (!s || !seen || !(text = rewrite_params(sql, &n, seen)) || !(types = calloc((size_t)n + 1, sizeof *types)))
		goto fail;
	for (int i = 0; i < n; i++) /* a parameter the text never names (bound all the same): text, so it prepares */
		types[i] = seen[i] ? 0 : OID_TEXT;
	s->nparams = n;
	s->vals = calloc((size_t)n + 1, sizeof *s->vals);
	s->lens = calloc((size_t)n + 1, sizeof *s->lens);
	s->fmts = calloc((size_t)n + 1, sizeof *s->fmts);
	s->num = calloc((size_t)n + 1, sizeof *s->num);
	if (!s->vals || !s->lens || !s->fmts || !s->num)
		goto fail;
	snprintf(s->name, sizeof s->name, "l%lu", ++d->next_name);
	s->plan = MODE_CUSTOM;
	for (enum plan_mode m = MODE_AUTO; m <= MODE_GENERIC; m++)
		if (strncmp(sql, plan_modes[m].mark, strlen(plan_modes[m].mark)) == 0)
			s->plan = m;
	const char *verb = sql + strlen(plan_modes[s->plan].mark);
	verb += strspn(verb, " \t\n");
	s->guard = strncasecmp(verb, "INSERT", 6) == 0;
	s->reads = strncasecmp(verb, "SELECT", 6) == 0;
	if ((rc = ensure(d)) != DB_OK)
		goto fail;
	s->text = text; /* (every statement is named; finalize deallocates it) */
	s->types = types;
	if (!keep || p_in_tx(db) || !queue_prepare(d, s)) {
		drain(d);
		/* (preparing twice is harmless: a connection found dropped here is opened again and asked once more) */
		if ((rc = command(d, PQprepare(d->c, s->name, text, n, types))) != DB_OK && reopened(d))
			rc = command(d, PQprepare(d->c, s->name, text, n, types));
		if (rc != DB_OK) {
			s->text = NULL;
			s->types = NULL;
			goto fail;
		}
	}
	if ((s->next = d->stmts) != NULL)
		s->next->prev = &s->next;
	d->stmts = s;
	s->prev = &d->stmts;
	free(seen);
	s->base.db = db;
	s->row = -1;
	*out = &s->base;
	return DB_OK;
fail:
	if (rc == DB_E_NOMEM)
		snprintf(d->err, sizeof d->err, "out of memory");
	free(text);
	free(types);
	free(seen);
	if (s)
		stmt_free(s);
	return rc;
}

static int p_reset(struct db_stmt *st)
{
	struct pstmt *s = P(st);
	PQclear(s->res);
	PQfreemem(s->bytes);
	s->res = NULL;
	s->bytes = NULL;
	s->row = -1;
	s->nrows = 0;
	for (int i = 0; i < s->nparams; i++) {
		s->vals[i] = NULL;
		s->lens[i] = s->fmts[i] = 0;
	}
	return DB_OK;
}

static void p_finalize(struct db_stmt *st)
{
	struct pstmt *s = P(st);
	char sql[48];
	p_reset(st);
	drain(D(st->db));
	if (PQstatus(D(st->db)->c) == CONNECTION_OK && !s->refused) {
		snprintf(sql, sizeof sql, "DEALLOCATE %s", s->name);
		PQclear(PQexec(D(st->db)->c, sql));
	}
	stmt_free(s);
}

static int p_param_count(struct db_stmt *st) { return P(st)->nparams; }

/* the slot of parameter idx (1-based), NULL when out of range */
static struct pstmt *slot(struct db_stmt *st, int idx)
{
	return idx >= 1 && idx <= P(st)->nparams ? P(st) : NULL;
}

static int p_bind_int64(struct db_stmt *st, int idx, int64_t v)
{
	struct pstmt *s = slot(st, idx);
	if (!s)
		return DB_E_OTHER;
	snprintf(s->num[idx - 1], sizeof s->num[0], "%lld", (long long)v);
	s->vals[idx - 1] = s->num[idx - 1];
	s->fmts[idx - 1] = 0;
	return DB_OK;
}

static int p_bind_double(struct db_stmt *st, int idx, double v)
{
	struct pstmt *s = slot(st, idx);
	if (!s)
		return DB_E_OTHER;
	snprintf(s->num[idx - 1], sizeof s->num[0], "%.17g", v);
	s->vals[idx - 1] = s->num[idx - 1];
	s->fmts[idx - 1] = 0;
	return DB_OK;
}

static int p_bind_text(struct db_stmt *st, int idx, const char *v)
{
	struct pstmt *s = slot(st, idx);
	if (!s)
		return DB_E_OTHER;
	s->vals[idx - 1] = v;
	s->fmts[idx - 1] = 0;
	return DB_OK;
}

static int p_bind_blob(struct db_stmt *st, int idx, const void *v, size_t n)
{
	struct pstmt *s = slot(st, idx);
	if (!s || n > INT32_MAX)
		return DB_E_OTHER;
	s->vals[idx - 1] = v;
	s->lens[idx - 1] = (int)n;
	s->fmts[idx - 1] = 1;
	return DB_OK;
}

static int p_bind_null(struct db_stmt *st, int idx) { return p_bind_text(st, idx, NULL); }

static int p_exec(struct db *db, const char *script);
static bool p_in_tx(struct db *db);
static int marked_hook(struct pdb *d);

/* sends a statement without parameters into the pipeline */
static bool send_plain(struct pdb *d, const char *sql)
{
	return PQsendQueryParams(d->c, sql, 0, NULL, NULL, NULL, NULL, 0) == 1;
}

/* Reads the pipeline's results up to its sync: the statement's (the wanted'th query sent, from 0) is kept;
 * when an earlier one failed (BEGIN, SAVEPOINT), that failure is answered instead. NULL: the connection failed. */
static PGresult *collect(struct pdb *d, int queries, int wanted)
{
	PGresult *keep = NULL, *r;
	for (int q = 0; q < queries; q++) {
		while ((r = PQgetResult(d->c)) != NULL) {
			ExecStatusType t = PQresultStatus(r);
			bool failed = t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK && t != PGRES_PIPELINE_ABORTED;
			if (!keep && (q == wanted || failed))
				keep = r;
			else
				PQclear(r);
		}
		if (PQstatus(d->c) != CONNECTION_OK)
			break;
	}
	while ((r = PQgetResult(d->c)) != NULL) { /* the sync */
		ExecStatusType t = PQresultStatus(r);
		PQclear(r);
		if (t == PGRES_PIPELINE_SYNC || PQstatus(d->c) != CONNECTION_OK)
			break;
	}
	return keep;
}

/* Runs the statement with, before it, the BEGIN db_begin deferred, the SET of plan_cache_mode it needs (set) and,
 * around it, a savepoint (guard): all sent in one pipeline, so the server is waited for once, not up to five
 * times. (The SET goes before the savepoint, which a failed INSERT is rolled back to.) */
static PGresult *run_pipelined(struct pdb *d, struct pstmt *s, bool begin, bool guard, const char *set)
{
	int queries = 0, wanted = 0;
	PGresult *r;
	if (!PQenterPipelineMode(d->c))
		return NULL;
	bool sent = true;
	if (begin)
		queries += sent = send_plain(d, "BEGIN");
	if (sent && set)
		queries += sent = send_plain(d, set);
	if (sent && guard)
		queries += sent = send_plain(d, "SAVEPOINT larder_stmt");
	wanted = queries;
	if (sent)
		queries += sent = PQsendQueryPrepared(d->c, s->name, s->nparams, s->vals, s->lens, s->fmts, 0) == 1;
	if (sent && guard)
		queries += sent = send_plain(d, "RELEASE SAVEPOINT larder_stmt");
	sent = PQpipelineSync(d->c) == 1 && sent;
	r = collect(d, queries, wanted);
	PQexitPipelineMode(d->c);
	if (!sent && (!r || PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK)) {
		PQclear(r);
		return NULL; /* the caller reads PQerrorMessage */
	}
	return r;
}

/* Runs the statement. A failed statement aborts a PostgreSQL transaction, where SQLite's goes on: the
 * store inserts, finds a conflict and carries on in the same transaction (a taken id, a label made
 * meanwhile), so an INSERT inside a transaction runs under a savepoint it rolls back to on failure.
 * A statement marked DB_GENERIC runs under plan_cache_mode = auto, one marked DB_GENERIC_PLAN under
 * force_generic_plan, any other under the session's force_custom_plan (plan_modes): the SET goes out in the
 * statement's pipeline when the mode changes (a save's statements, marked alike, set it once or twice). Inside a
 * transaction the SET is undone by its rollback. */
static PGresult *run(struct pdb *d, struct pstmt *s, bool again)
{
	bool begin = d->begin_pending, guard, idle; /* (read first: a reconnect clears it) */
	enum plan_mode want = s->plan;
	const char *set = NULL;
	PGresult *r;
	drain(d);
	if (ensure(d) != DB_OK || d->tx_lost)
		return NULL; /* the caller reads why (p_step) */
	d->begin_pending = false;
	idle = PQtransactionStatus(d->c) == PQTRANS_IDLE;
	guard = s->guard && (begin || !idle);
	if (d->mode != want) {
		set = plan_modes[want].set;
		d->mode = MODE_UNKNOWN; /* until the answer says it was set */
		d->mode_in_tx |= begin || !idle;
	}
	if (!begin && !guard && !set)
		r = PQexecPrepared(d->c, s->name, s->nparams, s->vals, s->lens, s->fmts, 0);
	else
		r = run_pipelined(d, s, begin, guard, set);
	/* The server went away under this statement. When nothing can have been committed by it (the
	 * transaction began in this very pipeline, or a SELECT outside a transaction), it runs once more on a
	 * new connection; a write outside a transaction may have been committed, so that one reports the loss. */
	if (!again && (begin || (s->reads && idle)) && reopened(d)) {
		PQclear(r);
		d->begin_pending = begin;
		return run(d, s, true);
	}
	seen(d);
	ExecStatusType t = PQresultStatus(r);
	if (set && (t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK))
		d->mode = want;
	if (guard && t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK && PQtransactionStatus(d->c) == PQTRANS_INERROR)
		p_exec(&d->base, "ROLLBACK TO SAVEPOINT larder_stmt"); /* the caller reads the failure from r */
	return r;
}

/* the first step runs the statement and keeps its rows; later steps move along them */
static int p_step(struct db_stmt *st)
{
	struct pstmt *s = P(st);
	struct pdb *d = D(st->db);
	if (s->row < 0) {
		drain(d);
		if (s->refused) {
			snprintf(d->err, sizeof d->err, "%s", s->why ? s->why : "the statement was refused");
			return s->refused;
		}
		PGresult *r = run(d, s, false);
		if (!r && d->tx_lost)
			return lost(d);
		ExecStatusType t = PQresultStatus(r);
		if (t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK) {
			int rc = fail(d, r);
			PQclear(r);
			return rc;
		}
		d->changes = strtoll(PQcmdTuples(r), NULL, 10);
		s->res = r;
		s->nrows = PQntuples(r);
		s->row = 0;
		if (d->nmarks && !p_in_tx(st->db)) { /* a write outside a transaction changed a search row */
			int64_t changes = d->changes;
			marked_hook(d); /* a failure leaves the row's old words until its next change (logged by the store) */
			d->changes = changes;
		}
	} else if (s->row < s->nrows)
		s->row++;
	return s->row < s->nrows ? DB_ROW : DB_DONE;
}

static bool has_value(struct pstmt *s, int col)
{
	return s->res && s->row < s->nrows && col >= 0 && col < PQnfields(s->res) && !PQgetisnull(s->res, s->row, col);
}

static enum db_type p_col_type(struct db_stmt *st, int col)
{
	struct pstmt *s = P(st);
	if (!has_value(s, col))
		return DB_NULL;
	switch (PQftype(s->res, col)) {
	case OID_BOOL: case OID_INT2: case OID_INT4: case OID_INT8: return DB_INT;
	case OID_FLOAT4: case OID_FLOAT8: case OID_NUMERIC: return DB_REAL;
	case OID_BYTEA: return DB_BLOB;
	default: return DB_TEXT;
	}
}

static int64_t p_col_int64(struct db_stmt *st, int col)
{
	struct pstmt *s = P(st);
	const char *v;
	if (!has_value(s, col))
		return 0;
	v = PQgetvalue(s->res, s->row, col);
	if (PQftype(s->res, col) == OID_BOOL)
		return v[0] == 't';
	if (PQftype(s->res, col) == OID_FLOAT4 || PQftype(s->res, col) == OID_FLOAT8 || PQftype(s->res, col) == OID_NUMERIC)
		return (int64_t)strtod(v, NULL);
	return strtoll(v, NULL, 10);
}

static double p_col_double(struct db_stmt *st, int col)
{
	struct pstmt *s = P(st);
	return has_value(s, col) ? strtod(PQgetvalue(s->res, s->row, col), NULL) : 0;
}

static const char *p_col_text(struct db_stmt *st, int col, size_t *len)
{
	struct pstmt *s = P(st);
	if (len)
		*len = 0;
	if (!has_value(s, col))
		return NULL;
	if (len)
		*len = (size_t)PQgetlength(s->res, s->row, col);
	return PQgetvalue(s->res, s->row, col);
}

static const void *p_col_bytes(struct db_stmt *st, int col, size_t *len)
{
	struct pstmt *s = P(st);
	*len = 0;
	if (!has_value(s, col))
		return NULL;
	if (PQftype(s->res, col) != OID_BYTEA)
		return p_col_text(st, col, len);
	PQfreemem(s->bytes);
	s->bytes = PQunescapeBytea((const unsigned char *)PQgetvalue(s->res, s->row, col), len);
	return s->bytes;
}

/* a deferred BEGIN, sent now (before a statement that is not pipelined) */
static int flush_begin(struct pdb *d)
{
	drain(d);
	int rc = ensure(d);
	if (rc != DB_OK || !d->begin_pending)
		return rc;
	d->begin_pending = false;
	if ((rc = command(d, PQexec(d->c, "BEGIN"))) != DB_OK && reopened(d))
		rc = command(d, PQexec(d->c, "BEGIN")); /* a BEGIN the server never saw */
	return rc;
}

static int p_exec(struct db *db, const char *script)
{
	int rc = flush_begin(D(db));
	if (rc != DB_OK)
		return rc;
	return D(db)->tx_lost ? lost(D(db)) : command(D(db), PQexec(D(db)->c, script));
}

/* BEGIN is not sent yet: it goes out with the transaction's first statement (run), saving a round trip */
static int p_begin(struct db *db)
{
	if (p_in_tx(db)) {
		snprintf(D(db)->err, sizeof D(db)->err, "a transaction is already open");
		return DB_E_OTHER;
	}
	D(db)->begin_pending = true;
	return DB_OK;
}

/* COMMIT of a transaction a failure aborted answers ROLLBACK: that is a failure too */
static int p_commit(struct db *db)
{
	PGresult *r;
	int rc;
	drain(D(db));
	if (D(db)->begin_pending) { /* nothing was run */
		D(db)->begin_pending = false;
		return DB_OK;
	}
	if (D(db)->tx_lost || PQstatus(D(db)->c) != CONNECTION_OK) {
		D(db)->tx_lost = false;
		return lost(D(db));
	}
	if ((rc = marked_hook(D(db))) != DB_OK)
		return rc;
	r = PQexec(D(db)->c, "COMMIT");
	seen(D(db));
	if (D(db)->mode_in_tx && (PQresultStatus(r) != PGRES_COMMAND_OK || strcmp(PQcmdStatus(r), "COMMIT") != 0))
		D(db)->mode = MODE_UNKNOWN; /* a SET of the transaction was rolled back with it */
	D(db)->mode_in_tx = false;
	if (PQresultStatus(r) == PGRES_COMMAND_OK && strcmp(PQcmdStatus(r), "ROLLBACK") == 0) {
		snprintf(D(db)->err, sizeof D(db)->err, "the transaction was aborted by an earlier failure");
		PQclear(r);
		return DB_E_OTHER;
	}
	rc = command(D(db), r);
	return rc;
}

static bool p_in_tx(struct db *db)
{
	/* (PREPAREs are queued outside a transaction only, and the status says busy while they are) */
	return D(db)->begin_pending || D(db)->tx_lost || (!D(db)->nqueued && PQtransactionStatus(D(db)->c) != PQTRANS_IDLE);
}

/* nothing to send when BEGIN was not, or when the connection is gone (the server rolled back) */
static int p_rollback(struct db *db)
{
	struct pdb *d = D(db);
	drain(d);
	d->begin_pending = d->tx_lost = false;
	d->nmarks = 0;
	d->marks_lost = false;
	if (d->mode_in_tx)
		d->mode = MODE_UNKNOWN; /* a SET of the transaction is undone by the rollback */
	d->mode_in_tx = false;
	if (PQstatus(d->c) != CONNECTION_OK) {
		d->tx_seen = false;
		return DB_OK;
	}
	return PQtransactionStatus(d->c) != PQTRANS_IDLE ? p_exec(db, "ROLLBACK") : DB_OK;
}
static int64_t p_changes(struct db *db) { return D(db)->changes; }
static int64_t p_last_id(struct db *db) { return 0; }
static const char *p_errmsg(struct db *db) { return D(db)->err[0] ? D(db)->err : "no error"; }
/* no hook between rows of a running statement; a search's budget will be statement_timeout */
static void p_set_progress(struct db *db, int every, int (*fn)(void *), void *arg) {}

/* one integer from a query without parameters */
static int query_int(struct pdb *d, const char *sql, int *v)
{
	int rc = flush_begin(d);
	if (rc != DB_OK)
		return rc;
	PGresult *r = PQexec(d->c, sql);
	seen(d);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		rc = fail(d, r);
		PQclear(r);
		return rc;
	}
	*v = PQntuples(r) > 0 && !PQgetisnull(r, 0, 0) ? atoi(PQgetvalue(r, 0, 0)) : 0;
	PQclear(r);
	return DB_OK;
}

/* the version in larder_schema (0 before the first migration); inside a transaction (larder init) it first
 * takes the init lock, so concurrent inits apply each migration once */
static int p_version(struct db *db, int *v)
{
	char sql[80];
	int rc, have = 0;
	*v = -1;
	if (p_in_tx(db)) {
		snprintf(sql, sizeof sql, "SELECT 0 FROM pg_advisory_xact_lock(%d)", INIT_LOCK_KEY);
		if ((rc = query_int(D(db), sql, &have)) != DB_OK)
			return rc;
	}
	/* pg_tables, read with the statement's snapshot, sees a table another init made while this one waited
	 * on the lock (to_regclass's catalog cache may not yet) */
	if ((rc = query_int(D(db), "SELECT count(*) FROM pg_catalog.pg_tables"
	                    " WHERE schemaname = current_schema() AND tablename = 'larder_schema'", &have)) != DB_OK)
		return rc;
	if (!have) {
		*v = 0;
		return DB_OK;
	}
	return query_int(D(db), "SELECT max(version) FROM larder_schema", v);
}

static int p_set_version(struct db *db, int v)
{
	char sql[200];
	snprintf(sql, sizeof sql, "CREATE TABLE IF NOT EXISTS larder_schema (version integer NOT NULL);"
	         " DELETE FROM larder_schema; INSERT INTO larder_schema (version) VALUES (%d)", v);
	return p_exec(db, sql);
}

static void p_close(struct db *db)
{
	PQfinish(D(db)->c);
	free(D(db)->queue);
	free(D(db)->marks);
	free(db);
}

static const struct db_ops pg_ops = DB_OPS_TABLE(p, "postgresql");

/* NOTICEs (CREATE … IF NOT EXISTS) are not errors; one is a signal: the trigger item_search_words
 * (db/pg/028_search_words_c.sql) says the search row SEQ changed ("larder_search_marked SEQ") and its words
 * are due */
static void notice(void *arg, const char *message)
{
	const char *m = strstr(message, "larder_search_marked ");
	if (m)
		db_pg_mark(&((struct pdb *)arg)->base, strtoll(m + strlen("larder_search_marked "), NULL, 10));
}

void db_pg_mark(struct db *db, int64_t seq)
{
	struct pdb *d = D(db);
	if (d->nmarks == d->capmarks) {
		size_t ncap = d->capmarks ? d->capmarks * 2 : 64;
		int64_t *nm = realloc(d->marks, ncap * sizeof *nm);
		if (!nm) {
			d->marks_lost = true;
			return;
		}
		d->marks = nm;
		d->capmarks = ncap;
	}
	d->marks[d->nmarks++] = seq;
}

size_t db_pg_take_marks(struct db *db, int64_t *out, size_t max)
{
	struct pdb *d = D(db);
	size_t n = d->nmarks < max ? d->nmarks : max;
	d->nmarks -= n;
	memcpy(out, d->marks + d->nmarks, n * sizeof *out);
	return n;
}

void db_pg_on_marked(struct db *db, int (*fn)(void *arg), void *arg)
{
	D(db)->on_marked = fn;
	D(db)->on_marked_arg = arg;
}

/* the marked rows' words written: before a COMMIT, and after a statement that ran (and committed) outside a
 * transaction, in a transaction of its own */
static int marked_hook(struct pdb *d)
{
	int rc;
	if (d->marks_lost) {
		snprintf(d->err, sizeof d->err, "out of memory noting the search rows to index");
		return DB_E_NOMEM;
	}
	if (!d->nmarks || !d->on_marked || d->in_hook)
		return DB_OK;
	d->in_hook = true;
	rc = d->on_marked(d->on_marked_arg);
	d->in_hook = false;
	return rc;
}

int db_pg_open(const char *url, struct db **out, char *err, size_t errlen)
{
	struct pdb *d = calloc(1, sizeof *d);
	*out = NULL;
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return DB_E_NOMEM;
	}
	d->base.ops = &pg_ops;
	d->c = PQconnectdb(url);
	if (!d->c || PQstatus(d->c) != CONNECTION_OK) {
		const char *m = d->c ? PQerrorMessage(d->c) : "out of memory";
		snprintf(err, errlen, "cannot connect to the PostgreSQL server: %.*s", (int)strcspn(m, "\n"), m);
		p_close(&d->base);
		return DB_E_OTHER;
	}
	PQsetNoticeProcessor(d->c, notice, d);
	if (!session_setup(d)) {
		snprintf(err, errlen, "PostgreSQL refused a session setting: %.*s", (int)strcspn(PQerrorMessage(d->c), "\n"),
		         PQerrorMessage(d->c));
		p_close(&d->base);
		return DB_E_OTHER;
	}
	*out = &d->base;
	return DB_OK;
}
