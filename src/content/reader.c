/* reader.c: filling a content_error, the one way every reader of outside data in src/content says why it refused. */
#include <stdarg.h>
#include <stdio.h>

#include "content/reader.h"

/* a build under AddressSanitizer reads about three times slower (t/content_html_bomb's 100,000 small elements: 340
 * ms of CPU, 920-1,090 under ASan+UBSan, against an 800 ms budget): there the default budgets are four times the
 * figures, so a page the plain build reads whole is read whole there too (a budget given is kept as it is) */
#if defined(__SANITIZE_ADDRESS__)
#define BUDGET_SCALE 4
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUDGET_SCALE 4
#endif
#endif
#ifndef BUDGET_SCALE
#define BUDGET_SCALE 1
#endif

long content_budget_ms(const struct content_limits *lim, long deflt_ms)
{
	if (lim == NULL || lim->budget_ms == 0)
		return deflt_ms * BUDGET_SCALE;
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
