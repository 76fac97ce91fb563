/* fts.c: the FTS5 tokenizer that keeps each owner's words apart in the one index ("larder", words.c's analysis), and the rank function that scores a row from that row alone (larder_rank). */
#include <sqlite3.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "store/rank.h"
#include "store/store_int.h"
#include "store/words.h"

#define TAG_MAX 128   /* longest tag read */
#define TOKEN_MAX 512 /* longer tokens are cut */

/*
 * The tokenizer of schema versions 6 to 22 ("larder", unicode61 behind the owner's tag), kept so that
 * their migrations read the index they wrote; db/024_search_words.sql replaces it with "larder_words" below.
 * Every value the index sees starts with its owner's tag, "\x01" OWNER "\x01" (the triggers of
 * db/006_search_owner.sql write it; search.c writes the caller's in front of each query string).
 * The tokenizer hands the rest to unicode61 and emits each token as OWNER "\x01" token, so the
 * doclists, prefix scans and match counts of one owner never meet another's tokens. unicode61
 * never emits "\x01" and an owner holds none, so OWNER "\x01" token cannot be read two ways. A
 * value without a tag (none is written) is tokenized with an empty owner.
 */

struct old_tok {
	fts5_tokenizer base;  /* unicode61 */
	Fts5Tokenizer *inner;
};

struct old_emit {
	void *ctx;
	int (*x)(void *, int, const char *, int, int, int);
	const char *owner;
	int nowner;
	int shift;  /* bytes before the text unicode61 sees (offsets are reported in the whole value) */
	char buf[TAG_MAX + 1 + TOKEN_MAX];
};

static int old_create(void *ud, const char **argv, int argc, Fts5Tokenizer **out)
{
	fts5_api *api = ud;
	struct old_tok *t = calloc(1, sizeof *t);
	void *inner_ud = NULL;
	int rc;
	if (!t)
		return SQLITE_NOMEM;
	rc = api->xFindTokenizer(api, "unicode61", &inner_ud, &t->base);
	if (rc == SQLITE_OK)
		rc = t->base.xCreate(inner_ud, argv, argc, &t->inner);
	if (rc != SQLITE_OK) {
		free(t);
		return rc;
	}
	*out = (Fts5Tokenizer *)t;
	return SQLITE_OK;
}

static void old_delete(Fts5Tokenizer *p)
{
	struct old_tok *t = (struct old_tok *)p;
	if (t) {
		t->base.xDelete(t->inner);
		free(t);
	}
}

static int old_emit(void *ctx, int flags, const char *s, int n, int start, int end)
{
	struct old_emit *e = ctx;
	if (n > TOKEN_MAX)
		n = TOKEN_MAX;
	memcpy(e->buf, e->owner, (size_t)e->nowner);
	e->buf[e->nowner] = '\x01';
	memcpy(e->buf + e->nowner + 1, s, (size_t)n);
	return e->x(e->ctx, flags, e->buf, e->nowner + 1 + n, start + e->shift, end + e->shift);
}

static int old_tokenize(Fts5Tokenizer *p, void *ctx, int flags, const char *text, int n,
                        int (*x)(void *, int, const char *, int, int, int))
{
	struct old_tok *t = (struct old_tok *)p;
	struct old_emit e = { .ctx = ctx, .x = x, .owner = "", .nowner = 0, .shift = 0 };
	if (n >= 2 && text[0] == '\x01') {
		const char *close = memchr(text + 1, '\x01', (size_t)(n - 1 < TAG_MAX + 1 ? n - 1 : TAG_MAX + 1));
		if (close) {
			e.owner = text + 1;
			e.nowner = (int)(close - text - 1);
			e.shift = e.nowner + 2;
		}
	}
	return t->base.xTokenize(t->inner, &e, flags, text + e.shift, n - e.shift, old_emit);
}

