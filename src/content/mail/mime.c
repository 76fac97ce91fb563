/* mime.c: a message's headers read with GMime (sender, recipients, subject, date, ids, list headers) under a pre-count of its parts, after an mbox "From " line or a byte order mark; the body is mime_body.c's. */
#define _GNU_SOURCE /* memmem */
#include "content/mail/mime.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <gmime/gmime.h>

#include "content/mail/mime_int.h"
#include "util/arena.h"
#include "util/limits.h"

/* the headers whose addresses name the message's recipient, envelope ones first */
static const char *const recipient_headers[] = { "Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To" };

/* s copied into the arena with runs of white space (folding) made one space and the ends trimmed */
static const char *unfold(struct arena *a, const char *s)
{
	if (s == NULL)
		return NULL;
	size_t n = strlen(s), k = 0;
	char *o = arena_alloc(a, n + 1);
	for (size_t i = 0; i < n; i++) {
		bool sp = isspace((unsigned char)s[i]);
		if (sp && (k == 0 || o[k - 1] == ' '))
			continue;
		o[k++] = sp ? ' ' : s[i];
	}
	while (k > 0 && o[k - 1] == ' ')
		k--;
	o[k] = '\0';
	return o;
}

static const char *lower(struct arena *a, const char *s)
{
	char *o = arena_strdup(a, s);
	for (char *p = o; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return o;
}

/* adds the mailboxes of list to out's recipients (lower-cased, once each, at most LIMIT_MIME_RECIPIENTS) */
static void add_recipients(struct arena *a, InternetAddressList *list, struct mime_message *out)
{
	int n = list ? internet_address_list_length(list) : 0;
	for (int i = 0; i < n && out->n_recipients < LIMIT_MIME_RECIPIENTS; i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);
		if (!INTERNET_ADDRESS_IS_MAILBOX(ia))
			continue;
		const char *addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia));
		if (addr == NULL || *addr == '\0')
			continue;
		addr = lower(a, addr);
		bool seen = false;
		for (size_t k = 0; k < out->n_recipients && !seen; k++)
			seen = strcmp(out->recipients[k], addr) == 0;
		if (!seen)
			out->recipients[out->n_recipients++] = addr;
	}
}

/* the addresses of every header named name (a header may come several times) */
static void header_recipients(struct arena *a, GMimeObject *obj, const char *name, struct mime_message *out)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(obj);
	int n = g_mime_header_list_get_count(hl);
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(hl, i);
		if (strcasecmp(g_mime_header_get_name(h), name) != 0 || g_mime_header_get_value(h) == NULL)
			continue;
		InternetAddressList *l = internet_address_list_parse(NULL, g_mime_header_get_value(h));
		if (l) {
			add_recipients(a, l, out);
			g_object_unref(l);
		}
	}
}

/* the raw value (folding and encoded words as written) of the first header named name, or NULL */
static const char *raw_header(GMimeObject *obj, const char *name)
{
	GMimeHeaderList *hl = g_mime_object_get_header_list(obj);
	int n = g_mime_header_list_get_count(hl);
	for (int i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(hl, i);
		if (strcasecmp(g_mime_header_get_name(h), name) == 0)
			return g_mime_header_get_raw_value(h);
	}
	return NULL;
}

/* the display name of a From header holding one mailbox "Name <address>" with encoded words, decoded by
 * mime_words.c (GMime's own decoding gives up on a GB2312 word holding a GBK character); NULL otherwise */
static const char *from_name_decoded(struct arena *a, GMimeMessage *msg)
{
	const char *raw = raw_header(GMIME_OBJECT(msg), "From"), *lt = raw ? strchr(raw, '<') : NULL;
	if (lt == NULL || strchr(lt + 1, '<') || strstr(raw, "=?") == NULL || strstr(raw, "=?") > lt)
		return NULL;
	const char *s = raw, *e = lt;
	while (s < e && (isspace((unsigned char)*s) || *s == '"'))
		s++;
	while (e > s && (isspace((unsigned char)e[-1]) || e[-1] == '"'))
		e--;
	const char *name = e > s ? mime_words_decode(a, arena_strndup(a, s, (size_t)(e - s))) : NULL;
	return name && *name ? unfold(a, name) : NULL;
}

