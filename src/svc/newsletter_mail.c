/* newsletter_mail.c: one mail received by pipe (svc_mail_receive): the size cap, the MIME reader, the recipient among our addresses, confirmations kept apart, a newsletter made a sanitized item in its sender's subscription. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "content/mail/mime.h"
#include "store/feeds.h"
#include "svc/newsletter.h"
#include "svc/svc.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/text.h"

#define MAIL_TEXT_MAX (64 * 1024) /* bytes of a received mail's text kept for recentEmails */

/* subjects that ask the reader to confirm a subscription or an address (compared in lower case) */
static const char *const confirm_phrases[] = {
	"confirm your subscription", "confirm subscription", "confirm your email", "confirm your e-mail",
	"confirm your address", "please confirm", "verify your email", "verify your e-mail", "activate your subscription",
};
#define GMAIL_FORWARDING "forwarding-noreply@google.com"

bool svc_mail_is_confirmation(const char *from_address, const char *subject)
{
	char low[512];
	size_t n = 0;
	if (from_address && strcasecmp(from_address, GMAIL_FORWARDING) == 0)
		return true;
	for (const char *p = subject ? subject : ""; *p && n < sizeof low - 1; p++)
		low[n++] = (char)tolower((unsigned char)*p);
	low[n] = '\0';
	for (size_t i = 0; i < sizeof confirm_phrases / sizeof confirm_phrases[0]; i++)
		if (strstr(low, confirm_phrases[i]))
			return true;
	return false;
}

/* Gmail's code: the digits of "(#123456789)" in its forwarding confirmation's subject */
static const char *gmail_code(struct arena *a, const struct mime_message *m)
{
	const char *p = m->subject ? strstr(m->subject, "(#") : NULL;
	if (p == NULL || strcasecmp(m->from_address, GMAIL_FORWARDING) != 0)
		return NULL;
	size_t n = strspn(p + 2, "0123456789");
	return n > 0 && n < 32 && p[2 + n] == ')' ? arena_strndup(a, p + 2, n) : NULL;
}

/* the local part of an address in lower case, any +tag kept (NULL when there is none) */
static const char *local_part(struct arena *a, const char *addr)
{
	const char *at = strrchr(addr, '@');
	size_t n = at ? (size_t)(at - addr) : strlen(addr);
	if (n == 0 || n > 128)
		return NULL;
	char *l = arena_strndup(a, addr, n);
	for (char *p = l; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return l;
}

/* the first address in v[0..n) that is one of ours: 1 found, 0 none, -1 the store failed */
static int find_in(struct store *st, struct arena *a, const char *const *v, size_t n, struct store_nl_email *to,
                   const char **addr)
{
	for (size_t i = 0; i < n; i++) {
		const char *l = v[i] ? local_part(a, v[i]) : NULL;
		int rc = l ? store_nl_email_by_local(st, a, l, to) : STORE_E_NOTFOUND;
		if (rc == STORE_OK) {
			*addr = v[i];
			return 1;
		}
		if (rc != STORE_E_NOTFOUND)
			return -1;
	}
	return 0;
}

/* a name a person can read: it has a letter, and no run of 12 hex digits (a sender's machine key, like
 * Mailchimp's "5e78d7ef2297cc80842b7591emc list"; Inxmail's phrase "0" has no letter) */
static bool readable(const char *s, size_t n)
{
	bool letter = false;
	size_t hex = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		letter = letter || isalpha(c) || c >= 0x80;
		hex = isxdigit(c) ? hex + 1 : 0;
		if (hex >= 12)
			return false;
	}
	return letter;
}

/* the newsletter's name from its List-Id ("The Weekly Pantry <pantry.example>"): the phrase when a person can
 * read it; else, with want_id, the id itself when its first label has a letter and no machine key
 * ("weekly-digest.example.net", not "14141611.121070.crsend.com"); NULL when neither */
static const char *list_name(struct arena *a, const char *list_id, bool want_id)
{
	const char *lt = list_id ? strchr(list_id, '<') : NULL, *gt = lt ? strchr(lt, '>') : NULL;
	if (lt == NULL)
		return NULL;
	const char *s = list_id, *e = lt;
	while (s < e && (isspace((unsigned char)*s) || *s == '"'))
		s++;
	while (e > s && (isspace((unsigned char)e[-1]) || e[-1] == '"'))
		e--;
	if (!want_id)
		return e > s && readable(s, (size_t)(e - s)) ? arena_strndup(a, s, (size_t)(e - s)) : NULL;
	if (gt == NULL || gt == lt + 1)
		return NULL;
	size_t first = strcspn(lt + 1, ".>");
	return readable(lt + 1, first) && readable(lt + 1, (size_t)(gt - lt - 1)) ?
		arena_strndup(a, lt + 1, (size_t)(gt - lt - 1)) : NULL;
}

