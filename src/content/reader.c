/* reader.c: filling a content_error, the one way every reader of outside data in src/content says why it refused. */
#include <stdarg.h>
#include <stdio.h>

#include "content/reader.h"

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