/* From (name and address), Reply-To, the recipients */
static enum mime_status read_addresses(struct arena *a, GMimeMessage *msg, struct mime_message *out)
{
	InternetAddressList *from = g_mime_message_get_from(msg), *reply = g_mime_message_get_reply_to(msg);
	for (int i = 0; from && i < internet_address_list_length(from) && out->from_address == NULL; i++) {
		InternetAddress *ia = internet_address_list_get_address(from, i);
		const char *addr = INTERNET_ADDRESS_IS_MAILBOX(ia) ?
			internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)) : NULL;
		if (addr == NULL || strchr(addr, '@') == NULL)
			continue;
		out->from_address = lower(a, addr);
		const char *name = internet_address_get_name(ia);
		out->from_name = name && *name ? unfold(a, name) : NULL;
	}
	if (out->from_address && internet_address_list_length(from) == 1) {
		const char *name = from_name_decoded(a, msg);
		if (name)
			out->from_name = name;
	}
	if (out->from_address == NULL)
		return MIME_E_FROM;
	if (reply && internet_address_list_length(reply) > 0 &&
	    INTERNET_ADDRESS_IS_MAILBOX(internet_address_list_get_address(reply, 0)))
		out->reply_to = lower(a, internet_address_mailbox_get_addr(
			INTERNET_ADDRESS_MAILBOX(internet_address_list_get_address(reply, 0))));
	out->recipients = ARENA_NEWN(a, const char *, LIMIT_MIME_RECIPIENTS);
	for (size_t i = 0; i < sizeof recipient_headers / sizeof recipient_headers[0]; i++)
		header_recipients(a, GMIME_OBJECT(msg), recipient_headers[i], out);
	add_recipients(a, g_mime_message_get_addresses(msg, GMIME_ADDRESS_TYPE_TO), out);
	add_recipients(a, g_mime_message_get_addresses(msg, GMIME_ADDRESS_TYPE_CC), out);
	return MIME_OK;
}

static void read_headers(struct arena *a, GMimeMessage *msg, struct mime_message *out)
{
	GDateTime *date = g_mime_message_get_date(msg);
	const char *id = g_mime_message_get_message_id(msg);
	const char *subject = raw_header(GMIME_OBJECT(msg), "Subject");
	out->subject = unfold(a, subject ? mime_words_decode(a, subject) : g_mime_message_get_subject(msg));
	out->message_id = id && *id ? arena_strdup(a, id) : NULL;
	out->list_unsubscribe = unfold(a, g_mime_object_get_header(GMIME_OBJECT(msg), "List-Unsubscribe"));
	const char *list_id = raw_header(GMIME_OBJECT(msg), "List-Id");
	out->list_id = list_id ? unfold(a, mime_words_decode(a, list_id)) : NULL; /* its phrase may hold words */
	out->date_ms = date ? (int64_t)g_date_time_to_unix(date) * 1000 : 0;
	if (out->date_ms < 0)
		out->date_ms = 0;
}

/* how many times a MIME type that holds other parts (multipart/…, message/…) is named in the bytes: an upper
 * bound on the multiparts GMime would build and nest, counted before it recurses into them */
static size_t container_mentions(const char *b, size_t n)
{
	size_t count = 0;
	for (size_t i = 0; i + 8 <= n; i++) {
		char c = (char)(b[i] | 0x20);
		if ((c == 'm' && i + 10 <= n && strncasecmp(b + i, "multipart/", 10) == 0) ||
		    (c == 'm' && strncasecmp(b + i, "message/", 8) == 0))
			count++;
	}
	return count;
}

/* how many "=?" have no "?=" in the OPEN_WINDOW bytes after them: encoded words GMime would look for the end of
 * to the end of the message, each (one pass: the next "?=" is found once and kept) */
#define OPEN_WINDOW 256
static size_t open_words(const char *b, size_t n)
{
	size_t count = 0;
	const char *close = b; /* the next "?=" at or after the place looked at, or NULL past the last */
	for (size_t i = 0; i + 1 < n; i++) {
		if (b[i] != '=' || b[i + 1] != '?')
			continue;
		if (close && close < b + i + 2)
			close = memmem(b + i + 2, n - i - 2, "?=", 2);
		if (close == NULL || (size_t)(close - (b + i)) > OPEN_WINDOW)
			count++;
	}
	return count;
}

/* the header block starts with a field name and a colon */
static bool looks_like_headers(const char *b, size_t n)
{
	size_t i = 0;
	while (i < n && b[i] > ' ' && b[i] < 127 && b[i] != ':')
		i++;
	return i > 0 && i < n && b[i] == ':';
}

/* the message without what may come before its headers: a UTF-8 byte order mark, and the "From " line that
 * mbox files and the pipe transports of Postfix, Exim and sendmail put first. After such a line, body lines
 * quoted as ">From " (mboxrd) lose one '>'. The bytes themselves when there is nothing to take away. */
