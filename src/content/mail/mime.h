/* mime.h: one RFC 5322 message (untrusted bytes) read with GMime into a plain struct: sender, recipients, subject, date, ids and its best body as UTF-8 HTML. */
#ifndef LARDER_CONTENT_MIME_H
#define LARDER_CONTENT_MIME_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;

/* what one message may cost (0 in a field: its util/limits.h default) */
struct mime_limits {
	size_t max_parts;    /* MIME parts, multiparts included (LIMIT_MIME_PARTS) */
	size_t max_depth;    /* nesting of multiparts (LIMIT_MIME_DEPTH) */
	size_t max_decoded;  /* bytes of the chosen body part once decoded (LIMIT_MIME_DECODED) */
};

enum mime_status {
	MIME_OK = 0,
	MIME_E_EMPTY,     /* no bytes, or no header block */
	MIME_E_PARSE,     /* GMime found no message */
	MIME_E_FROM,      /* no sender address */
	MIME_E_BODY,      /* neither an HTML nor a text part */
	MIME_E_PARTS,     /* more parts than max_parts */
	MIME_E_DEPTH,     /* multiparts nested deeper than max_depth */
	MIME_E_SIZE,      /* the body part decodes to more than max_decoded bytes */
};

/* a message as the newsletter service needs it; every text UTF-8 in the arena, NULL when absent */
struct mime_message {
	const char *from_name, *from_address;  /* address lower-cased */
	const char *reply_to;                  /* the first Reply-To address */
	const char **recipients;               /* Delivered-To, X-Original-To, Envelope-To, X-Envelope-To, To, Cc
	                                        * addresses in that order, lower-cased, without repeats */
	size_t n_recipients;
	const char *subject, *message_id;      /* message_id without its angle brackets */
	const char *list_unsubscribe, *list_id; /* header values, unfolded */
	int64_t date_ms;                       /* 0: no (readable) Date */
	const char *html;                      /* the HTML part, or the text part as escaped paragraphs */
	const char *text;                      /* the text part when there is one, else NULL */
	bool html_from_text;                   /* html was made from the text part */
};

/* Reads n bytes of one message into *out. MIME_OK, or the refusal with *err saying why in words. Transfer
 * encodings are decoded and charsets turned into UTF-8; attachments are skipped. */
enum mime_status mime_parse(struct arena *a, const char *bytes, size_t n, const struct mime_limits *lim,
                            struct mime_message *out, const char **err);
#endif
