/* newsletter.c: newsletter receiving addresses (made, listed, deleted, looked up), the mails received at them, and a delivery stored in one transaction (subscription, item, entry, mail). */
#include "store/store_int.h"

#include <string.h>

#include "store/feeds.h"
#include "util/crypto.h"
#include "util/time.h"

#define STORE_NL_EMAIL_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, local_part, local_part) X(p, TEXT, address, address) \
	X(p, TEXT, name, name) X(p, TEXT, description, description) X(p, TEXT, folder, folder) \
	X(p, TEXT, confirmation_code, confirmation_code) X(p, I64, created_at, created_ms)
#define STORE_RECEIVED_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, newsletter_email_id, newsletter_email_id) \
	X(p, TEXT, from_address, from) X(p, TEXT, to_address, to) X(p, TEXT, subject, subject) X(p, TEXT, text, text) \
	X(p, TEXT, html, html) X(p, TEXT, type, type) X(p, TEXT, reply, reply) X(p, TEXT, reply_to, reply_to) \
	X(p, TEXT, message_id, message_id) X(p, TEXT, item_id, item_id) X(p, I64, created_at, created_ms)

/* the statements of newsletter.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_NL_EMAIL_CREATE,
	STMT_NL_EMAIL_COUNT,
	STMT_NL_EMAIL_LIST,
	STMT_NL_EMAIL_DELETE,
	STMT_NL_EMAIL_BY_LOCAL,
	STMT_NL_EMAIL_CODE,
	STMT_NL_RECEIVED_ADD,
	STMT_NL_RECEIVED_LIST,
	STMT_NL_SUB_UPSERT,
	STMT_NL_SUB_LIST,
	STMT_NL_ITEM_MARK,
	STMT_NL_RECEIVED_GET,
	STMT_NL_RECEIVED_ITEM,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_NL_EMAIL_CREATE,
		"INSERT INTO newsletter_emails (id, user_id, local_part, address, name, description, folder, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, coalesce(?7, 'inbox'), ?8) ON CONFLICT (local_part) DO NOTHING"
		" RETURNING " STORE_COLS(STORE_NL_EMAIL_ROW, "")),
	STORE_SQL(STMT_NL_EMAIL_COUNT, "SELECT count(*) FROM newsletter_emails WHERE user_id = ?1"),
	STORE_SQL(STMT_NL_EMAIL_LIST,
		"SELECT " STORE_COLS(STORE_NL_EMAIL_ROW, "e.") ", (SELECT count(*) FROM subscriptions s"
		" WHERE s.newsletter_email_id = e.id AND s.status = 'ACTIVE') FROM newsletter_emails e"
		" WHERE e.user_id = ?1 ORDER BY e.created_at DESC, e.id"),
	STORE_SQL(STMT_NL_EMAIL_DELETE,
		"DELETE FROM newsletter_emails WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_COLS(STORE_NL_EMAIL_ROW, "")),
	STORE_SQL(STMT_NL_EMAIL_BY_LOCAL,
		"SELECT " STORE_COLS(STORE_NL_EMAIL_ROW, "") " FROM newsletter_emails WHERE local_part = ?1"),
	STORE_SQL(STMT_NL_EMAIL_CODE, "UPDATE newsletter_emails SET confirmation_code = ?2 WHERE id = ?1"),
	STORE_SQL(STMT_NL_RECEIVED_ADD,
		"INSERT INTO received_emails (id, user_id, newsletter_email_id, from_address, to_address, subject, text, html,"
		" type, reply, reply_to, message_id, item_id, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, coalesce(?6, ''), coalesce(?7, ''), ?8, ?9, ?10, ?11, ?12, ?13, ?14)"),
	STORE_SQL(STMT_NL_RECEIVED_LIST,
		"SELECT " STORE_COLS(STORE_RECEIVED_ROW, "") " FROM received_emails WHERE user_id = ?1"
		" ORDER BY created_at DESC, id LIMIT ?2"),
	STORE_SQL(STMT_NL_SUB_UPSERT,
		"INSERT INTO subscriptions (id, user_id, url, name, description, site_url, folder, fetch_content, type,"
		" newsletter_email_id, unsubscribe_mail_to, unsubscribe_http_url, next_poll_at, last_fetched_at,"
		" refreshed_at, most_recent_item, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0,"
		" 'NEWSLETTER', ?8, ?9, ?10, 0, ?11, ?11, ?12, ?11, ?11) ON CONFLICT (user_id, url) DO UPDATE SET"
		" unsubscribe_mail_to = coalesce(?9, unsubscribe_mail_to),"
		" unsubscribe_http_url = coalesce(?10, unsubscribe_http_url), last_fetched_at = ?11, refreshed_at = ?11,"
		" most_recent_item = max(coalesce(most_recent_item, 0), ?12), updated_at = ?11"
		" RETURNING " STORE_SUB_COLS(""),
		/* newsletters: SQLite's scalar max(): greatest() */
		"INSERT INTO subscriptions (id, user_id, url, name, description, site_url, folder, fetch_content, type,"
		" newsletter_email_id, unsubscribe_mail_to, unsubscribe_http_url, next_poll_at, last_fetched_at,"
		" refreshed_at, most_recent_item, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0,"
		" 'NEWSLETTER', ?8, ?9, ?10, 0, ?11, ?11, ?12, ?11, ?11) ON CONFLICT (user_id, url) DO UPDATE SET"
		" unsubscribe_mail_to = coalesce(?9, subscriptions.unsubscribe_mail_to),"
		" unsubscribe_http_url = coalesce(?10, subscriptions.unsubscribe_http_url), last_fetched_at = ?11,"
		" refreshed_at = ?11, most_recent_item = greatest(coalesce(subscriptions.most_recent_item, 0), ?12),"
		" updated_at = ?11 RETURNING " STORE_SUB_COLS("")),
	STORE_SQL(STMT_NL_SUB_LIST,
		"SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND type = 'NEWSLETTER'"
		" ORDER BY status <> 'ACTIVE', name COLLATE NOCASE, id"),
	STORE_SQL(STMT_NL_ITEM_MARK,
		"UPDATE library_items SET source = 'newsletter', folder = ?2, page_type = 'ARTICLE' WHERE seq = ?1"),
	STORE_SQL(STMT_NL_RECEIVED_GET,
		"SELECT " STORE_COLS(STORE_RECEIVED_ROW, "") " FROM received_emails WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_NL_RECEIVED_ITEM, "UPDATE received_emails SET item_id = ?2 WHERE id = ?1"),
};
STORE_STATEMENTS(newsletter, statements)