/*
 * Every value the index sees starts with its owner's tag, "\x01" OWNER "\x02" LANGUAGE "\x01" (the view
 * item_search_tagged of db/024_search_words.sql writes it; search.c writes the caller's in front of each
 * query string). The tokenizer hands the rest to words.c and emits each token as OWNER "\x01" token, so the
 * doclists, prefix scans and match counts of one owner never meet another's tokens. words.c never emits
 * "\x01" and an owner holds none, so OWNER "\x01" token cannot be read two ways. The part after "\x02" is a
 * stored value's language (its stems), or, in a query, the languages of a word searched in any of its forms
 * (WORDS_STEM); a query tag without it searches words as written (WORDS_EXACT). A value without a tag (none is
 * written) is tokenized with an empty owner.
 */
struct tok {
	struct words *w;
};

struct emit {
	void *ctx;
	int (*x)(void *, int, const char *, int, int, int);
	const char *owner;
	int nowner;
	int shift;  /* bytes before the text words.c sees (offsets are reported in the whole value) */
	char buf[TAG_MAX + 1 + TOKEN_MAX];
};

static int tok_create(void *ud, const char **argv, int argc, Fts5Tokenizer **out)
{
	struct tok *t = calloc(1, sizeof *t);
	(void)ud, (void)argv, (void)argc;
	if (!t || !(t->w = words_new())) {
		free(t);
		return SQLITE_NOMEM;
	}
	*out = (Fts5Tokenizer *)t;
	return SQLITE_OK;
}

static void tok_delete(Fts5Tokenizer *p)
{
	struct tok *t = (struct tok *)p;
	if (t) {
		words_free(t->w);
		free(t);
	}
}

static int tok_emit(void *ctx, int flags, const char *s, int n, int start, int end)
{
	struct emit *e = ctx;
	if (n > TOKEN_MAX)
		n = TOKEN_MAX;
	memcpy(e->buf, e->owner, (size_t)e->nowner);
	e->buf[e->nowner] = '\x01';
	memcpy(e->buf + e->nowner + 1, s, (size_t)n);
	return e->x(e->ctx, flags & WORDS_COLOCATED ? FTS5_TOKEN_COLOCATED : 0, e->buf, e->nowner + 1 + n,
	            start + e->shift, end + e->shift);
}

static int tok_tokenize(Fts5Tokenizer *p, void *ctx, int flags, const char *text, int n,
                        int (*x)(void *, int, const char *, int, int, int))
{
	struct tok *t = (struct tok *)p;
	struct emit e = { .ctx = ctx, .x = x, .owner = "", .nowner = 0, .shift = 0 };
	const char *langs = NULL;
	size_t nlangs = 0;
	enum words_mode mode = (flags & FTS5_TOKENIZE_QUERY) ? WORDS_EXACT : WORDS_DOC;
	int rc;
	if (n >= 2 && text[0] == '\x01') {
		const char *close = memchr(text + 1, '\x01', (size_t)(n - 1 < TAG_MAX + 1 ? n - 1 : TAG_MAX + 1));
		if (close) {
			const char *mark = memchr(text + 1, WORDS_STEM_MARK, (size_t)(close - text - 1));
			e.owner = text + 1;
			e.nowner = (int)((mark ? mark : close) - text - 1);
			e.shift = (int)(close - text) + 1;
			if (mark) {
				langs = mark + 1;
				nlangs = (size_t)(close - mark - 1);
				if (mode == WORDS_EXACT)
					mode = WORDS_STEM;
			} else if (e.nowner > 0 && close[-1] == STORE_FTS_RAW && (flags & FTS5_TOKENIZE_QUERY)) {
				/* "\x01" owner "\x03\x01" token: a query's token as search.c made it with words.c, taken as it is */
				e.nowner--;
				return n - e.shift > 0 ? tok_emit(&e, 0, text + e.shift, n - e.shift, 0, 0) : SQLITE_OK;
			}
		}
	}
	rc = words_run(t->w, mode, langs, nlangs, text + e.shift, (size_t)(n - e.shift), &e, tok_emit);
	return rc < 0 ? SQLITE_NOMEM : rc;
}

/*
 * larder_rank(items_fts, w1, …, wN): a relevance score from the row alone, lower is better (it sorts
 * like bm25): rank.c's formula (PostgreSQL's ranked page calls the same) over the row's phrase hits per column
 * and its column sizes. bm25 would use the whole
 * index (document count, each phrase's document frequency, average lengths): that would let other
 * owners' rows change one owner's order, and reading each phrase's full doclist costs time that
 * grows with everyone's data.
 */

