/* search_query.c: a forgiving recursive-descent parser for Omnivore's search query language, with budgets. */
#include "store/search_query.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/sb.h"
#include "util/time.h"

#define DAY_MS INT64_C(86400000)

const char *const store_sq_col_names[SQC__MAX] = {
	[SQC_TITLE] = "title", [SQC_AUTHOR] = "author", [SQC_DESCRIPTION] = "description",
	[SQC_SITE] = "site", [SQC_NOTES] = "notes",
};
static const char *const in_names[SQI__MAX] = { "inbox", "archive", "trash", "all" };
static const char *const is_names[SQS__MAX] = { "read", "reading", "unread" };
static const char *const has_names[SQH__MAX] = { "highlights", "labels", "subscription" };
static const char *const date_names[SQD__MAX] = { "saved", "read", "updated", "published" };
static const char *const num_names[SQN__MAX] = { "readPosition", "wordsCount" };
static const char *const cmp_names[SQ_CMP__MAX] = { "=", "<", "<=", ">", ">=" };
static const char *const sort_names[SQO__MAX] = { "saved", "updated", "published", "read", "wordscount", "score" };
static const char *const type_names[] = { "ARTICLE", "BOOK", "FILE", "HIGHLIGHTS", "IMAGE", "PROFILE", "TWEET",
                                          "UNKNOWN", "VIDEO", "WEBSITE" };

enum tok { T_EOF, T_LP, T_RP, T_AND, T_OR, T_NOT, T_TERM };

struct parser {
	struct arena *a;
	const char *s;
	size_t len, pos;
	int64_t now;
	int tz;
	/* the current token */
	enum tok t;
	const char *tp;        /* T_TERM: the raw term */
	size_t tn;
	bool tquoted;          /* a "quoted phrase" (tp/tn: inside the quotes) */
	const char *fp;        /* a field:value term: the field name and the value list span */
	size_t fn;
	const char *vp;
	size_t vn;
	struct store_sq *q;
	char *err;
	size_t errlen;
	int rc;                /* sticky: 0, -1 bad query, -2 out of memory */
};

__attribute__((format(printf, 2, 3)))
static void fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	if (p->rc)
		return;
	p->rc = -1;
	if (p->err && p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
	}
}

