/* save.c (svc): the save action: checks a URL or page save, ingests a page's HTML, stores the item through the store's de-duplicating save and notes a queued fetch. */
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "svc/jobs.h"
#include "svc/save.h"
#include "svc/svc.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/netaddr.h"
#include "util/url.h"
#include "util/utf8.h"

#define SOURCE_MAX 64       /* bytes of source and folder */
#define CLIENT_ID_MAX 200   /* bytes of clientRequestId */

/* may the fetcher reach this address (sa NULL: every address)? larder.conf allow_private_fetch */
static bool private_allowed(const struct larder_config *cfg, const struct sockaddr *sa)
{
	return sa ? netaddr_allow_match(&cfg->allow_private_fetch, sa) : cfg->allow_private_fetch.all;
}

const char *svc_url_refusal(const struct larder_config *cfg, struct arena *a, const char *url)
{
	struct url u;
	struct sockaddr_storage ss;
	size_t hl;
	if (url_parse(a, url, strlen(url), &u, NULL) != 0 || u.host == NULL)
		return "the URL has no host";
	if (private_allowed(cfg, NULL))
		return NULL;
	hl = strlen(u.host);
	if (hl > 0 && u.host[hl - 1] == '.') /* "localhost." names the same host */
		hl--;
	if ((hl == 9 && strncasecmp(u.host, "localhost", 9) == 0) ||
	    (hl > 10 && strncasecmp(u.host + hl - 10, ".localhost", 10) == 0))
		return "URLs on localhost cannot be saved";
	switch (netaddr_parse_literal(u.host, &ss)) {
	case 0:
		if (!private_allowed(cfg, (const struct sockaddr *)&ss) && !netaddr_is_public((const struct sockaddr *)&ss))
			return "URLs on loopback, private or link-local addresses cannot be saved";
		return NULL;
	case -2:
		return "the URL's host is a malformed IP address";
	default:
		return NULL; /* a name: the fetcher checks the addresses it resolves to */
	}
}

const char *svc_reader_path(struct arena *a, const char *username, const struct store_item *it)
{
	return arena_printf(a, "/%s/%s", username ? username : "me", it->slug);
}

/* s without the spaces, tabs and line breaks around it, copied into a; NULL stays NULL (and out of memory
 * gives NULL) */
static const char *trimmed(struct arena *a, const char *s)
{
	const char *end;
	if (s == NULL)
		return NULL;
	s += strspn(s, " \t\r\n");
	for (end = s + strlen(s); end > s && strchr(" \t\r\n", end[-1]) != NULL; end--)
		;
	return arena_strndup(a, s, (size_t)(end - s));
}

/* trimmed, with "" as NULL */
static const char *trimmed_or_null(struct arena *a, const char *s)
{
	s = trimmed(a, s);
	return s && *s ? s : NULL;
}

/* the URL normalised and allowed, with the slug text of a URL save; NULL or why not */
static const char *read_url(const struct larder_config *cfg, struct arena *a, const char *url, struct store_save *sv)
{
	char *norm = NULL;
	const char *msg = NULL, *why;
	if (url == NULL || *url == '\0')
		return "url is required";
	if (url_normalise(a, url, strlen(url), &norm, &msg) != 0)
		return arena_printf(a, "this URL cannot be saved: %s", msg ? msg : "malformed");
	if ((why = svc_url_refusal(cfg, a, norm)) != NULL)
		return why;
	sv->url = norm;
	/* a URL save's slug: host and path, without the scheme and a leading www. */
	sv->slug_text = strstr(norm, "://") ? strstr(norm, "://") + 3 : norm;
	if (strncmp(sv->slug_text, "www.", 4) == 0)
		sv->slug_text += 4;
	return NULL;
}

/* the label names, trimmed and checked against labels_per_item and the name length; NULL or why not */
static const char *read_labels(const struct larder_config *cfg, struct arena *a, const struct svc_save_in *in,
                               struct store_save *sv)
{
	uint32_t most = cfg->labels_per_item;
	const char **names;
	if (in->nlabels == 0)
		return NULL;
	if (in->nlabels > most)
		return arena_printf(a, "at most %u labels on one item (labels_per_item in larder.conf)", most);
	if ((names = ARENA_NEWN(a, const char *, in->nlabels)) == NULL)
		return "out of memory";
	for (size_t i = 0; i < in->nlabels; i++) {
		const char *name = trimmed(a, in->labels[i]);
		if (name == NULL || *name == '\0')
			return arena_printf(a, "label %zu has no name", i + 1);
		if (utf8_count(name, strlen(name)) > LIMIT_LABEL_NAME)
			return arena_printf(a, "label %zu: a label name has at most %d characters", i + 1, LIMIT_LABEL_NAME);
		names[sv->nlabels++] = name;
	}
	sv->labels = names;
	return NULL;
}

