/* html_guard.c: an attribute cap that holds under every tokenizer reading of the input, and gumbo run under a thread-CPU budget with its own allocator so an over-budget parse can be abandoned and freed. */
#define _GNU_SOURCE /* gettid, SIGEV_THREAD_ID */
#include "content/article/html_guard.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/time.h"

/* ---- the attribute cap
 *
 * gumbo checks each new attribute against the tag's earlier ones, so a tag with N attributes costs
 * O(N^2). We cannot know which bytes gumbo will read as a tag (a "<p x=" may be text inside a
 * comment, a script, an attribute value ...), so we follow every reading at once: a small
 * nondeterministic automaton over the tag states of the HTML tokenizer, where "outside any tag" is
 * always active and every '<' may open a tag. Threads in one state are merged keeping the largest
 * attribute count. Where some thread would start attribute cap+1, a '>' goes in first: it ends the
 * tag in every state but a quoted value (which takes it as a character), so afterwards no thread
 * can hold more than cap attributes. The states where the tokenizer's own transitions agree are
 * folded: "after attribute value (quoted)" and "self-closing start tag" act as "before attribute
 * name" on every character. Bytes are ASCII-tested only: gumbo's UTF-8 decoder never swallows an
 * ASCII byte into an invalid sequence, and it reads CR as a line feed. */

enum cap_state { C_TAG_OPEN, C_END_OPEN, C_TAG_NAME, C_BEFORE_ATTR, C_ATTR_NAME, C_AFTER_NAME,
	C_BEFORE_VALUE, C_VALUE_DQ, C_VALUE_SQ, C_VALUE_UNQ, C_NSTATES };

