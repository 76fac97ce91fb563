/* mime.h: one RFC 5322 message (untrusted bytes) read with GMime into a plain struct: sender, recipients, subject, date, ids and its best body as UTF-8 HTML. */
#ifndef LARDER_CONTENT_MIME_H
#define LARDER_CONTENT_MIME_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "content/reader.h"

struct arena;

/* why a message was refused, in a content_error's detail (MIME_E_PARTS, _DEPTH, _SIZE are CONTENT_E_LIMIT,
 * the others CONTENT_E_FORMAT) */
enum mime_status {
	MIME_OK = 0,
	MIME_E_EMPTY,     /* no bytes, or no header block */
	MIME_E_PARSE,     /* GMime found no message */
	MIME_E_FROM,      /* no sender address */
	MIME_E_BODY,      /* neither an HTML nor a text part */
	MIME_E_PARTS,     /* more parts than lim->mime_parts */
	MIME_E_DEPTH,     /* multiparts nested deeper than lim->mime_depth */
	MIME_E_SIZE,      /* the body part decodes to more than lim->mime_decoded bytes */
	MIME_E_WORDS,     /* more unfinished encoded words ("=?") than LIMIT_MIME_OPEN_WORDS */
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

/* Reads n bytes of one message into *out under lim (NULL, or 0 in a field: util/limits.h's LIMIT_MIME_*).
 * 0, or -1 with e (reader.h; e->detail the enum mime_status). Transfer encodings are decoded and charsets
 * turned into UTF-8; attachments are skipped. */
int content_mime_read(struct arena *a, const char *bytes, size_t n, const struct content_limits *lim,
                      struct mime_message *out, struct content_error *e);
#endif