const char *svc_save_check(const struct larder_config *cfg, struct arena *a, const struct svc_save_in *in,
                              struct store_save *sv)
{
	const char *crid = in->client_request_id, *why;
	memset(sv, 0, sizeof *sv);
	sv->user_id = in->user_id;
	if ((why = read_url(cfg, a, in->url, sv)) != NULL)
		return why;
	if (crid && *crid) {
		if (strlen(crid) > CLIENT_ID_MAX)
			return "clientRequestId is longer than 200 characters";
		if (crypto_is_uuid(crid, strlen(crid)))
			sv->item_id = crid;
		else
			sv->client_request_id = crid;
	}
	sv->source = trimmed_or_null(a, in->source);
	if (sv->source && strlen(sv->source) > SOURCE_MAX)
		return "source is longer than 64 characters";
	sv->folder = trimmed_or_null(a, in->folder);
	if (sv->folder && strlen(sv->folder) > SOURCE_MAX)
		sv->folder = NULL;
	if (in->state && strcmp(in->state, "ARCHIVED") == 0)
		sv->want_state = "ARCHIVED";
	sv->saved_ms = in->saved_ms;
	sv->published_ms = in->published_ms;
	return read_labels(cfg, a, in, sv);
}

/* a page save: the HTML ingested into *art, the canonical URL when it may be saved, the title given or the
 * article's; NULL when fine, else the refusal */
static const char *read_page(const struct larder_config *cfg, struct arena *a, const struct svc_save_in *in,
                             struct store_article *art, struct store_save *sv)
{
	size_t max = cfg->content_max_bytes;
	const char *canon = NULL, *why;
	if (in->html == NULL)
		return "originalContent is required";
	if (in->html_len > max)
		return arena_printf(a, "originalContent is larger than %zu bytes (content_max_bytes in larder.conf)", max);
	if (svc_ingest(a, in->html, in->html_len, sv->url, NULL, max, art, &canon, &why) != 0)
		return why;
	if (canon && svc_url_refusal(cfg, a, canon) == NULL)
		sv->url = canon;
	sv->slug_text = NULL; /* a page's slug comes from its title */
	sv->title = trimmed_or_null(a, in->title);
	if (sv->title == NULL)
		sv->title = art->title;
	sv->article = art;
	return NULL;
}

static enum svc_save_status refuse(struct svc_save_out *out, const char *why)
{
	out->status = SVC_SAVE_REFUSED;
	out->message = why ? why : "out of memory";
	return out->status;
}

enum svc_save_status svc_save(struct store *st, const struct larder_config *cfg, struct arena *a,
                              const struct svc_save_in *in, struct svc_save_out *out)
{
	struct store_article *art;
	struct store_save sv;
	const char *why;
	int r;

	memset(out, 0, sizeof *out);
	if ((why = svc_save_check(cfg, a, in, &sv)) != NULL)
		return refuse(out, why);
	if ((why = svc_too_long(a, "title", in->title, LIMIT_TITLE)) != NULL) /* the client's own: refused, not cut */
		return refuse(out, why);
	if (in->page) {
		if ((art = ARENA_NEW(a, struct store_article)) == NULL) {
			out->status = SVC_SAVE_FAILED;
			out->message = "saving";
			return out->status;
		}
		if ((why = read_page(cfg, a, in, art, &sv)) != NULL)
			return refuse(out, why);
	} else
		sv.title = trimmed_or_null(a, in->title);
	sv.source = sv.source ? sv.source : "api";
	r = store_item_save(st, a, &sv, &out->item, &out->existed);
	if (r == STORE_E_INVAL || r == STORE_E_LIMIT)
		return refuse(out, store_errmsg(st));
	if (r != STORE_OK) {
		out->status = SVC_SAVE_FAILED;
		out->message = "saving";
		out->store_rc = r;
		return out->status;
	}
	out->queued = sv.article == NULL;
	if (out->queued)
		svc_fetch_queued_note();
	out->status = SVC_SAVED;
	return out->status;
}
