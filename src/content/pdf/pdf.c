/* pdf.c: reads a PDF's info and text in a child process that runs the larder-pdf helper (poppler) under CPU and memory rlimits, a wall-clock deadline and a kill past it, so a hostile file can cost only that child and no program but the helper links poppler; the parent turns what it sends into pages and an escaped HTML article. */
#define _GNU_SOURCE /* memmem, memfd_create */
#include "content/pdf/pdf.h"
#include "content/reader.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "content/pdf/pdf_int.h"
#include "util/arena.h"
#include "util/fdio.h"
#include "util/libexec.h"
#include "util/limits.h"
#include "util/sb.h"

#if defined(__SANITIZE_ADDRESS__)
#define PDF_NO_AS_LIMIT 1   /* ASan reserves terabytes of address space: no RLIMIT_AS under it */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PDF_NO_AS_LIMIT 1
#endif
#endif

bool content_pdf_sniff(const void *data, size_t n)
{
	size_t k = n < 1024 ? n : 1024;
	return k >= 5 && memmem(data, k, "%PDF-", 5) != NULL;
}

/* lim's PDF bounds, its zeros (or no lim) as util/limits.h's */
static void limits_fill(struct pdf_limits *l, const struct content_limits *in)
{
	static const struct content_limits none;
	if (in == NULL)
		in = &none;
	l->max_bytes = in->pdf_bytes ? in->pdf_bytes : LIMIT_PDF_BYTES;
	l->max_pages = in->pdf_pages > 0 ? in->pdf_pages : LIMIT_PDF_PAGES;
	l->max_text = in->pdf_text ? in->pdf_text : LIMIT_PDF_TEXT;
	l->budget_ms = in->budget_ms > 0 ? in->budget_ms : LIMIT_PDF_CPU_MS;
	l->in_process = in->pdf_in_process;
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
		case R_TITLE: d->title = pdf_info_text(a, v, len); break;
		case R_AUTHOR: d->author = pdf_info_text(a, v, len); break;
		case R_SUBJECT: d->subject = pdf_info_text(a, v, len); break;
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

/* the file to read as a descriptor the helper gets as its standard input (an anonymous file in memory), or -1 */
static int data_fd(const void *data, size_t n)
{
	int fd = memfd_create("larder-pdf", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fd_write_all(fd, data, n) != 0) {
		close(fd);
		return -1;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
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

/* the child: in from the file, the records out to the pipe, under the limits, as the helper; exits 127 when the
 * helper cannot be run */
static _Noreturn void child_exec(const char *helper, int in, int out, const struct pdf_limits *l)
{
	char pages[24], text[24];
	int devnull = open("/dev/null", O_WRONLY);

	snprintf(pages, sizeof pages, "%d", l->max_pages);
	snprintf(text, sizeof text, "%zu", l->max_text);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0)
		_exit(127);
	if (devnull >= 0)
		dup2(devnull, 2); /* poppler's complaints about a damaged file are not the server's log */
	child_limits(l->budget_ms);
	execl(helper, PDF_HELPER_NAME, pages, text, (char *)NULL);
	_exit(127);
}

/* the fuzzer's way: the records written to a temporary file in this process by its reader, then read back */
static int in_process(const void *data, size_t n, const struct pdf_limits *l, struct sb *out)
{
	FILE *f = tmpfile();
	char buf[65536];
	size_t k;
	if (!f)
		return -1;
	l->in_process(fileno(f), data, n, l->max_pages, l->max_text);
	rewind(f);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sb_putn(out, buf, k);
	fclose(f);
	return sb_error(out) ? -1 : 0;
}

/* runs the child over data and reads its records into d */
static enum pdf_err run_child(struct arena *a, const void *data, size_t n, const struct pdf_limits *l,
                              struct pdf_doc *d)
{
	char helper[PATH_MAX];
	int fds[2], in, status = 0;
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
	if (!libexec_find(PDF_HELPER_NAME, "LARDER_PDF_HELPER", helper, sizeof helper)) {
		fprintf(stderr, "larder: the PDF reader %s cannot be run (LARDER_PDF_HELPER names another)\n", helper);
		return PDF_E_SYSTEM;
	}
	if ((in = data_fd(data, n)) < 0)
		return PDF_E_SYSTEM;
	if (pipe2(fds, O_CLOEXEC) != 0) {
		close(in);
		return PDF_E_SYSTEM;
	}
	pid = fork();
	if (pid == 0)
		child_exec(helper, in, fds[1], l);
	close(in);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return PDF_E_SYSTEM;
	}
	sb_init(&out);
	/* the wall clock allows for a loaded machine: twice the CPU budget and two seconds more */
	got = collect(fds[0], pid, mono_ms() + 2 * l->budget_ms + 2000,
	              l->max_text + (size_t)l->max_pages * 5 + 1024 * 1024, &out);
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127)
		rc = PDF_E_SYSTEM; /* the helper did not start */
	else if (got < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
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

int content_pdf_read(struct arena *a, const void *data, size_t n, const struct content_limits *lim, struct pdf_doc *out,
                     struct content_error *e)
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
	content_error_clear(e);
	if (rc == PDF_OK)
		return 0;
	content_fail(e, rc == PDF_E_TOO_LARGE || rc == PDF_E_BUDGET ? CONTENT_E_LIMIT : rc == PDF_E_SYSTEM ? CONTENT_E_IO
	             : CONTENT_E_FORMAT, "%s", message(rc));
	e->detail = (int)rc;
	return -1;
}
