/* search.c: compiles a parsed search query to SQL over library_items and the full-text index (SQLite's FTS5, PostgreSQL's tsvector), and runs it; the only place that builds search SQL. */
#include "store/search.h"
#include "store/search_pg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/search_query.h"
#include "store/search_rank.h"
#include "store/store_int.h"
#include "store/words.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"

/*
 * How a page is found (the plan that keeps a common word cheap; figures from bench/search-bench over
 * 100,000 articles of ~1,000 words on 2 cores):
 *
 * The conjuncts of the query that are pure full text (words, phrases, title:/author:/description:/note:/
 * site:, joined by AND/OR, and negated ones) become one FTS5 expression, the "main match". Everything else
 * (and full text nested under a mixed OR) is an SQL condition on library_items, text through
 * `seq IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)`.
 *
 * With a main match, one probe reads the rowids of the (RANK_MAX + 1)-th and the WINDOW-th newest
 * matches (FTS5 streams rowids in order without scoring: ~0.2 ms):
 *  - at most RANK_MAX matches: the FTS table drives the join (CROSS JOIN) and every match is scored with
 *    larder_rank (title, author, site, description, labels and notes weigh more than body text): relevance
 *    first, then the requested or default order. Each match costs ~5-8 us (the rank, the row, the sorter),
 *    so RANK_MAX bounds this at ~2 ms.
 *  - more: no ranking (scoring 25,000 documents is the 10-40 ms of DESIGN.md). Rows are read in the sort
 *    order through the user's saved/updated index, and the scan stops at the page's end. Membership is
 *    tested against the WINDOW newest matches (oldest for an -asc sort), materialized once (FTS5 reads
 *    only rowids >= the window's edge), and rows outside the window are probed one by one (EXISTS with
 *    rowid = seq, ~70 us each). Since seq follows insertion and saved/updated mostly follow seq, nearly
 *    every row the scan meets is in the window; a re-saved old item is one probe. Either branch is an
 *    exact membership test, so results never depend on the window, only the cost does. Sorts with no
 *    index (published, read, wordscount) materialize the whole match set instead (~0.2 us a match).
 * The index is partitioned per owner (fts.c): every count, probe and score above reads only the caller's
 * own tokens, so no result, order or total depends on another user's rows.
 * The trade-off: a query matching more than RANK_MAX of the caller's documents lists its matches in the
 * sort order (newest first) instead of most relevant first; a second word, a phrase or title: narrows it and brings ranking back. The choice depends only on the query and
 * the data, so offsets stay stable while paging.
 *
 * totalCount is a separate count(*) (FTS-driven when there is a main match: ~0.5 us a match), run only
 * when asked (PostgreSQL: words alone are counted on the GIN index's own rows less the trash, see total()).
 *
 * PostgreSQL (db/pg/006_search_owner.sql, db/pg/028_search_words_c.sql): the same tree becomes a tsquery over
 * item_search.tsv (GIN), each user word a bound tsquery literal made here from words.c's tokens as the
 * FTS5 expression is (search_pg.c: a word in any of its forms is the OR of its stems, a phrase or a field's
 * words as written with <->, a prefix :*), over the lexemes search_pg.c wrote for the row (each behind the
 * owner's key, so the GIN index reads the caller's postings only). The main match is counted from the GIN
 * index among the owner's rows (up to WINDOW: pg_probe, with the owner's count of items from user_usage):
 *  - at most RANK_MAX, ranked (pg_ranked): one statement reads the candidates' items with only the lexemes of
 *    the query's phrases (the server cuts each vector down: ts_filter of setweight) and the column lengths; the
 *    tier (every word as written) and the score are made in C (search_rank.c) with rank.c's formula, the one
 *    fts.c's larder_rank uses, over the same phrases FTS5 numbers, so the order equals SQLite's; the page is a
 *    slice of that order. Reading each candidate's vector is most of the cost (about 27 KB a row from TOAST
 *    for an article of 1,000 words).
 *  - fewer than WINDOW, dense (the walk in the sort's order should meet the page within four rows per match):
 *    the matches are hashed once from the GIN index and the walk tests each item against the set; sparse, or
 *    sorted with no index: the matches' items are read by their seqs (LATERAL) and sorted.
 *  - more: the items in the sort's order, each one's vector tested, to the page's end (no window: PostgreSQL
 *    read a window of the newest matches through the seq index, testing every row's vector).
 * Every branch tests membership exactly and sorts alike, so the answer never depends on the plan, only its cost
 * (and paging stays stable). Every count, set and score reads the caller's rows only.
 */
#ifndef RANK_MAX
#define RANK_MAX 300
#endif
#ifndef WINDOW
#define WINDOW 2000
#endif
#if WINDOW <= RANK_MAX
#error "the probe (probe_match) needs WINDOW > RANK_MAX"
#endif

#define PG_SAMPLES 3 /* the levels of sample rows (search_pg.c) */
#define PG_WIN_TIERS 2 /* the windows of a walk in date order (pg_probe) */
#define FROM_FTS " FROM items_fts CROSS JOIN library_items i ON i.seq = items_fts.rowid"
#define FROM_PG " FROM library_items i JOIN item_search s ON s.seq = i.seq"

/* relevance from the row alone (fts.c; PostgreSQL: larder_rank in db/pg/006_search_owner.sql): weights of the
 * columns title, author, description, site, text, labels, notes (search.h: STORE_RANK_WEIGHTS, measured by
 * bench/rank-eval) */
#define RANK_WEIGHTS STORE_RANK_WEIGHTS

enum bind_type { B_TEXT, B_INT, B_REAL };
struct bind { enum bind_type type; const char *s; int64_t i; double d; };

struct comp {
	struct arena *a;
	struct sb *sql;        /* where the current fragment goes */
	struct bind *binds;
	int nb, cap;
	int err;               /* sticky: out of memory */
	const char *tag;       /* the caller's index tag, "\x01" user id "\x01": words as written */
	const char *stag;      /* "\x01" user id "\x02" languages "\x01": a word in any of its forms (fts.c); NULL: none */
	const char *user;
	const char *langs;     /* the languages of stag */
	bool all_langs;        /* they are all the languages of the caller's items: every item has the stems of one */
	struct words **words;  /* the store's (st->words), made on first use */
	bool stemmed;          /* the main match reads a word in its other forms: a ranked page puts the rows
	                          holding the words as written first */
	const char *exact;     /* then the main match with the words as written */
	bool pg;               /* PostgreSQL's dialect */
	char pgkey[PG_KEY_LEN + 1]; /* PostgreSQL: the caller's key in each lexeme (search_pg.c) */
	bool keep_ids;         /* the label filter being compiled is one of the query's top-level conditions: */
	const char *label_ids; /* its label ids' SELECT (binds within the WHERE's), from which a count is driven, */
	size_t label_at, label_end; /* and where its condition is in the WHERE (the count reads it as TRUE) */
};

/* adds a bind and writes its ?N */
static void param(struct comp *c, struct bind b)
{
	if (c->nb == c->cap) {
		int ncap = c->cap ? c->cap * 2 : 16;
		struct bind *nb = arena_realloc(c->a, c->binds, (size_t)c->cap * sizeof *nb, (size_t)ncap * sizeof *nb);
		if (!nb) {
			c->err = 1;
			return;
		}
		c->binds = nb;
		c->cap = ncap;
	}
	c->binds[c->nb++] = b;
	sb_printf(c->sql, "?%d", c->nb);
}

static void ptext(struct comp *c, const char *s) { param(c, (struct bind){ .type = B_TEXT, .s = s }); }
static void pint(struct comp *c, int64_t v) { param(c, (struct bind){ .type = B_INT, .i = v }); }
static void preal(struct comp *c, double v) { param(c, (struct bind){ .type = B_REAL, .d = v }); }

/* ---- FTS5 expressions: every user word becomes an FTS5 string ("..." with " doubled), so no
 * operator, column filter or NEAR() in the input can reach FTS5's parser. Each string starts with
 * the caller's tag ("\x01" user id "\x01"): the "larder" tokenizer (fts.c) then looks up the
 * caller's own tokens only ---- */

static void fts_string(struct sb *o, const char *tag, const char *s)
{
	sb_putc(o, '"');
	sb_puts(o, tag);
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(o, '"');
		sb_putc(o, *s);
	}
	sb_putc(o, '"');
}

static bool is_fts_leaf(const struct store_sq_node *n)
{
	return n->op == SQ_LEAF && (n->key == SQK_TEXT || n->key == SQK_FIELD);
}

/* a subtree of text leaves joined by AND/OR */
static bool pure_fts(const struct store_sq_node *n)
{
	if (n->op == SQ_AND || n->op == SQ_OR)
		return pure_fts(n->l) && pure_fts(n->r);
	return is_fts_leaf(n);
}

/* whether a leaf of the query passes test */
static bool any_leaf(const struct store_sq_node *n, bool (*test)(const struct store_sq_node *))
{
	if (!n)
		return false;
	if (n->op != SQ_LEAF)
		return any_leaf(n->l, test) || any_leaf(n->r, test);
	return test(n);
}

/* a leaf whose values may change PostgreSQL's plan: a text, a date or a number. A query without one (then
 * without a main match either) has the same plan for its page whatever its values (a walk of the caller's items
 * in the sort's order, or a sort of them), so it is made once per connection (plan.fenced without a main match) */
static bool plan_moving(const struct store_sq_node *n)
{
	return is_fts_leaf(n) || n->key == SQK_DATE || n->key == SQK_NUMBER;
}

/* the tokens of a user's word in any of its forms (words.c, WORDS_STEM), one position at most */
struct terms { int n, pos; const char *tok[2 * WORDS_LANGS_MAX + 1]; int len[2 * WORDS_LANGS_MAX + 1]; struct arena *a; };

