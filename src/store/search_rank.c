/* search_rank.c: PostgreSQL's ranked page scored in C, as fts.c scores SQLite's: each candidate row gives only the lexemes of the query's phrases with their positions (a filtered tsvector, made in the server) and its column lengths; here they become each phrase's hits per column, the words-as-written tier and rank.c's score. */
#include "store/search_rank.h"

#include <stdlib.h>
#include <string.h>

#include "store/rank.h"
#include "store/search.h"
#include "store/search_pg.h"
#include "util/arena.h"
#include "util/sb.h"

/*
 * Why here and not in SQL: larder_rank (db/pg/006, 028) counted each phrase in PL/pgSQL, about 0.6 ms a row,
 * one phrase per stem of a word, so a page of 300 candidates took 50 ms and more. The server still does the
 * matching (the GIN index) and the cutting of each candidate's vector down to the lexemes named here
 * (ts_filter of setweight, in C inside the server, one read of the vector); the counting, the tier (the rows
 * holding every word as written, first) and the score are this file's, with rank.c's arithmetic, the one
 * SQLite's larder_rank uses, so a row scores the same on both engines to the last bit.
 * The phrase counts follow larder_phrase_count's rule (FTS5's): a hit is a start position s in a column where
 * position s + k holds one of position k's alternatives for every k (the last one's as a prefix for a prefix
 * phrase); a start counts once however many alternatives meet there.
 */
#define SEARCH_COLS 7
static const char col_letters[SEARCH_COLS + 1] = "tadsxln";

void search_rank_init(struct search_rank *r, struct arena *a, const char *key)
{
	memset(r, 0, sizeof *r);
	r->a = a;
	r->key = key;
	r->root = -1;
}

static bool grow(struct arena *a, void **p, int *cap, int n, size_t size)
{
	int ncap;
	void *np;
	if (n < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 8;
	if (!(np = arena_realloc(a, *p, (size_t)*cap * size, (size_t)ncap * size)))
		return false;
	*p = np;
	*cap = ncap;
	return true;
}

int search_rank_phrase(struct search_rank *r, bool tier, const struct search_terms *t, int from, int to,
                       const char *cols, bool prefix)
{
	struct rank_phrase **list = tier ? &r->ex : &r->ph, p = { .cols = cols, .prefix = prefix };
	int *n = tier ? &r->nex : &r->nph, *cap = tier ? &r->cex : &r->cph;
	const char **alt = ARENA_NEWN(r->a, const char *, (size_t)(to > from ? to - from : 1));
	int *k = ARENA_NEWN(r->a, int, (size_t)(to > from ? to - from : 1));
	if (!alt || !k || !grow(r->a, (void **)list, cap, *n, sizeof **list))
		return r->err = true, -1;
	for (int i = from; i < to; i++) {
		if (i > from && t->pos[i] != t->pos[i - 1])
			p.npos++;
		k[p.nalt] = p.npos;
		if (!(alt[p.nalt++] = arena_printf(r->a, "%s%s", r->key, t->tok[i])))
			return r->err = true, -1;
	}
	if (p.nalt)
		p.npos++;
	p.alt = alt;
	p.k = k;
	r->any_prefix = r->any_prefix || (prefix && p.nalt);
	(*list)[*n] = p;
	return (*n)++;
}

int search_rank_node(struct search_rank *r, enum rank_op op, int l, int rr, int ph)
{
	if (!grow(r->a, (void **)&r->node, &r->cnode, r->nnode, sizeof *r->node))
		return r->err = true, -1;
	r->node[r->nnode] = (struct rank_node){ op, l, rr, ph };
	return r->nnode++;
}

/* the column letter col and s as the next element of a text[] literal */
static void array_item(struct sb *o, const char *col, const char *s)
{
	if (o->len > 1)
		sb_putc(o, ',');
	search_pg_array_elem(o, col, s);
}

/* whether p's alternative j is at a prefix phrase's last position (its lexemes: those of the row starting with it) */
static bool prefix_alt(const struct rank_phrase *p, int j)
{
	return p->prefix && p->k[j] == p->npos - 1;
}

/* skip: the bytes of the owner's key left off each alternative (0: keyed, as the vector holds them) */
static void list_lexemes(struct sb *o, const struct rank_phrase *ph, int n, bool prefixes, size_t skip)
{
	for (int i = 0; i < n; i++)
		for (const char *c = ph[i].cols; *c; c++)
			for (int j = 0; j < ph[i].nalt; j++) {
				char col[2] = { *c, 0 };
				if (prefix_alt(&ph[i], j) == prefixes)
					array_item(o, col, ph[i].alt[j] + skip);
			}
}

static unsigned list_parts(const struct rank_phrase *ph, int n, size_t key)
{
	unsigned m = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < ph[i].nalt; j++) {
			size_t len = strlen(ph[i].alt[j]);
			if (!prefix_alt(&ph[i], j) && len > key)
				m |= 1u << search_pg_part(ph[i].alt[j] + key, len - key);
		}
	return m;
}

