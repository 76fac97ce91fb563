/* reader.c: filling a content_error, the one way every reader of outside data in src/content says why it refused. */
#include <stdarg.h>
#include <stdio.h>

#include "content/reader.h"

long content_budget_ms(const struct content_limits *lim, long deflt_ms)
{
	if (lim == NULL || lim->budget_ms == 0)
		return deflt_ms;
	if (lim->budget_ms == CONTENT_BUDGET_SPENT)
		return 0;
	return lim->budget_ms < 0 ? -1 : lim->budget_ms;
}

void content_error_clear(struct content_error *e)
{
	e->code = CONTENT_OK;
	e->detail = 0;
	e->msg[0] = '\0';
}

int content_fail(struct content_error *e, enum content_status code, const char *fmt, ...)
{
	va_list ap;
	e->code = code;
	e->detail = 0;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return -1;
}