static int term_add(void *ctx, int flags, const char *tok, int n, int start, int end)
{
	struct terms *t = ctx;
	(void)start, (void)end;
	if (!(flags & WORDS_COLOCATED) && ++t->pos > 1)
		return 1; /* a phrase: not one term */
	if (t->n == (int)(sizeof t->tok / sizeof t->tok[0]) || !(t->tok[t->n] = arena_strndup(t->a, tok, (size_t)n)))
		return 1;
	t->len[t->n++] = n;
	return 0;
}

/* a one-word query term in any of its forms as FTS5's OR of single tokens, each passed through as it is
 * (STORE_FTS_RAW): the OR reads each token's rowids alone, where the same tokens as synonyms of one phrase
 * (stag) make FTS5 merge their positions row by row (a common word took 3 to 4 times as long). The rows it
 * matches are those holding one of its stems, as every word of an item has its stem in the item's language
 * beside it (the word as written is read too when the caller's items have more languages than a search stems
 * in). NULL when the word makes more or fewer than one position (a phrase: stag's string is used) */
static const char *word_terms(struct comp *c, const char *word)
{
	struct terms t = { .a = c->a };
	struct sb o;
	const char *r;
	if (!*c->words && !(*c->words = words_new()))
		return NULL;
	if (words_run(*c->words, WORDS_STEM, c->langs, strlen(c->langs), word, strlen(word), &t, term_add) != 0 ||
	    t.pos != 1)
		return NULL;
	sb_init(&o);
	sb_putc(&o, '(');
	for (int i = 0, any = 0; i < t.n; i++) {
		if (i == 0 && t.n > 1 && c->all_langs)
			continue;
		if (any++)
			sb_puts(&o, " OR ");
		fts_string(&o, arena_printf(c->a, "\x01%s%c\x01", c->user, STORE_FTS_RAW), t.tok[i]);
	}
	sb_putc(&o, ')');
	r = sb_error(&o) ? NULL : arena_strdup(c->a, sb_str(&o));
	sb_free(&o);
	c->stemmed = c->stemmed || t.n > 1;
	return r;
}

/* exact: every word as written (the ranked page's first tier), else unquoted words in any of their forms */
static void fts_expr(struct comp *c, struct sb *o, const struct store_sq_node *n, bool exact)
{
	const char *tag = c->tag, *stag = c->stag, *terms;
	if (n->op == SQ_AND || n->op == SQ_OR) {
		sb_putc(o, '(');
		fts_expr(c, o, n->l, exact);
		sb_puts(o, n->op == SQ_AND ? ") AND (" : ") OR (");
		fts_expr(c, o, n->r, exact);
		sb_putc(o, ')');
		return;
	}
	/* a word in any of its forms: an OR of its stems (word_terms), or, for a word of several positions,
	 * words.c's synonyms in one phrase (stag) */
	if (n->key == SQK_TEXT && stag && !n->quoted && !n->prefix && !exact) {
		if ((terms = word_terms(c, n->vals[0])))
			sb_puts(o, terms);
		else {
			fts_string(o, stag, n->vals[0]);
			c->stemmed = true;
		}
		return;
	}
	if (n->key == SQK_TEXT) {
		fts_string(o, tag, n->vals[0]);
		if (n->prefix)
			sb_puts(o, " *");
		return;
	}
	sb_printf(o, "{%s} : (", store_sq_col_names[n->sub]);
	for (size_t i = 0; i < n->nvals; i++) {
		if (i)
			sb_puts(o, " OR ");
		/* title:running finds "Run" as a free word would; title:"running" as written */
		if (stag && !exact && !((n->qvals >> i) & 1u) && (terms = word_terms(c, n->vals[i])))
			sb_puts(o, terms);
		else
			fts_string(o, tag, n->vals[i]);
	}
	sb_putc(o, ')');
}

/* the FTS5 expression of a subtree as an arena string */
static const char *fts_of(struct comp *c, const struct store_sq_node *n)
{
	struct sb o;
	char *r;
	sb_init(&o);
	fts_expr(c, &o, n, false);
	r = sb_error(&o) ? NULL : arena_strdup(c->a, sb_str(&o));
	sb_free(&o);
	if (!r)
		c->err = 1;
	return r;
}

/* ---- PostgreSQL: tsquery expressions over item_search.tsv; columns by their letters (t title, a author,
 * d description, s site, x text, l labels, n notes) ---- */

static const char *const pg_cols[SQC__MAX] = { "t", "a", "d", "s", "n" };
#define PG_ALL_COLS "tadsxln"

/* a user's value (n's i-th) as words.c's tokens (search_pg.c): an unquoted word without a prefix in any of its
 * forms (its stems in c->langs, as word_terms; a field's value only when it is one word, as fts_expr), else as
 * written; *from: the first token the match reads (the word as written is left out when every item has the stems
 * of one of the languages, as word_terms leaves it out); *stemmed: read in its forms */
static bool pg_terms(struct comp *c, const struct store_sq_node *n, size_t i, bool exact, struct search_terms *t,
                     int *from, bool *stemmed)
{
	const char *value = n->vals[i];
	bool stem = c->stag && !exact && (n->key == SQK_FIELD ? !((n->qvals >> i) & 1u)
	                                                      : n->key == SQK_TEXT && !n->quoted && !n->prefix);
	*from = 0;
	if (!*c->words && !(*c->words = words_new())) {
		c->err = 1;
		return false;
	}
	if (search_terms(*c->words, c->a, stem ? WORDS_STEM : WORDS_EXACT, stem ? c->langs : NULL, value, t) != 0 ||
	    (stem && n->key == SQK_FIELD && t->npos != 1 &&
	     (stem = false, search_terms(*c->words, c->a, WORDS_EXACT, NULL, value, t) != 0))) {
		c->err = 1;
		return false;
	}
	*stemmed = stem;
	if (stem && !(t->npos == 1 && t->n == 1))
		c->stemmed = true;
	if (stem && t->npos == 1 && t->n > 1 && c->all_langs)
		*from = 1;
	return true;
}

/* ?N::tsquery: one user value over the columns named by their letters */
static void pg_leaf(struct comp *c, const struct store_sq_node *n, size_t i, const char *cols, bool exact)
{
	struct search_terms t;
	int from;
	bool stemmed;
	const char *q = pg_terms(c, n, i, exact, &t, &from, &stemmed) ?
		search_terms_tsquery(c->a, &t, from, c->pgkey, cols, n->key == SQK_TEXT && n->prefix) : NULL;
	if (!q)
		c->err = 1;
	ptext(c, q ? q : "");
	sb_puts(c->sql, "::tsquery");
}

/* exact: every word as written (the ranked page's first tier) */
static void pg_tsq(struct comp *c, const struct store_sq_node *n, bool exact)
{
	if (n->op == SQ_AND || n->op == SQ_OR) {
		sb_putc(c->sql, '(');
		pg_tsq(c, n->l, exact);
		sb_puts(c->sql, n->op == SQ_AND ? " && " : " || ");
		pg_tsq(c, n->r, exact);
		sb_putc(c->sql, ')');
		return;
	}
	if (n->key == SQK_TEXT) {
		pg_leaf(c, n, 0, PG_ALL_COLS, exact);
		return;
	}
	sb_putc(c->sql, '(');
	for (size_t i = 0; i < n->nvals; i++) {
		if (i)
			sb_puts(c->sql, " || ");
		pg_leaf(c, n, i, pg_cols[n->sub], exact);
	}
	sb_putc(c->sql, ')');
}

/* a subtree of plain words (no field, no phrase) as a tsquery literal over the sample lexemes of one level
 * (search_pg.c: each token of a sample row once more behind the level's digit), into o; false when the subtree has
 * anything else. Among the sample's rows it matches exactly the rows the subtree matches, so its count is a lower
 * bound of theirs */
static bool pg_sample_q(struct comp *c, struct sb *o, const struct store_sq_node *n, char level)
{
	struct search_terms t;
	int from;
	bool stemmed;
	const char *q;
	if (n->op == SQ_AND || n->op == SQ_OR) {
		sb_putc(o, '(');
		if (!pg_sample_q(c, o, n->l, level))
			return false;
		sb_puts(o, n->op == SQ_AND ? " & " : " | ");
		if (!pg_sample_q(c, o, n->r, level))
			return false;
		sb_putc(o, ')');
		return true;
	}
	if (n->op != SQ_LEAF || n->key != SQK_TEXT || !pg_terms(c, n, 0, false, &t, &from, &stemmed) || t.npos != 1 ||
	    from >= t.n || !(q = search_terms_tsquery(c->a, &t, from, c->pgkey, (char[]){ level, 0 }, n->prefix)))
		return false;
	sb_printf(o, "(%s)", q);
	return true;
}

/* the phrases of a subtree, in the order FTS5 numbers them, for the ranked page's score (search_rank.c): a word in
 * any of its forms is one phrase per stem (FTS5's OR of single tokens, word_terms) */
static void pg_phrases(struct comp *c, struct search_rank *rk, const struct store_sq_node *n)
{
	if (n->op == SQ_AND || n->op == SQ_OR) {
		pg_phrases(c, rk, n->l);
		pg_phrases(c, rk, n->r);
		return;
	}
	for (size_t i = 0; i < (n->key == SQK_TEXT ? 1 : n->nvals); i++) {
		const char *cols = n->key == SQK_TEXT ? PG_ALL_COLS : pg_cols[n->sub];
		bool prefix = n->key == SQK_TEXT && n->prefix, stem;
		struct search_terms t;
		int from;
		if (!pg_terms(c, n, i, false, &t, &from, &stem))
			return;
		if (stem && t.npos == 1)
			for (int k = from; k < t.n; k++)
				search_rank_phrase(rk, false, &t, k, k + 1, cols, false);
		else
			search_rank_phrase(rk, false, &t, 0, t.n, cols, prefix);
	}
}

