/* pdf.c: reads a PDF's info and text with poppler-glib in a forked child (CPU and memory rlimits, a wall-clock deadline, killed past it), so a hostile file can cost only that child; the parent turns what it sends into pages and an escaped HTML article. */
#define _GNU_SOURCE /* memmem */
#include "content/pdf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <poppler.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

#if defined(__SANITIZE_ADDRESS__)
#define PDF_NO_AS_LIMIT 1   /* ASan reserves terabytes of address space: no RLIMIT_AS under it */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PDF_NO_AS_LIMIT 1
#endif
#endif

/* what the child sends: records of a tag byte, a 4-byte length and that many bytes */
enum rec { R_ERR = 'E', R_PAGES = 'N', R_TITLE = 'T', R_AUTHOR = 'A', R_SUBJECT = 'S', R_CREATED = 'C',
	   R_MODIFIED = 'M', R_PAGE = 'P', R_TRUNC = 'X', R_END = 'Z' /* all was sent */ };

bool content_pdf_sniff(const void *data, size_t n)
{
	size_t k = n < 1024 ? n : 1024;
	return k >= 5 && memmem(data, k, "%PDF-", 5) != NULL;
}

static void limits_fill(struct pdf_limits *l, const struct pdf_limits *in)
{
	if (in)
		*l = *in;
	else
		memset(l, 0, sizeof *l);
	if (!l->max_bytes)
		l->max_bytes = LIMIT_PDF_BYTES;
	if (l->max_pages <= 0)
		l->max_pages = LIMIT_PDF_PAGES;
	if (!l->max_text)
		l->max_text = LIMIT_PDF_TEXT;
	if (l->budget_ms <= 0)
		l->budget_ms = LIMIT_PDF_CPU_MS;
}

/* ---- the child */

static void put_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n) {
		ssize_t w = write(fd, c, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(3);
		c += w;
		n -= (size_t)w;
	}
}

static void put_rec(int fd, enum rec tag, const void *p, size_t n)
{
	unsigned char h[5] = { (unsigned char)tag, (unsigned char)(n >> 24), (unsigned char)(n >> 16),
	                       (unsigned char)(n >> 8), (unsigned char)n };
	put_all(fd, h, sizeof h);
	if (n)
		put_all(fd, p, n);
}

static void put_str(int fd, enum rec tag, char *s)
{
	if (s && *s)
		put_rec(fd, tag, s, strlen(s));
	g_free(s);
}

static void put_i64(int fd, enum rec tag, int64_t v)
{
	put_rec(fd, tag, &v, sizeof v);
}

static void child_limits(long budget_ms)
{
	struct rlimit r;
	r.rlim_cur = (rlim_t)((budget_ms + 999) / 1000);
	r.rlim_max = r.rlim_cur + 1;
	setrlimit(RLIMIT_CPU, &r);
#ifndef PDF_NO_AS_LIMIT
	r.rlim_cur = r.rlim_max = (rlim_t)LIMIT_PDF_MEMORY;
	setrlimit(RLIMIT_AS, &r);
#endif
	r.rlim_cur = r.rlim_max = 0;
	setrlimit(RLIMIT_CORE, &r);
}

static void child_pages(int fd, PopplerDocument *doc, int pages, const struct pdf_limits *l)
{
	size_t total = 0;
	for (int i = 0; i < pages; i++) {
		PopplerPage *pg;
		char *t;
		size_t n;
		if (i >= l->max_pages || total >= l->max_text) {
			put_rec(fd, R_TRUNC, NULL, 0);
			return;
		}
		pg = poppler_document_get_page(doc, i);
		t = pg ? poppler_page_get_text(pg) : NULL;
		n = t ? strlen(t) : 0;
		if (n > l->max_text - total) {
			n = l->max_text - total;
			while (n > 0 && ((unsigned char)t[n] & 0xC0) == 0x80)
				n--;    /* cut on a character boundary */
		}
		put_rec(fd, R_PAGE, t ? t : "", n);
		total += n;
		g_free(t);
		if (pg)
			g_object_unref(pg);
	}
}

/* the records of data's info and pages into fd */
static void child_read(int fd, const void *data, size_t n, const struct pdf_limits *l)
{
	GError *e = NULL;
	GBytes *b = g_bytes_new_static(data, n);
	PopplerDocument *doc;
	int pages;
	char code;

	doc = poppler_document_new_from_bytes(b, NULL, &e);
	if (!doc) {
		code = e && e->domain == POPPLER_ERROR && e->code == POPPLER_ERROR_ENCRYPTED ? PDF_E_ENCRYPTED : PDF_E_BROKEN;
		put_rec(fd, R_ERR, &code, 1);
		g_clear_error(&e);
		g_bytes_unref(b);
		return;
	}
	pages = poppler_document_get_n_pages(doc);
	put_i64(fd, R_PAGES, pages);
	put_str(fd, R_TITLE, poppler_document_get_title(doc));
	put_str(fd, R_AUTHOR, poppler_document_get_author(doc));
	put_str(fd, R_SUBJECT, poppler_document_get_subject(doc));
	put_i64(fd, R_CREATED, (int64_t)poppler_document_get_creation_date(doc));
	put_i64(fd, R_MODIFIED, (int64_t)poppler_document_get_modification_date(doc));
	child_pages(fd, doc, pages, l);
	put_rec(fd, R_END, NULL, 0);
	g_object_unref(doc);
	g_bytes_unref(b);
}

