/* content_mime.c: tests of content_mime_read on the sample messages of t/data/mail and on generated bombs (many parts, deep nesting, a huge body). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/mail/mime.h"
#include "tap.h"
#include "util/arena.h"
#include "util/sb.h"

static struct arena A;
static struct mime_message M;
static struct content_error E;
static const char *err = E.msg;

/* MIME_OK, or the refusal's enum mime_status (the content_error's detail) */
static enum mime_status parse_bytes(const char *b, size_t n, const struct content_limits *lim)
{
	if (content_mime_read(&A, b, n, lim, &M, &E) == 0)
		return MIME_OK;
	return (enum mime_status)E.detail;
}

static enum mime_status parse_file(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", MAIL_DIR, name);
	FILE *f = fopen(path, "rb");
	static char buf[1 << 16];
	size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
	if (f)
		fclose(f);
	ok(n > 0, "read %s", name);
	return parse_bytes(buf, n, NULL);
}

static void alternative(void)
{
	is_int(parse_file("alternative.eml"), MIME_OK, "multipart/alternative newsletter");
	is_str(M.from_name, "Jane Writer", "sender's name");
	is_str(M.from_address, "jane@news.example.org", "sender's address");
	is_str(M.subject, "The Weekly Pantry #12: fermenting everything", "subject");
	is_str(M.message_id, "pantry-12@news.example.org", "Message-ID without brackets");
	is_int(M.date_ms, 1795503600000LL, "Date in ms");
	is_str(M.list_id, "The Weekly Pantry <pantry.news.example.org>", "List-Id");
	like(M.list_unsubscribe, "<mailto:unsubscribe@news.example.org?subject=pantry>, <https://", "List-Unsubscribe unfolded");
	ok(M.n_recipients == 1, "Delivered-To and To name one address (%zu)", M.n_recipients);
	is_str(M.n_recipients ? M.recipients[0] : NULL, "reader-abcd1234@mail.example.test", "the recipient");
	like(M.html, "<h1>Fermenting everything</h1>", "the HTML part chosen");
	like(M.html, "onclick=\"steal()\">Next week: miso. Caf\xc3\xa9 notes", "quoted-printable decoded, soft breaks joined");
	like(M.text, "Fermenting everything: a week of jars.\n", "the text part kept too");
	ok(!M.html_from_text, "HTML not made from text");
}

static void encodings(void)
{
	is_int(parse_file("base64.eml"), MIME_OK, "base64 single-part HTML");
	is_str(M.html, "<html><body><h1>Base64 digest</h1><p>Sixty-four ways to store lentils without losing "
	       "flavour.</p></body></html>", "base64 decoded");
	is_str(M.subject, "Digest: n\xc3\xbamero uno", "encoded-word subject decoded");
	is_str(M.from_name, "Base Sixty", "unquoted display name");
	ok(M.text == NULL, "no text part");

	is_int(parse_file("latin1.eml"), MIME_OK, "ISO-8859-1 HTML");
	like(M.html, "Un caf\xc3\xa9 cr\xc3\xa8me et une tarte \xc3\xa0 la cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e.",
	     "8-bit Latin-1 body turned into UTF-8");
	is_str(M.subject, "Caf\xc3\xa9 cr\xc3\xa8me", "Latin-1 encoded-word subject");
	is_str(M.from_name, "Ren\xc3\xa9 D\xc3\xa9j\xc3\xa0", "Latin-1 encoded-word sender name");
}

static void text_only(void)
{
	is_int(parse_file("text-only.eml"), MIME_OK, "a text-only message without MIME headers");
	ok(M.html_from_text, "HTML made from the text");
	is_str(M.html, "<div><p>Dear reader,<br>this letter has no HTML &lt;b&gt;at all&lt;/b&gt; &amp; it says so.</p>"
	       "<p>Second paragraph with a &lt;script&gt;alert(1)&lt;/script&gt; in text.</p></div>",
	       "paragraphs at blank lines, breaks kept, everything escaped");
	ok(M.from_name == NULL, "a bare address has no name");
	is_str(M.from_address, "plain@text.example.com", "bare From address");
	is_str(M.n_recipients ? M.recipients[0] : NULL, "reader-abcd1234@mail.example.test", "To with a name");
}