/* the ranked page's first tier, the words as written (pg_tsq's tree with exact set), as search_rank.c's tree of
 * phrases; its root node */
static int pg_tier_leaf(struct comp *c, struct search_rank *rk, const struct store_sq_node *n, size_t i,
                        const char *cols)
{
	struct search_terms t;
	int from;
	bool stemmed;
	if (!pg_terms(c, n, i, true, &t, &from, &stemmed))
		return -1;
	return search_rank_node(rk, RANK_LEAF, -1, -1,
	                        search_rank_phrase(rk, true, &t, from, t.n, cols, n->key == SQK_TEXT && n->prefix));
}

static int pg_tier(struct comp *c, struct search_rank *rk, const struct store_sq_node *n)
{
	int x;
	if (n->op == SQ_AND || n->op == SQ_OR) {
		int l = pg_tier(c, rk, n->l), r = pg_tier(c, rk, n->r);
		return search_rank_node(rk, n->op == SQ_AND ? RANK_AND : RANK_OR, l, r, -1);
	}
	if (n->key == SQK_TEXT)
		return pg_tier_leaf(c, rk, n, 0, PG_ALL_COLS);
	x = pg_tier_leaf(c, rk, n, 0, pg_cols[n->sub]);
	for (size_t i = 1; i < n->nvals; i++)
		x = search_rank_node(rk, RANK_OR, x, pg_tier_leaf(c, rk, n, i, pg_cols[n->sub]), -1);
	return x;
}

/* ---- SQL conditions ---- */

/* a label name as a LIKE pattern: '*' is any run of characters, LIKE's own wildcards are escaped */
static const char *like_pattern(struct comp *c, const char *name)
{
	size_t n = strlen(name);
	char *o = arena_alloc(c->a, 2 * n + 1), *w = o;
	if (!o) {
		c->err = 1;
		return "";
	}
	for (; *name; name++) {
		if (*name == '*')
			*w++ = '%';
		else {
			if (*name == '%' || *name == '_' || *name == '\\')
				*w++ = '\\';
			*w++ = *name;
		}
	}
	*w = '\0';
	return o;
}

static const char *const date_cols[SQD__MAX] = { "i.saved_at", "i.read_at", "i.updated_at", "i.published_at" };
static const char *const cmp_sql[SQ_CMP__MAX] = { " = ", " < ", " <= ", " > ", " >= " };

/* subscription:/rss: names (any of them, in any ASCII case): the caller's items that came as an entry of a
 * feed or newsletter of that name (feed_entries records both), read once, from the caller's own rows */
static void subscription_cond(struct comp *c, const struct store_sq_node *n)
{
	struct sb *o = c->sql;
	sb_puts(o, "i.id IN (SELECT e.item_id FROM subscriptions s JOIN feed_entries e ON e.subscription_id = s.id"
	           " WHERE s.user_id = ?1 AND e.user_id = ?1 AND e.item_id IS NOT NULL AND lower(s.name) IN (");
	for (size_t i = 0; i < n->nvals; i++) {
		sb_puts(o, i ? ", lower(" : "lower(");
		ptext(c, n->vals[i]);
		sb_putc(o, ')');
	}
	sb_puts(o, "))");
}

/* the user's labels by name (case-insensitive, '*' wildcards) on the item or on one of its highlights; lower()
 * on both sides: PostgreSQL's LIKE is case-sensitive (and refuses the nocase collation) */
static void label_cond(struct comp *c, const struct store_sq_node *n)
{
	struct sb *o = c->sql;
	struct sb ids;
	struct sb *saved = o;
	sb_init(&ids);
	c->sql = &ids;
	sb_puts(&ids, "SELECT id FROM labels WHERE user_id = ?1 AND (");
	for (size_t i = 0; i < n->nvals; i++) {
		if (i)
			sb_puts(&ids, " OR ");
		sb_puts(&ids, "lower(name) LIKE lower(");
		ptext(c, like_pattern(c, n->vals[i]));
		sb_puts(&ids, ") ESCAPE '\\'");
	}
	sb_putc(&ids, ')');
	c->sql = saved;
	if (c->keep_ids && !c->label_ids && !sb_error(&ids) && !(c->label_ids = arena_strdup(c->a, sb_str(&ids))))
		c->err = 1;
	if (c->pg) /* each item tested as the walk meets it: "i.seq IS NOT NULL" keeps PostgreSQL from hashing every
	            * row of the label first (a hashed SubPlan: 34 ms at 1,000,000 articles, 13 ms at 20,000, where the
	            * walk meets 21 labelled items in 0.5); the label ids read once per statement (an InitPlan), not
	            * the caller's labels matched again at each labelled item */
		sb_printf(o, "(EXISTS (SELECT 1 FROM item_labels il WHERE il.item_seq = i.seq AND i.seq IS NOT NULL"
		             " AND il.label_id = ANY (ARRAY(%s))) OR EXISTS (SELECT 1 FROM highlights h WHERE h.item_seq = i.seq"
		             " AND i.seq IS NOT NULL AND EXISTS (SELECT 1 FROM highlight_labels hl WHERE hl.highlight_id = h.id"
		             " AND hl.label_id = ANY (ARRAY(%s)))))", sb_str(&ids), sb_str(&ids));
	else
		sb_printf(o, "(EXISTS (SELECT 1 FROM item_labels il WHERE il.item_seq = i.seq AND il.label_id IN (%s))"
		             " OR EXISTS (SELECT 1 FROM highlights h JOIN highlight_labels hl ON hl.highlight_id = h.id"
		             " WHERE h.item_seq = i.seq AND hl.label_id IN (%s)))", sb_str(&ids), sb_str(&ids));
	if (sb_error(&ids))
		c->err = 1;
	sb_free(&ids);
}

static void cond(struct comp *c, const struct store_sq_node *n)
{
	struct sb *o = c->sql;
	switch (n->op) {
	case SQ_AND:
	case SQ_OR:
		sb_putc(o, '(');
		cond(c, n->l);
		sb_puts(o, n->op == SQ_AND ? " AND " : " OR ");
		cond(c, n->r);
		sb_putc(o, ')');
		return;
	case SQ_NOT:
		sb_puts(o, "NOT coalesce(");
		cond(c, n->l);
		sb_puts(o, ", FALSE)");
		return;
	case SQ_LEAF:
		break;
	}
	switch (n->key) {
	case SQK_TEXT:
	case SQK_FIELD:
		if (c->pg) {
			sb_puts(o, "i.seq IN (SELECT seq FROM item_search WHERE owner = ?1 AND tsv @@ ");
			pg_tsq(c, n, false);
		} else {
			sb_puts(o, "+i.seq IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ");
			ptext(c, fts_of(c, n));
		}
		sb_putc(o, ')');
		return;
	case SQK_IN:
		sb_puts(o, n->sub == SQI_INBOX ? "i.archived_at IS NULL" : n->sub == SQI_ARCHIVE ? "i.archived_at IS NOT NULL"
		           : n->sub == SQI_TRASH ? "i.deleted_at IS NOT NULL" : "TRUE");
		return;
	case SQK_IS:
		sb_puts(o, n->sub == SQS_READ ? "i.progress > 98" : n->sub == SQS_UNREAD ? "i.progress < 2"
		           : "(i.progress >= 2 AND i.progress <= 98)");
		return;
	case SQK_HAS:
		sb_puts(o, n->sub == SQH_HIGHLIGHTS ? "EXISTS (SELECT 1 FROM highlights h WHERE h.item_seq = i.seq)"
		           : n->sub == SQH_LABELS ? "EXISTS (SELECT 1 FROM item_labels il WHERE il.item_seq = i.seq)"
		           : "coalesce(i.source, '') IN ('rss', 'newsletter')"); /* a feed's entry, a newsletter's issue */
		return;
	case SQK_SUBSCRIPTION:
		subscription_cond(c, n);
		return;
	case SQK_LABEL:
		label_cond(c, n);
		return;
	case SQK_TYPE:
	case SQK_INCLUDES:
		sb_puts(o, n->key == SQK_TYPE ? "i.page_type IN (" : "i.id IN (");
		for (size_t i = 0; i < n->nvals; i++) {
			if (i)
				sb_puts(o, ", ");
			ptext(c, n->vals[i]);
		}
		sb_putc(o, ')');
		return;
	case SQK_LANGUAGE:
		sb_putc(o, '(');
		for (size_t i = 0; i < n->nvals; i++) {
			if (i)
				sb_puts(o, " OR ");
			sb_puts(o, "lower(i.language) = ");
			ptext(c, n->vals[i]);
			sb_puts(o, " OR lower(i.language) LIKE ");
			ptext(c, arena_printf(c->a, "%s-%%", like_pattern(c, n->vals[i])));
			sb_puts(o, " ESCAPE '\\'");
		}
		sb_putc(o, ')');
		return;
	case SQK_DATE: {
		const char *col = date_cols[n->sub];
		if (n->lo == INT64_MIN && n->hi == INT64_MAX) {
			sb_printf(o, "%s IS NOT NULL", col);
			return;
		}
		sb_putc(o, '(');
		if (n->lo != INT64_MIN) {
			sb_printf(o, "%s >= ", col);
			pint(c, n->lo);
		}
		if (n->hi != INT64_MAX) {
			sb_printf(o, "%s%s < ", n->lo != INT64_MIN ? " AND " : "", col);
			pint(c, n->hi);
		}
		sb_putc(o, ')');
		return;
	}
	case SQK_NUMBER:
		sb_puts(o, n->sub == SQN_READ_POSITION ? "i.progress" : "i.words_count");
		sb_puts(o, cmp_sql[n->cmp]);
		preal(c, n->num);
		if (c->pg) /* a fraction against a bigint column */
			sb_puts(o, "::float8");
		return;
	case SQK__MAX:
		break;
	}
	sb_puts(o, "FALSE");
}

