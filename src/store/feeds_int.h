/* feeds_int.h: private to src/store: the subscription's columns (feeds.c, newsletter.c). */
#ifndef LARDER_STORE_FEEDS_INT_H
#define LARDER_STORE_FEEDS_INT_H

#define STORE_SUB_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, url, url) X(p, TEXT, name, name) \
	X(p, TEXT, description, description) X(p, TEXT, icon, icon) X(p, TEXT, site_url, site_url) \
	X(p, TEXT, status, status) X(p, TEXT, folder, folder) X(p, TEXT, etag, etag) \
	X(p, TEXT, last_modified, last_modified) X(p, TEXT, last_error, last_error) X(p, I64, failures, failures) \
	X(p, I64, fetch_content, fetch_content) X(p, I64, next_poll_at, next_poll_ms) \
	X(p, I64, last_fetched_at, last_fetched_ms) X(p, I64, refreshed_at, refreshed_ms) \
	X(p, I64, most_recent_item, most_recent_ms) X(p, I64, created_at, created_ms) X(p, I64, updated_at, updated_ms) \
	X(p, TEXT, type, type) X(p, TEXT, newsletter_email_id, newsletter_email_id) \
	X(p, TEXT, unsubscribe_mail_to, unsubscribe_mail_to) X(p, TEXT, unsubscribe_http_url, unsubscribe_http_url) \
	X(p, I64, pending, pending)
#define STORE_SUB_COLS(p) STORE_COLS(STORE_SUB_ROW, p)
#endif