static _Noreturn void child_run(int fd, const void *data, size_t n, const struct pdf_limits *l)
{
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (devnull >= 0)
		dup2(devnull, 2); /* poppler's complaints about a damaged file are not the server's log */
	child_limits(l->budget_ms);
	child_read(fd, data, n, l);
	_exit(0);
}

/* the fuzzer's way: the records written to a temporary file in this process, then read back */
static int in_process(const void *data, size_t n, const struct pdf_limits *l, struct sb *out)
{
	FILE *f = tmpfile();
	char buf[65536];
	size_t k;
	if (!f)
		return -1;
	child_read(fileno(f), data, n, l);
	rewind(f);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sb_putn(out, buf, k);
	fclose(f);
	return sb_error(out) ? -1 : 0;
}

/* ---- the parent */

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* everything the child sends, until it closes the pipe, passes the wall deadline or sends more than max:
 * 0, or -1 (the child is killed) */
static int collect(int fd, pid_t pid, long long deadline, size_t max, struct sb *out)
{
	char buf[65536];
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long long left = deadline - mono_ms();
		int r = left > 0 ? poll(&p, 1, (int)(left > 60000 ? 60000 : left)) : 0;
		ssize_t k;
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 && left <= 60000) {
			kill(pid, SIGKILL);
			return -1;
		}
		if (r <= 0)
			continue;
		k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k == 0 ? 0 : -1;
		sb_putn(out, buf, (size_t)k);
		if (out->len > max || sb_error(out)) {
			kill(pid, SIGKILL);
			return -1;
		}
	}
}

/* the child's records from buf into the document; its error code, PDF_OK when it sent none */
static enum pdf_err parse_records(struct arena *a, const unsigned char *p, size_t n, struct pdf_doc *d, size_t cap)
{
	size_t i = 0;
	bool ended = false;
	d->text = ARENA_NEWN(a, const char *, cap ? cap : 1);
	if (!d->text)
		return PDF_E_SYSTEM;
	while (i + 5 <= n) {
		enum rec tag = (enum rec)p[i];
		size_t len = (size_t)p[i + 1] << 24 | (size_t)p[i + 2] << 16 | (size_t)p[i + 3] << 8 | p[i + 4];
		const char *v = (const char *)p + i + 5;
		int64_t num = 0;
		if (len > n - i - 5)
			return PDF_E_BUDGET;    /* cut short: the child died while writing */
		i += 5 + len;
		if (len == sizeof num)
			memcpy(&num, v, sizeof num);
		switch (tag) {
		case R_ERR: return len == 1 ? (enum pdf_err)v[0] : PDF_E_BROKEN;
		case R_PAGES: d->pages = (int)num; break;
		case R_TITLE: d->title = arena_strndup(a, v, len); break;
		case R_AUTHOR: d->author = arena_strndup(a, v, len); break;
		case R_SUBJECT: d->subject = arena_strndup(a, v, len); break;
		case R_CREATED: d->created_ms = num > 0 ? num * 1000 : 0; break;
		case R_MODIFIED: d->modified_ms = num > 0 ? num * 1000 : 0; break;
		case R_TRUNC: d->truncated = true; break;
		case R_END: ended = true; break;
		case R_PAGE:
			if ((size_t)d->pages_read < cap && (d->text[d->pages_read] = arena_strndup(a, v, len)) != NULL)
				d->pages_read++;
			break;
		}
	}
	return i == n && ended ? PDF_OK : PDF_E_BUDGET; /* without the end, the child stopped half-way */
}

/* runs the child over data and reads its records into d */
static enum pdf_err run_child(struct arena *a, const void *data, size_t n, const struct pdf_limits *l,
                              struct pdf_doc *d)
{
	int fds[2], status = 0;
	struct sb out;
	enum pdf_err rc;
	pid_t pid;
	int got;

