/* search_pg.c: PostgreSQL's search words made in C by words.c, as SQLite's FTS5 index reads them: each marked search row's tsvector literal (written before the commit), and a user's word or phrase as a tsquery literal (the ranked page scores them in search_rank.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store/search.h"
#include "store/search_pg.h"
#include "store/store_int.h"
#include "store/words.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/text.h"

/*
 * A row's vector: each token words.c makes of a value (WORDS_DOC in the row's language: the word, its stem
 * beside it at the same position, dictionary words of unspaced scripts, Hangul bigrams) behind its column's
 * letter (t title, a author, d description, s site, x text, l labels, n notes) and its owner's key (a hash of
 * the owner's id in PG_KEY_LEN letters: the GIN index keeps each owner's words apart, as fts.c's tag does
 * SQLite's, so a lookup reads the caller's postings only, and its cost does not grow with another user's
 * library), at its position in the column (from 1; a colocated token at the position of the one before). lens counts each column's positions, as
 * FTS5's column size does. The literal is bound as a parameter and cast (::tsvector), never written into SQL;
 * each lexeme is quoted with ' doubled and \ escaped, so no text can end it.
 * Sample rows (search_pg_sample: about 1 in 8 rows by a hash of seq, 1 in 64 and 1 in 512 of them nested) also
 * hold each distinct token of any column once more, without positions, behind the level's digit ('1', '2', '3')
 * and the owner's key: the probe counts a plain word's matches among a sample (search.c's pg_probe), whose
 * postings are an eighth, a 64th or a 512th of the word's, where counting all of them took the GIN index about
 * 0.12 us a match (35 ms for a word in every one of 300,000 articles). No user query names a digit, so these
 * lexemes are never matched, ranked or counted as words.
 * Window rows: every row with a word also holds, at each of PG_WIN_LEVELS levels, its seq's bucket (seq >> 6, 9,
 * 12, 15 or 18) behind 'w', the owner's key and the level's digit, without positions ('wKEY2' then the bucket in
 * decimal). A walk in date order tests its newest rows against the matches among a few buckets (search_pg_window),
 * which the GIN index finds by skipping through the word's postings to the buckets' rows, where testing each row's
 * vector read it whole from TOAST (about 30 us a row). No column letter is 'w', so no user word matches these.
 * Rank parts (db/pg/035): each column lexeme (with its positions) is written a second time into one of
 * PG_RANK_PARTS vectors, chosen by a hash of its word (search_pg_part: the lexeme after the column's letter and the
 * owner's key, so a word's lexemes of every column share a part), a row of item_search_parts (seq, part) each,
 * as its column's letter and the word without the owner's key (db/pg/036: a part is 15 % smaller, 1,334 bytes
 * where it was 1,569 on average in bench/pg-grow's library, and a part is read by its row, never by a word),
 * empty parts too. The ranked page reads the parts holding the query's words (search.c's pg_candidates): about a
 * 16th of the vector, about 1.5 kB that stays in the part's row, where reading the whole vector from TOAST (18.5 kB
 * compressed for an article of 1,000 words) was most of a rare word's cost. A row without parts is one not
 * rewritten since the upgrade: the rank reads its whole vector. (The parts as 16 columns of item_search made its
 * rows about 2 kB, where they were 0.6: every other search that reads them slowed by 10-20 %.)
 * Limits of the type: positions stop at 16383 (TSV_POS_MAX), a lexeme keeps its first 256 (TSV_NPOS_MAX),
 * and the distinct lexemes of one row together stay under 1 MB (TSV_BYTES_MAX; a row past it loses its
 * rarest-sorting lexemes, which LIMIT_SEARCH_TEXT's bound on the text and notes makes unreachable in practice).
 */
#define TSV_POS_MAX 16383
#define TSV_NPOS_MAX 256
#define TSV_BYTES_MAX 1000000
#define SEARCH_COLS 7
#define WORDS_BATCH 200 /* marked rows read at once */