static const char *strip_envelope(struct arena *a, const char *b, size_t *n)
{
	size_t len = *n;
	if (len >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0) {
		b += 3;
		len -= 3;
	}
	size_t k = 5;
	while (k < len && (b[k] == ' ' || b[k] == '\t'))
		k++;
	if (len < 5 || memcmp(b, "From ", 5) != 0 || (k < len && b[k] == ':')) {
		*n = len;
		return b;
	}
	const char *nl = memchr(b, '\n', len);
	size_t skip = nl ? (size_t)(nl - b) + 1 : len;
	b += skip;
	len -= skip;
	char *o = arena_alloc(a, len + 1);
	if (o == NULL) {
		*n = len;
		return b;
	}
	size_t m = 0;
	for (size_t i = 0; i < len;) {
		size_t q = i;
		while (q < len && b[q] == '>')
			q++;
		if (q > i && len - q >= 5 && memcmp(b + q, "From ", 5) == 0)
			i++; /* one '>' of the quoting taken away */
		const char *eol = memchr(b + i, '\n', len - i);
		size_t line = eol ? (size_t)(eol - (b + i)) + 1 : len - i;
		memcpy(o + m, b + i, line);
		m += line;
		i += line;
	}
	o[m] = '\0';
	*n = m;
	return o;
}

static void init_once(void)
{
	static bool done;
	if (!done) {
		g_mime_init();
		done = true;
	}
}

/* GMime's message from the bytes, or NULL */
static GMimeMessage *construct(const char *bytes, size_t n)
{
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(bytes, n);
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	g_object_unref(stream);
	return msg;
}

static const char *const status_words[] = {
	[MIME_OK] = "a message",
	[MIME_E_EMPTY] = "the input is not a mail message (no header block)",
	[MIME_E_PARSE] = "the message could not be read as MIME",
	[MIME_E_FROM] = "the message has no sender address (From)",
	[MIME_E_BODY] = "the message has neither an HTML nor a text part",
	[MIME_E_PARTS] = "the message has more MIME parts than the limit allows",
	[MIME_E_DEPTH] = "the message nests multiparts deeper than the limit allows",
	[MIME_E_SIZE] = "the message's body decodes to more bytes than the limit allows",
	[MIME_E_WORDS] = "the message holds more unfinished encoded words (=?) than the limit allows",
};

int content_mime_read(struct arena *a, const char *bytes, size_t n, const struct content_limits *lim,
                      struct mime_message *out, struct content_error *e)
{
	struct mime_limits l = { LIMIT_MIME_PARTS, LIMIT_MIME_DEPTH, LIMIT_MIME_DECODED };
	enum mime_status st;
	if (lim && lim->mime_parts)
		l.max_parts = lim->mime_parts;
	if (lim && lim->mime_depth)
		l.max_depth = lim->mime_depth;
	if (lim && lim->mime_decoded)
		l.max_decoded = lim->mime_decoded;
	memset(out, 0, sizeof *out);
	if (bytes)
		bytes = strip_envelope(a, bytes, &n);
	if (bytes == NULL || !looks_like_headers(bytes, n))
		st = MIME_E_EMPTY;
	else if (container_mentions(bytes, n) > l.max_parts)
		st = MIME_E_PARTS;
	else if (open_words(bytes, n) > LIMIT_MIME_OPEN_WORDS)
		st = MIME_E_WORDS;
	else {
		init_once();
		GMimeMessage *msg = construct(bytes, n);
		if (msg == NULL)
			st = MIME_E_PARSE;
		else {
			st = read_addresses(a, msg, out);
			if (st == MIME_OK) {
				read_headers(a, msg, out);
				st = mime_read_body(a, g_mime_message_get_mime_part(msg), &l, out);
			}
			g_object_unref(msg);
		}
	}
	if (st == MIME_OK) {
		content_error_clear(e);
		return 0;
	}
	if (st == MIME_E_PARTS || st == MIME_E_DEPTH || st == MIME_E_SIZE || st == MIME_E_WORDS)
		content_fail(e, CONTENT_E_LIMIT, "%s (%zu, LIMIT_MIME_%s)", status_words[st],
		             st == MIME_E_PARTS ? l.max_parts : st == MIME_E_DEPTH ? l.max_depth :
		             st == MIME_E_SIZE ? l.max_decoded : (size_t)LIMIT_MIME_OPEN_WORDS,
		             st == MIME_E_PARTS ? "PARTS" : st == MIME_E_DEPTH ? "DEPTH" :
		             st == MIME_E_SIZE ? "DECODED" : "OPEN_WORDS");
	else
		content_fail(e, CONTENT_E_FORMAT, "%s", status_words[st]);
	e->detail = (int)st;
	return -1;
}