/* the <mailto:…> and <http(s)://…> links of a List-Unsubscribe header */
static void unsubscribe_links(struct arena *a, const char *h, const char **mailto, const char **http)
{
	for (const char *p = h ? strchr(h, '<') : NULL; p; p = strchr(p + 1, '<')) {
		const char *e = strchr(p, '>');
		if (e == NULL)
			return;
		if ((size_t)(e - p - 1) > LIMIT_URL_BYTES)
			continue;
		const char *link = arena_strndup(a, p + 1, (size_t)(e - p - 1));
		if (*mailto == NULL && strncasecmp(link, "mailto:", 7) == 0)
			*mailto = link + 7;
		else if (*http == NULL && (strncasecmp(link, "https://", 8) == 0 || strncasecmp(link, "http://", 7) == 0))
			*http = link;
	}
}

/* the received mail's record: From as "Name <address>", the text part (else the item's text) cut short */
static void describe(struct arena *a, const struct mime_message *m, const char *to, const char *type,
                     struct store_received *r)
{
	*r = (struct store_received){ .to = to, .subject = svc_cut(a, m->subject, LIMIT_TITLE), .type = type,
	                              .reply_to = svc_cut_bytes(a, m->reply_to, LIMIT_URL_BYTES),
	                              .message_id = svc_cut_bytes(a, m->message_id, LIMIT_URL_BYTES),
	                              .text = svc_cut_bytes(a, m->text, MAIL_TEXT_MAX) };
	r->from = m->from_name ? arena_printf(a, "%s <%s>", m->from_name, m->from_address) : m->from_address;
	r->from = svc_cut(a, r->from, LIMIT_AUTHOR);
	r->reply = svc_cut_bytes(a, m->list_unsubscribe, LIMIT_URL_BYTES);
}

/* the newsletter's item and subscription in d; *why when its HTML could not be kept */
static bool newsletter(const struct larder_config *cfg, struct arena *a, const struct mime_message *m,
                       const char *bytes, size_t n, struct store_nl_delivery *d, const char **why)
{
	char hash[65];
	struct store_article kept, *art = ARENA_NEW(a, struct store_article);
	struct store_import *it = ARENA_NEW(a, struct store_import);
	if (m->message_id && strlen(m->message_id) <= LIMIT_URL_BYTES)
		d->entry_id = arena_printf(a, "mail:%s", m->message_id);
	else {
		crypto_sha256_hex(bytes, n, hash);
		d->entry_id = arena_printf(a, "mail:sha256:%s", hash);
	}
	const char *url = svc_mail_url(cfg, a, d->entry_id);
	if (svc_ingest_kept(a, m->html, strlen(m->html), url, cfg->content_max_bytes, &kept, why) != 0)
		return false;
	d->sub_name = list_name(a, m->list_id, false);     /* the list's own name */
	if (d->sub_name == NULL)
		d->sub_name = m->from_name;                      /* the sender's */
	if (d->sub_name == NULL)
		d->sub_name = list_name(a, m->list_id, true);    /* the list's id, when it reads as a name */
	if (d->sub_name == NULL)
		d->sub_name = m->from_address;
	d->sub_name = svc_cut(a, d->sub_name, LIMIT_TITLE); /* a sender's words: cut to what is kept */
	const char *author = svc_cut(a, m->from_name ? m->from_name : m->from_address, LIMIT_AUTHOR);
	const char *title = m->subject && *m->subject ? svc_cut(a, m->subject, LIMIT_TITLE) : "(no subject)";
	*art = (struct store_article){ .content = kept.content, .text = kept.text, .words_count = kept.words_count,
	                               .title = title, .author = author, .site_name = d->sub_name,
	                               .published_ms = m->date_ms };
	*it = (struct store_import){ .user_id = d->to->user_id, .url = url, .title = title, .author = author,
	                             .site_name = d->sub_name, .published_ms = m->date_ms, .progress = -1,
	                             .article = art };
	d->item = it;
	d->sub_url = svc_cut_bytes(a, arena_printf(a, "mailto:%s", m->from_address), LIMIT_URL_BYTES);
	d->sub_description = svc_cut(a, m->list_id, LIMIT_DESCRIPTION);
	unsubscribe_links(a, m->list_unsubscribe, &d->unsubscribe_mail_to, &d->unsubscribe_http_url);
	if (d->mail.text == NULL)
		d->mail.text = svc_cut_bytes(a, kept.text, MAIL_TEXT_MAX);
	return true;
}

