/* html_guard.h: what keeps gumbo linear on hostile input (internal to src/content): an attribute cap no tokenizer reading escapes, and a CPU budget with a clean abort. */
#ifndef LARDER_CONTENT_HTML_GUARD_H
#define LARDER_CONTENT_HTML_GUARD_H
#include <gumbo.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* Copy s with a '>' inserted wherever some reading of it as HTML (text, comment, script, any
 * tokenizer state) would start attribute cap+1 of one tag. 0 when nothing needs inserting
 * (*out NULL: use s as it is), 1 with a malloc'd *out of *outn bytes (and a NUL), -1 out of memory. */
int html_cap_attrs(const char *s, size_t n, unsigned cap, char **out, size_t *outn);

/* gumbo's blocks for one parse, all freed at once by html_guard_release */
struct html_guard {
	void *blocks;                   /* doubly linked list of live blocks */
	unsigned long allocs;           /* allocations so far (the CPU clock is read every few) */
	long budget_ms;                 /* thread CPU time allowed; 0 aborts at the first allocation */
	long long deadline_ns;          /* thread CPU clock value past which the parse is abandoned */
	bool expired;                   /* the parse was abandoned */
	bool failed;                    /* malloc failed under gumbo */
	volatile sig_atomic_t busy;     /* inside our allocator: the budget signal leaves a note */
	volatile sig_atomic_t pending;  /* the note: abandon when the allocator is done */
	bool armed;                     /* timer holds a CPU-clock timer for this parse */
	timer_t timer;
	sigjmp_buf jump;
};

/* gumbo_parse_with_options(opt, s, n) under g's budget (opt's allocator is replaced): the output,
 * or NULL with g->expired when the budget ran out or NULL when gumbo failed. Either way call
 * html_guard_release(g) when done with the output (instead of gumbo_destroy_output). */
GumboOutput *html_guarded_parse(struct html_guard *g, const GumboOptions *opt, const char *s, size_t n,
                                long budget_ms);
void html_guard_release(struct html_guard *g);
#endif