static const char col_letters[SEARCH_COLS + 1] = "tadsxln";
static const int win_shift[PG_WIN_LEVELS] = { 6, 9, 12, 15, 18 };

struct lexeme { const char *s; int n, pos; };

struct vec {
	struct arena *a;
	struct lexeme *v;
	size_t n, cap;
	char prefix[1 + PG_KEY_LEN]; /* the column's letter, the owner's key */
	int pos;   /* the column's positions so far */
	bool err;
};

/* one lexeme more (s stays the arena's); -1 out of memory (err set) */
static int vec_push(struct vec *x, char *s, int n, int pos)
{
	if (!s)
		return x->err = true, -1;
	if (x->n == x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 256;
		struct lexeme *nv = arena_realloc(x->a, x->v, x->cap * sizeof *nv, ncap * sizeof *nv);
		if (!nv)
			return x->err = true, -1;
		x->v = nv;
		x->cap = ncap;
	}
	x->v[x->n++] = (struct lexeme){ s, n, pos };
	return 0;
}

static int vec_add(void *ctx, int flags, const char *tok, int n, int start, int end)
{
	struct vec *x = ctx;
	char *s;
	(void)start, (void)end;
	if (!(flags & WORDS_COLOCATED) || x->pos == 0)
		x->pos++;
	if ((s = arena_alloc(x->a, (size_t)n + sizeof x->prefix)) != NULL) {
		memcpy(s, x->prefix, sizeof x->prefix);
		memcpy(s + sizeof x->prefix, tok, (size_t)n);
	}
	return vec_push(x, s, n + (int)sizeof x->prefix, x->pos < TSV_POS_MAX ? x->pos : TSV_POS_MAX);
}

