/* feeds_read.c (svc): the runner's side of feeds: a URL fetched (SSRF rules) and read as a feed or as a page announcing feeds (svc_feed_scan), and a queued scan run (svc_feed_scan_job), its result kept in the form feeds_scan.c reads back; apart so the web programs do not link the fetcher. */
#include <stdio.h>
#include <string.h>

#include "content/fetch/fetch.h"
#include "store/feeds.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "util/url.h"

static int fetch(const struct larder_config *cfg, struct arena *a, const char *url, struct fetch_result *fr,
                 const char **msg)
{
	struct fetch_opts fo;
	memset(&fo, 0, sizeof fo);
	if (cfg)
		content_fetch_opts_from_config(&fo, cfg);
	fo.feed = true;
	if (content_fetch(a, url, &fo, fr) != 0) {
		*msg = fr->message ? fr->message : "the feed could not be fetched";
		return -1;
	}
	return 0;
}

long svc_feed_scan(const struct larder_config *cfg, struct arena *a, const char *url, struct content_feed_link **out,
                   struct content_feed *feed, const char **msg)
{
	struct fetch_result fr;
	struct content_error err;
	const char *u = svc_feed_url_checked(cfg, a, url, msg);
	memset(feed, 0, sizeof *feed);
	if (u == NULL || fetch(cfg, a, u, &fr, msg) != 0)
		return -1;
	const char *at = fr.final_url ? fr.final_url : u;
	int rc = content_feed_read_typed(a, fr.body, fr.len, fr.content_type, at, NULL, feed, &err);
	if (rc == 0) {
		struct content_feed_link *one = arena_alloc(a, sizeof *one);
		*one = (struct content_feed_link){ .url = at, .title = feed->title, .kind = feed->kind };
		*out = one;
		return 1;
	}
	if (err.code == CONTENT_E_LIMIT) { /* XML past a bound: refused, not read as a page */
		*msg = arena_strdup(a, err.msg);
		return -1;
	}
	memset(feed, 0, sizeof *feed);
	long n = content_feed_discover(a, fr.html, fr.html_len, at, NULL, out, &err);
	if (n < 0)
		*msg = arena_strdup(a, err.msg);
	return n;
}

/* one field of a found feed on b, its tabs and line ends made spaces (they separate the fields and feeds) */
static void put_field(struct sb *b, const char *v, char after)
{
	for (const char *p = v ? v : ""; *p; p++)
		sb_putc(b, *p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
	sb_putc(b, after);
}

/* the feeds found, as kept in feed_scans.found: url, type, title, description, icon; one feed a line */
static char *found_text(struct arena *a, const struct content_feed_link *links, long n, const struct content_feed *feed)
{
	struct sb b;
	sb_init(&b);
	for (long i = 0; i < n; i++) {
		put_field(&b, links[i].url, '\t');
		put_field(&b, content_feed_kind_name(links[i].kind), '\t');
		put_field(&b, svc_cut(a, links[i].title, LIMIT_TITLE), '\t');
		put_field(&b, n == 1 ? svc_cut(a, feed->description, LIMIT_DESCRIPTION) : NULL, '\t');
		put_field(&b, n == 1 ? url_http_only(a, feed->icon) : NULL, '\n');
	}
	char *s = sb_error(&b) ? NULL : arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return s;
}

/* the next tab- or line-ended field of *p (NULL when empty), *p moved past its end; the text is the arena's copy */
int svc_feed_scan_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_work *w,
                      char *err, size_t errlen)
{
	int64_t now = time_now_ms();
	struct store_scan sc;
	struct content_feed_link *links = NULL;
	struct content_feed feed;
	const char *why = NULL;
	int rc = store_scan_purge(st, now - LIMIT_FEED_SCAN_KEEP_MS);
	if (rc == STORE_OK)
		rc = store_scan_get(st, a, w->user_id, w->ref, &sc);
	if (rc == STORE_E_NOTFOUND || (rc == STORE_OK && strcmp(sc.status, "queued") != 0)) {
		rc = store_job_done(st, w->id); /* forgotten or answered meanwhile: only its job is left */
		goto end;
	}
	if (rc != STORE_OK)
		goto end;
	long n = svc_feed_scan(cfg, a, sc.url, &links, &feed, &why);
	sc.status = n < 0 ? "failed" : "done";
	sc.message = n < 0 ? (why ? why : "the URL could not be read") : NULL;
	sc.found = n < 0 ? NULL : found_text(a, links, n, &feed);
	if (n >= 0 && sc.found == NULL) {
		sc.status = "failed";
		sc.message = "out of memory";
	}
	if ((rc = store_scan_done(st, &sc, time_now_ms())) == STORE_OK)
		rc = store_job_done(st, w->id);
end:
	if (rc == STORE_OK)
		return 1;
	snprintf(err, errlen, "%s", store_errmsg(st));
	return -1;
}