static void oom(struct parser *p)
{
	if (p->rc)
		return;
	p->rc = -2;
	if (p->err && p->errlen)
		snprintf(p->err, p->errlen, "out of memory parsing the search query");
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_name(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static bool ends_term(char c)
{
	return is_space(c) || c == '(' || c == ')' || c == '"';
}

/* case-insensitive compare of s[0..n) with the NUL-terminated word */
static bool eqi(const char *s, size_t n, const char *word)
{
	size_t i;
	for (i = 0; i < n && word[i]; i++) {
		char c = s[i], w = word[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c + 32);
		if (w >= 'A' && w <= 'Z')
			w = (char)(w + 32);
		if (c != w)
			return false;
	}
	return i == n && word[i] == '\0';
}

/* a value printable in an error message: at most 40 bytes, no quotes or control characters */
static const char *shown(struct parser *p, const char *s, size_t n)
{
	char *o = arena_alloc(p->a, 48);
	size_t j = 0;
	if (!o)
		return "";
	for (size_t i = 0; i < n && j < 40; i++)
		o[j++] = (unsigned char)s[i] < 0x20 || s[i] == '"' ? '?' : s[i];
	if (n > 40) {
		o[j++] = '.';
		o[j++] = '.';
		o[j++] = '.';
	}
	o[j] = '\0';
	return o;
}

/* advances to the next token */
static void next(struct parser *p)
{
	const char *s = p->s;
	size_t len = p->len;
	p->tquoted = false;
	p->fp = p->vp = NULL;
	p->fn = p->vn = 0;
	for (;;) {
		while (p->pos < len && is_space(s[p->pos]))
			p->pos++;
		if (p->pos >= len) {
			p->t = T_EOF;
			return;
		}
		if (s[p->pos] != '-')
			break;
		/* '-' right before a term negates it; a lone '-' is ignored */
		if (p->pos + 1 < len && !is_space(s[p->pos + 1]) && s[p->pos + 1] != ')') {
			p->pos++;
			p->t = T_NOT;
			return;
		}
		p->pos++;
	}
	size_t start = p->pos;
	char c = s[start];
	if (c == '(' || c == ')') {
		p->pos++;
		p->t = c == '(' ? T_LP : T_RP;
		return;
	}
	p->t = T_TERM;
	if (c == '"') { /* a phrase; an unbalanced quote runs to the end */
		const char *q = memchr(s + start + 1, '"', len - start - 1);
		size_t end = q ? (size_t)(q - s) : len;
		p->tp = s + start + 1;
		p->tn = end - start - 1;
		p->tquoted = true;
		p->pos = q ? end + 1 : len;
		return;
	}
	size_t i = start;
	while (i < len && is_name(s[i]))
		i++;
	if (i > start && i + 1 < len && s[i] == ':' && !is_space(s[i + 1]) && s[i + 1] != '(' && s[i + 1] != ')') {
		/* field:value, field:"quoted value", field:a,"b c",d */
		p->fp = s + start;
		p->fn = i - start;
		i++;
		p->vp = s + i;
		for (;;) {
			if (i < len && s[i] == '"') {
				const char *q = memchr(s + i + 1, '"', len - i - 1);
				i = q ? (size_t)(q - s) + 1 : len;
			} else {
				while (i < len && !ends_term(s[i]) && s[i] != ',')
					i++;
			}
			if (i < len && s[i] == ',' && i + 1 < len && !is_space(s[i + 1]) && s[i + 1] != ')' && s[i + 1] != '(') {
				i++;
				continue;
			}
			if (i < len && s[i] == ',')
				i++;
			break;
		}
		p->vn = (size_t)(s + i - p->vp);
		p->tp = s + start;
		p->tn = i - start;
		p->pos = i;
		return;
	}
	while (i < len && !ends_term(s[i]))
		i++;
	p->tp = s + start;
	p->tn = i - start;
	p->pos = i;
	if (p->tn == 3 && memcmp(p->tp, "AND", 3) == 0)
		p->t = T_AND;
	else if (p->tn == 2 && memcmp(p->tp, "OR", 2) == 0)
		p->t = T_OR;
	else if (p->tn == 3 && memcmp(p->tp, "NOT", 3) == 0)
		p->t = T_NOT;
}

static struct store_sq_node *node(struct parser *p, enum store_sq_op op, struct store_sq_node *l, struct store_sq_node *r)
{
	struct store_sq_node *n = ARENA_NEW(p->a, struct store_sq_node);
	if (!n) {
		oom(p);
		return NULL;
	}
	n->op = op;
	n->l = l;
	n->r = r;
	return n;
}

static struct store_sq_node *leaf(struct parser *p, enum store_sq_key key, int sub)
{
	struct store_sq_node *n = node(p, SQ_LEAF, NULL, NULL);
	if (n) {
		n->key = key;
		n->sub = sub;
		n->lo = INT64_MIN;
		n->hi = INT64_MAX;
	}
	return n;
}

/* a NULL-tolerant binary node: either side may be NULL (a dropped term) */
static struct store_sq_node *join(struct parser *p, enum store_sq_op op, struct store_sq_node *l, struct store_sq_node *r)
{
	if (!l)
		return r;
	if (!r)
		return l;
	return node(p, op, l, r);
}

/* true when the text holds something the full-text tokenizer keeps (a letter, digit or non-ASCII byte) */
static bool has_token(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'))
			return true;
	}
	return false;
}

/* letters and digits (each non-ASCII character counts as one) of the last word of s[0..n): the part
 * the '*' applies to ("abc-d*" is the phrase "abc d*") */
static size_t token_chars(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'))
			k += (c & 0xc0) != 0x80;
		else
			k = 0;
	}
	return k;
}

/* a prefix term walks every word of the user's that starts with it: short ones, and many, are refused */
static bool prefix_ok(struct parser *p, const char *s, size_t n)
{
	if (token_chars(s, n) < LIMIT_SEARCH_PREFIX_MIN) {
		fail(p, "a prefix search needs at least %d letters or digits before the *: \"%.*s*\"",
		     LIMIT_SEARCH_PREFIX_MIN, (int)(n > 40 ? 40 : n), s);
		return false;
	}
	if (++p->q->nprefixes > LIMIT_SEARCH_PREFIXES) {
		fail(p, "the search query has more than %d prefix terms (word*)", LIMIT_SEARCH_PREFIXES);
		return false;
	}
	return true;
}