static const struct store_col email_cols[] = STORE_ROW_DESC(STORE_NL_EMAIL_ROW, struct store_nl_email);
static const struct store_row email_row = { email_cols, sizeof email_cols / sizeof email_cols[0],
                                            sizeof(struct store_nl_email), "a newsletter address" };
/* a listed address: its columns, then the count of its active subscriptions */
#define NL_LISTED_ROW(F, X, p) STORE_NL_EMAIL_ROW(F, X, p) X(p, I64, n, subscription_count)
static const struct store_col listed_cols[] = STORE_ROW_DESC(NL_LISTED_ROW, struct store_nl_email);
static const struct store_row listed_row = { listed_cols, sizeof listed_cols / sizeof listed_cols[0],
                                             sizeof(struct store_nl_email), "a newsletter address" };
static const struct store_col received_cols[] = STORE_ROW_DESC(STORE_RECEIVED_ROW, struct store_received);
static const struct store_row received_row = { received_cols, sizeof received_cols / sizeof received_cols[0],
                                               sizeof(struct store_received), "a received mail" };
static const struct store_col nl_sub_cols[] = STORE_ROW_DESC(STORE_SUB_ROW, struct store_sub);
static const struct store_row nl_sub_row = { nl_sub_cols, sizeof nl_sub_cols / sizeof nl_sub_cols[0],
                                             sizeof(struct store_sub), "a newsletter subscription" };

int store_nl_email_create(struct store *st, struct arena *a, const char *user_id, const struct store_nl_email *in,
                          struct store_nl_email *out)
{
	struct db_stmt *s = stmt(st, STMT_NL_EMAIL_CREATE);
	char id[37];
	crypto_uuid_v4(id);
	store_bind_texts(s, 1, (const char *const[]){ id, user_id, in->local_part, in->address, in->name,
	                                              in->description, in->folder }, 7);
	db_bind_int64(s, 8, time_now_ms());
	int rc = store_get_row(st, a, s, &email_row, out, "creating a newsletter address");
	if (rc == STORE_E_NOTFOUND) { /* DO NOTHING: the local part is someone's already */
		snprintf(st->errmsg, sizeof st->errmsg, "the newsletter address %s is taken", in->local_part);
		rc = STORE_E_EXISTS;
	}
	return rc;
}