static void confirmations_and_nesting(void)
{
	is_int(parse_file("confirm-gmail.eml"), MIME_OK, "Gmail's forwarding confirmation reads");
	is_str(M.from_address, "forwarding-noreply@google.com", "its sender");
	like(M.subject, "(#123456789) Gmail Forwarding Confirmation", "its subject");
	is_int(parse_file("confirm-substack.eml"), MIME_OK, "a newsletter's confirm-your-subscription mail reads");

	is_int(parse_file("nested.eml"), MIME_OK, "mixed > related > alternative");
	like(M.html, "The nested HTML part, two levels down.", "the HTML part found two levels down");
	ok(strstr(M.html, "An attachment") == NULL, "the attached HTML file is not the body");
	is_str(M.text, "The nested text part.", "the nested text part");
	is_int(M.n_recipients, 2, "To and Cc both read");
	is_str(M.n_recipients > 1 ? M.recipients[1] : NULL, "reader-abcd1234@mail.example.test", "the Cc recipient");
}

static void refused(void)
{
	is_int(parse_file("broken.eml"), MIME_E_EMPTY, "binary junk refused");
	like(err, "not a mail message", "  and says why");
	is_int(parse_file("no-from.eml"), MIME_E_FROM, "no From refused");
	like(err, "no sender address", "  and says why");
	is_int(parse_bytes("", 0, NULL), MIME_E_EMPTY, "no bytes");
	is_int(parse_bytes("Subject: x\n", 11, NULL), MIME_E_FROM, "headers only, no From");
	const char *noparts = "From: a@b.example\nContent-Type: image/png\n\nxx\n";
	is_int(parse_bytes(noparts, strlen(noparts), NULL), MIME_E_BODY, "no text or HTML part");
	like(err, "neither an HTML nor a text part", "  and says why");
}

/* a message of n sibling parts (nested: each inside the one before) */
static const char *bomb(size_t n, bool nested, size_t *len)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "From: bomb@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b0\"\n\n");
	for (size_t i = 0; i < n; i++) {
		sb_printf(&b, "--b%zu\n", nested ? i : 0);
		if (nested)
			sb_printf(&b, "Content-Type: multipart/mixed; boundary=\"b%zu\"\n\n", i + 1);
		else
			sb_puts(&b, "Content-Type: text/plain\n\npart\n");
	}
	sb_printf(&b, "--b%zu\nContent-Type: text/plain\n\ncore\n", nested ? n : 0);
	for (size_t i = nested ? n + 1 : 1; i-- > 0;)
		sb_printf(&b, "--b%zu--\n", i);
	*len = b.len;
	const char *out = arena_strndup(&A, sb_str(&b), b.len);
	sb_free(&b);
	return out;
}

static void bombs(void)
{
	size_t n;
	const char *m = bomb(5000, false, &n);
	is_int(parse_bytes(m, n, NULL), MIME_E_PARTS, "5,000 sibling parts refused");
	like(err, "(100, LIMIT_MIME_PARTS)", "  naming the limit");
	m = bomb(50, false, &n);
	is_int(parse_bytes(m, n, NULL), MIME_OK, "50 sibling parts read");
	is_str(M.text, "part", "  the first text part taken");
	m = bomb(100000, true, &n);
	is_int(parse_bytes(m, n, NULL), MIME_E_PARTS, "100,000 nested multiparts refused before GMime recurses");
	m = bomb(30, true, &n);
	is_int(parse_bytes(m, n, NULL), MIME_E_DEPTH, "30 nested multiparts: deeper than LIMIT_MIME_DEPTH");
	like(err, "LIMIT_MIME_DEPTH", "  naming the limit");
	m = bomb(10, true, &n);
	is_int(parse_bytes(m, n, NULL), MIME_OK, "10 nested multiparts read");
	is_str(M.text, "core", "  down to the core");
	struct content_limits small = { .mime_decoded = 4 };
	m = "From: a@b.example\nContent-Type: text/plain\n\nlonger than four bytes\n";
	is_int(parse_bytes(m, strlen(m), &small), MIME_E_SIZE, "a body over max_decoded refused");
	like(err, "LIMIT_MIME_DECODED", "  naming the limit");
}