static int lexeme_cmp(const void *pa, const void *pb)
{
	const struct lexeme *a = pa, *b = pb;
	int c = memcmp(a->s, b->s, (size_t)(a->n < b->n ? a->n : b->n));
	if (c || a->n != b->n)
		return c ? c : a->n < b->n ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* lead (a column's letter, which needs no escaping; 0: none) then s[0..n) inside a literal's quotes: ' doubled,
 * \ escaped */
static void quoted_lead(struct sb *o, char lead, const char *s, int n)
{
	sb_putc(o, '\'');
	if (lead)
		sb_putc(o, lead);
	for (int i = 0; i < n; i++) {
		if (s[i] == '\'' || s[i] == '\\')
			sb_putc(o, s[i] == '\'' ? '\'' : '\\');
		sb_putc(o, s[i]);
	}
	sb_putc(o, '\'');
}

static void quoted(struct sb *o, const char *s, int n)
{
	quoted_lead(o, 0, s, n);
}

/* lex (the arena's; NULL: out of memory, which o then reports) quoted, as an alternative after " | " unless first */
static void quoted_alt(struct sb *o, bool first, const char *lex)
{
	if (!first)
		sb_puts(o, " | ");
	if (lex)
		quoted(o, lex, (int)strlen(lex));
	else
		o->err = 1;
}

int search_pg_sample(int64_t seq)
{
	uint32_t h = (uint32_t)((uint64_t)seq * 2654435761u); /* the migration's SQL computes the same */
	return h >> 23 == 0 ? 3 : h >> 26 == 0 ? 2 : h >> 29 == 0 ? 1 : 0;
}

/* a sample row's tokens once more behind each level's digit, without positions (pos 0) */
static int vec_sample(struct vec *x, int level)
{
	size_t n0 = x->n, bytes = 0;
	for (size_t i = 0; i < n0; i++)
		bytes += (size_t)x->v[i].n * (size_t)(1 + level);
	if (bytes > TSV_BYTES_MAX) /* digits sort first: the row's words would give way to them (unreachable in practice) */
		return 0;
	for (size_t i = 0; i < n0; i++)
		for (int l = 1; l <= level; l++) {
			struct lexeme e = x->v[i];
			char *s = arena_alloc(x->a, (size_t)e.n);
			if (s) {
				memcpy(s, e.s, (size_t)e.n);
				s[0] = (char)('0' + l);
			}
			if (vec_push(x, s, e.n, 0) != 0)
				return -1;
		}
	return 0;
}

/* a window lexeme: 'w', the owner's key, the level's digit, the bucket in decimal */
static char *win_lexeme(struct arena *a, const char *key, int level, int64_t seq)
{
	return arena_printf(a, "w%s%d%lld", key, level, (long long)(seq >> win_shift[level]));
}

/* the row's bucket at each level, without positions */
static void vec_window(struct vec *x, const char *key, int64_t seq)
{
	for (int l = 0; l < PG_WIN_LEVELS && !x->err; l++) {
		char *s = win_lexeme(x->a, key, l, seq);
		vec_push(x, s, s ? (int)strlen(s) : 0, 0);
	}
}

const char *search_pg_window(struct arena *a, const char *key, int64_t lo, int64_t hi, int max, int64_t *from,
                             int64_t *to)
{
	struct sb o;
	const char *r = NULL;
	if (lo < 0)
		lo = 0;
	for (int l = 0; l < PG_WIN_LEVELS && lo <= hi; l++) {
		int64_t b0 = lo >> win_shift[l], b1 = hi >> win_shift[l];
		if (b1 - b0 + 1 > max)
			continue;
		sb_init(&o);
		for (int64_t b = b0; b <= b1; b++)
			quoted_alt(&o, b == b0, win_lexeme(a, key, l, b << win_shift[l]));
		r = sb_error(&o) ? NULL : arena_strdup(a, sb_str(&o));
		sb_free(&o);
		*from = b0 << win_shift[l];
		*to = ((b1 + 1) << win_shift[l]) - 1;
		return r;
	}
	return NULL;
}

void search_pg_key(const char *owner, char key[PG_KEY_LEN + 1])
{
	uint32_t h = text_hash(owner ? owner : "");
	for (int i = 0; i < PG_KEY_LEN; i++, h >>= 5)
		key[i] = "abcdefghijklmnopqrstuvwxyz234567"[h & 31];
	key[PG_KEY_LEN] = 0;
}

int search_pg_part(const char *tok, size_t n)
{
	return (int)(text_hash_n(tok, n) % PG_RANK_PARTS);
}

void search_pg_array_elem(struct sb *o, const char *head, const char *s)
{
	sb_putc(o, '"');
	sb_puts(o, head);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			sb_putc(o, '\\');
		sb_putc(o, *s);
	}
	sb_putc(o, '"');
}

/* the rank parts' text[] literal, PG_RANK_PARTS tsvector literals (an empty one for a part without words) */
static const char *parts_literal(struct arena *a, struct sb part[PG_RANK_PARTS])
{
	struct sb o;
	const char *s;
	bool err = false;
	sb_init(&o);
	sb_putc(&o, '{');
	for (int p = 0; p < PG_RANK_PARTS; p++) {
		if (p)
			sb_putc(&o, ',');
		search_pg_array_elem(&o, "", sb_str(&part[p]));
		err = err || sb_error(&part[p]);
	}
	sb_putc(&o, '}');
	s = err || sb_error(&o) ? NULL : arena_strdup(a, sb_str(&o));
	sb_free(&o);
	return s;
}

int search_pg_vector(struct words *w, struct arena *a, const char *owner, int64_t seq,
                     const char *const vals[SEARCH_COLS], const size_t nvals[SEARCH_COLS], const char *lang,
                     const char **tsv, const char **lens, const char **parts)
{
	struct sb part[PG_RANK_PARTS];
	struct vec x = { .a = a };
	char key[PG_KEY_LEN + 1];
	search_pg_key(owner, key);
	memcpy(x.prefix + 1, key, PG_KEY_LEN);
	struct sb o, l;
	size_t bytes = 0;
	int rc = 0, level;
	size_t at_pos;
	sb_init(&o);
	sb_init(&l);
	for (int p = 0; p < PG_RANK_PARTS; p++)
		sb_init(&part[p]);
	sb_putc(&l, '{');
	for (int c = 0; c < SEARCH_COLS && rc == 0; c++) {
		x.prefix[0] = col_letters[c];
		x.pos = 0;
		if (vals[c] && nvals[c])
			rc = words_run(w, WORDS_DOC, lang ? lang : "", lang ? strlen(lang) : 0, vals[c], nvals[c], &x, vec_add);
		sb_printf(&l, c ? ",%d" : "%d", x.pos);
	}
	sb_putc(&l, '}');
	if (rc == 0 && !x.err && x.n && (level = search_pg_sample(seq)) > 0)
		vec_sample(&x, level);
	if (rc == 0 && !x.err && x.n)
		vec_window(&x, key, seq);
	if (rc == 0 && !x.err) {
		qsort(x.v, x.n, sizeof *x.v, lexeme_cmp);
		for (size_t i = 0, k; i < x.n; i = k) {
			int npos = 0, last = -1;
			for (k = i; k < x.n && x.v[k].n == x.v[i].n && memcmp(x.v[k].s, x.v[i].s, (size_t)x.v[i].n) == 0; k++)
				;
			if ((bytes += (size_t)x.v[i].n) > TSV_BYTES_MAX)
				break;
			if (i)
				sb_putc(&o, ' ');
			quoted(&o, x.v[i].s, x.v[i].n);
			at_pos = o.len;
			for (size_t j = i; j < k && npos < TSV_NPOS_MAX; j++) {
				if (x.v[j].pos == last || x.v[j].pos == 0) /* 0: a sample's lexeme, no position */
					continue;
				sb_printf(&o, "%c%d", npos++ ? ',' : ':', x.v[j].pos);
				last = x.v[j].pos;
			}
			if (x.v[i].n > (int)sizeof x.prefix && strchr(col_letters, x.v[i].s[0]) && !sb_error(&o)) {
				/* a column's word (not a sample's or a window's), to its part as well: its column's letter and
				 * the word, without the owner's key (a part is read by its row, never looked up by a word) */
				const char *word = x.v[i].s + sizeof x.prefix;
				int nword = x.v[i].n - (int)sizeof x.prefix;
				struct sb *to = &part[search_pg_part(word, (size_t)nword)];
				if (to->len)
					sb_putc(to, ' ');
				quoted_lead(to, x.v[i].s[0], word, nword);
				sb_putn(to, sb_str(&o) + at_pos, o.len - at_pos);
			}
		}
	}
	*parts = rc == 0 && !x.err ? parts_literal(a, part) : NULL;
	for (int p = 0; p < PG_RANK_PARTS; p++)
		sb_free(&part[p]);
	*tsv = sb_error(&o) || x.err || rc ? NULL : arena_strdup(a, sb_str(&o));
	*lens = sb_error(&l) ? NULL : arena_strdup(a, sb_str(&l));
	sb_free(&o);
	sb_free(&l);
	return *tsv && *lens && *parts ? 0 : -1;
}

/* ---- the marked rows' vectors, before the commit ---- */

enum stmt {
	STMT_SEARCH_MARKED,
	STMT_SEARCH_WORDS_SET,
	STMT_SEARCH_WORDS_SET1,
	STMT__MAX
};

static const struct store_sql statements[STMT__MAX] = {
	/* SQLite: not run (its FTS5 index reads words.c's words through its tokenizer); PostgreSQL: the rows named
	 * by the trigger item_search_words, ?1 an array of seqs */
	STORE_SQL(STMT_SEARCH_MARKED,
	          "SELECT seq, title, author, description, site, text, labels, notes, lang, owner FROM item_search"
	          " WHERE seq = ?1 ORDER BY seq",
	          DB_GENERIC "SELECT seq, title, author, description, site, text, labels, notes, lang, owner FROM item_search"
	          " WHERE seq = ANY (?1::bigint[]) ORDER BY seq"),
	/* a batch's vectors in one statement (one wait for the server, one plan, where a statement a row cost both
	 * per row): ?1 the seqs, ?2 their tsvector literals, ?3 their lens, ?4 their rank parts (each a text[] literal),
	 * as arrays in the same order (each seq once: an upsert may not meet a row twice); the rows
	 * off search_pending too, where larder init's re-index listed them */
	STORE_SQL(STMT_SEARCH_WORDS_SET,
	          "DELETE FROM search_pending WHERE seq = ?1 AND ?2 IS NOT NULL AND ?3 IS NOT NULL AND ?4 IS NOT NULL",
	          "WITH v AS (SELECT * FROM unnest(?1::bigint[], ?2::text[], ?3::text[], ?4::text[]) AS v (seq, tsv, lens, rk)),"
	          " done AS (DELETE FROM search_pending WHERE seq IN (SELECT seq FROM v)),"
	          " parts AS (INSERT INTO item_search_parts (seq, part, v) SELECT v.seq, p.i - 1, p.v::tsvector"
	          " FROM v, unnest(v.rk::text[]) WITH ORDINALITY AS p (v, i) ON CONFLICT (seq, part) DO UPDATE SET v = excluded.v)"
	          " UPDATE item_search SET tsv = v.tsv::tsvector, lens = v.lens::integer[] FROM v WHERE item_search.seq = v.seq"),
	/* one row (a save's): the arrays' plan cost the server more than this statement (pg-bench -P: 0.30 ms to 0.13);
	 * marked, as the read of the marked rows above, since both go by seq whatever the values (t/store_plans) */
	STORE_SQL(STMT_SEARCH_WORDS_SET1,
	          "DELETE FROM search_pending WHERE seq = ?1 AND ?2 IS NOT NULL AND ?3 IS NOT NULL AND ?4 IS NOT NULL",
	          DB_GENERIC "WITH done AS (DELETE FROM search_pending WHERE seq = ?1),"
	          " parts AS (INSERT INTO item_search_parts (seq, part, v) SELECT ?1::bigint, p.i - 1, p.v::tsvector"
	          " FROM unnest(?4::text[]) WITH ORDINALITY AS p (v, i) ON CONFLICT (seq, part) DO UPDATE SET v = excluded.v)"
	          " UPDATE item_search SET tsv = ?2::tsvector, lens = ?3::integer[] WHERE seq = ?1"),
};
STORE_STATEMENTS(search_pg, statements)

#ifdef HAVE_LIBPQ

/* the arrays of one batch of vectors (STMT_SEARCH_WORDS_SET's parameters), or its one row's */
struct words_set { struct sb seqs, tsvs, lens, rks; int n; bool one; int64_t seq1; const char *tsv1, *lens1, *rk1; };

/* one row of STMT_SEARCH_MARKED: its vector made and added to the batch */
static int words_row(struct store *st, struct arena *a, struct db_stmt *row, struct words_set *b)
{
	const char *vals[SEARCH_COLS], *tsv, *lens, *parts, *lang, *owner;
	size_t nvals[SEARCH_COLS], nlang = 0;
	for (int c = 0; c < SEARCH_COLS; c++) {
		nvals[c] = 0;
		vals[c] = db_col_text(row, c + 1, &nvals[c]);
	}
	lang = db_col_text(row, 8, &nlang);
	lang = lang ? arena_strndup(a, lang, nlang < 32 ? nlang : 32) : NULL;
	owner = db_col_text(row, 9, NULL);
	if (!st->words && !(st->words = words_new()))
		return store_fail(st, DB_E_NOMEM, "making a search row's words");
	if (search_pg_vector(st->words, a, owner, db_col_int64(row, 0), vals, nvals, lang, &tsv, &lens, &parts) != 0)
		return store_fail(st, DB_E_NOMEM, "making a search row's words");
	if (b->one) { /* kept in the arena until written */
		b->seq1 = db_col_int64(row, 0), b->tsv1 = tsv, b->lens1 = lens, b->rk1 = parts;
		b->n++;
		return STORE_OK;
	}
	sb_printf(&b->seqs, b->n ? ",%lld" : "%lld", (long long)db_col_int64(row, 0));
	if (b->n)
		sb_putc(&b->tsvs, ','), sb_putc(&b->lens, ','), sb_putc(&b->rks, ',');
	search_pg_array_elem(&b->tsvs, "", tsv);
	search_pg_array_elem(&b->lens, "", lens);
	search_pg_array_elem(&b->rks, "", parts);
	b->n++;
	return STORE_OK;
}

/* the batch's vectors written, in one statement */
static int words_set(struct store *st, struct words_set *b)
{
	struct db_stmt *set = stmt(st, b->one ? STMT_SEARCH_WORDS_SET1 : STMT_SEARCH_WORDS_SET);
	int rc;
	if (b->one) {
		db_bind_int64(set, 1, b->seq1);
		db_bind_text(set, 2, b->tsv1);
		db_bind_text(set, 3, b->lens1);
		db_bind_text(set, 4, b->rk1);
		rc = db_step(set);
		store_done(set);
		return rc == DB_DONE || rc == DB_ROW ? STORE_OK : store_fail(st, rc, "writing a search row's words");
	}
	sb_putc(&b->seqs, '}');
	sb_putc(&b->tsvs, '}');
	sb_putc(&b->lens, '}');
	sb_putc(&b->rks, '}');
	if (sb_error(&b->seqs) || sb_error(&b->tsvs) || sb_error(&b->lens) || sb_error(&b->rks))
		return store_fail(st, DB_E_NOMEM, "making the search rows' words");
	db_bind_text(set, 1, sb_str(&b->seqs));
	db_bind_text(set, 2, sb_str(&b->tsvs));
	db_bind_text(set, 3, sb_str(&b->lens));
	db_bind_text(set, 4, sb_str(&b->rks));
	rc = db_step(set);
	store_done(set);
	return rc == DB_DONE || rc == DB_ROW ? STORE_OK : store_fail(st, rc, "writing the search rows' words");
}

static int seq_cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* one batch of marked rows: read, their vectors made in C, written in one statement */
static int words_batch(struct store *st, struct arena *a, int64_t *seqs, size_t n)
{
	struct db_stmt *s = stmt(st, STMT_SEARCH_MARKED);
	struct sb list;
	struct words_set b = { .n = 0 };
	int rc = STORE_OK, step = DB_DONE;
	qsort(seqs, n, sizeof *seqs, seq_cmp);
	sb_init(&list);
	sb_init(&b.seqs);
	sb_init(&b.tsvs);
	sb_init(&b.lens);
	sb_init(&b.rks);
	sb_putc(&list, '{');
	for (size_t i = 0; i < n; i++)
		if (i == 0 || seqs[i] != seqs[i - 1])
			sb_printf(&list, i ? ",%lld" : "%lld", (long long)seqs[i]);
	sb_putc(&list, '}');
	b.one = seqs[0] == seqs[n - 1];
	sb_putc(&b.seqs, '{');
	sb_putc(&b.tsvs, '{');
	sb_putc(&b.lens, '{');
	sb_putc(&b.rks, '{');
	if (sb_error(&list))
		rc = store_fail(st, DB_E_NOMEM, "listing the search rows to index");
	else
		db_bind_text(s, 1, sb_str(&list));
	while (rc == STORE_OK && (step = db_step(s)) == DB_ROW) {
		rc = words_row(st, a, s, &b);
		if (!b.one)
			arena_reset(a);
	}
	if (rc == STORE_OK && step != DB_DONE)
		rc = store_fail(st, step, "reading the search rows to index");
	store_done(s);
	if (rc == STORE_OK && b.n > 0)
		rc = words_set(st, &b);
	arena_reset(a);
	sb_free(&list);
	sb_free(&b.seqs);
	sb_free(&b.tsvs);
	sb_free(&b.lens);
	sb_free(&b.rks);
	return rc;
}

/* the rows the driver noted, WORDS_BATCH at a time (a row noted twice is written once per batch) */
static int words_of(struct store *st)
{
	struct arena a;
	int64_t seqs[WORDS_BATCH];
	size_t n;
	int rc = STORE_OK;
	arena_init(&a);
	while (rc == STORE_OK && (n = db_pg_take_marks(st->db, seqs, WORDS_BATCH)) > 0)
		rc = words_batch(st, &a, seqs, n);
	arena_free(&a);
	return rc;
}
#endif

int store_search_words(struct store *st)
{
#ifdef HAVE_LIBPQ
	int rc;
	if (db_is_sqlite(st->db))
		return STORE_OK;
	if (db_in_tx(st->db))
		return words_of(st);
	/* a statement outside a transaction changed them (it committed): their words in a transaction of their own */
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	return store_end(st, words_of(st));
#else
	(void)st;
	return STORE_OK;
#endif
}

/* the driver's call (db_pg_on_marked): a db_rc */
int store_search_words_hook(void *arg)
{
	return store_search_words(arg) == STORE_OK ? DB_OK : DB_E_OTHER;
}

/* ---- a user's word or phrase ---- */

static int terms_add(void *ctx, int flags, const char *tok, int n, int start, int end)
{
	struct search_terms *t = ctx;
	(void)start, (void)end;
	if (!(flags & WORDS_COLOCATED) || t->npos == 0)
		t->npos++;
	if (t->n == t->cap) {
		int ncap = t->cap ? t->cap * 2 : 16;
		const char **nt = arena_realloc(t->a, t->tok, (size_t)t->cap * sizeof *nt, (size_t)ncap * sizeof *nt);
		int *np = arena_realloc(t->a, t->pos, (size_t)t->cap * sizeof *np, (size_t)ncap * sizeof *np);
		if (!nt || !np)
			return -1;
		t->tok = nt;
		t->pos = np;
		t->cap = ncap;
	}
	if (!(t->tok[t->n] = arena_strndup(t->a, tok, (size_t)n)))
		return -1;
	t->pos[t->n++] = t->npos;
	return 0;
}

int search_terms(struct words *w, struct arena *a, enum words_mode mode, const char *langs, const char *text,
                 struct search_terms *t)
{
	memset(t, 0, sizeof *t);
	t->a = a;
	return words_run(w, mode, langs ? langs : "", langs ? strlen(langs) : 0, text, strlen(text), t, terms_add) ? -1 : 0;
}

/* tokens [from, n) of t: one phrase (positions joined by <->, a position's tokens as alternatives) in each column
 * of cols, ORed, behind the owner's key; prefix: the last position's tokens are prefixes. "" (the empty query)
 * when none */
const char *search_terms_tsquery(struct arena *a, const struct search_terms *t, int from, const char *key,
                                 const char *cols, bool prefix)
{
	struct sb o;
	const char *r;
	if (from >= t->n)
		return "";
	sb_init(&o);
	for (const char *c = cols; *c; c++) {
		if (c != cols)
			sb_puts(&o, " | ");
		sb_putc(&o, '(');
		for (int i = from; i < t->n;) {
			int k = i;
			while (k < t->n && t->pos[k] == t->pos[i])
				k++;
			if (i > from)
				sb_puts(&o, " <-> ");
			if (k - i > 1)
				sb_putc(&o, '(');
			for (int j = i; j < k; j++) {
				quoted_alt(&o, j == i, arena_printf(a, "%c%s%s", *c, key, t->tok[j]));
				if (prefix && k == t->n)
					sb_puts(&o, ":*");
			}
			if (k - i > 1)
				sb_putc(&o, ')');
			i = k;
		}
		sb_putc(&o, ')');
	}
	r = sb_error(&o) ? NULL : arena_strdup(a, sb_str(&o));
	sb_free(&o);
	return r;
}