int store_nl_email_count(struct store *st, const char *user_id, int64_t *n)
{
	struct db_stmt *s = stmt(st, STMT_NL_EMAIL_COUNT);
	store_bind_text(s, 1, user_id);
	return store_get_ints(st, s, n, 1, "counting newsletter addresses");
}

int store_nl_email_list(struct store *st, struct arena *a, const char *user_id, struct store_nl_email **out,
                        size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_NL_EMAIL_LIST);
	store_bind_text(s, 1, user_id);
	return store_get_rows(st, a, s, &listed_row, (void **)out, n, "listing newsletter addresses");
}

/* the one row of statement which for the user's id (?1 user, ?2 id); NOTFOUND */
static int owned_row(struct store *st, struct arena *a, enum stmt which, const struct store_row *r,
                     const char *user_id, const char *id, void *out, const char *what)
{
	if (!store_bind_owned(stmt(st, which), user_id, id))
		return STORE_E_NOTFOUND;
	return store_get_row(st, a, stmt(st, which), r, out, what);
}

int store_nl_email_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                          struct store_nl_email *out)
{
	return owned_row(st, a, STMT_NL_EMAIL_DELETE, &email_row, user_id, id, out, "deleting a newsletter address");
}

int store_nl_email_by_local(struct store *st, struct arena *a, const char *local_part, struct store_nl_email *out)
{
	struct db_stmt *s = stmt(st, STMT_NL_EMAIL_BY_LOCAL);
	store_bind_text(s, 1, local_part);
	return store_get_row(st, a, s, &email_row, out, "looking up a newsletter address");
}

int store_received_list(struct store *st, struct arena *a, const char *user_id, int64_t limit,
                        struct store_received **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_NL_RECEIVED_LIST);
	store_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, limit);
	return store_get_rows(st, a, s, &received_row, (void **)out, n, "listing received mails");
}

int store_received_get(struct store *st, struct arena *a, const char *user_id, const char *id,
                       struct store_received *out)
{
	return owned_row(st, a, STMT_NL_RECEIVED_GET, &received_row, user_id, id, out, "reading a received mail");
}

int store_nl_sub_list(struct store *st, struct arena *a, const char *user_id, struct store_sub **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_NL_SUB_LIST);
	store_bind_text(s, 1, user_id);
	return store_get_rows(st, a, s, &nl_sub_row, (void **)out, n, "listing newsletter subscriptions");
}

/* ---- delivery, inside its transaction ---- */

static int add_received(struct store *st, const struct store_nl_delivery *d, const char *item_id, int64_t now)
{
	struct db_stmt *s = stmt(st, STMT_NL_RECEIVED_ADD);
	const struct store_received *m = &d->mail;
	char id[37];
	crypto_uuid_v4(id);
	store_bind_texts(s, 1, (const char *const[]){ id, d->to->user_id, d->to->id, m->from, m->to, m->subject,
	                                              m->text, m->html, m->type, m->reply, m->reply_to, m->message_id,
	                                              item_id }, 13);
	db_bind_int64(s, 14, now);
	return store_step_done(st, s, "keeping a received mail");
}

/* the sender's subscription, made on its first mail (in the address's folder), else marked as just received */
static int upsert_sub(struct store *st, struct arena *a, const struct store_nl_delivery *d, int64_t now,
                      struct store_sub *sub)
{
	struct db_stmt *s = stmt(st, STMT_NL_SUB_UPSERT);
	char id[37];
	crypto_uuid_v4(id);
	store_bind_texts(s, 1, (const char *const[]){ id, d->to->user_id, d->sub_url, d->sub_name, d->sub_description,
	                                              d->sub_site_url, d->to->folder, d->to->id, d->unsubscribe_mail_to,
	                                              d->unsubscribe_http_url }, 10);
	db_bind_int64(s, 11, now);
	db_bind_int64(s, 12, d->item->published_ms ? d->item->published_ms : now);
	return store_get_row(st, a, s, &nl_sub_row, sub, "recording a newsletter subscription");
}