/* splits the top-level AND into the main FTS match and SQL conditions */
struct split { const struct store_sq_node *pos[LIMIT_SEARCH_TERMS], *neg[LIMIT_SEARCH_TERMS], *rest[LIMIT_SEARCH_TERMS];
               size_t npos, nneg, nrest; };

static void split_conj(const struct store_sq_node *n, struct split *s)
{
	if (n->op == SQ_AND) {
		split_conj(n->l, s);
		split_conj(n->r, s);
	} else if (pure_fts(n))
		s->pos[s->npos++] = n;
	else if (n->op == SQ_NOT && pure_fts(n->l))
		s->neg[s->nneg++] = n;
	else
		s->rest[s->nrest++] = n;
}

/* PostgreSQL: whether the conditions besides the main match (the split's rest) leave the page's plan alone: no
 * word among them (it becomes an EXISTS whose cost is the word's), no date or number. Without a main match every
 * leaf is in the rest (the negated words too), so then the whole query has no plan_moving leaf */
static bool rest_steady(const struct split *sp)
{
	for (size_t i = 0; i < sp->nrest; i++)
		if (any_leaf(sp->rest[i], plan_moving))
			return false;
	return true;
}

/* the main FTS5 match: the positive full-text conjuncts ANDed, minus the negated ones; exact: the positive
 * words as written */
static const char *main_match(struct comp *c, const struct split *sp, bool exact)
{
	struct sb m;
	const char *r;
	sb_init(&m);
	for (size_t i = 0; i < sp->nneg; i++)
		sb_putc(&m, '(');
	for (size_t i = 0; i < sp->npos; i++) {
		if (i)
			sb_puts(&m, " AND ");
		sb_putc(&m, '(');
		fts_expr(c, &m, sp->pos[i], exact);
		sb_putc(&m, ')');
	}
	for (size_t i = 0; i < sp->nneg; i++) {
		sb_puts(&m, " NOT (");
		fts_expr(c, &m, sp->neg[i]->l, false);
		sb_puts(&m, "))");
	}
	r = sb_error(&m) ? NULL : arena_strdup(c->a, sb_str(&m));
	sb_free(&m);
	if (!r)
		c->err = 1;
	return r;
}

/* ---- the dynamic statement cache ---- */

static struct db_stmt *dyn_prepare(struct store *st, const char *sql)
{
	struct store_dyn *victim = &st->dyn[0];
	st->dyn_clock++;
	for (int i = 0; i < STORE_DYN_CACHE; i++) {
		struct store_dyn *d = &st->dyn[i];
		if (d->sql && strcmp(d->sql, sql) == 0) {
			d->used = st->dyn_clock;
			return d->s;
		}
		if (!d->sql || d->used < victim->used || (victim->sql && !d->sql))
			victim = d;
	}
	struct db_stmt *s = NULL;
	char *copy = strdup(sql);
	int rc = copy ? db_prepare(st->db, sql, true, &s) : DB_E_NOMEM;
	if (rc != DB_OK) {
		store_fail(st, rc, "preparing a search");
		free(copy);
		db_finalize(s);
		return NULL;
	}
	db_finalize(victim->s);
	free(victim->sql);
	victim->sql = copy;
	victim->s = s;
	victim->used = st->dyn_clock;
	return s;
}

/* the tag of a word searched in any of its forms: stemmed in English (items of no known language are indexed
 * with English stems; Omnivore searched in English), in the language of the query's script when Snowball has
 * one, and in each language of the caller's items (search_langs) that Snowball stems, WORDS_LANGS_MAX at most */
static const char *stem_tag(struct store *st, struct comp *c, const char *user, const char *query)
{
	struct arena *a = c->a;
	struct db_stmt *s = dyn_prepare(st, DB_GENERIC "SELECT lang FROM search_langs WHERE owner = ?1 ORDER BY lang LIMIT 256");
	const char *names[WORDS_LANGS_MAX], *ql = query ? words_script_lang(query, strlen(query)) : NULL;
	char langs[WORDS_LANGS_MAX * 17];
	int n = 1, rc;
	size_t used = 2;
	memcpy(langs, "en", 3);
	names[0] = "english";
	if (ql && words_stemmer_name(ql, strlen(ql)) && strcmp(ql, "en") != 0) {
		names[n++] = words_stemmer_name(ql, strlen(ql));
		used += (size_t)snprintf(langs + used, sizeof langs - used, ",%s", ql);
	}
	c->all_langs = s != NULL;
	if (s) {
		db_bind_text(s, 1, user);
		int rows = 0;
		while ((rc = db_step(s)) == DB_ROW) {
			size_t len = 0;
			const char *l = db_col_text(s, 0, &len), *name = words_stemmer_name(l, len);
			if (++rows == 256) /* more languages than are read: some may be left out */
				c->all_langs = false;
			bool dup = !name || len > 16;
			for (int i = 0; i < n && !dup; i++)
				dup = strcmp(names[i], name) == 0;
			if (dup)
				continue;
			if (n == WORDS_LANGS_MAX) {
				c->all_langs = false;
				break;
			}
			names[n++] = name;
			used += (size_t)snprintf(langs + used, sizeof langs - used, ",%.*s", (int)len, l);
		}
		store_done(s);
	}
	c->langs = arena_strdup(a, langs);
	return c->langs ? arena_printf(a, "\x01%s\x02%s\x01", user, langs) : NULL;
}

void store_dyn_free(struct store *st)
{
	words_free(st->words);
	st->words = NULL;
	for (int i = 0; i < STORE_DYN_CACHE; i++) {
		db_finalize(st->dyn[i].s);
		free(st->dyn[i].sql);
		st->dyn[i].s = NULL;
		st->dyn[i].sql = NULL;
	}
}

static void bind_all(struct db_stmt *s, const struct bind *b, int nb)
{
	int max = db_param_count(s);
	for (int i = 0; i < nb && i < max; i++) {
		if (b[i].type == B_TEXT)
			db_bind_text(s, i + 1, b[i].s); /* NULL binds NULL */
		else if (b[i].type == B_INT)
			db_bind_int64(s, i + 1, b[i].i);
		else
			db_bind_double(s, i + 1, b[i].d);
	}
}

/* ---- the time budget: the driver calls back every PROGRESS_OPS steps of work (SQLite: virtual machine
 * steps), and the statement stops (DB_E_INTERRUPT) once the deadline has passed; PostgreSQL has no such
 * hook: each statement of the search runs under statement_timeout (57014, DB_E_INTERRUPT too) ---- */
#define PROGRESS_OPS 1000

#ifdef SEARCH_WINDOW_TEST
/* t/store_search_window: a clock that moves 1 ms at each look, so the budget tests do not depend on speed */
static int64_t mono_ms(void)
{
	static int64_t now;
	return ++now;
}
#else
#define mono_ms time_mono_ms
#endif

static int over_budget(void *arg)
{
	struct store *st = arg;
	if (mono_ms() < st->budget.deadline_ms)
		return 0;
	st->budget.hit = true;
	return 1;
}

/* starts (time_ms > 0) or ends (0) the budget of one search */
static void budget_set(struct store *st, int64_t time_ms)
{
	if (!db_is_sqlite(st->db) && (time_ms > 0 || st->budget.time_ms > 0)) {
		char set[64];
		snprintf(set, sizeof set, "SET statement_timeout = %lld", (long long)(time_ms > 0 ? time_ms : 0));
		db_exec(st->db, set); /* a failure shows in the statements that follow */
	}
	st->budget.hit = false;
	st->budget.time_ms = time_ms;
	st->budget.deadline_ms = time_ms > 0 ? mono_ms() + time_ms : 0;
	db_set_progress(st->db, PROGRESS_OPS, time_ms > 0 ? over_budget : NULL, st);
}

/* a failed step: a query FTS5 refuses is the user's (STORE_E_INVAL), one out of time STORE_E_LIMIT,
 * anything else the database's */
static int step_fail(struct store *st, struct store_search_res *r, int rc)
{
	if (rc == DB_E_INTERRUPT && (st->budget.hit || (!db_is_sqlite(st->db) && st->budget.time_ms > 0))) {
		snprintf(r->error, sizeof r->error, "this search took longer than %lld ms (search_time_ms in larder.conf):"
		         " narrow it with more words, a phrase or title:", (long long)st->budget.time_ms);
		store_fail_quiet(st, rc, "searching");
		return STORE_E_LIMIT;
	}
	if (rc == DB_E_QUERY) {
		snprintf(r->error, sizeof r->error, "this search could not run: %s", db_errmsg(st->db));
		store_fail_quiet(st, rc, "searching"); /* the user's words: not the admin's log */
		return STORE_E_INVAL;
	}
	return store_fail(st, rc, "searching");
}

/* steps a bound statement for its one row and reads its first n columns as integers into v (resets it) */
static int read_ints(struct store *st, struct db_stmt *s, int64_t *v, int n, struct store_search_res *r)
{
	int rc = db_step(s);
	if (rc == DB_ROW) {
		for (int i = 0; i < n; i++)
			v[i] = db_col_int64(s, i);
		rc = STORE_OK;
	} else
		rc = step_fail(st, r, rc);
	store_done(s);
	return rc;
}

