/* error.h: GraphQL errors as data (message, locations, path, extensions.code), collected per request. */
#ifndef LARDER_GQL_ERROR_H
#define LARDER_GQL_ERROR_H
#include <stdarg.h>
#include <stdint.h>
#include "gql/ast.h"
#include "util/arena.h"
#include "util/sb.h"

/* one step of a response path: a field's response key, or a list index when key is NULL */
struct gql_path_seg {
	const char *key;
	uint32_t index;
};

struct gql_error {
	const char *message;
	const char *code;             /* extensions.code, or NULL */
	struct gql_loc *locs;
	uint32_t nlocs;
	struct gql_path_seg *path;
	uint32_t npath;
	struct gql_error *next;
};

struct gql_errors {
	struct arena *arena;
	struct gql_error *head, *tail;
	uint32_t n;
	uint32_t max;                 /* stop recording past this many (0 = LIMIT_GQL_ERRORS) */
	bool truncated;               /* some errors were not recorded */
};

void gql_errors_init(struct gql_errors *e, struct arena *a);
/* " (NAME)": how a budget error ends when the caller named the limit (gql_limits.name_*); "" for NULL */
const char *gql_limit_note(struct arena *a, const char *name);
/* Record an error; locs may be NULL/0. Returns the error (NULL when over the budget) so the
 * caller can attach a path. Message text is formatted printf-style. */
struct gql_error *gql_errors_add(struct gql_errors *e, const char *code,
                                 const struct gql_loc *locs, uint32_t nlocs,
                                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
struct gql_error *gql_errors_vadd(struct gql_errors *e, const char *code,
                                  const struct gql_loc *locs, uint32_t nlocs,
                                  const char *fmt, va_list ap);
/* Write `"errors":[...]` (without surrounding braces or leading comma). */
void gql_errors_write(const struct gql_errors *e, struct sb *out);
#endif
