/* search_query.h: Omnivore's search query language parsed into a small tree (in an arena), ready for search.c to compile to SQL. */
#ifndef LARDER_SEARCH_QUERY_H
#define LARDER_SEARCH_QUERY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/limits.h"

struct arena;
struct sb;

enum store_sq_op { SQ_LEAF, SQ_AND, SQ_OR, SQ_NOT };

/* what a leaf tests */
enum store_sq_key {
	SQK_TEXT,      /* free text: vals[0] is a word or a "quoted phrase"; prefix = ends in '*' */
	SQK_FIELD,     /* author:/title:/description:/note:/site:, sub = enum store_sq_col; vals = alternatives */
	SQK_IN,        /* sub = enum store_sq_in */
	SQK_IS,        /* sub = enum store_sq_is */
	SQK_HAS,       /* sub = enum store_sq_has (no: is NOT has:) */
	SQK_LABEL,     /* vals = names (may hold '*' wildcards), any of them */
	SQK_TYPE,      /* vals = PageType names (upper case), any of them */
	SQK_DATE,      /* sub = enum store_sq_date; lo <= t < hi (INT64_MIN / INT64_MAX: open) */
	SQK_LANGUAGE,  /* vals = language codes (lower case), any of them */
	SQK_INCLUDES,  /* vals = item ids */
	SQK_NUMBER,    /* readPosition: / wordsCount:, sub = enum store_sq_num; cmp and num */
	SQK_SUBSCRIPTION, /* subscription: / rss:, vals = subscription names (a feed's or a newsletter's), any of them */
	SQK__MAX
};
enum store_sq_col { SQC_TITLE, SQC_AUTHOR, SQC_DESCRIPTION, SQC_SITE, SQC_NOTES, SQC__MAX };
enum store_sq_in { SQI_INBOX, SQI_ARCHIVE, SQI_TRASH, SQI_ALL, SQI__MAX };
enum store_sq_is { SQS_READ, SQS_READING, SQS_UNREAD, SQS__MAX };
enum store_sq_has { SQH_HIGHLIGHTS, SQH_LABELS, SQH_SUBSCRIPTION, SQH__MAX };
enum store_sq_date { SQD_SAVED, SQD_READ, SQD_UPDATED, SQD_PUBLISHED, SQD__MAX };
enum store_sq_num { SQN_READ_POSITION, SQN_WORDS_COUNT, SQN__MAX };
enum store_sq_cmp { SQ_EQ, SQ_LT, SQ_LE, SQ_GT, SQ_GE, SQ_CMP__MAX };
enum store_sq_sortkey { SQO_SAVED, SQO_UPDATED, SQO_PUBLISHED, SQO_READ, SQO_WORDS, SQO_SCORE, SQO__MAX };

struct store_sq_node {
	enum store_sq_op op;
	struct store_sq_node *l, *r;  /* AND/OR: both; NOT: l */
	/* leaves */
	enum store_sq_key key;
	int sub;
	const char **vals;            /* NUL-terminated strings in the arena */
	size_t nvals;
	bool quoted;                  /* TEXT: was a "quoted phrase" */
	uint32_t qvals;               /* FIELD: bit i set when vals[i] was "quoted" (read as written, never stemmed) */
	bool prefix;                  /* TEXT: an unquoted word ending in '*' (the '*' is not in vals[0]) */
	int64_t lo, hi;               /* DATE */
	enum store_sq_cmp cmp;        /* NUMBER */
	double num;
};

struct store_sq_sort { enum store_sq_sortkey key; bool asc; };

struct store_sq {
	struct store_sq_node *root;   /* NULL: every item */
	struct store_sq_sort sorts[LIMIT_SEARCH_SORTS];
	size_t nsorts;                /* 0: the default order */
	bool trash;                   /* the query names in:trash: the trash is not excluded */
	size_t nterms;
	size_t nprefixes;             /* prefix terms (word*): at most LIMIT_SEARCH_PREFIXES */
};

/* Parses query[0..len) (need not be NUL-terminated; a NUL byte ends it). now_ms and tz_offset_min (minutes
 * east of UTC) resolve today, yesterday, "this week" (from Monday), "this month" and date-only values.
 * Never fails on stray syntax: unbalanced quotes and parentheses close at the end, a stray ')' or a
 * dangling AND/OR/NOT is ignored, an unknown field:value is free text, and use:, mode: and event: (what
 * Omnivore's apps send about their own views) are dropped. Fails (-1, err set to a message
 * naming the value) for a bad is:/has:/no:/in:/type:/sort: value, a bad date or number, more than
 * LIMIT_SEARCH_TERMS terms or parentheses deeper than LIMIT_SEARCH_DEPTH; -2 when the arena is full. */
int store_sq_parse(struct arena *a, const char *query, size_t len, int64_t now_ms, int tz_offset_min,
                   struct store_sq *out, char *err, size_t errlen);

/* the tree as an S-expression, for tests and logs: (and (text "a") (or (label "x" "y") (not (is read)))) */
void store_sq_dump(const struct store_sq *q, struct sb *out);

extern const char *const store_sq_col_names[SQC__MAX];   /* FTS5 column names: title, author, … notes */
#endif