static struct store_sq_node *text_leaf(struct parser *p, const char *s, size_t n, bool quoted)
{
	struct store_sq_node *l;
	bool prefix = false;
	if (!quoted && n > 1 && s[n - 1] == '*') {
		while (n > 0 && s[n - 1] == '*')
			n--;
		prefix = true;
	}
	if (!has_token(s, n))
		return NULL;
	if (prefix && !prefix_ok(p, s, n))
		return NULL;
	if (!(l = leaf(p, SQK_TEXT, 0)))
		return NULL;
	l->vals = ARENA_NEWN(p->a, const char *, 1);
	if (!l->vals || !(l->vals[0] = arena_strndup(p->a, s, n))) {
		oom(p);
		return NULL;
	}
	l->nvals = 1;
	l->quoted = quoted;
	l->prefix = prefix;
	return l;
}

/* splits the current field's value list into l->vals (quotes removed, empty values dropped) */
_Static_assert(LIMIT_SEARCH_VALUES <= 32, "store_sq_node.qvals has a bit per value");

static bool split_values(struct parser *p, struct store_sq_node *l, const char *field)
{
	const char *s = p->vp, *end = p->vp + p->vn;
	l->vals = ARENA_NEWN(p->a, const char *, LIMIT_SEARCH_VALUES);
	if (!l->vals) {
		oom(p);
		return false;
	}
	l->nvals = 0;
	l->qvals = 0;
	while (s < end) {
		const char *v, *ve;
		bool q1 = *s == '"';
		if (q1) {
			const char *q = memchr(s + 1, '"', (size_t)(end - s - 1));
			v = s + 1;
			ve = q ? q : end;
			s = q ? q + 1 : end;
		} else {
			v = s;
			while (s < end && *s != ',')
				s++;
			ve = s;
		}
		if (s < end && *s == ',')
			s++;
		if (ve == v)
			continue;
		if (l->nvals == LIMIT_SEARCH_VALUES) {
			fail(p, "too many values in %s: (at most %d)", field, LIMIT_SEARCH_VALUES);
			return false;
		}
		if (q1)
			l->qvals |= UINT32_C(1) << l->nvals;
		if (!(l->vals[l->nvals++] = arena_strndup(p->a, v, (size_t)(ve - v)))) {
			oom(p);
			return false;
		}
	}
	return true;
}

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (eqi(s, strlen(s), names[i]))
			return i;
	return -1;
}

/* the start of the local day holding t */
static int64_t local_midnight(struct parser *p, int64_t t)
{
	int64_t local = t + (int64_t)p->tz * 60000, day = local / DAY_MS;
	if (local % DAY_MS < 0)
		day--;
	return day * DAY_MS - (int64_t)p->tz * 60000;
}

/* one date: [*start, *end) is the instant (a date-time) or the local day (a date) */
static bool parse_date(struct parser *p, const char *s, size_t n, int64_t *start, int64_t *end)
{
	int64_t ms;
	if (time_parse_iso(s, n, &ms) != 0)
		return false;
	if (n == 10) { /* YYYY-MM-DD: that day in the user's time zone */
		*start = ms - (int64_t)p->tz * 60000;
		*end = *start + DAY_MS;
	} else {
		*start = ms;
		*end = ms + 1;
	}
	return true;
}

