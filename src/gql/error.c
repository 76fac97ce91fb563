/* error.c: collecting GraphQL errors in the request arena and writing them as the response's "errors" list. */
#include "gql/error.h"
#include <string.h>
#include "util/jsonw.h"
#include "util/limits.h"

const char *gql_limit_note(struct arena *a, const char *name)
{
	const char *s = name ? arena_printf(a, " (%s)", name) : NULL;
	return s ? s : "";
}

void gql_errors_init(struct gql_errors *e, struct arena *a)
{
	memset(e, 0, sizeof *e);
	e->arena = a;
}

struct gql_error *gql_errors_vadd(struct gql_errors *e, const char *code,
                                  const struct gql_loc *locs, uint32_t nlocs,
                                  const char *fmt, va_list ap)
{
	uint32_t max = e->max ? e->max : LIMIT_GQL_ERRORS;
	if (e->n >= max) {
		e->truncated = true;
		return NULL;
	}
	struct gql_error *err = ARENA_NEW(e->arena, struct gql_error);
	if (err == NULL) {
		e->truncated = true;
		return NULL;
	}
	err->message = arena_vprintf(e->arena, fmt, ap);
	if (err->message == NULL)
		err->message = "Out of memory.";
	err->code = code;
	if (locs != NULL && nlocs > 0) {
		err->locs = ARENA_NEWN(e->arena, struct gql_loc, nlocs);
		if (err->locs != NULL) {
			memcpy(err->locs, locs, sizeof *locs * nlocs);
			err->nlocs = nlocs;
		}
	}
	if (e->tail)
		e->tail->next = err;
	else
		e->head = err;
	e->tail = err;
	e->n++;
	return err;
}

struct gql_error *gql_errors_add(struct gql_errors *e, const char *code,
                                 const struct gql_loc *locs, uint32_t nlocs, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct gql_error *err = gql_errors_vadd(e, code, locs, nlocs, fmt, ap);
	va_end(ap);
	return err;
}

void gql_errors_write(const struct gql_errors *e, struct sb *out)
{
	sb_puts(out, "\"errors\":[");
	for (const struct gql_error *err = e->head; err; err = err->next) {
		if (err != e->head)
			sb_putc(out, ',');
		sb_puts(out, "{\"message\":");
		jw_cstr(out, err->message);
		if (err->nlocs > 0) {
			sb_puts(out, ",\"locations\":[");
			for (uint32_t i = 0; i < err->nlocs; i++) {
				sb_printf(out, "%s{\"line\":%u,\"column\":%u}", i ? "," : "",
				          (unsigned)err->locs[i].line, (unsigned)err->locs[i].col);
			}
			sb_putc(out, ']');
		}
		if (err->npath > 0) {
			sb_puts(out, ",\"path\":[");
			for (uint32_t i = 0; i < err->npath; i++) {
				if (i)
					sb_putc(out, ',');
				if (err->path[i].key)
					jw_cstr(out, err->path[i].key);
				else
					sb_put_int(out, err->path[i].index);
			}
			sb_putc(out, ']');
		}
		if (err->code) {
			sb_puts(out, ",\"extensions\":{\"code\":");
			jw_cstr(out, err->code);
			sb_putc(out, '}');
		}
		sb_putc(out, '}');
	}
	sb_putc(out, ']');
}
