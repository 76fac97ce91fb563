/* newsletter.h (svc): newsletter receiving addresses (made, deleted) and one mail received by pipe: its address looked up, a confirmation kept apart, a newsletter made a sanitized item in its sender's subscription. */
#ifndef LARDER_SVC_NEWSLETTER_H
#define LARDER_SVC_NEWSLETTER_H
#include <stdbool.h>
#include <stddef.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

enum svc_nl_status {
	SVC_NL_OK,
	SVC_NL_LIMIT,     /* the user has newsletter_emails_per_user addresses already: *msg names the key */
	SVC_NL_NOTFOUND,  /* no such address of the user's */
	SVC_NL_FAILED,    /* the store failed: *msg says where */
};

/* a new address for user_id: "PREFIX-xxxxxxxx@DOMAIN", PREFIX made of username (else "larder"), x eight random
 * letters and digits, DOMAIN larder.conf's mail_domain (else the host's name); name, description and folder
 * (NULL: the inbox) as given */
enum svc_nl_status svc_newsletter_create(struct store *st, const struct larder_config *cfg, struct arena *a,
                                         const char *user_id, const char *username, const char *name,
                                         const char *description, const char *folder, struct store_nl_email *out,
                                         const char **msg);
/* deletes the user's address id: mails to it are refused from then on (its items and subscriptions stay) */
enum svc_nl_status svc_newsletter_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                                         struct store_nl_email *out, const char **msg);

/* what became of one received mail (`larder mail` maps these to sysexits.h exit statuses) */
enum svc_mail_status {
	SVC_MAIL_SAVED,         /* a newsletter became out->item */
	SVC_MAIL_CONFIRMATION,  /* a confirmation mail kept among the recent mails, no item */
	SVC_MAIL_DUPLICATE,     /* the same Message-ID was delivered before: nothing written */
	SVC_MAIL_IGNORED,       /* the user unsubscribed from the sender: nothing written */
	SVC_MAIL_NOUSER,        /* no recipient is one of our addresses: nothing written */
	SVC_MAIL_BADMIME,       /* the message could not be read (or its body not stored): nothing written */
	SVC_MAIL_TOOBIG,        /* over mail_max_bytes, refused before parsing */
	SVC_MAIL_TEMPFAIL,      /* the database failed (busy, full): nothing written, try again later */
};

struct svc_mail_result {
	enum svc_mail_status status;
	const char *message;          /* one line saying what happened, for the MTA's log */
	const char *address;          /* the address it was delivered to (NULL: none found) */
	struct store_item item;       /* SVC_MAIL_SAVED */
};

/* Receives one RFC 5322 message of n bytes. The recipient is the first of envelope[0..n_envelope) (the MTA's
 * recipients, may be empty), then of the message's Delivered-To, X-Original-To, Envelope-To, X-Envelope-To,
 * To and Cc, whose local part is one of our addresses' (the domain is the MTA's business). The mail is a
 * CONFIRMATION when it is Gmail's forwarding confirmation (from forwarding-noreply@google.com; the code in
 * "(#CODE)" of its subject is kept on the address) or its subject asks to confirm or verify a subscription
 * or an address; any other is a NEWSLETTER. Everything is stored in one transaction. Returns out->status. */
enum svc_mail_status svc_mail_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *bytes, size_t n, const char *const *envelope, size_t n_envelope,
                                      struct svc_mail_result *out);

/* markEmailAsItem: the user's received mail id made an item in the inbox (its kept HTML, else its text, sanitized;
 * its subject as title, its sender as author); a mail that has an item already answers it. SVC_NL_NOTFOUND when
 * the user has no such mail, SVC_NL_FAILED (*msg) when its body cannot be kept or the store failed */
enum svc_nl_status svc_mail_make_item(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *user_id, const char *id, struct store_item *out, const char **msg);

/* the item a received mail's URL names: BASE_URL/newsletter/HASH of its entry id (so one mail is one item) */
const char *svc_mail_url(const struct larder_config *cfg, struct arena *a, const char *entry_id);

/* whether a mail from from_address with this subject is a confirmation (the rule above) */
bool svc_mail_is_confirmation(const char *from_address, const char *subject);
#endif