/* saved:/read:/updated:/published: values */
static bool date_range(struct parser *p, struct store_sq_node *l, const char *v)
{
	size_t n = strlen(v);
	int64_t s0, e0, s1, e1, today = local_midnight(p, p->now);
	const char *dots;
	if (eqi(v, n, "today")) {
		l->lo = today;
		l->hi = today + DAY_MS;
	} else if (eqi(v, n, "yesterday")) {
		l->lo = today - DAY_MS;
		l->hi = today;
	} else if (eqi(v, n, "last12hrs") || eqi(v, n, "last24hrs")) {
		l->lo = p->now - (v[4] == '1' ? 12 : 24) * INT64_C(3600000);
	} else if (eqi(v, n, "this week") || eqi(v, n, "thisweek") || eqi(v, n, "this-week") || eqi(v, n, "this_week")) {
		int64_t day = (today + (int64_t)p->tz * 60000) / DAY_MS; /* 1970-01-01 was a Thursday */
		int64_t dow = ((day + 3) % 7 + 7) % 7;                   /* 0 = Monday */
		l->lo = today - dow * DAY_MS;
	} else if (eqi(v, n, "this month") || eqi(v, n, "thismonth") || eqi(v, n, "this-month") || eqi(v, n, "this_month")) {
		char iso[TIME_ISO_BUF];
		int64_t first;
		time_format_iso(today + (int64_t)p->tz * 60000, iso, sizeof iso);
		if (iso[0] == '+' || iso[0] == '-' || strlen(iso) < 10)
			return false;
		memcpy(iso + 8, "01", 2);
		if (time_parse_iso(iso, 10, &first) != 0)
			return false;
		l->lo = first - (int64_t)p->tz * 60000;
	} else if ((dots = strstr(v, "..")) != NULL) {
		const char *b = dots + 2;
		size_t an = (size_t)(dots - v), bn = strlen(b);
		if (!(an == 1 && v[0] == '*') && an > 0) {
			if (!parse_date(p, v, an, &s0, &e0))
				return false;
			l->lo = s0;
		}
		if (!(bn == 1 && b[0] == '*') && bn > 0) {
			if (!parse_date(p, b, bn, &s1, &e1))
				return false;
			l->hi = e1;
		}
	} else if (v[0] == '<' || v[0] == '>') {
		bool eq = v[1] == '=';
		const char *d = v + 1 + eq;
		if (!parse_date(p, d, strlen(d), &s0, &e0))
			return false;
		if (v[0] == '<')
			l->hi = eq ? e0 : s0;
		else
			l->lo = eq ? s0 : e0;
	} else {
		if (!parse_date(p, v, n, &s0, &e0))
			return false;
		l->lo = s0;
	}
	return true;
}

static bool number(struct parser *p, struct store_sq_node *l, const char *v)
{
	char *end;
	double d;
	(void)p;
	if (v[0] == '<' || v[0] == '>') {
		bool eq = v[1] == '=';
		l->cmp = v[0] == '<' ? (eq ? SQ_LE : SQ_LT) : (eq ? SQ_GE : SQ_GT);
		v += 1 + eq;
	} else {
		l->cmp = SQ_EQ;
		if (v[0] == '=')
			v++;
	}
	if (!*v || is_space(*v))
		return false;
	d = strtod(v, &end);
	if (*end || !isfinite(d))
		return false;
	l->num = d;
	return true;
}

/* another spelling of a name */
struct alias { const char *name; int value; };
static const struct alias in_aliases[] = { { "library", SQI_ALL }, { "archived", SQI_ARCHIVE }, { NULL, 0 } };
static const struct alias has_aliases[] = { { "highlight", SQH_HIGHLIGHTS }, { "label", SQH_LABELS },
                                            { "subscriptions", SQH_SUBSCRIPTION }, { NULL, 0 } };
static const struct alias sort_aliases[] = { { "relevance", SQO_SCORE }, { "rank", SQO_SCORE }, { "savedat", SQO_SAVED },
                                             { "date", SQO_SAVED }, { "updatedat", SQO_UPDATED }, { NULL, 0 } };

/* the index of the name v[0..n) spells in any case, else the value of the alias it spells, else -1 */
static int lookup_alias(const char *const *names, int count, const struct alias *al, const char *v, size_t n)
{
	for (int i = 0; i < count; i++)
		if (eqi(v, n, names[i]))
			return i;
	for (; al->name; al++)
		if (eqi(v, n, al->name))
			return al->value;
	return -1;
}

/* title:, content:, … (k: the column, -1 for note:): the values the tokenizer sees something in */
static struct store_sq_node *column_term(struct parser *p, int k, const char *field)
{
	struct store_sq_node *l;
	size_t j = 0;
	if (!(l = leaf(p, SQK_FIELD, k >= 0 ? k : SQC_NOTES)) || !split_values(p, l, field))
		return NULL;
	uint32_t q = l->qvals;
	l->qvals = 0;
	for (size_t i = 0; i < l->nvals; i++)
		if (has_token(l->vals[i], strlen(l->vals[i]))) {
			l->qvals |= ((q >> i) & 1u) << j;
			l->vals[j++] = l->vals[i];
		}
	l->nvals = j;
	return j ? l : NULL;
}

/* label:, type:, language:, includes:, subscription: (rss:): a list of values (types checked and upper-cased,
 * languages lower-cased) */