static enum svc_mail_status say(struct svc_mail_result *out, enum svc_mail_status st, const char *msg)
{
	out->status = st;
	out->message = msg;
	return st;
}

/* the parsed mail delivered to its address: classified, stored in one transaction */
static enum svc_mail_status deliver(struct store *st, const struct larder_config *cfg, struct arena *a,
                                    const struct mime_message *m, const char *bytes, size_t n,
                                    const struct store_nl_email *to, struct svc_mail_result *out)
{
	struct store_nl_delivery d = { .to = to };
	enum store_nl_outcome outcome;
	const char *why = NULL;
	bool confirm = svc_mail_is_confirmation(m->from_address, m->subject);
	describe(a, m, out->address, confirm ? "CONFIRMATION" : "NEWSLETTER", &d.mail);
	if (confirm) {
		d.confirmation_code = gmail_code(a, m);
		struct store_article kept;
		if (svc_ingest_kept(a, m->html, strlen(m->html), NULL, cfg->content_max_bytes, &kept, &why) == 0)
			d.mail.html = kept.content; /* shown by clients: sanitized like an item */
		if (d.mail.text == NULL && why == NULL)
			d.mail.text = svc_cut_bytes(a, kept.text, MAIL_TEXT_MAX);
	} else if (!newsletter(cfg, a, m, bytes, n, &d, &why))
		return say(out, SVC_MAIL_BADMIME, arena_printf(a, "the newsletter's HTML could not be kept: %s", why));
	if (store_nl_deliver(st, a, &d, &out->item, &outcome) != STORE_OK)
		return say(out, SVC_MAIL_TEMPFAIL, arena_printf(a, "the database failed: %s", store_errmsg(st)));
	if (outcome == STORE_NL_DUPLICATE)
		return say(out, SVC_MAIL_DUPLICATE, "delivered before (same Message-ID): nothing new");
	if (outcome == STORE_NL_OVER_QUOTA)
		return say(out, SVC_MAIL_IGNORED, arena_printf(a, "kept as a received mail for %s, but no item was made: %s",
		                                               out->address, store_errmsg(st)));
	if (outcome == STORE_NL_UNSUBSCRIBED)
		return say(out, SVC_MAIL_IGNORED, "the recipient unsubscribed from this sender: not saved");
	if (confirm)
		return say(out, SVC_MAIL_CONFIRMATION, arena_printf(a, "a confirmation mail for %s, kept apart%s%s",
		                                                 out->address, d.confirmation_code ? ": code " : "",
		                                                 d.confirmation_code ? d.confirmation_code : ""));
	return say(out, SVC_MAIL_SAVED, arena_printf(a, "saved for %s as item %s", out->address, out->item.id));
}

enum svc_mail_status svc_mail_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *bytes, size_t n, const char *const *envelope, size_t n_envelope,
                                      struct svc_mail_result *out)
{
	size_t max = cfg->mail_max_bytes;
	struct mime_message m;
	struct store_nl_email to;
	struct content_error e;
	memset(out, 0, sizeof *out);
	if (n > max)
		return say(out, SVC_MAIL_TOOBIG, arena_printf(a, "the message is larger than %zu bytes (mail_max_bytes)", max));
	if (content_mime_read(a, bytes, n, NULL, &m, &e) != 0)
		return say(out, SVC_MAIL_BADMIME, arena_strdup(a, e.msg));
	int found = find_in(st, a, envelope, n_envelope, &to, &out->address);
	if (found == 0)
		found = find_in(st, a, m.recipients, m.n_recipients, &to, &out->address);
	if (found < 0)
		return say(out, SVC_MAIL_TEMPFAIL, arena_printf(a, "the database failed: %s", store_errmsg(st)));
	if (found == 0)
		return say(out, SVC_MAIL_NOUSER, "no recipient of this message is a newsletter address here");
	return deliver(st, cfg, a, &m, bytes, n, &to, out);
}