static int count_rows(struct store *st, const char *sql, const struct bind *b, int nb, int64_t *out,
                      struct store_search_res *r)
{
	struct db_stmt *s = dyn_prepare(st, sql);
	if (!s)
		return STORE_E_DB;
	bind_all(s, b, nb);
	return read_ints(st, s, out, 1, r);
}

/* the rowids of the (RANK_MAX + 1)-th and the WINDOW-th newest (oldest: asc) matches (-1: fewer matches) */
static int probe_match(struct store *st, const char *match, bool asc, int64_t *nrank, int64_t *nwin,
                       struct store_search_res *r)
{
	/* the window's edge is looked for only past RANK_MAX matches (fewer than that are fewer than WINDOW too): a
	 * small match set is read once, not twice */
	struct db_stmt *s = dyn_prepare(st, asc ?
		"SELECT r, CASE WHEN r < 0 THEN -1 ELSE coalesce((SELECT rowid FROM items_fts WHERE items_fts MATCH ?1"
		" ORDER BY rowid ASC LIMIT 1 OFFSET ?3), -1) END FROM (SELECT coalesce((SELECT rowid FROM items_fts"
		" WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT 1 OFFSET ?2), -1) AS r)" :
		"SELECT r, CASE WHEN r < 0 THEN -1 ELSE coalesce((SELECT rowid FROM items_fts WHERE items_fts MATCH ?1"
		" ORDER BY rowid DESC LIMIT 1 OFFSET ?3), -1) END FROM (SELECT coalesce((SELECT rowid FROM items_fts"
		" WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT 1 OFFSET ?2), -1) AS r)");
	int64_t v[2] = { -1, -1 };
	int rc;
	if (!s)
		return STORE_E_DB;
	db_bind_text(s, 1, match);
	db_bind_int64(s, 2, RANK_MAX);
	db_bind_int64(s, 3, WINDOW - 1);
	if ((rc = read_ints(st, s, v, 2, r)) == STORE_OK)
		*nrank = v[0], *nwin = v[1];
	return rc;
}

static const char *const sort_cols[SQO__MAX] = { "i.saved_at", "i.updated_at", "i.published_at", "i.read_at",
                                                  "i.words_count", NULL };

/* ORDER BY: relevance (small match sets: rank is its SQL), the sort keys (default saved desc), seq in the first
 * key's direction */
static void order_by(struct sb *order, const struct store_sq *sq, const char *rank)
{
	bool any = false, desc = true;
	sb_puts(order, " ORDER BY ");
	if (rank)
		sb_printf(order, "%s, ", rank);
	for (size_t i = 0; i < sq->nsorts; i++) {
		const char *col = sort_cols[sq->sorts[i].key];
		const char *dir = sq->sorts[i].asc ? "ASC" : "DESC";
		if (!col)
			continue;
		if (!any)
			desc = !sq->sorts[i].asc;
		any = true;
		if (sq->sorts[i].key == SQO_SAVED || sq->sorts[i].key == SQO_UPDATED)
			sb_printf(order, "%s %s, ", col, dir);
		else if (sq->sorts[i].key == SQO_PUBLISHED && sq->sorts[i].asc) /* Omnivore: ASC NULLS FIRST */
			sb_printf(order, "%s IS NOT NULL, %s %s, ", col, col, dir);
		else /* nullable: items without the value come last */
			sb_printf(order, "%s IS NULL, %s %s, ", col, col, dir);
	}
	if (!any)
		sb_puts(order, "i.saved_at DESC, ");
	sb_puts(order, desc ? "i.seq DESC" : "i.seq ASC");
}

/* how the page is read with a main match (see the top of this file); PostgreSQL: match is the main match
 * as a tsquery expression, rank its phrases and first tier for the ranked page (search_rank.c) */
struct plan { bool drive, rank, win_asc, few, walk, fenced; int64_t window; const char *match; struct search_rank rk;
              const char *sample[PG_SAMPLES]; const char *win[PG_WIN_TIERS]; int64_t win_from[PG_WIN_TIERS],
              win_to[PG_WIN_TIERS]; };

/* PostgreSQL: the owner's matches as the GIN index gives them (the OFFSET 0 keeps the planner from walking the
 * owner's rows in another index's order, reading each one's vector: at 1,000,000 articles a rare word took
 * 421 ms so); the lexemes carry the owner's key (search_pg.c), so the index reads the caller's postings only */
#define PG_GIN(match) " (SELECT seq, owner, tsv, lens FROM item_search WHERE tsv @@ " match " OFFSET 0)"
/* the matches' items, each read by its seq: a join the planner is free to choose hashed over a full scan of the
 * items (it did so from about 1,000 matches at 20,000 articles: 117 ms) */
#define PG_GIN_ITEMS(match) " FROM" PG_GIN(match) " AS s CROSS JOIN LATERAL (SELECT * FROM library_items" \
                            " WHERE seq = s.seq OFFSET 0) AS i"

/* PostgreSQL: whether the owner has more than RANK_MAX rows matching (*nrank >= 0, as probe_match), and whether
 * fewer than WINDOW (few: the page reads them from the GIN index, not the items in date order); with the owner's
 * count of items (user_usage), whether a few are dense enough for the walk in the sort's order to meet the page
 * sooner than reading every match's item (walk).
 * Counting the matches costs the GIN index about 0.12 us a match whatever the LIMIT (the bitmap is made whole):
 * 35 ms for a word in each of 300,000 articles. A match of plain words is first counted among the samples
 * (search_pg.c), the sparsest first (1 row in 512, 64, 8): more than RANK_MAX sampled matches prove more than
 * RANK_MAX matches (the rank's choice stays exact), and the sample's count times its rate estimates the matches for
 * the plan's choice, which costs but never changes an answer; each count is a subquery COALESCE reaches only when
 * the sparser one had RANK_MAX or fewer, so a common word reads a few thousand postings. Then a set of up to
 * PG_HASH_MAX matches, hashed once from the GIN index (about 1.5 us a match), is tested as the walk meets each
 * item where the walk would test more rows' vectors (20 to 60 us each) than that costs */
#define PG_HASH_MAX 50000
/* a sample's matches among the owner's rows (the tsquery parameter's number in %d) */
#define PG_SAMPLE " (SELECT owner FROM item_search WHERE tsv @@ ?%d::tsquery OFFSET 0) AS s WHERE s.owner = ?1"
#define PG_WIN_MAX 16 /* buckets ORed in a window's match */
#define PG_WIN_GROW 8  /* the second window's width over the first's */
static bool pg_windows = true; /* off only to compare (store_search_windows) */
static long pg_windows_used;

long store_search_windows(int on)
{
	long n = pg_windows_used;
	if (on >= 0)
		pg_windows = on;
	pg_windows_used = 0;
	return n;
}
static int pg_probe(struct store *st, const struct comp *c, int nb, int64_t need, int64_t *nrank, struct plan *pl,
                    struct store_search_res *r)
{
	static const int rate[PG_SAMPLES] = { 512, 64, 8 };
	struct bind *b = ARENA_NEWN(c->a, struct bind, (size_t)nb + PG_SAMPLES);
	struct sb sql;
	struct db_stmt *s = NULL;
	int64_t v[6] = { 0, 0, -1, -1, -1, -1 };
	int rc = STORE_E_DB, n = nb;
	if (!b)
		return store_fail(st, DB_E_NOMEM, "planning a search");
	memcpy(b, c->binds, (size_t)n * sizeof *b);
	sb_init(&sql);
	sb_puts(&sql, DB_GENERIC_PLAN "SELECT coalesce(");
	if (pl->sample[0] && pl->sample[PG_SAMPLES - 1]) {
		for (int i = 0; i < PG_SAMPLES; i++)
			b[n++] = (struct bind){ .type = B_TEXT, .s = pl->sample[i] };
		for (int i = 0; i < PG_SAMPLES - 1; i++)
			sb_printf(&sql, "(SELECT CASE WHEN count(*) > %d THEN count(*) * %d END FROM (SELECT 1 FROM" PG_SAMPLE
			                " LIMIT %d) AS m), ", RANK_MAX, rate[i], nb + 1 + i, RANK_MAX + 1);
		/* the densest sample counted (up to RANK_MAX + 1), then, when that proves nothing, the matches themselves
		 * up to RANK_MAX + 1 (the rank's choice), their number estimated from the sample past that */
		sb_printf(&sql, "(SELECT CASE WHEN m.c > %d THEN m.c * %d ELSE (SELECT CASE WHEN f.c > %d THEN greatest(m.c * %d,"
		                " f.c) ELSE f.c END FROM (SELECT count(*) AS c FROM (SELECT 1 FROM" PG_GIN("%s") " AS s"
		                " WHERE s.owner = ?1 LIMIT %d) AS x) AS f) END FROM (SELECT count(*) AS c FROM (SELECT 1 FROM"
		                PG_SAMPLE " LIMIT %d) AS y) AS m)),", RANK_MAX, rate[PG_SAMPLES - 1], RANK_MAX,
		          rate[PG_SAMPLES - 1], pl->match, RANK_MAX + 1, nb + PG_SAMPLES, RANK_MAX + 1);
	} else /* not plain words: the matches themselves, up to WINDOW */
		sb_printf(&sql, "(SELECT count(*) FROM (SELECT 1 FROM" PG_GIN("%s") " AS s WHERE s.owner = ?1 LIMIT %d) AS m)),",
		          pl->match, WINDOW);
	sb_puts(&sql, " coalesce((SELECT items FROM user_usage WHERE user_id = ?1), 0),"
	              " coalesce((SELECT min(seq) FROM library_items WHERE user_id = ?1), -1),"
	              " coalesce((SELECT max(seq) FROM library_items WHERE user_id = ?1), -1),"
	              " coalesce((SELECT min(seq) FROM search_pending), -1), coalesce((SELECT max(seq) FROM search_pending), -1)");
	if (!sb_error(&sql) && (s = dyn_prepare(st, sb_str(&sql)))) {
		bind_all(s, b, n);
		rc = read_ints(st, s, v, 6, r);
	} else if (sb_error(&sql))
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory compiling a search");
	sb_free(&sql);
	if (rc != STORE_OK)
		return rc;
	*nrank = v[0] > RANK_MAX ? 1 : -1;
	pl->few = v[0] < WINDOW;
	/* a row the walk meets (its item read for the other conditions, then the set) costs a fraction of a match's
	 * item read by its seq and sorted: about a quarter (EXPLAIN ANALYZE at 20,000 articles; a word in 1 % sorted
	 * by date, 218 matches, met about 1,900 rows and was slower walked) */
	pl->walk = pl->few && v[0] > 0 && need * v[1] / v[0] <= 4 * v[0];
	/* more than WINDOW (an estimate from a sample): the set when hashing it (about 1.5 us a match: the GIN index's
	 * 7 columns, each match's row) costs less than the rows' vectors the walk would test (about 30 us each) */
	if (!pl->few && v[0] > WINDOW && v[0] <= PG_HASH_MAX && v[0] * v[0] < 20 * need * v[1])
		pl->few = pl->walk = true;
	/* a walk meets the newest (oldest) rows first: their matches among the buckets of window rows (search_pg.c)
	 * that hold half as many rows again as the page needs at the match's density (the owner's rows spread over
	 * [min, max] of seq), hashed once; past them a window PG_WIN_GROW times as wide (the other conditions of the
	 * query pass fewer rows), hashed only if the walk gets there; a row outside both is tested by its vector as
	 * before. Most of the page is there when the date follows seq; when it does not, only the cost changes */
	if (pg_windows && (pl->walk || !pl->few) && v[0] > 0 && v[1] > 0 && v[2] >= 0 && v[3] >= v[2]) {
		double density = v[0] >= v[1] ? 1 : (double)v[0] / (double)v[1];
		double spread = (double)(v[3] - v[2] + 1) / (double)v[1];
		double span = ((double)need / density * 1.5 + 32) * (spread > 1 ? spread : 1);
		for (int t = 0; t < PG_WIN_TIERS && span < (double)(v[3] - v[2]); t++, span *= PG_WIN_GROW) {
			int64_t lo = pl->win_asc ? v[2] : v[3] - (int64_t)span, hi = pl->win_asc ? v[2] + (int64_t)span : v[3];
			if (!(pl->win[t] = search_pg_window(c->a, c->pgkey, lo, hi, PG_WIN_MAX, &pl->win_from[t], &pl->win_to[t])))
				break;
			/* a row of it waiting for its vector (larder init's re-index; [v[4], v[5]] holds them all): no window */
			if (v[4] >= 0 && v[4] <= pl->win_to[t] && v[5] >= pl->win_from[t]) {
				pl->win[t] = NULL;
				break;
			}
		}
	}
	return STORE_OK;
}