/* the imported item marked as a newsletter's, in folder */
static int import_marked(struct store *st, struct arena *a, const struct store_import *in, const char *folder,
                         struct store_item *item)
{
	enum store_import_result res;
	bool queued;
	int rc;
	if ((rc = store_import_item(st, a, in, &res, &queued)) != STORE_OK)
		return rc;
	if (res == STORE_IMPORT_LEFT_OUT)
		return STORE_E_LIMIT; /* store_errmsg names items_per_user */
	if ((rc = store_item_by_url(st, a, in->user_id, in->url, item)) != STORE_OK)
		return rc;
	struct db_stmt *s = stmt(st, STMT_NL_ITEM_MARK);
	db_bind_int64(s, 1, item->seq);
	store_bind_text(s, 2, folder);
	return store_step_done(st, s, "marking a newsletter's item");
}

/* the newsletter's item in its subscription's folder, recorded as the subscription's entry */
static int save_newsletter(struct store *st, struct arena *a, const struct store_nl_delivery *d, int64_t now,
                           struct store_item *item, enum store_nl_outcome *outcome)
{
	struct store_sub sub;
	int rc;
	if (store_feed_entry_seen(st, d->to->user_id, d->entry_id)) {
		*outcome = STORE_NL_DUPLICATE;
		return STORE_OK;
	}
	if ((rc = upsert_sub(st, a, d, now, &sub)) != STORE_OK)
		return rc;
	if (strcmp(sub.status, "ACTIVE") != 0) {
		*outcome = STORE_NL_UNSUBSCRIBED;
		return STORE_OK;
	}
	if ((rc = import_marked(st, a, d->item, sub.folder, item)) == STORE_E_LIMIT) {
		*outcome = STORE_NL_OVER_QUOTA; /* the mail is kept (recentEmails), its item is not made */
		memset(item, 0, sizeof *item);
		return STORE_OK;
	}
	if (rc != STORE_OK ||
	    (rc = store_feed_entry_add(st, d->to->user_id, d->entry_id, sub.id, item->id, now)) != STORE_OK)
		return rc;
	return store_item_by_seq(st, a, item->seq, item);
}

int store_received_make_item(struct store *st, struct arena *a, const struct store_received *m,
                             const struct store_import *item, struct store_item *out)
{
	int rc = store_begin(st);
	if (rc != STORE_OK)
		return rc;
	if ((rc = import_marked(st, a, item, "inbox", out)) == STORE_OK) {
		struct db_stmt *s = stmt(st, STMT_NL_RECEIVED_ITEM);
		store_bind_texts(s, 1, (const char *const[]){ m->id, out->id }, 2);
		rc = store_step_done(st, s, "recording a received mail's item");
	}
	if (rc == STORE_OK)
		rc = store_item_by_seq(st, a, out->seq, out);
	return store_end(st, rc);
}

static int keep_confirmation(struct store *st, const struct store_nl_delivery *d)
{
	if (d->confirmation_code == NULL)
		return STORE_OK;
	struct db_stmt *s = stmt(st, STMT_NL_EMAIL_CODE);
	store_bind_texts(s, 1, (const char *const[]){ d->to->id, d->confirmation_code }, 2);
	return store_step_done(st, s, "keeping a confirmation code");
}

int store_nl_deliver(struct store *st, struct arena *a, const struct store_nl_delivery *d, struct store_item *item_out,
                     enum store_nl_outcome *outcome)
{
	int64_t now = time_now_ms();
	bool newsletter = strcmp(d->mail.type, "NEWSLETTER") == 0;
	int rc;
	*outcome = STORE_NL_SAVED;
	memset(item_out, 0, sizeof *item_out);
	if (newsletter && (d->item == NULL || d->entry_id == NULL || d->sub_url == NULL || d->sub_name == NULL)) {
		snprintf(st->errmsg, sizeof st->errmsg, "a newsletter needs its item, entry and subscription");
		return STORE_E_INVAL;
	}
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	rc = newsletter ? save_newsletter(st, a, d, now, item_out, outcome) : keep_confirmation(st, d);
	if (rc == STORE_OK && *outcome != STORE_NL_SAVED && *outcome != STORE_NL_OVER_QUOTA) {
		store_rollback(st); /* nothing written */
		return STORE_OK;
	}
	if (rc == STORE_OK)
		rc = add_received(st, d, newsletter && *outcome == STORE_NL_SAVED ? item_out->id : NULL, now);
	return store_end(st, rc);
}