static struct store_sq_node *list_term(struct parser *p, const char *field)
{
	enum store_sq_key key = field[0] == 'l' ? (field[1] == 'a' && field[2] == 'b' ? SQK_LABEL : SQK_LANGUAGE)
	                        : field[0] == 't' ? SQK_TYPE : field[0] == 'i' ? SQK_INCLUDES : SQK_SUBSCRIPTION;
	struct store_sq_node *l;
	if (!(l = leaf(p, key, 0)) || !split_values(p, l, field))
		return NULL;
	for (size_t i = 0; i < l->nvals; i++) {
		char *v = (char *)l->vals[i];
		if (key == SQK_TYPE) {
			bool found = false;
			for (char *c = v; *c; c++)
				if (*c >= 'a' && *c <= 'z')
					*c = (char)(*c - 32);
			for (size_t t = 0; t < sizeof type_names / sizeof *type_names; t++)
				found |= strcmp(v, type_names[t]) == 0;
			if (!found) {
				fail(p, "unknown type: value \"%s\": use article, book, file, highlights, image, profile, "
				        "tweet, unknown, video or website", shown(p, v, strlen(v)));
				return NULL;
			}
		} else if (key == SQK_LANGUAGE) {
			for (char *c = v; *c; c++)
				if (*c >= 'A' && *c <= 'Z')
					*c = (char)(*c + 32);
		}
	}
	return l->nvals ? l : NULL;
}

/* saved:, published:, … (a date range) and wordsCount:, readPosition:, … (a comparison): one value */
static struct store_sq_node *range_term(struct parser *p, bool date, int k, const char *field)
{
	struct store_sq_node *l;
	if (!(l = leaf(p, date ? SQK_DATE : SQK_NUMBER, k)) || !split_values(p, l, field))
		return NULL;
	if (date && (l->nvals != 1 || !date_range(p, l, l->vals[0]))) {
		fail(p, "bad date in %s: \"%s\": use today, yesterday, last12hrs, last24hrs, \"this week\", "
		        "\"this month\", a date (2024-05-01), a date-time (2024-05-01T10:00:00Z) or start..end",
		     field, shown(p, p->vp, p->vn));
		return NULL;
	}
	if (!date && (l->nvals != 1 || !number(p, l, l->vals[0]))) {
		fail(p, "bad number in %s: \"%s\": use a number after <, <=, >, >= or nothing (equal)",
		     num_names[k], shown(p, p->vp, p->vn));
		return NULL;
	}
	return l;
}

/* sort:key[-asc|-desc]: one more sort key (up to LIMIT_SEARCH_SORTS, each key once); false on an error */
static bool add_sort(struct parser *p, const char *v, size_t n)
{
	const char *dash = strrchr(v, '-');
	size_t kn = dash ? (size_t)(dash - v) : n;
	bool asc = false, ok = true;
	int key;
	if (dash) {
		if (eqi(dash + 1, strlen(dash + 1), "asc"))
			asc = true;
		else if (!eqi(dash + 1, strlen(dash + 1), "desc"))
			ok = false;
	}
	/* a suffix other than -asc or -desc refuses the sort names; the aliases have always taken it as -desc */
	if ((key = lookup_alias(sort_names, ok ? SQO__MAX : 0, sort_aliases, v, kn)) < 0) {
		fail(p, "unknown sort: value \"%s\": use saved, updated, published, read or wordscount, "
		        "optionally with -asc or -desc", shown(p, v, n));
		return false;
	}
	if (p->q->nsorts < LIMIT_SEARCH_SORTS) {
		bool dup = false;
		for (size_t s = 0; s < p->q->nsorts; s++)
			dup |= p->q->sorts[s].key == (enum store_sq_sortkey)key;
		if (!dup)
			p->q->sorts[p->q->nsorts++] = (struct store_sq_sort){ (enum store_sq_sortkey)key, asc };
	}
	return true;
}

/* one value of in:, is:, has: or no: as a leaf; NULL on an error */
static struct store_sq_node *state_leaf(struct parser *p, const char *field, const char *v, size_t n)
{
	struct store_sq_node *l;
	int k;
	if (field[0] == 'i' && field[1] == 'n') {
		if ((k = lookup_alias(in_names, SQI__MAX, in_aliases, v, n)) < 0) {
			fail(p, "unknown in: value \"%s\": use inbox, archive, trash, all or library", shown(p, v, n));
			return NULL;
		}
		if (k == SQI_TRASH)
			p->q->trash = true;
		return leaf(p, SQK_IN, k);
	}
	if (field[1] == 's') {
		if ((k = lookup(is_names, SQS__MAX, v)) < 0) {
			fail(p, "unknown is: value \"%s\": use read, unread or reading", shown(p, v, n));
			return NULL;
		}
		return leaf(p, SQK_IS, k);
	}
	if ((k = lookup_alias(has_names, SQH__MAX, has_aliases, v, n)) < 0) {
		fail(p, "unknown %s: value \"%s\": use highlights, labels or subscription", field, shown(p, v, n));
		return NULL;
	}
	l = leaf(p, SQK_HAS, k);
	return l && field[0] == 'n' ? node(p, SQ_NOT, l, NULL) : l;
}