/* bench/rank-eval's candidate only (a last argument K > 0, never passed by a search): each phrase weighted by
 * log(1 + K / rows), rows counted among the rows holding the phrase's tokens, which carry the caller's tag, so
 * only the caller's rows; counted once per statement (xSetAuxdata) */
static int count_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *arg)
{
	(void)api, (void)fts;
	++*(int64_t *)arg;
	return SQLITE_OK;
}

static double *phrase_idf(const Fts5ExtensionApi *api, Fts5Context *fts, int nphrase, double k, int *rc)
{
	double *idf = api->xGetAuxdata(fts, 0);
	if (idf || nphrase <= 0)
		return idf;
	if (!(idf = sqlite3_malloc64(sizeof *idf * (size_t)nphrase))) {
		*rc = SQLITE_NOMEM;
		return NULL;
	}
	for (int p = 0; p < nphrase && *rc == SQLITE_OK; p++) {
		int64_t rows = 0;
		*rc = api->xQueryPhrase(fts, p, &rows, count_row);
		idf[p] = log(1 + k / ((double)rows + 0.5));
	}
	if (*rc == SQLITE_OK)
		*rc = api->xSetAuxdata(fts, idf, sqlite3_free);
	else
		sqlite3_free(idf);
	return *rc == SQLITE_OK ? idf : NULL;
}

static void rank_fn(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nval, sqlite3_value **val)
{
	int ncol = api->xColumnCount(fts), nphrase = api->xPhraseCount(fts), ninst = 0, rc = SQLITE_OK;
	int len[STORE_RANK_COLS];
	double k_idf = nval > ncol ? sqlite3_value_double(val[ncol]) : 0, *idf = NULL, w[STORE_RANK_COLS], score;
	int *tf;
	if (ncol > STORE_RANK_COLS)
		ncol = STORE_RANK_COLS;
	if (k_idf > 0 && !(idf = phrase_idf(api, fts, nphrase, k_idf, &rc)) && rc != SQLITE_OK) {
		sqlite3_result_error_code(ctx, rc);
		return;
	}
	if ((rc = api->xInstCount(fts, &ninst)) != SQLITE_OK) {
		sqlite3_result_error_code(ctx, rc);
		return;
	}
	if (!(tf = calloc((size_t)(nphrase * ncol) + 1, sizeof *tf))) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	for (int i = 0; i < ninst; i++) {
		int ph, col, off;
		if (api->xInst(fts, i, &ph, &col, &off) == SQLITE_OK && ph >= 0 && ph < nphrase && col >= 0 && col < ncol)
			tf[ph * ncol + col]++;
	}
	for (int c = 0; c < ncol; c++) {
		len[c] = 0;
		api->xColumnSize(fts, c, &len[c]);
		w[c] = c < nval ? sqlite3_value_double(val[c]) : 1.0;
	}
	score = store_rank_score(tf, nphrase, ncol, len, w, ncol, idf);
	free(tf);
	sqlite3_result_double(ctx, score);
}

/* fts5_api of the connection, NULL without FTS5 */
static fts5_api *fts_api(sqlite3 *db)
{
	fts5_api *api = NULL;
	sqlite3_stmt *s = NULL;
	if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &s, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_pointer(s, 1, (void *)&api, "fts5_api_ptr", NULL);
	sqlite3_step(s);
	sqlite3_finalize(s);
	return api;
}

int store_fts_register(sqlite3 *db)
{
	static fts5_tokenizer old = { old_create, old_delete, old_tokenize };
	static fts5_tokenizer tok = { tok_create, tok_delete, tok_tokenize };
	fts5_api *api = fts_api(db);
	int rc;
	if (!api)
		return SQLITE_ERROR;
	rc = api->xCreateTokenizer(api, "larder", api, &old, NULL);
	if (rc == SQLITE_OK)
		rc = api->xCreateTokenizer(api, "larder_words", NULL, &tok, NULL);
	if (rc == SQLITE_OK)
		rc = api->xCreateFunction(api, "larder_rank", NULL, rank_fn, NULL);
	return rc;
}