/* the (RANK_MAX + 1)-th newest match, if any: how many matches, and how dense */
static int plan(struct store *st, const char *main, const struct store_sq *sq, const struct comp *c, int nb,
                int64_t need, struct plan *pl, struct store_search_res *r)
{
	int64_t nrank = -1;
	int rc;
	/* the window follows the first sort key when the rows are read in its index order (saved, updated) */
	enum store_sq_sortkey k0 = SQO_SAVED;
	for (size_t i = 0; i < sq->nsorts; i++)
		if (sq->sorts[i].key != SQO_SCORE) {
			k0 = sq->sorts[i].key;
			pl->win_asc = sq->sorts[i].asc;
			break;
		}
	rc = c->pg ? pg_probe(st, c, nb, need, &nrank, pl, r)
	           : probe_match(st, main, pl->win_asc, &nrank, &pl->window, r);
	if (rc != STORE_OK)
		return rc;
	pl->drive = nrank < 0;
	if (k0 != SQO_SAVED && k0 != SQO_UPDATED) {
		pl->window = -1; /* read in no index order: the whole match set is the filter */
		pl->walk = false;
		pl->win[0] = NULL;
	}
	pl->rank = pl->drive && (sq->nsorts == 0 || sq->sorts[0].key == SQO_SCORE);
	return STORE_OK;
}

/* the main match (the positive conjuncts ANDed, minus the negated ones) over a level's sample lexemes, as a tsquery
 * literal; NULL when a conjunct is not plain words (then the probe counts the matches themselves) */
static const char *pg_sample(struct comp *c, const struct split *sp, char level)
{
	struct sb o;
	bool ok = sp->npos > 0;
	const char *r;
	sb_init(&o);
	for (size_t i = 0; ok && i < sp->npos; i++) {
		if (i)
			sb_puts(&o, " & ");
		ok = pg_sample_q(c, &o, sp->pos[i], level);
	}
	for (size_t i = 0; ok && i < sp->nneg; i++) {
		sb_puts(&o, " & !");
		ok = pg_sample_q(c, &o, sp->neg[i]->l, level);
	}
	r = ok && !sb_error(&o) ? arena_strdup(c->a, sb_str(&o)) : NULL;
	sb_free(&o);
	return r;
}

/* PostgreSQL's main match (exact: the positive conjuncts' words as written) as a tsquery expression: the positive
 * conjuncts' tsqueries ANDed, minus the negated ones */
static const char *pg_match(struct comp *c, const struct split *sp, bool exact)
{
	struct sb m;
	struct sb *saved = c->sql;
	const char *r;
	sb_init(&m);
	c->sql = &m;
	sb_putc(&m, '(');
	for (size_t i = 0; i < sp->npos; i++) {
		sb_puts(&m, i ? " && (" : "(");
		pg_tsq(c, sp->pos[i], exact);
		sb_putc(&m, ')');
	}
	for (size_t i = 0; i < sp->nneg && !exact; i++) {
		sb_puts(&m, " && !!(");
		pg_tsq(c, sp->neg[i]->l, false);
		sb_putc(&m, ')');
	}
	sb_putc(&m, ')');
	c->sql = saved;
	r = sb_error(&m) ? NULL : arena_strdup(c->a, sb_str(&m));
	sb_free(&m);
	if (!r)
		c->err = 1;
	return r;
}

/* PostgreSQL's main match, and its rank's phrases (search_rank.c); when the match reads words in other forms,
 * the words as written for the ranked page's first tier, as SQLite's rank_sql */
static void pg_main(struct comp *c, const struct split *sp, struct plan *pl)
{
	pl->match = pg_match(c, sp, false);
	for (int i = 0; i < PG_SAMPLES; i++)
		pl->sample[i] = pg_sample(c, sp, (char)('0' + PG_SAMPLES - i));
	search_rank_init(&pl->rk, c->a, c->pgkey);
	for (size_t i = 0; i < sp->npos; i++)
		pg_phrases(c, &pl->rk, sp->pos[i]);
	for (size_t i = 0; c->stemmed && i < sp->npos; i++) {
		int x = pg_tier(c, &pl->rk, sp->pos[i]);
		pl->rk.root = i ? search_rank_node(&pl->rk, RANK_AND, pl->rk.root, x, -1) : x;
	}
	if (!pl->match || pl->rk.err)
		c->err = 1;
}

/* runs the page's statement: up to limit items, has_next when one more row is there */
static int read_page(struct store *st, struct arena *a, const char *sql, const struct bind *b, int nb, int64_t limit,
                     struct store_search_res *r)
{
	struct db_stmt *s = dyn_prepare(st, sql);
	int rc;
	if (!s)
		return STORE_E_DB;
	bind_all(s, b, nb);
	if (!(r->items = ARENA_NEWN(a, struct store_item, (size_t)limit))) {
		store_done(s);
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading a search");
		return STORE_E_DB;
	}
	while ((rc = db_step(s)) == DB_ROW) {
		if (r->n == (size_t)limit) {
			r->has_next = true;
			break;
		}
		if ((rc = store_row_item(st, a, s, 0, &r->items[r->n])) != STORE_OK) {
			store_done(s);
			return rc;
		}
		r->n++;
	}
	rc = rc == DB_ROW || rc == DB_DONE ? STORE_OK : step_fail(st, r, rc);
	store_done(s);
	return rc;
}

/* the ranked page's order (search.h); only bench/rank-eval changes it */
static struct store_rank rank_now = STORE_RANK_DEFAULT;

void store_search_rank(const struct store_rank *r)
{
	rank_now = r ? *r : (struct store_rank)STORE_RANK_DEFAULT;
}

/* SQLite's relevance: larder_rank; when the match reads words in other forms, the rows holding every word as
 * written first (an IN list of at most RANK_MAX rows: a ranked page has no more matches), which costs a
 * fraction of ranking the forms as phrases of their own (that doubled a ranked search's time) */
static const char *rank_sql(struct comp *c)
{
	struct sb *keep = c->sql, k;
	const char *r, *score;
	if (rank_now.idf > 0)
		score = arena_printf(c->a, "larder_rank(items_fts, %s, %g)", rank_now.weights, rank_now.idf);
	else if (rank_now.tie > 0)
		score = arena_printf(c->a, "round(larder_rank(items_fts, %s) / %g)", rank_now.weights, rank_now.tie);
	else
		score = arena_printf(c->a, "larder_rank(items_fts, %s)", rank_now.weights);
	if (!score || !c->exact || !rank_now.exact_first)
		return score ? score : "";
	sb_init(&k);
	c->sql = &k;
	sb_puts(&k, "+i.seq NOT IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ");
	ptext(c, c->exact);
	sb_printf(&k, "), %s", score);
	c->sql = keep;
	r = sb_error(&k) ? NULL : arena_strdup(c->a, sb_str(&k));
	sb_free(&k);
	if (!r)
		c->err = 1;
	return r ? r : "";
}