/* in:, is:, has:, no: (their values ORed) and sort: (no node) */
static struct store_sq_node *state_term(struct parser *p, const char *field)
{
	struct store_sq_node tmp = { 0 }, *l, *out = NULL;
	if (!split_values(p, &tmp, field))
		return NULL;
	for (size_t i = 0; i < tmp.nvals; i++) {
		const char *v = tmp.vals[i];
		size_t n = strlen(v);
		if (field[0] == 's') {
			if (!add_sort(p, v, n))
				return NULL;
			continue;
		}
		if (!(l = state_leaf(p, field, v, n)))
			return NULL;
		out = join(p, SQ_OR, out, l);
	}
	return out;
}

/* a field:value term (p->fp..); NULL for a dropped term or an error */
static struct store_sq_node *field_term(struct parser *p)
{
	char field[16];
	int k;
	if (p->fn >= sizeof field)
		return text_leaf(p, p->tp, p->tn, false);
	memcpy(field, p->fp, p->fn);
	field[p->fn] = '\0';
	for (char *c = field; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c + 32);

	if ((k = lookup(store_sq_col_names, SQC__MAX, field)) >= 0 || strcmp(field, "note") == 0)
		return column_term(p, k, field);
	if (strcmp(field, "label") == 0 || strcmp(field, "type") == 0 || strcmp(field, "language") == 0 ||
	    strcmp(field, "includes") == 0 || strcmp(field, "subscription") == 0 || strcmp(field, "rss") == 0)
		return list_term(p, field);
	if ((k = lookup(date_names, SQD__MAX, field)) >= 0)
		return range_term(p, true, k, field);
	if ((k = lookup(num_names, SQN__MAX, field)) >= 0)
		return range_term(p, false, k, field);
	if (strcmp(field, "in") == 0 || strcmp(field, "is") == 0 || strcmp(field, "has") == 0 ||
	    strcmp(field, "no") == 0 || strcmp(field, "sort") == 0)
		return state_term(p, field);
	if (strcmp(field, "use") == 0 || strcmp(field, "mode") == 0 || strcmp(field, "event") == 0)
		return NULL; /* Omnivore's apps send use:folders and mode:highlights (how their UI shows the library): not filters */
	/* an unknown field: the whole term is free text */
	return text_leaf(p, p->tp, p->tn, false);
}

static struct store_sq_node *parse_or(struct parser *p, int depth);

static struct store_sq_node *parse_primary(struct parser *p, int depth)
{
	struct store_sq_node *n;
	if (p->t == T_LP) {
		if (depth >= LIMIT_SEARCH_DEPTH) {
			fail(p, "the search query nests parentheses deeper than %d", LIMIT_SEARCH_DEPTH);
			return NULL;
		}
		next(p);
		n = parse_or(p, depth + 1);
		if (p->t == T_RP)
			next(p); /* a missing ')' closes at the end */
		return n;
	}
	if (p->t != T_TERM) {
		next(p);
		return NULL;
	}
	/* terms that leave nothing (a sort:, a word without letters) do not count */
	n = p->fp ? field_term(p) : text_leaf(p, p->tp, p->tn, p->tquoted);
	if (n && ++p->q->nterms > LIMIT_SEARCH_TERMS) {
		fail(p, "the search query has more than %d terms", LIMIT_SEARCH_TERMS);
		return NULL;
	}
	next(p);
	return n;
}

static struct store_sq_node *parse_unary(struct parser *p, int depth)
{
	bool neg = false;
	struct store_sq_node *n;
	while (p->t == T_NOT) { /* NOT NOT x is x: no recursion, whatever the chain's length */
		neg = !neg;
		next(p);
	}
	if (p->t == T_EOF || p->t == T_RP || p->t == T_OR || p->t == T_AND)
		return NULL; /* a dangling NOT */
	n = parse_primary(p, depth);
	if (neg && n) {
		if (n->op == SQ_NOT)
			return n->l;
		return node(p, SQ_NOT, n, NULL);
	}
	return n;
}

