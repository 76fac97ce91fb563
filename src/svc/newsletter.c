/* newsletter.c: newsletter receiving addresses: an unguessable local part drawn per address under the per-user cap, at mail_domain (else the host's name); deleting one; a received mail made an item (markEmailAsItem: no MIME reader, so the web programs link none). */
#include "svc/newsletter.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/feeds.h"
#include "svc/svc.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/text.h"

#define PREFIX_MAX 24  /* characters of the username kept before the random part */
#define RANDOM_LEN 8   /* random letters and digits: 36^8, about 2.8e12 local parts per prefix */
#define DRAWS 5        /* local parts drawn before giving up (each taken one is a collision) */

/* the domain of new addresses: mail_domain, else the host's name */
static const char *domain(const struct larder_config *cfg, struct arena *a)
{
	char host[256];
	if (cfg->mail_domain)
		return cfg->mail_domain;
	if (gethostname(host, sizeof host) != 0 || host[0] == '\0')
		return "localhost";
	host[sizeof host - 1] = '\0';
	return arena_strdup(a, host);
}

/* the username's letters and digits in lower case (others become '-', never two in a row), else "larder" */
static const char *prefix(struct arena *a, const char *username)
{
	char *p = arena_alloc(a, PREFIX_MAX + 1);
	size_t k = 0;
	for (const char *s = username ? username : ""; *s && k < PREFIX_MAX; s++) {
		unsigned char c = (unsigned char)*s;
		if (isalnum(c) && c < 128)
			p[k++] = (char)tolower(c);
		else if (k > 0 && p[k - 1] != '-')
			p[k++] = '-';
	}
	while (k > 0 && p[k - 1] == '-')
		k--;
	p[k] = '\0';
	return k ? p : "larder";
}

/* prefix-xxxxxxxx with x drawn from the system's random source; NULL when it failed */
static const char *draw_local(struct arena *a, const char *pre)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[RANDOM_LEN];
	char tail[RANDOM_LEN + 1];
	if (crypto_random(r, sizeof r) != 0)
		return NULL;
	for (size_t i = 0; i < RANDOM_LEN; i++)
		tail[i] = alphabet[r[i] % 36]; /* 256 % 36 = 4: a bias too small to help a guesser */
	tail[RANDOM_LEN] = '\0';
	return arena_printf(a, "%s-%s", pre, tail);
}

enum svc_nl_status svc_newsletter_create(struct store *st, const struct larder_config *cfg, struct arena *a,
                                         const char *user_id, const char *username, const char *name,
                                         const char *description, const char *folder, struct store_nl_email *out,
                                         const char **msg)
{
	int64_t have = 0;
	uint32_t cap = cfg->newsletter_emails_per_user;
	if (store_nl_email_count(st, user_id, &have) != STORE_OK) {
		*msg = arena_strdup(a, store_errmsg(st));
		return SVC_NL_FAILED;
	}
	if (have >= (int64_t)cap) {
		*msg = arena_printf(a, "you have %u newsletter addresses, the most this server allows "
		                    "(newsletter_emails_per_user)", cap);
		return SVC_NL_LIMIT;
	}
	const char *pre = prefix(a, username), *dom = domain(cfg, a);
	int rc = STORE_E_EXISTS;
	for (int i = 0; i < DRAWS && rc == STORE_E_EXISTS; i++) {
		struct store_nl_email in = { .name = name, .description = description, .folder = folder };
		if ((in.local_part = draw_local(a, pre)) == NULL)
			break;
		in.address = arena_printf(a, "%s@%s", in.local_part, dom);
		rc = store_nl_email_create(st, a, user_id, &in, out);
	}
	if (rc == STORE_OK)
		return SVC_NL_OK;
	*msg = rc == STORE_E_EXISTS || rc == STORE_OK ? "no free newsletter address could be drawn"
	                                              : arena_strdup(a, store_errmsg(st));
	return SVC_NL_FAILED;
}

enum svc_nl_status svc_newsletter_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                                         struct store_nl_email *out, const char **msg)
{
	int rc = store_nl_email_delete(st, a, user_id, id, out);
	if (rc == STORE_OK)
		return SVC_NL_OK;
	if (rc == STORE_E_NOTFOUND) {
		*msg = arena_printf(a, "you have no newsletter address with id \"%.64s\"", id ? id : "");
		return SVC_NL_NOTFOUND;
	}
	*msg = arena_strdup(a, store_errmsg(st));
	return SVC_NL_FAILED;
}

/* the item a received mail's URL names: BASE_URL/newsletter/HASH of its entry id (so one mail is one item) */
const char *svc_mail_url(const struct larder_config *cfg, struct arena *a, const char *entry_id)
{
	char hash[65];
	crypto_sha256_hex(entry_id, strlen(entry_id), hash);
	return arena_printf(a, "%s/newsletter/%.32s", cfg->base_url, hash);
}

enum svc_nl_status svc_mail_make_item(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *user_id, const char *id, struct store_item *out, const char **msg)
{
	struct store_received m;
	struct store_article kept, *art = ARENA_NEW(a, struct store_article);
	int rc = store_received_get(st, a, user_id, id, &m);
	if (rc == STORE_E_NOTFOUND) {
		*msg = arena_printf(a, "you have no received mail with id \"%.64s\"", id ? id : "");
		return SVC_NL_NOTFOUND;
	}
	if (rc == STORE_OK && m.item_id)
		rc = store_item_get(st, a, user_id, m.item_id, out); /* an item already (or NOTFOUND: purged) */
	if (rc == STORE_OK && m.item_id)
		return SVC_NL_OK;
	const char *html = m.html ? m.html : arena_printf(a, "<div><p>%s</p></div>", text_html_escaped(a, m.text));
	const char *url = svc_mail_url(cfg, a, arena_printf(a, "received:%s", m.id)), *why = NULL;
	if (svc_ingest_kept(a, html, strlen(html), url, cfg->content_max_bytes, &kept, &why) != 0) {
		*msg = arena_printf(a, "the mail's text could not be kept: %s", why);
		return SVC_NL_FAILED;
	}
	const char *title = *m.subject ? svc_cut(a, m.subject, LIMIT_TITLE) : "(no subject)";
	m.from = svc_cut(a, m.from, LIMIT_AUTHOR); /* a mail kept before its limits were */
	*art = (struct store_article){ .content = kept.content, .text = kept.text, .words_count = kept.words_count,
	                               .title = title, .author = m.from };
	struct store_import in = { .user_id = user_id, .url = url, .title = title, .author = m.from, .progress = -1,
	                           .published_ms = m.created_ms, .article = art };
	if (store_received_make_item(st, a, &m, &in, out) == STORE_OK)
		return SVC_NL_OK;
	*msg = arena_strdup(a, store_errmsg(st));
	return SVC_NL_FAILED;
}