static bool cap_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static bool cap_alpha(unsigned char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static void cap_go(long *nxt, int s, long k)
{
	if (k > nxt[s])
		nxt[s] = k;
}

/* before-attribute-name on c; false when c would start an attribute past the cap */
static bool cap_before_attr(long *nxt, long k, unsigned char c, unsigned cap)
{
	if (cap_ws(c) || c == '/')
		cap_go(nxt, C_BEFORE_ATTR, k);
	else if (c != '>') {
		if ((unsigned long)k >= cap)
			return false;
		cap_go(nxt, C_ATTR_NAME, k + 1);
	}
	return true;
}

/* one state's successors on c (a count of -1 in nxt is no thread); false on an attribute past the cap */
static bool cap_state_step(int s, long k, long *nxt, unsigned char c, unsigned cap)
{
	switch (s) {
	case C_TAG_OPEN:
	case C_END_OPEN:
		if (cap_alpha(c))
			cap_go(nxt, C_TAG_NAME, 0);
		else if (c == '/' && s == C_TAG_OPEN)
			cap_go(nxt, C_END_OPEN, 0);
		return true;
	case C_TAG_NAME:
		if (cap_ws(c) || c == '/')
			cap_go(nxt, C_BEFORE_ATTR, k);
		else if (c != '>')
			cap_go(nxt, C_TAG_NAME, k);
		return true;
	case C_BEFORE_ATTR:
		return cap_before_attr(nxt, k, c, cap);
	case C_ATTR_NAME:
	case C_AFTER_NAME:
		if (c == '=')
			cap_go(nxt, C_BEFORE_VALUE, k);
		else if (c == '/')
			cap_go(nxt, C_BEFORE_ATTR, k);
		else if (cap_ws(c))
			cap_go(nxt, C_AFTER_NAME, k);
		else if (c == '>')
			;
		else if (s == C_ATTR_NAME)
			cap_go(nxt, C_ATTR_NAME, k);
		else
			return cap_before_attr(nxt, k, c, cap);
		return true;
	case C_BEFORE_VALUE:
		if (cap_ws(c))
			cap_go(nxt, C_BEFORE_VALUE, k);
		else if (c == '"')
			cap_go(nxt, C_VALUE_DQ, k);
		else if (c == '\'')
			cap_go(nxt, C_VALUE_SQ, k);
		else if (c != '>')
			cap_go(nxt, C_VALUE_UNQ, k);
		return true;
	case C_VALUE_DQ:
	case C_VALUE_SQ:
		/* the closing quote leads to after-attribute-value, which acts as before-attribute-name */
		cap_go(nxt, c == (s == C_VALUE_DQ ? '"' : '\'') ? C_BEFORE_ATTR : s, k);
		return true;
	case C_VALUE_UNQ:
		if (cap_ws(c))
			cap_go(nxt, C_BEFORE_ATTR, k);
		else if (c != '>')
			cap_go(nxt, C_VALUE_UNQ, k);
		return true;
	}
	return true;
}

/* all threads on c into nxt; false (nxt unusable) when one would pass the cap */
static bool cap_step(const long *cur, long *nxt, unsigned char c, unsigned cap)
{
	for (int s = 0; s < C_NSTATES; s++)
		nxt[s] = -1;
	if (c == '<')
		nxt[C_TAG_OPEN] = 0;
	for (int s = 0; s < C_NSTATES; s++)
		if (cur[s] >= 0 && !cap_state_step(s, cur[s], nxt, c, cap))
			return false;
	return true;
}

struct cap_out {
	char *buf;
	size_t len, size;
};

static int cap_put(struct cap_out *o, const char *p, size_t k)
{
	if (o->size - o->len < k) {
		size_t ns = o->size ? o->size : 64;
		while (ns - o->len < k)
			ns *= 2;
		char *nb = realloc(o->buf, ns);
		if (!nb)
			return -1;
		o->buf = nb;
		o->size = ns;
	}
	memcpy(o->buf + o->len, p, k);
	o->len += k;
	return 0;
}

int html_cap_attrs(const char *s, size_t n, unsigned cap, char **out, size_t *outn)
{
	long cur[C_NSTATES], nxt[C_NSTATES];
	struct cap_out o = { NULL, 0, 0 };
	size_t copied = 0;              /* bytes of s already in o */
	bool idle = true;               /* no thread inside a tag: skip to the next '<' */

	*out = NULL;
	*outn = 0;
	for (size_t i = 0; i < n; i++) {
		if (idle) {
			const char *lt = memchr(s + i, '<', n - i);
			if (!lt)
				break;
			i = (size_t)(lt - s);
		}
		if (idle)
			for (int s0 = 0; s0 < C_NSTATES; s0++)
				cur[s0] = -1;
		unsigned char c = (unsigned char)s[i];
		if (!cap_step(cur, nxt, c, cap)) {
			/* end the tag for every thread, then read c again */
			if (cap_put(&o, s + copied, i - copied) < 0 || cap_put(&o, ">", 1) < 0) {
				free(o.buf);
				return -1;
			}
			copied = i;
			cap_step(cur, nxt, '>', cap);
			memcpy(cur, nxt, sizeof cur);
			cap_step(cur, nxt, c, cap);     /* only quoted values survive '>': no attribute starts */
		}
		memcpy(cur, nxt, sizeof cur);
		idle = true;
		for (int s0 = 0; s0 < C_NSTATES; s0++)
			idle = idle && cur[s0] < 0;
	}
	if (!o.buf)
		return 0;
	if (cap_put(&o, s + copied, n - copied) < 0 || cap_put(&o, "", 1) < 0) {
		free(o.buf);
		return -1;
	}
	*out = o.buf;
	*outn = o.len - 1;
	return 1;
}

/* ---- gumbo under a CPU budget
 *
 * Every block gumbo allocates carries a header linking it into the guard's list, so an abandoned
 * parse is freed whole. Two things end a parse that runs past its budget: the allocator reads the
 * thread's CPU clock every CHECK_EVERY allocations, and a timer on that clock sends this thread
 * BUDGET_SIGNAL. Some of gumbo's quadratic paths allocate nothing (a character token in a deep
 * tree scans the stack of open elements), so the timer is what bounds them; the clock reads cover
 * a process whose signal is taken or whose timer cannot be made. The jump out of gumbo happens
 * either from our allocator or from the signal handler; never while malloc or our list is busy
 * (the handler leaves a note that the allocator acts on when it is done). gumbo holds no locks,
 * files or other resources beyond the blocks. */

#define CHECK_EVERY 1024
#define BUDGET_SIGNAL (SIGRTMIN + 5)

union block {
	struct {
		union block *prev, *next;
	} l;
	max_align_t align;
};

static __thread struct html_guard *active_guard;

static void guard_abandon(struct html_guard *g)
{
	g->expired = true;
	siglongjmp(g->jump, 1);
}

static void guard_leave(struct html_guard *g)
{
	g->busy = 0;
	if (g->pending)
		guard_abandon(g);
}

static void *guard_alloc(void *ud, size_t size)
{
	struct html_guard *g = ud;
	if ((g->allocs++ % CHECK_EVERY) == 0 && time_thread_cpu_ns() >= g->deadline_ns)
		guard_abandon(g);
	g->busy = 1;
	union block *b = size < (size_t)-1 - sizeof *b ? malloc(sizeof *b + size) : NULL;
	if (!b) {
		/* gumbo does not expect NULL: end the parse as failed */
		g->busy = 0;
		g->failed = true;
		siglongjmp(g->jump, 1);
	}
	b->l.prev = NULL;
	b->l.next = g->blocks;
	if (g->blocks)
		((union block *)g->blocks)->l.prev = b;
	g->blocks = b;
	guard_leave(g);
	return b + 1;
}

static void guard_free(void *ud, void *p)
{
	struct html_guard *g = ud;
	if (!p)
		return;
	g->busy = 1;
	union block *b = (union block *)p - 1;
	if (b->l.prev)
		b->l.prev->l.next = b->l.next;
	else
		g->blocks = b->l.next;
	if (b->l.next)
		b->l.next->l.prev = b->l.prev;
	free(b);
	guard_leave(g);
}

static void on_budget_signal(int sig, siginfo_t *si, void *uc)
{
	struct html_guard *g = active_guard;
	(void)sig;
	(void)uc;
	if (!g || si->si_value.sival_ptr != g)
		return;         /* a late signal from a finished parse */
	if (g->busy) {
		g->pending = 1;
		return;
	}
	guard_abandon(g);
}

/* the handler is installed once, and only where the signal is unused */
static bool handler_installed(void)
{
	static int state;       /* 0 not tried, 1 installed, -1 not available */
	if (state == 0) {
		struct sigaction old, sa;
		state = -1;
		if (sigaction(BUDGET_SIGNAL, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
		    old.sa_handler == SIG_DFL) {
			memset(&sa, 0, sizeof sa);
			sa.sa_sigaction = on_budget_signal;
			sa.sa_flags = SA_SIGINFO | SA_RESTART;
			sigemptyset(&sa.sa_mask);
			if (sigaction(BUDGET_SIGNAL, &sa, NULL) == 0)
				state = 1;
		}
	}
	return state == 1;
}

static bool arm_timer(struct html_guard *g, timer_t *tm)
{
	struct sigevent ev;
	struct itimerspec it;
	if (g->budget_ms <= 0 || !handler_installed())
		return false;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = BUDGET_SIGNAL;
	ev.sigev_value.sival_ptr = g;
	ev._sigev_un._tid = gettid();
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, tm) != 0)
		return false;
	memset(&it, 0, sizeof it);
	it.it_value.tv_sec = g->budget_ms / 1000;
	it.it_value.tv_nsec = (g->budget_ms % 1000) * 1000000L;
	if (timer_settime(*tm, 0, &it, NULL) != 0) {
		timer_delete(*tm);
		return false;
	}
	return true;
}

GumboOutput *html_guarded_parse(struct html_guard *g, const GumboOptions *base, const char *s, size_t n,
                                long budget_ms)
{
	GumboOptions opt = *base;
	GumboOutput *volatile out = NULL;

	g->blocks = NULL;
	g->allocs = 0;
	g->budget_ms = budget_ms;
	g->deadline_ns = budget_ms < 0 ? (long long)(~0ULL >> 1) : time_thread_cpu_ns() + budget_ms * 1000000LL;
	g->expired = g->failed = false;
	g->busy = g->pending = 0;
	g->armed = false;
	opt.allocator = guard_alloc;
	opt.deallocator = guard_free;
	opt.userdata = g;
	if (sigsetjmp(g->jump, 1) == 0) {
		active_guard = g;
		g->armed = arm_timer(g, &g->timer);
		out = gumbo_parse_with_options(&opt, s, n);
	}
	active_guard = NULL;
	if (g->armed)
		timer_delete(g->timer);
	return g->expired || g->failed ? NULL : out;
}

void html_guard_release(struct html_guard *g)
{
	union block *b = g->blocks;
	while (b) {
		union block *next = b->l.next;
		free(b);
		b = next;
	}
	g->blocks = NULL;
}