static struct store_sq_node *parse_and(struct parser *p, int depth)
{
	struct store_sq_node *left = NULL, *n;
	while (!p->rc && p->t != T_EOF && p->t != T_RP && p->t != T_OR) {
		if (p->t == T_AND) {
			next(p);
			continue;
		}
		n = parse_unary(p, depth);
		left = join(p, SQ_AND, left, n);
	}
	return left;
}

static struct store_sq_node *parse_or(struct parser *p, int depth)
{
	struct store_sq_node *left = parse_and(p, depth);
	while (!p->rc && p->t == T_OR) {
		next(p);
		left = join(p, SQ_OR, left, parse_and(p, depth));
	}
	return left;
}

int store_sq_parse(struct arena *a, const char *query, size_t len, int64_t now_ms, int tz_offset_min,
                   struct store_sq *out, char *err, size_t errlen)
{
	struct parser p = { .a = a, .s = query ? query : "", .now = now_ms, .tz = tz_offset_min, .q = out,
	                    .err = err, .errlen = errlen };
	const char *nul;
	memset(out, 0, sizeof *out);
	if (err && errlen)
		err[0] = '\0';
	p.len = query ? len : 0;
	if ((nul = memchr(p.s, '\0', p.len)) != NULL)
		p.len = (size_t)(nul - p.s);
	if (tz_offset_min < -24 * 60 || tz_offset_min > 24 * 60)
		p.tz = 0;
	next(&p);
	while (!p.rc) {
		out->root = join(&p, SQ_AND, out->root, parse_or(&p, 0));
		if (p.t == T_EOF)
			break;
		next(&p); /* a stray ')' */
	}
	if (p.rc)
		out->root = NULL;
	return p.rc;
}

static void dump_node(const struct store_sq_node *n, struct sb *o)
{
	static const char *const ops[] = { "", "and", "or", "not" };
	if (n->op != SQ_LEAF) {
		sb_printf(o, "(%s ", ops[n->op]);
		dump_node(n->l, o);
		if (n->r) {
			sb_putc(o, ' ');
			dump_node(n->r, o);
		}
		sb_putc(o, ')');
		return;
	}
	switch (n->key) {
	case SQK_TEXT:
		sb_printf(o, "(%s \"%s\"%s)", n->quoted ? "phrase" : "text", n->vals[0], n->prefix ? " *" : "");
		return;
	case SQK_IN: sb_printf(o, "(in %s)", in_names[n->sub]); return;
	case SQK_IS: sb_printf(o, "(is %s)", is_names[n->sub]); return;
	case SQK_HAS: sb_printf(o, "(has %s)", has_names[n->sub]); return;
	case SQK_DATE:
		sb_printf(o, "(%s ", date_names[n->sub]);
		if (n->lo == INT64_MIN) sb_putc(o, '*'); else sb_put_int(o, n->lo);
		sb_putc(o, ' ');
		if (n->hi == INT64_MAX) sb_putc(o, '*'); else sb_put_int(o, n->hi);
		sb_putc(o, ')');
		return;
	case SQK_NUMBER: sb_printf(o, "(%s %s %g)", num_names[n->sub], cmp_names[n->cmp], n->num); return;
	case SQK_FIELD: sb_printf(o, "(%s", store_sq_col_names[n->sub]); break;
	case SQK_LABEL: sb_puts(o, "(label"); break;
	case SQK_TYPE: sb_puts(o, "(type"); break;
	case SQK_LANGUAGE: sb_puts(o, "(language"); break;
	case SQK_INCLUDES: sb_puts(o, "(includes"); break;
	case SQK_SUBSCRIPTION: sb_puts(o, "(subscription"); break;
	default: sb_puts(o, "(?"); break;
	}
	for (size_t i = 0; i < n->nvals; i++)
		sb_printf(o, " \"%s\"", n->vals[i]);
	sb_putc(o, ')');
}

void store_sq_dump(const struct store_sq *q, struct sb *o)
{
	if (q->root)
		dump_node(q->root, o);
	else
		sb_puts(o, "(all)");
	for (size_t i = 0; i < q->nsorts; i++)
		sb_printf(o, " [sort %s %s]", sort_names[q->sorts[i].key], q->sorts[i].asc ? "asc" : "desc");
}