/* PostgreSQL's match on the page's rows as the plan reads them: a few dense matches as a set hashed once from the
 * GIN index, tested as the walk in the sort's order meets each item ("IS TRUE" keeps it a hashed SubPlan: an IN
 * at the top of WHERE became a hash join over a full scan of the items, 117 ms for two common words at 20,000
 * articles, 4 ms so); more than WINDOW, each row's vector as the walk meets it, to the page's end (a window of
 * the newest rows' matches, as SQLite's, was read by the planner through the seq index, each row's vector
 * tested: 129 ms) */
static void pg_member(struct comp *c, struct sb *sql, const struct plan *pl)
{
	if (pl->win[0]) { /* each window's matches hashed when the walk first meets it (each window's range holds the
	                   * narrower one's) */
		pg_windows_used++;
		sb_puts(sql, " AND CASE");
		for (int t = 0; t < PG_WIN_TIERS && pl->win[t]; t++) {
			sb_puts(sql, " WHEN i.seq BETWEEN ");
			pint(c, pl->win_from[t]);
			sb_puts(sql, " AND ");
			pint(c, pl->win_to[t]);
			sb_printf(sql, " THEN (i.seq IN (SELECT seq FROM item_search WHERE tsv @@ (%s && ", pl->match);
			ptext(c, pl->win[t]);
			sb_puts(sql, "::tsquery) AND owner = ?1 OFFSET 0)) IS TRUE");
		}
		sb_printf(sql, " ELSE EXISTS (SELECT 1 FROM item_search s WHERE s.seq = i.seq AND s.tsv @@ %s) END", pl->match);
	} else if (pl->few && pl->walk)
		sb_printf(sql, " AND (i.seq IN (SELECT seq FROM item_search WHERE tsv @@ %s AND owner = ?1 OFFSET 0)) IS TRUE",
		          pl->match);
	else if (!pl->few)
		sb_printf(sql, " AND s.tsv @@ %s", pl->match);
}

/* the page's statement: the match (as the plan reads it), the order, LIMIT and OFFSET */
static void page_sql(struct sb *sql, struct comp *c, const char *where, const char *main, const struct plan *pl,
                     const struct store_sq *sq, int64_t limit, int64_t offset)
{
	struct sb order;
	sb_init(&order);
	order_by(&order, sq, !pl->rank || !rank_now.ranked || c->pg ? NULL : rank_sql(c));
	/* planned once per connection when nothing outside the main match moves the plan (plan.fenced) and either
	 * there is no main match (no word, date or number at all) or the fences below read it in one way whatever
	 * the words: the GIN index's few matches each read by its seq then sorted, or the walk in the sort's order
	 * testing each row against the hashed window or set */
	bool generic = pl->fenced && (!main || pl->few || pl->win[0]);
	sb_puts(sql, generic ? DB_GENERIC_PLAN "SELECT " STORE_ITEM_COLS("i.") : "SELECT " STORE_ITEM_COLS("i."));
	if (main && c->pg && pl->few && !pl->walk) /* a few sparse matches: read from the GIN index, then sorted */
		sb_printf(sql, PG_GIN_ITEMS("%s"), pl->match);
	else if (main && c->pg && !pl->few && !pl->win[0])
		sb_puts(sql, FROM_PG);
	else
		sb_puts(sql, main && pl->drive && !c->pg ? FROM_FTS : " FROM library_items i");
	sb_puts(sql, where);
	c->sql = sql;
	if (main && c->pg)
		pg_member(c, sql, pl);
	else if (main && pl->drive)
		sb_puts(sql, " AND items_fts MATCH ?2");
	else if (main && pl->window < 0) /* every match is in the window */
		sb_puts(sql, " AND +i.seq IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?2)");
	else if (main) {
		int w = c->nb + 1;
		const char *ge = pl->win_asc ? "<=" : ">=";
		sb_printf(sql, " AND CASE WHEN i.seq %s ?%d THEN +i.seq IN (SELECT rowid FROM items_fts"
		               " WHERE items_fts MATCH ?2 AND rowid %s ?%d) ELSE EXISTS (SELECT 1 FROM items_fts"
		               " WHERE items_fts MATCH ?2 AND rowid = i.seq) END", ge, w, ge, w);
		param(c, (struct bind){ .type = B_INT, .i = pl->window });
		sb_truncate(sql, sql->len - (size_t)snprintf(NULL, 0, "?%d", w));
	}
#ifdef SEARCH_WINDOW_TEST /* PostgreSQL's twin of the test clock: each row read costs 1 ms */
	if (c->pg)
		sb_puts(sql, " AND pg_sleep(0.001 + 0 * i.seq)::text = ''");
#endif
	sb_puts(sql, sb_str(&order));
	sb_puts(sql, " LIMIT ");
	pint(c, limit + 1);
	sb_puts(sql, " OFFSET ");
	pint(c, offset);
	if (sb_error(&order))
		c->err = 1;
	sb_free(&order);
}

/* PostgreSQL's ranked page (at most RANK_MAX matches): the candidates' items in the sort's order, each with only
 * the lexemes of the query's phrases (ts_filter of setweight: cut in the server from the rank parts that hold the
 * query's words, item_search_parts of search_pg.c, a 16th of the vector each; from the whole vector for a prefix,
 * whose words are not known, or a row whose parts are not written yet) and its column lengths, in one statement; their
 * tier and score made in C (search_rank.c, rank.c's formula, as SQLite's larder_rank), a stable sort keeps the
 * sort's order among equals, and the page is the slice of that order (a second statement reading the page's items
 * by their seqs cost a round trip and a plan: about 1 ms) */
struct cand { struct store_item it; int tier, at; double score; };

static int cand_cmp(const void *pa, const void *pb)
{
	const struct cand *x = pa, *y = pb;
	if (x->tier != y->tier)
		return x->tier < y->tier ? -1 : 1;
	if (x->score != y->score)
		return x->score < y->score ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* a candidate's query lexemes cut from its whole vector: those of the text[] LEX, and for a prefix (PRE, a text[]
 * of prefixes) those of the row that start with one */
static void whole_filter(struct comp *c, struct sb *sql, const char *lex, const char *pre)
{
	sb_puts(sql, "ts_filter(setweight(s.tsv, 'A', ");
	ptext(c, lex);
	sb_puts(sql, "::text[]");
	if (pre) {
		sb_puts(sql, " || ARRAY(SELECT u.lexeme FROM unnest(s.tsv) AS u WHERE u.lexeme ^@ ANY (");
		ptext(c, pre);
		sb_puts(sql, "::text[]))");
	}
	sb_puts(sql, "), '{a}')::text");
}

static int pg_candidates(struct store *st, struct comp *c, const char *where, struct plan *pl,
                         const struct store_sq *sq, struct cand **out, int *nout, struct store_search_res *r)
{
	struct sb sql;
	struct db_stmt *s = NULL;
	int rc = STORE_E_DB, n = 0, cap = 0, step;
	struct cand *v = NULL;
	const char *lex = search_rank_lexemes(&pl->rk, false, true);
	const char *pre = pl->rk.any_prefix ? search_rank_lexemes(&pl->rk, true, true) : NULL;
	unsigned parts = pre ? 0 : search_rank_parts(&pl->rk);
	const char *plex = parts ? search_rank_lexemes(&pl->rk, false, false) : NULL;
	sb_init(&sql);
	c->sql = &sql;
	if (parts) { /* the parts holding the words, cut and joined as one vector's text (each lexeme is in one part),
		          * 'p' before it; a row without parts (not rewritten since db/pg/035 or 036): its whole vector cut, 'w'
		          * before it (the parts' lexemes lack the owner's key, the vector's have it); planned once per
		          * connection: its plan is fixed by its fences, whatever the words */
		char list[4 * PG_RANK_PARTS + 3], *o = list;
		*o++ = '{';
		for (int p = 0; p < PG_RANK_PARTS; p++)
			if (parts & 1u << p)
				o += sprintf(o, o > list + 1 ? ",%d" : "%d", p);
		*o++ = '}', *o = 0;
		sb_puts(&sql, DB_GENERIC_PLAN "SELECT coalesce('p' || (SELECT string_agg(ts_filter(setweight(r.v, 'A', ");
		ptext(c, plex);
		sb_puts(&sql, "::text[]), '{a}')::text, ' ') FROM item_search_parts r WHERE r.seq = s.seq AND r.part = ANY (");
		ptext(c, arena_strdup(c->a, list));
		sb_puts(&sql, "::smallint[])), 'w' || ");
		whole_filter(c, &sql, lex, NULL);
		sb_putc(&sql, ')');
	} else {
		sb_puts(&sql, "SELECT ");
		whole_filter(c, &sql, lex, pre);
	}
	sb_printf(&sql, ", s.lens::text, " STORE_ITEM_COLS("i.") PG_GIN_ITEMS("%s"), pl->match);
	sb_puts(&sql, where);
	order_by(&sql, sq, NULL);
	if (!c->err && !pl->rk.err && lex && (plex || !parts) && !sb_error(&sql) && (s = dyn_prepare(st, sb_str(&sql)))) {
		bind_all(s, c->binds, c->nb);
		rc = STORE_OK;
		while (rc == STORE_OK && (step = db_step(s)) == DB_ROW) {
			size_t nt = 0, nl = 0;
			const char *tsv = db_col_text(s, 0, &nt), *lens = db_col_text(s, 1, &nl);
			bool keyed = true;
			if (parts && tsv && nt > 0) /* 'p': from the parts, whose lexemes lack the key; 'w': the vector */
				keyed = *tsv == 'w', tsv++, nt--;
			if (n == cap) {
				int ncap = cap ? cap * 2 : 64;
				struct cand *nv = arena_realloc(c->a, v, (size_t)cap * sizeof *v, (size_t)ncap * sizeof *v);
				if (!nv) {
					rc = store_fail(st, DB_E_NOMEM, "ranking a search");
					break;
				}
				v = nv;
				cap = ncap;
			}
			v[n].at = n;
			if (search_rank_row(&pl->rk, c->a, tsv, nt, keyed, lens, nl, &v[n].tier, &v[n].score) != 0)
				rc = store_fail(st, DB_E_NOMEM, "ranking a search (a row's vector could not be read)");
			else
				rc = store_row_item(st, c->a, s, 2, &v[n].it);
			n++;
		}
		if (rc == STORE_OK && step != DB_DONE)
			rc = step_fail(st, r, step);
		store_done(s);
	} else if (!s && lex && !sb_error(&sql) && !c->err)
		rc = STORE_E_DB; /* dyn_prepare said why */
	else
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory compiling a search");
	sb_free(&sql);
	*out = v;
	*nout = n;
	return rc;
}