	if (l->in_process) {
		sb_init(&out);
		rc = in_process(data, n, l, &out) < 0 ? PDF_E_SYSTEM :
		     parse_records(a, (const unsigned char *)sb_str(&out), out.len, d, (size_t)l->max_pages);
		sb_free(&out);
		return rc;
	}
	if (pipe(fds) != 0)
		return PDF_E_SYSTEM;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return PDF_E_SYSTEM;
	}
	if (pid == 0) {
		close(fds[0]);
		child_run(fds[1], data, n, l);
	}
	close(fds[1]);
	sb_init(&out);
	/* the wall clock allows for a loaded machine: twice the CPU budget and two seconds more */
	got = collect(fds[0], pid, mono_ms() + 2 * l->budget_ms + 2000,
	              l->max_text + (size_t)l->max_pages * 5 + 1024 * 1024, &out);
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		rc = PDF_E_BUDGET;
	else
		rc = parse_records(a, (const unsigned char *)sb_str(&out), out.len, d, (size_t)l->max_pages);
	sb_free(&out);
	return rc;
}

/* ---- the article */

/* n bytes of text, escaped for HTML (control characters poppler may give become spaces) */
static void put_escaped(struct sb *b, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == '&')
			sb_puts(b, "&amp;");
		else if (c == '<')
			sb_puts(b, "&lt;");
		else if (c == '>')
			sb_puts(b, "&gt;");
		else if (c == '"')
			sb_puts(b, "&quot;");
		else
			sb_putc(b, c < 0x20 ? ' ' : (char)c);
	}
}

/* a page's lines as paragraphs: a blank line, or a line much shorter than the page's longest, ends one */
static void page_html(struct sb *b, const char *t)
{
	size_t longest = 0, open = 0;
	for (const char *p = t; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > longest)
			longest = n;
		p += n + (e != NULL);
	}
	for (const char *p = t; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p), k = n;
		while (k && (p[k - 1] == ' ' || p[k - 1] == '\r' || p[k - 1] == '\t' || p[k - 1] == '\f'))
			k--;
		if (k == 0 && open) {
			sb_puts(b, "</p>\n");
			open = 0;
		} else if (k) {
			sb_puts(b, open ? " " : "<p>");
			put_escaped(b, p, k);
			open = 1;
			if (k * 10 < longest * 6) {
				sb_puts(b, "</p>\n");
				open = 0;
			}
		}
		p += n + (e != NULL);
	}
	if (open)
		sb_puts(b, "</p>\n");
}

static int64_t count_words(const char *s)
{
	int64_t w = 0;
	bool in = false;
	for (; *s; s++) {
		bool sp = *s == ' ' || *s == '\n' || *s == '\t' || *s == '\r' || *s == '\f';
		if (!sp && !in)
			w++;
		in = !sp;
	}
	return w;
}

/* the joined text and the article from the pages */
static enum pdf_err build(struct arena *a, struct pdf_doc *d)
{
	struct sb text, html;
	sb_init(&text);
	sb_init(&html);
	for (int i = 0; i < d->pages_read; i++) {
		if (i)
			sb_puts(&text, "\n\n");
		sb_puts(&text, d->text[i]);
		sb_printf(&html, "<section id=\"pdf-page-%d\" data-page=\"%d\">\n", i + 1, i + 1);
		page_html(&html, d->text[i]);
		sb_puts(&html, "</section>\n");
	}
	if (d->truncated)
		sb_printf(&html, "<p><em>Only the first %d of %d pages are shown as text.</em></p>\n", d->pages_read,
		          d->pages);
	d->all_text = sb_error(&text) ? NULL : arena_strndup(a, sb_str(&text), text.len);
	d->html = sb_error(&html) ? NULL : arena_strndup(a, sb_str(&html), html.len);
	sb_free(&text);
	sb_free(&html);
	if (!d->all_text || !d->html)
		return PDF_E_SYSTEM;
	d->words = count_words(d->all_text);
	return PDF_OK;
}

static const char *message(enum pdf_err e)
{
	switch (e) {
	case PDF_OK: return NULL;
	case PDF_E_NOT_PDF: return "the file is not a PDF";
	case PDF_E_ENCRYPTED: return "the PDF is encrypted: save a copy without a password and upload that";
	case PDF_E_BROKEN: return "the PDF is damaged and its text cannot be read";
	case PDF_E_TOO_LARGE: return "the PDF is larger than the server takes (pdf_max_bytes in larder.conf)";
	case PDF_E_BUDGET: return "reading the PDF took too much time or memory";
	case PDF_E_SYSTEM: break;
	}
	return "the PDF could not be read on the server";
}

enum pdf_err content_pdf_read(struct arena *a, const void *data, size_t n, const struct pdf_limits *lim,
                              struct pdf_doc *out, const char **err)
{
	struct pdf_limits l;
	enum pdf_err rc;

	limits_fill(&l, lim);
	memset(out, 0, sizeof *out);
	if (n > l.max_bytes)
		rc = PDF_E_TOO_LARGE;
	else if (!content_pdf_sniff(data, n))
		rc = PDF_E_NOT_PDF;
	else if ((rc = run_child(a, data, n, &l, out)) == PDF_OK)
		rc = build(a, out);
	*err = message(rc);
	return rc;
}
