/* feeds_poll.c: polling feed subscriptions: a conditional fetch, new entries made items (kept content or a fetch job), per-feed backoff and a per-process rate limit. */
#include <stdio.h>
#include <string.h>

#include "content/fetch/fetch.h"
#include "store/feeds.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/save.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/text.h"
#include "util/time.h"
#include "util/url.h"

/* the wait after a poll: the interval, doubled for each failure in a row, at most LIMIT_FEED_BACKOFF_MAX_S */
static int64_t wait_ms(const struct larder_config *cfg, int64_t failures)
{
	int64_t s = cfg->feed_poll_interval_s;
	for (int64_t i = 0; i < failures && s < LIMIT_FEED_BACKOFF_MAX_S; i++)
		s *= 2;
	return (s < LIMIT_FEED_BACKOFF_MAX_S ? s : LIMIT_FEED_BACKOFF_MAX_S) * 1000;
}

/* an entry's summary as the item's description: its text (HTML read as a page reads), cut to LIMIT_DESCRIPTION;
 * NULL when it has none */
static const char *summary_text(const struct larder_config *cfg, struct arena *a, const struct content_feed_entry *e,
                                const char *url)
{
	struct store_article kept;
	const char *why = NULL, *s = e->summary;
	if (s && strpbrk(s, "<&") &&
	    svc_ingest_kept(a, s, strlen(s), url, cfg->content_max_bytes, &kept, &why) == 0)
		s = kept.text;
	while (s && (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r'))
		s++;
	return s && *s ? svc_cut(a, s, LIMIT_DESCRIPTION) : NULL;
}

/* the HTML an entry is kept as: its full content; without it, when the page is not fetched (fetchContent off,
 * or no link we fetch), its summary, else its title; NULL: the page is fetched */
static const char *kept_html(struct arena *a, bool fetch, const struct content_feed_entry *e)
{
	if (e->content)
		return e->content;
	if (fetch)
		return NULL;
	if (e->summary)
		return e->summary;
	return arena_printf(a, "<p>%s</p>", text_html_escaped(a, e->title ? e->title : ""));
}

/* the article an entry becomes from the feed's own text (NULL: the page is fetched instead) */
static const struct store_article *kept_article(const struct larder_config *cfg, struct arena *a, bool fetch,
                                                const struct content_feed *f, const struct content_feed_entry *e,
                                                const char *url, const char *description)
{
	struct store_article kept, *art = arena_alloc(a, sizeof *art);
	const char *why = NULL, *html = kept_html(a, fetch, e);
	if (html == NULL || svc_ingest_kept(a, html, strlen(html), url, cfg->content_max_bytes, &kept, &why) != 0)
		return NULL;
	/* the text as kept, the rest of what the reader shows from the feed */
	*art = (struct store_article){ .content = kept.content, .text = kept.text, .words_count = kept.words_count,
	                               .final_url = kept.final_url, .title = e->title, .author = e->author,
	                               .description = description, .site_name = f->title,
	                               .site_icon = url_http_only(a, f->icon), .image = url_http_only(a, e->image),
	                               .published_ms = e->published_ms };
	svc_article_cut(a, art);
	return art;
}

/* the key an entry is remembered by: its id, hashed when longer than a URL may be */
static const char *entry_key(struct arena *a, const struct content_feed_entry *e)
{
	const char *id = e->id;
	if (id && strlen(id) > LIMIT_URL_BYTES) { /* a feed's id kept as its hash, not as it came */
		char hash[65];
		crypto_sha256_hex(id, strlen(id), hash);
		id = arena_printf(a, "sha256:%s", hash);
	}
	return id;
}

/* the address of an entry without a link we save (none, or not a public http(s) one): kept from the feed,
 * never fetched, under the feed's URL with an "entry" parameter naming it, the same at every poll */
static const char *standin_url(struct arena *a, const struct store_sub *sub, const char *id)
{
	char hash[65];
	crypto_sha256_hex(id, strlen(id), hash);
	return arena_printf(a, "%s%sentry=%.16s", sub->url, strchr(sub->url, '?') ? "&" : "?", hash);
}

/* one entry: skipped when had before (its id, or its URL in the library), else saved; *added when it was */
static int take_entry(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                      const struct content_feed *f, const struct content_feed_entry *e, int64_t now, bool *added)
{
	const char *id = entry_key(a, e);
	struct svc_save_in in = { .user_id = sub->user_id, .url = e->url, .source = "rss", .folder = sub->folder,
	                          .published_ms = e->published_ms };
	struct store_save sv;
	struct store_item it;
	bool existed = false;
	*added = false;
	if (id == NULL || store_feed_entry_seen(st, sub->user_id, id))
		return STORE_OK;
	/* a link we do not save (none, javascript:, a private address...): the entry kept under a stand-in address */
	if (e->url == NULL || svc_save_check(cfg, a, &in, &sv) != NULL) {
		in.url = standin_url(a, sub, id);
		if (in.url == NULL || svc_save_check(cfg, a, &in, &sv) != NULL) /* not even so: remembered, not kept */
			return store_feed_entry_add(st, sub->user_id, id, sub->id, NULL, now);
	}
	if (store_item_by_url(st, a, sub->user_id, sv.url, &it) == STORE_OK)
		return store_feed_entry_add(st, sub->user_id, id, sub->id, it.id, now);
	/* the entry's title and summary from the start (a fetch keeps them when the page gives none); an entry
	 * without a title is named by its summary */
	sv.description = summary_text(cfg, a, e, sv.url);
	sv.title = svc_cut(a, e->title ? e->title : sv.description, LIMIT_TITLE);
	sv.article = kept_article(cfg, a, sub->fetch_content && in.url == e->url, f, e, sv.url, sv.description);
	int rc = store_item_save(st, a, &sv, &it, &existed); /* no article: a fetch job is queued */
	if (rc != STORE_OK)
		return rc;
	*added = !existed;
	return store_feed_entry_add(st, sub->user_id, id, sub->id, it.id, now);
}

/* the order a poll looks at entries in: newest first by date when the feed dates each of them, else the
 * feed's own order (most feeds list their newest first) */
static size_t *entry_order(struct arena *a, const struct content_feed *f)
{
	size_t *order = arena_alloc(a, (f->n_entries + 1) * sizeof *order), n = f->n_entries;
	bool dated = true;
	if (order == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		order[i] = i;
		dated = dated && f->entries[i].published_ms != 0;
	}
	for (size_t i = 1; dated && i < n; i++) { /* insertion sort: stable, and feeds are nearly sorted already */
		size_t k = order[i], j = i;
		for (; j > 0 && f->entries[order[j - 1]].published_ms < f->entries[k].published_ms; j--)
			order[j] = order[j - 1];
		order[j] = k;
	}
	return order;
}

/* the entries of a fetched feed: the newest LIMIT_FEED_NEW_ENTRIES the user has not had (entry_order), saved
 * oldest first so the newest is saved last (and listed first); older new ones wait for the next polls */
static int take_entries(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                        const struct content_feed *f, int64_t now, struct svc_feed_poll *out, int64_t *newest)
{
	size_t *order = entry_order(a, f), *pick = arena_alloc(a, (LIMIT_FEED_NEW_ENTRIES + 1) * sizeof *pick), n = 0;
	if (order == NULL || pick == NULL)
		return STORE_E_NOMEM;
	for (size_t i = 0; i < f->n_entries; i++) {
		const struct content_feed_entry *e = &f->entries[order[i]];
		const char *id = entry_key(a, e);
		if (e->published_ms > *newest)
			*newest = e->published_ms;
		if (id == NULL || store_feed_entry_seen(st, sub->user_id, id))
			out->seen++;
		else if (n < LIMIT_FEED_NEW_ENTRIES)
			pick[n++] = order[i];
	}
	while (n-- > 0) {
		bool added;
		int rc = take_entry(st, cfg, a, sub, f, &f->entries[pick[n]], now, &added);
		if (rc == STORE_E_LIMIT) { /* a quota reached: this entry and the rest wait; the subscription says why */
			out->message = arena_printf(a, "new entries not saved: %s", store_errmsg(st));
			break;
		}
		if (rc != STORE_OK)
			return rc;
		out->new_items += added;
		out->seen += !added;
	}
	return STORE_OK;
}

/* a fetched feed read, *f; else out->failed or out->not_modified */
static void read_feed(const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                      struct fetch_result *fr, struct content_feed *f, struct svc_feed_poll *out)
{
	struct fetch_opts fo;
	struct content_error perr;
	memset(&fo, 0, sizeof fo);
	if (cfg)
		content_fetch_opts_from_config(&fo, cfg);
	fo.feed = true;
	fo.if_none_match = sub->etag;
	fo.if_modified_since = sub->last_modified;
	if (content_fetch(a, sub->url, &fo, fr) != 0) {
		out->failed = true;
		out->message = fr->message ? fr->message : "the feed could not be fetched";
	} else if (fr->not_modified) {
		out->not_modified = true;
	} else if (content_feed_read_typed(a, fr->body, fr->len, fr->content_type, fr->final_url ? fr->final_url : sub->url,
	                                   NULL, f, &perr)) {
		out->failed = true;
		out->message = arena_strdup(a, perr.msg);
	}
}

/* a pending subscription's first read: its URL as a feed, else the first feed its page announces, which the
 * subscription then follows (named after the feed unless named by the user). 0 with *f read (out->failed
 * otherwise, with why), -1 when the store failed. A user following that feed already: this one is ended. */
static int first_read(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                      struct fetch_result *fr, struct content_feed *f, struct svc_feed_poll *out)
{
	struct content_feed_link *links = NULL;
	const char *why = NULL;
	long n = svc_feed_scan(cfg, a, sub->url, &links, f, &why);
	if (n > 0 && f->entries == NULL && svc_feed_scan(cfg, a, links[0].url, &links, f, &why) < 1) /* a page */
		why = arena_printf(a, "the feed the page announces (%s) could not be read: %s", links[0].url,
		                   why ? why : "no feed there");
	else if (n == 0)
		why = "no feed found at this URL";
	else if (n > 0) {
		struct store_sub feed = { .url = links[0].url, .name = svc_cut(a, f->title, LIMIT_TITLE),
		                          .description = svc_cut(a, f->description, LIMIT_DESCRIPTION),
		                          .icon = url_http_only(a, f->icon),
		                          .site_url = f->site_url && strlen(f->site_url) <= LIMIT_URL_BYTES ? f->site_url : NULL };
		int rc = store_sub_resolved(st, sub->id, &feed);
		if (rc == STORE_E_EXISTS) { /* the page's feed is followed already: this request ends here */
			struct store_sub gone;
			out->failed = true;
			out->message = arena_printf(a, "you follow %s already", links[0].url);
			return store_sub_unsubscribe(st, a, sub->user_id, sub->id, &gone) == STORE_OK ? 0 : -1;
		}
		memset(fr, 0, sizeof *fr); /* no validators: the entries are read at once, the next poll sends them */
		return rc == STORE_OK ? 0 : -1;
	}
	out->failed = true;
	out->message = why ? why : "the URL could not be read";
	return 0;
}

int svc_feed_poll(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                  struct svc_feed_poll *out, char *err, size_t errlen)
{
	struct fetch_result fr;
	struct content_feed f;
	int64_t now = time_now_ms(), newest = 0;
	struct store_sub rec = { .id = sub->id, .etag = sub->etag, .last_modified = sub->last_modified,
	                         .last_fetched_ms = now };
	memset(out, 0, sizeof *out);
	if (sub->pending ? first_read(st, cfg, a, sub, &fr, &f, out) != 0 : (read_feed(cfg, a, sub, &fr, &f, out), 0)) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	if (!out->failed && !out->not_modified) {
		rec.etag = fr.etag;
		rec.last_modified = fr.last_modified;
		if (take_entries(st, cfg, a, sub, &f, now, out, &newest) != STORE_OK) {
			snprintf(err, errlen, "%s", store_errmsg(st));
			return -1;
		}
	}
	rec.failures = out->failed ? sub->failures + 1 : 0;
	rec.last_error = out->message;
	rec.next_poll_ms = out->next_poll_ms = now + wait_ms(cfg, rec.failures);
	rec.refreshed_ms = out->new_items ? now : 0;
	rec.most_recent_ms = newest;
	if (store_sub_polled(st, &rec) != STORE_OK) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	return 0;
}

bool svc_feed_polls_allowed(struct store *st, const struct larder_config *cfg)
{
	uint32_t per_minute = cfg->feed_polls_per_minute;
	int64_t recent = 0;
	return store_feed_polls_since(st, time_now_ms() - 60000, &recent) == STORE_OK && recent < (int64_t)per_minute;
}

int svc_feed_poll_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_work *w,
                      char *err, size_t errlen)
{
	struct store_sub sub;
	struct svc_feed_poll res;
	int rc = store_sub_get(st, a, w->user_id, w->ref, &sub);
	if (rc == STORE_E_NOTFOUND || (rc == STORE_OK && strcmp(sub.status, "ACTIVE") != 0))
		rc = store_job_done(st, w->id); /* unsubscribed or gone: no more polls */
	else if (rc == STORE_OK) {
		if (svc_feed_poll(st, cfg, a, &sub, &res, err, errlen) != 0)
			return -1;
		rc = store_job_requeue(st, w->id, res.next_poll_ms);
	}
	if (rc == STORE_OK)
		return 1;
	snprintf(err, errlen, "%s", store_errmsg(st));
	return -1;
}