static int pg_ranked(struct store *st, struct comp *c, const char *where, struct plan *pl,
                     const struct store_sq *sq, int64_t limit, int64_t offset, struct store_search_res *r)
{
	struct cand *v;
	int n, rc = pg_candidates(st, c, where, pl, sq, &v, &n, r);
	if (rc != STORE_OK)
		return rc;
	if (n > 1)
		qsort(v, (size_t)n, sizeof *v, cand_cmp);
	if (!(r->items = ARENA_NEWN(c->a, struct store_item, (size_t)limit)))
		return store_fail(st, DB_E_NOMEM, "ranking a search");
	for (int64_t i = offset; i < n && r->n < (size_t)limit; i++)
		r->items[r->n++] = v[i].it;
	r->has_next = offset + limit < n;
	return STORE_OK;
}

/* the count of every match (with a match, the match set drives: it is at most the user's items). PostgreSQL: the
 * GIN index's matches read once, each one's item by its seq (PG_GIN_ITEMS), as the pages read them: joined, the
 * planner was free to put the GIN scan inside a loop over the user's items, and after a large import (statistics not
 * yet analyzed: 1 item expected where there were 2,700) it ran the scan once for each item, 4.3 s where it takes 1 ms */
static int total(struct store *st, const struct comp *c, int nbase, const char *where, const char *main,
                 bool words_only, const struct plan *pl, struct store_search_res *r)
{
	struct sb sql;
	int rc = STORE_E_DB;
	sb_init(&sql);
	sb_puts(&sql, pl->fenced && !main ? DB_GENERIC_PLAN "SELECT count(*)" : "SELECT count(*)");
	/* PostgreSQL, words and no other condition (the WHERE is the owner and not trashed): the GIN index's matches
	 * counted on their own rows (owner, seq: a heap read in the table's order), less those in the owner's trash (the
	 * partial index items_user_trash), not each match's item read by its seq (a word in each of 600,000 articles:
	 * 3.9 s, about 6.6 us a match) */
	if (words_only)
		sb_printf(&sql, " FROM" PG_GIN("%s") " AS s WHERE s.owner = ?1 AND NOT EXISTS (SELECT 1 FROM library_items t"
		                " WHERE t.user_id = ?1 AND t.deleted_at IS NOT NULL AND t.seq = s.seq)", pl->match);
	else if (main && c->pg)
		sb_printf(&sql, PG_GIN_ITEMS("%s"), pl->match);
	else
		sb_puts(&sql, !main ? " FROM library_items i" : FROM_FTS);
	/* no words but a label filter: the items are read from the label's rows (on the item or one of its highlights),
	 * not by walking every item of the user, and the filter's own condition in the WHERE is TRUE (it is what the
	 * rows read hold; tested again for each, it doubled the count's time) */
	if (!main && c->label_ids) {
		sb_putn(&sql, where, c->label_at);
		sb_puts(&sql, "TRUE");
		sb_puts(&sql, where + c->label_end);
		sb_printf(&sql, " AND i.seq IN (SELECT il.item_seq FROM item_labels il WHERE il.label_id IN (%s)"
		                " UNION SELECT h.item_seq FROM highlights h JOIN highlight_labels hl ON hl.highlight_id = h.id"
		                " WHERE hl.label_id IN (%s))", c->label_ids, c->label_ids);
	} else if (!words_only)
		sb_puts(&sql, where);
	if (main && !c->pg)
		sb_puts(&sql, " AND items_fts MATCH ?2");
	if (!sb_error(&sql))
		rc = count_rows(st, sb_str(&sql), c->binds, nbase, &r->total, r);
	sb_free(&sql);
	return rc;
}

static int search_run(struct store *st, struct arena *a, const struct store_search_req *q, struct store_search_res *r)
{
	struct store_sq sq;
	struct comp c = { .a = a, .pg = !db_is_sqlite(st->db) };
	struct sb where, sql;
	struct split sp = { .npos = 0 };
	const char *main = NULL;
	int64_t limit = q->limit <= 0 ? 10 : q->limit > LIMIT_PAGE_SIZE_MAX ? LIMIT_PAGE_SIZE_MAX : q->limit;
	int64_t offset = q->offset < 0 ? 0 : q->offset;
	struct plan pl = { .window = -1 };
	int rc, nbase;

	memset(r, 0, sizeof *r);
	r->total = -1;
	sb_init(&where);
	sb_init(&sql);
	rc = store_sq_parse(a, q->query, q->query ? strlen(q->query) : 0, q->now_ms ? q->now_ms : time_now_ms(),
	                    q->tz_offset_min, &sq, r->error, sizeof r->error);
	if (rc != 0) {
		snprintf(st->errmsg, sizeof st->errmsg, "search: %.200s", r->error);
		rc = rc == -1 ? STORE_E_INVAL : STORE_E_DB;
		goto out;
	}

	/* ?1 the user, ?2 the main match (NULL when none; PostgreSQL's follows as parameters of its own) */
	c.sql = &where;
	if (!(c.tag = arena_printf(a, "\x01%s\x01", q->user_id ? q->user_id : "")))
		c.err = 1;
	c.user = q->user_id ? q->user_id : "";
	search_pg_key(c.user, c.pgkey);
	c.words = &st->words;
	if (any_leaf(sq.root, is_fts_leaf) && !(c.stag = stem_tag(st, &c, c.user, q->query)))
		c.err = 1;
	ptext(&c, q->user_id ? q->user_id : "");
	sb_truncate(&where, 0);
	if (sq.root)
		split_conj(sq.root, &sp);
	if (sp.npos)
		main = main_match(&c, &sp, false);
	else
		for (size_t i = 0; i < sp.nneg; i++)
			sp.rest[sp.nrest++] = sp.neg[i];
	ptext(&c, c.pg ? NULL : main);
	sb_truncate(&where, 0);
	if (main && c.pg)
		pg_main(&c, &sp, &pl);
	pl.fenced = c.pg && rest_steady(&sp);

	sb_puts(&where, " WHERE i.user_id = ?1");
	if (!sq.trash)
		sb_puts(&where, " AND i.deleted_at IS NULL");
	for (size_t i = 0; i < sp.nrest; i++) {
		sb_puts(&where, " AND ");
		c.keep_ids = sp.rest[i]->op == SQ_LEAF && sp.rest[i]->key == SQK_LABEL && !c.label_ids;
		if (c.keep_ids)
			c.label_at = where.len;
		cond(&c, sp.rest[i]);
		if (c.keep_ids)
			c.label_end = where.len;
		c.keep_ids = false;
	}
	nbase = c.nb;
	if (c.err || sb_error(&where)) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory compiling a search");
		rc = STORE_E_DB;
		goto out;
	}

	if (main && (rc = plan(st, main, &sq, &c, nbase, offset + limit + 1, &pl, r)) != STORE_OK)
		goto out;
	/* a ranked page whose match reads words in other forms: the words as written, for its first tier */
	if (main && pl.rank && !c.pg && c.stemmed && !(c.exact = main_match(&c, &sp, true)))
		c.err = 1;

	if (main && c.pg && pl.rank && rank_now.ranked)
		rc = pg_ranked(st, &c, sb_str(&where), &pl, &sq, limit, offset, r);
	else {
		page_sql(&sql, &c, sb_str(&where), main, &pl, &sq, limit, offset);
		if (c.err || sb_error(&sql)) {
			snprintf(st->errmsg, sizeof st->errmsg, "out of memory compiling a search");
			rc = STORE_E_DB;
			goto out;
		}
		rc = read_page(st, a, sb_str(&sql), c.binds, c.nb, limit, r);
	}
	if (rc != STORE_OK)
		goto out;
	if (q->want_total)
		rc = total(st, &c, nbase, sb_str(&where), main, main && c.pg && !sq.trash && sp.nrest == 0, &pl, r);
out:
	if (rc != STORE_OK && rc != STORE_E_INVAL) {
		r->n = 0;
		r->has_next = false;
	}
	if (rc == STORE_E_INVAL && !r->error[0])
		snprintf(r->error, sizeof r->error, "this search could not run");
	sb_free(&where);
	sb_free(&sql);
	return rc;
}

int store_search(struct store *st, struct arena *a, const struct store_search_req *q, struct store_search_res *r)
{
	int rc;
	budget_set(st, q->time_ms);
	rc = search_run(st, a, q, r);
	budget_set(st, 0);
	if (rc == STORE_E_LIMIT) {
		r->n = 0;
		r->has_next = false;
	}
	return rc;
}