unsigned search_rank_parts(const struct search_rank *r)
{
	size_t key = strlen(r->key);
	return list_parts(r->ph, r->nph, key) | list_parts(r->ex, r->nex, key);
}

const char *search_rank_lexemes(struct search_rank *r, bool prefixes, bool keyed)
{
	struct sb o;
	const char *s;
	size_t skip = keyed ? 0 : strlen(r->key);
	sb_init(&o);
	sb_putc(&o, '{');
	list_lexemes(&o, r->ph, r->nph, prefixes, skip);
	list_lexemes(&o, r->ex, r->nex, prefixes, skip);
	sb_putc(&o, '}');
	s = sb_error(&o) ? NULL : arena_strdup(r->a, sb_str(&o));
	sb_free(&o);
	if (!s)
		r->err = true;
	return s;
}

/* ---- one row ---- */

struct lex { char col; const char *rest; size_t nrest; int *pos; int npos; };
struct row { struct lex *v; int n, cap; size_t skip; /* the key's bytes its lexemes lack (rank parts) */ };

/* a tsvector's text ('lex':1A,5 'other' …: ' doubled and \ escaping inside the quotes) into its lexemes */
static int parse_tsv(struct arena *a, const char *s, size_t n, struct row *row)
{
	size_t i = 0;
	while (i < n) {
		struct lex x = { 0 };
		char *w;
		size_t nw = 0;
		int cap = 0;
		if (s[i] == ' ') {
			i++;
			continue;
		}
		if (s[i++] != '\'' || !(w = arena_alloc(a, n - i + 1)))
			return -1;
		for (;; i++) {
			if (i >= n)
				return -1;
			if (s[i] == '\\' && i + 1 < n)
				i++;
			else if (s[i] == '\'' && (i + 1 >= n || s[i + 1] != '\''))
				break;
			else if (s[i] == '\'')
				i++;
			w[nw++] = s[i];
		}
		i++;
		if (i < n && s[i] == ':') {
			do {
				long p = 0;
				i++;
				if (i >= n || s[i] < '0' || s[i] > '9')
					return -1;
				for (; i < n && s[i] >= '0' && s[i] <= '9' && p < 1000000; i++)
					p = p * 10 + (s[i] - '0');
				if (i < n && s[i] >= 'A' && s[i] <= 'D')
					i++;
				if (!grow(a, (void **)&x.pos, &cap, x.npos, sizeof *x.pos))
					return -1;
				x.pos[x.npos++] = (int)p;
			} while (i < n && s[i] == ',');
		}
		if (nw < 1 || !grow(a, (void **)&row->v, &row->cap, row->n, sizeof *row->v))
			return -1;
		x.col = w[0];
		x.rest = w + 1;
		x.nrest = nw - 1;
		row->v[row->n++] = x;
	}
	return 0;
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

static bool has(const int *v, int n, int x)
{
	return bsearch(&x, v, (size_t)n, sizeof *v, int_cmp) != NULL;
}

static bool lex_is(const struct lex *x, const struct rank_phrase *p, int j, size_t skip)
{
	const char *alt = p->alt[j] + skip;
	size_t n = strlen(alt);
	if (prefix_alt(p, j))
		return x->nrest >= n && memcmp(x->rest, alt, n) == 0;
	return x->nrest == n && memcmp(x->rest, alt, n) == 0;
}

/* the hits of phrase p in the column named col; -1 out of memory */
static int phrase_hits(struct arena *a, const struct row *row, const struct rank_phrase *p, char col)
{
	int **at, *nat, hits = 0;
	if (p->npos == 0) /* no words: never met */
		return 0;
	at = ARENA_NEWN(a, int *, (size_t)p->npos);
	nat = ARENA_NEWN(a, int, (size_t)p->npos);
	if (!at || !nat)
		return -1;
	for (int k = 0; k < p->npos; k++) {
		int cap = 0;
		for (int i = 0; i < row->n; i++) {
			const struct lex *x = &row->v[i];
			bool take = false;
			for (int j = 0; j < p->nalt && !take && x->col == col; j++)
				take = p->k[j] == k && lex_is(x, p, j, row->skip);
			for (int m = 0; take && m < x->npos; m++) {
				if (!grow(a, (void **)&at[k], &cap, nat[k], sizeof **at))
					return -1;
				at[k][nat[k]++] = x->pos[m];
			}
		}
		if (!nat[k])
			return 0;
		qsort(at[k], (size_t)nat[k], sizeof **at, int_cmp);
	}
	for (int i = 0; i < nat[0]; i++) {
		bool all = i == 0 || at[0][i] != at[0][i - 1];
		for (int k = 1; k < p->npos && all; k++)
			all = has(at[k], nat[k], at[0][i] + k);
		hits += all;
	}
	return hits;
}

/* whether the row holds phrase p in one of its columns: 1, 0, -1 out of memory */
static int phrase_in(struct arena *a, const struct row *row, const struct rank_phrase *p)
{
	for (const char *c = p->cols; *c; c++) {
		int h = phrase_hits(a, row, p, *c);
		if (h != 0)
			return h < 0 ? -1 : 1;
	}
	return 0;
}

/* the tier's tree on the row: 1 true, 0 false, 2 empty (no words: left out by && and ||), -1 out of memory */
static int tier_eval(const struct search_rank *r, struct arena *a, const struct row *row, int n)
{
	const struct rank_node *x = &r->node[n];
	int l, rr;
	if (x->op == RANK_LEAF)
		return x->ph < 0 || r->ex[x->ph].nalt == 0 ? 2 : phrase_in(a, row, &r->ex[x->ph]);
	if ((l = tier_eval(r, a, row, x->l)) < 0 || (rr = tier_eval(r, a, row, x->r)) < 0)
		return -1;
	if (l == 2 || rr == 2)
		return l == 2 ? rr : l;
	return x->op == RANK_AND ? l && rr : l || rr;
}

int search_rank_row(const struct search_rank *r, struct arena *a, const char *tsv, size_t ntsv, bool keyed,
                    const char *lens, size_t nlens, int *tier, double *score)
{
	double w[SEARCH_COLS];
	int nw = store_rank_weights(STORE_RANK_WEIGHTS, w, SEARCH_COLS);
	struct row row = { .skip = keyed ? 0 : strlen(r->key) };
	int len[SEARCH_COLS] = { 0 }, *tf, t;
	if ((tsv && parse_tsv(a, tsv, ntsv, &row) != 0) || !(tf = ARENA_NEWN(a, int, (size_t)(r->nph * SEARCH_COLS) + 1)))
		return -1;
	for (size_t i = 0, c = 0; lens && i < nlens && c < SEARCH_COLS; i++)
		if (lens[i] >= '0' && lens[i] <= '9' && len[c] < 100000000)
			len[c] = len[c] * 10 + (lens[i] - '0');
		else if (lens[i] == ',')
			c++;
	for (int p = 0; p < r->nph; p++)
		for (const char *c = r->ph[p].cols; *c; c++) {
			const char *at = strchr(col_letters, *c);
			int h = at ? phrase_hits(a, &row, &r->ph[p], *c) : 0;
			if (h < 0)
				return -1;
			if (at)
				tf[p * SEARCH_COLS + (at - col_letters)] = h;
		}
	*score = store_rank_score(tf, r->nph, SEARCH_COLS, len, w, nw, NULL);
	t = r->root < 0 ? 1 : tier_eval(r, a, &row, r->root);
	if (t < 0)
		return -1;
	*tier = t == 1 ? 0 : 1;
	return 0;
}