/* what comes before the headers, encoded words, unknown charsets, and unfinished words' bound */
static void wild(void)
{
	const char *m = "From letters@x.example  Tue Nov 24 08:00:00 2026\nFrom: L <letters@x.example>\n"
	                "Content-Type: text/plain\n\n>From the desk\n>>From a quote\nFrom here\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "an mbox From line first: read");
	is_str(M.text, "From the desk\n>From a quote\nFrom here\n", "  >From lines lose one '>'");
	m = "From: L <l@x.example>\nContent-Type: text/plain\n\n>From stays\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "no From line first");
	is_str(M.text, ">From stays\n", "  >From kept as written");
	m = "\xEF\xBB\xBF" "From: l@x.example\nContent-Type: text/plain\n\nx\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "a byte order mark first: read");
	m = "From: =?gb2312?B?6Ua7+Q==?= <l@x.example>\nSubject: =?GB2312?B?0MLOxaO61g==?=\n =?gb2312?B?7OlGu/k=?= "
	    "=?utf-8?B?*?= =?X-UNKNOWN?Q?caf=C3=A9?=\nContent-Type: text/plain; charset=X-UNKNOWN\n\nd\xC3\xA9j\xC3\xA0\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "GB2312 words holding GBK");
	is_str(M.subject, "\xe6\x96\xb0\xe9\x97\xbb\xef\xbc\x9a\xe6\x9c\xb1\xe9\x95\x95\xe5\x9f\xba =?utf-8?B?*?= caf\xc3\xa9",
	       "  a character split between words, a bad word kept, an unknown label read as UTF-8");
	is_str(M.from_name, "\xe9\x95\x95\xe5\x9f\xba", "  the From name too");
	is_str(M.text, "d\xc3\xa9j\xc3\xa0\n", "  a UTF-8 body labelled X-UNKNOWN read as UTF-8");
	m = "From: l@x.example\nSubject: =?us-ascii?Q?d=C3=A9j=C3=A0?= =?ascii?Q?_=E9t=E9?=\n"
	    "Content-Type: text/plain; charset=us-ascii\n\nd\xC3\xA9j\xC3\xA0\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "US-ASCII labels on 8-bit bytes");
	is_str(M.subject, "d\xc3\xa9j\xc3\xa0 \xc3\xa9t\xc3\xa9", "  words: UTF-8 when valid, else windows-1252");
	is_str(M.text, "d\xc3\xa9j\xc3\xa0\n", "  the body: UTF-8");
	m = "From: l@x.example\nSubject: =?ks_c_5601-1987?B?jGM=?=\nContent-Type: text/plain\n\nx\n";
	is_int(parse_bytes(m, strlen(m), NULL), MIME_OK, "ks_c_5601-1987");
	is_str(M.subject, "\xeb\x98\xa0", "  read as CP949 (a syllable EUC-KR lacks)");
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "From: l@x.example\nSubject: ");
	for (int i = 0; i < 101; i++)
		sb_puts(&b, "X=?a?Q?");
	sb_puts(&b, "\nContent-Type: text/plain\n\nx\n");
	is_int(parse_bytes(sb_str(&b), b.len, NULL), MIME_E_WORDS, "101 unfinished encoded words refused");
	like(err, "LIMIT_MIME_OPEN_WORDS", "  naming the limit");
	sb_free(&b);
}

int main(void)
{
	arena_init(&A);
	alternative();
	encodings();
	text_only();
	confirmations_and_nesting();
	refused();
	bombs();
	wild();
	arena_free(&A);
	return done_testing();
}
