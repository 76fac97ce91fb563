/* markdown.c: HTML fragment -> CommonMark (GFM tables, strikethrough) with escaping that round-trips the text. */
#include "content/article/markdown.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/html.h"
#include "content/reader.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

#define TABLE_MAX_COLS 64

struct prefix {
	char first[24];         /* the list marker ("- ", "12. "), or the quote's "> " */
	char cont[24];          /* what later lines of the container start with */
	bool used;              /* the marker was written */
};

struct md {
	struct arena *a;
	struct sb out;          /* the document */
	struct sb inl;          /* the paragraph being built */
	struct sb opens;        /* emphasis openers waiting for content */
	bool space;             /* a collapsed space is pending in inl */
	bool num_run;           /* inl's current line is digits so far (an ordered-list look-alike) */
	bool oneline;           /* headings and table cells: breaks become spaces */
	bool in_table;          /* escape '|' in code spans too */
	bool in_heading;        /* escape every '#' */
	int in_em, in_strong, in_del, in_link;
	struct prefix pfx[LIMIT_MARKDOWN_DEPTH];
	int npfx;
	bool gap;               /* a blank line is due before the next block */
	bool any;               /* a block was written */
	char bullet[LIMIT_MARKDOWN_DEPTH + 1];  /* the last bullet used at each depth: adjacent lists alternate */
};

static const char *const block_names[] = {
	"address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl",
	"dt", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
	"li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
	"thead", "tr", "ul", "video", "audio", "html", "center", "fieldset", "legend", "menu", NULL,
};

static bool is_block(const struct html_node *n)
{
	return n->type == HTML_ELEMENT && html_name_in(n->name, block_names);
}

/* ---- lines and blocks */

static void put_prefix(struct md *m, bool blank)
{
	size_t start = m->out.len;
	for (int i = 0; i < m->npfx; i++) {
		struct prefix *p = &m->pfx[i];
		if (!blank && !p->used) {
			sb_puts(&m->out, p->first);
			p->used = true;
		} else {
			sb_puts(&m->out, p->cont);
		}
	}
	if (blank) {
		size_t n = m->out.len;
		while (n > start && m->out.buf[n - 1] == ' ')
			n--;
		sb_truncate(&m->out, n);
	}
}

static void emit_line(struct md *m, const char *s, size_t n)
{
	put_prefix(m, false);
	sb_putn(&m->out, s, n);
	/* no trailing spaces (two would be a hard break) */
	size_t e = m->out.len;
	while (e > 0 && m->out.buf[e - 1] == ' ')
		e--;
	sb_truncate(&m->out, e);
	sb_putc(&m->out, '\n');
}

static void begin_block(struct md *m)
{
	if (m->gap && m->any) {
		put_prefix(m, true);
		sb_putc(&m->out, '\n');
	}
	m->gap = false;
}

static void end_block(struct md *m)
{
	m->gap = true;
	m->any = true;
}

/* write text as lines of a block */
static void emit_lines(struct md *m, const char *s, size_t n)
{
	size_t i = 0;
	while (i <= n) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n;
		emit_line(m, s + i, e - i);
		if (!nl)
			break;
		i = e + 1;
	}
}

static void reset_inline(struct md *m)
{
	sb_reset(&m->inl);
	sb_reset(&m->opens);
	m->space = false;
	m->num_run = false;
}

/* the inline buffer, trimmed, as a paragraph */
static void flush_inline(struct md *m)
{
	size_t n = m->inl.len;
	const char *s = sb_str(&m->inl);
	for (;;) {
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n'))
			n--;
		if (n >= 1 && s[n - 1] == '\\' && m->inl.len > n && s[n] == '\n')
			n--;    /* a hard break at the very end means nothing */
		else
			break;
	}
	if (n > 0) {
		begin_block(m);
		emit_lines(m, s, n);
		end_block(m);
	}
	reset_inline(m);
}

/* ---- inline text */

static bool line_start(const struct md *m)
{
	return m->inl.len == 0 || m->inl.buf[m->inl.len - 1] == '\n';
}

/* before anything visible: the pending space, then the pending openers */
static void before_content(struct md *m)
{
	if (m->space && !line_start(m))
		sb_putc(&m->inl, ' ');
	m->space = false;
	if (m->opens.len) {
		sb_putn(&m->inl, sb_str(&m->opens), m->opens.len);
		sb_reset(&m->opens);
		m->num_run = false;
	}
}

static bool html_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* text with whitespace collapsed and Markdown syntax escaped */
static void put_text(struct md *m, const char *t)
{
	for (const unsigned char *p = (const unsigned char *)t; *p; p++) {
		unsigned char c = *p;
		if (html_space(c)) {
			m->space = true;
			continue;
		}
		before_content(m);
		bool start = line_start(m);
		bool esc = false;
		switch (c) {
		case '\\': case '`': case '*': case '_': case '[': case ']': case '<': case '|': case '~':
			esc = true;
			break;
		case '&':
			esc = p[1] == '#' || (p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z') ||
			      (p[1] >= '0' && p[1] <= '9');
			break;
		case '#':
			esc = start || m->in_heading;
			break;
		case '>': case '-': case '+': case '=':
			esc = start;
			break;
		case '.': case ')':
			esc = m->num_run;
			break;
		default:
			break;
		}
		if (c >= '0' && c <= '9')
			m->num_run = start || m->num_run;
		else
			m->num_run = false;
		if (esc)
			sb_putc(&m->inl, '\\');
		sb_putc(&m->inl, (char)c);
	}
}

/* a URL as a link destination: no spaces or angle brackets, parentheses escaped */
static void put_dest(struct sb *b, const char *u)
{
	static const char hx[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)u; *p; p++) {
		if (*p <= 0x20 || *p == 0x7f || *p == '<' || *p == '>') {
			sb_putc(b, '%');
			sb_putc(b, hx[*p >> 4]);
			sb_putc(b, hx[*p & 15]);
		} else if (*p == '(' || *p == ')' || *p == '\\') {
			sb_putc(b, '\\');
			sb_putc(b, (char)*p);
		} else {
			sb_putc(b, (char)*p);
		}
	}
}

static void put_title(struct sb *b, const char *t)
{
	if (!t || !*t)
		return;
	sb_puts(b, " \"");
	for (const char *p = t; *p; p++) {
		if (*p == '"' || *p == '\\')
			sb_putc(b, '\\');
		sb_putc(b, html_space((unsigned char)*p) ? ' ' : *p);
	}
	sb_putc(b, '"');
}

/* the end of a link or image: "](dest "title")" */
static void close_link(struct md *m, const char *dest, const struct html_node *n)
{
	sb_puts(&m->inl, "](");
	put_dest(&m->inl, dest);
	put_title(&m->inl, html_get_attr(n, "title"));
	sb_putc(&m->inl, ')');
	m->num_run = false;
}

static void put_code_span(struct md *m, const struct html_node *n)
{
	char *t = html_inner_text(m->a, n); /* as a browser shows it: a <br> inside is a space, not nothing */
	if (!t)
		return;
	for (char *p = t; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (!*t)
		return;
	size_t run = 0, longest = 0, len = strlen(t);
	for (const char *p = t; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	bool pad = t[0] == '`' || t[len - 1] == '`' || (t[0] == ' ' && t[len - 1] == ' ');
	before_content(m);
	for (size_t i = 0; i <= longest; i++)
		sb_putc(&m->inl, '`');
	if (pad)
		sb_putc(&m->inl, ' ');
	for (const char *p = t; *p; p++) {
		if (*p == '|' && m->in_table)
			sb_putc(&m->inl, '\\');
		sb_putc(&m->inl, *p);
	}
	if (pad)
		sb_putc(&m->inl, ' ');
	for (size_t i = 0; i <= longest; i++)
		sb_putc(&m->inl, '`');
	m->num_run = false;
}

static void inline_children(struct md *m, const struct html_node *n);

/* emphasis-like wrapper: the opener waits until content comes, the closer only if it did */
static void wrap(struct md *m, const struct html_node *n, const char *delim, int *level)
{
	if (*level > 0) {
		inline_children(m, n);
		return;
	}
	size_t mark = m->opens.len;
	(*level)++;
	sb_puts(&m->opens, delim);
	inline_children(m, n);
	(*level)--;
	if (m->opens.len > mark)
		sb_truncate(&m->opens, mark);   /* nothing inside: no emphasis */
	else
		sb_puts(&m->inl, delim);
}

static void put_link(struct md *m, const struct html_node *n, const char *href)
{
	if (m->in_link) {
		inline_children(m, n);
		return;
	}
	before_content(m);
	sb_putc(&m->inl, '[');
	size_t at = m->inl.len;
	m->in_link++;
	inline_children(m, n);
	m->in_link--;
	sb_reset(&m->opens);
	m->space = false;
	if (m->inl.len == at)
		put_text(m, href);
	close_link(m, href, n);
}

static void put_image(struct md *m, const struct html_node *n)
{
	const char *src = html_get_attr(n, "src");
	const char *alt = html_get_attr(n, "alt");
	if (!src)
		return;
	before_content(m);
	sb_puts(&m->inl, "![");
	if (alt) {
		put_text(m, alt);       /* escaped like text, whitespace collapsed */
		m->space = false;
	}
	close_link(m, src, n);
}

static void inline_node(struct md *m, const struct html_node *n)
{
	if (n->type == HTML_TEXT) {
		put_text(m, n->text);
		return;
	}
	if (n->type != HTML_ELEMENT)
		return;
	const char *name = n->name;
	if (strcmp(name, "br") == 0) {
		if (m->oneline || line_start(m)) {
			m->space = true;
		} else {
			sb_puts(&m->inl, "\\\n");
			m->space = false;
			m->num_run = false;
		}
	} else if (strcmp(name, "em") == 0 || strcmp(name, "i") == 0 || strcmp(name, "cite") == 0 ||
	           strcmp(name, "dfn") == 0 || strcmp(name, "var") == 0) {
		wrap(m, n, "*", &m->in_em);
	} else if (strcmp(name, "strong") == 0 || strcmp(name, "b") == 0) {
		wrap(m, n, "**", &m->in_strong);
	} else if (strcmp(name, "del") == 0 || strcmp(name, "s") == 0) {
		wrap(m, n, "~~", &m->in_del);
	} else if (strcmp(name, "code") == 0 || strcmp(name, "kbd") == 0 || strcmp(name, "samp") == 0) {
		put_code_span(m, n);
	} else if (strcmp(name, "a") == 0 && html_get_attr(n, "href")) {
		put_link(m, n, html_get_attr(n, "href"));
	} else if (strcmp(name, "img") == 0) {
		put_image(m, n);
	} else if (strcmp(name, "script") == 0 || strcmp(name, "style") == 0 || strcmp(name, "template") == 0 ||
	           strcmp(name, "rp") == 0) {
		return;
	} else if (is_block(n) || strcmp(name, "hr") == 0) {
		m->space = true;
		inline_children(m, n);
		m->space = true;
	} else {
		inline_children(m, n);
	}
}

static void inline_children(struct md *m, const struct html_node *n)
{
	for (const struct html_node *c = n->first_child; c; c = c->next)
		inline_node(m, c);
}

/* ---- blocks */

static void block_children(struct md *m, const struct html_node *n);

static bool push(struct md *m, const char *first, const char *cont)
{
	if (m->npfx >= LIMIT_MARKDOWN_DEPTH)
		return false;
	struct prefix *p = &m->pfx[m->npfx++];
	snprintf(p->first, sizeof p->first, "%s", first);
	snprintf(p->cont, sizeof p->cont, "%s", cont);
	p->used = false;
	return true;
}

static void heading(struct md *m, const struct html_node *n, int level)
{
	static const char hashes[] = "######";
	m->oneline = m->in_heading = true;
	inline_children(m, n);
	m->oneline = m->in_heading = false;
	size_t len = m->inl.len;
	const char *s = sb_str(&m->inl);
	while (len > 0 && s[len - 1] == ' ')
		len--;
	if (len > 0) {
		char *line = arena_printf(m->a, "%.*s %.*s", level, hashes, (int)len, s);
		begin_block(m);
		if (line)
			emit_line(m, line, strlen(line));
		else
			m->out.err = 1;
		end_block(m);
	}
	reset_inline(m);
}

static void code_block(struct md *m, const struct html_node *n)
{
	char *t = html_lines_text(m->a, n); /* <br> and the blocks of a highlighter's lines as newlines */
	if (!t) {
		m->out.err = 1;
		return;
	}
	size_t len = strlen(t);
	if (len > 0 && t[len - 1] == '\n')
		len--;
	size_t run = 0, longest = 0;
	for (size_t i = 0; i < len; i++) {
		run = t[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	size_t flen = longest >= 3 ? longest + 1 : 3;
	char *fence = arena_alloc(m->a, flen + 1);
	if (!fence) {
		m->out.err = 1;
		return;
	}
	memset(fence, '`', flen);
	begin_block(m);
	emit_line(m, fence, flen);
	if (len > 0) {
		/* lines as they are: emit_line would trim their trailing spaces */
		size_t i = 0;
		while (i <= len) {
			const char *nl = memchr(t + i, '\n', len - i);
			size_t e = nl ? (size_t)(nl - t) : len;
			put_prefix(m, false);
			sb_putn(&m->out, t + i, e - i);
			sb_putc(&m->out, '\n');
			if (!nl)
				break;
			i = e + 1;
		}
	}
	emit_line(m, fence, flen);
	end_block(m);
}

static void list(struct md *m, const struct html_node *n, bool ordered)
{
	long num = 1;
	const char *start = html_get_attr(n, "start");
	if (ordered && start)
		num = strtol(start, NULL, 10);
	if (num < 0 || num > 999999999)
		num = 1;
	char bullet = m->bullet[m->npfx] == '-' ? '*' : '-';
	m->bullet[m->npfx] = bullet;
	char delim = bullet == '-' ? '.' : ')';
	/* a list right after its item's first paragraph stays tight when it can interrupt one */
	if (m->npfx > 0 && n->parent && html_is(n->parent, "li") && (!ordered || num == 1))
		m->gap = false;
	bool first = true;
	for (const struct html_node *li = n->first_child; li; li = li->next) {
		if (li->type == HTML_TEXT) {
			const char *p = li->text;
			while (*p && html_space((unsigned char)*p))
				p++;
			if (!*p)
				continue;
		}
		if (li->type != HTML_TEXT && li->type != HTML_ELEMENT)
			continue;
		char marker[24], cont[24];
		if (ordered)
			snprintf(marker, sizeof marker, "%ld%c ", num++, delim);
		else
			snprintf(marker, sizeof marker, "%c ", bullet);
		memset(cont, ' ', strlen(marker));
		cont[strlen(marker)] = '\0';
		if (!first)
			m->gap = false;         /* tight */
		else
			begin_block(m);
		first = false;
		bool pushed = push(m, marker, cont);
		if (li->type == HTML_TEXT)
			inline_node(m, li);
		else if (html_is(li, "li"))
			block_children(m, li);
		else {
			inline_node(m, li);
		}
		flush_inline(m);
		if (pushed) {
			if (!m->pfx[m->npfx - 1].used) {
				put_prefix(m, false);
				size_t e = m->out.len;
				while (e > 0 && m->out.buf[e - 1] == ' ')
					e--;
				sb_truncate(&m->out, e);
				sb_putc(&m->out, '\n');
				m->any = true;
			}
			m->npfx--;
		}
	}
	m->gap = true;
}

static void blockquote(struct md *m, const struct html_node *n)
{
	begin_block(m);
	bool pushed = push(m, "> ", "> ");
	block_children(m, n);
	flush_inline(m);
	if (pushed)
		m->npfx--;
	m->gap = true;
}

/* ---- tables */

static bool cell_simple(const struct html_node *cell)
{
	static const char *const complex[] = {
		"ul", "ol", "pre", "blockquote", "table", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "dl", "figure", NULL,
	};
	const char *cs = html_get_attr(cell, "colspan"), *rs = html_get_attr(cell, "rowspan");
	if ((cs && atoi(cs) > 1) || (rs && atoi(rs) > 1))
		return false;
	for (const struct html_node *d = cell->first_child; d; d = html_next(cell, d))
		if (d->type == HTML_ELEMENT && html_name_in(d->name, complex))
			return false;
	return true;
}

/* the rows of table t (in its sections, not in nested tables) */
static int table_rows(const struct html_node *t, const struct html_node **rows, int max)
{
	int n = 0;
	for (const struct html_node *c = t->first_child; c; c = c->next) {
		if (html_is(c, "tr")) {
			if (n < max)
				rows[n] = c;
			n++;
		} else if (html_is(c, "thead") || html_is(c, "tbody") || html_is(c, "tfoot")) {
			for (const struct html_node *r = c->first_child; r; r = r->next)
				if (html_is(r, "tr")) {
					if (n < max)
						rows[n] = r;
					n++;
				}
		}
	}
	return n;
}

static bool is_cell(const struct html_node *c)
{
	return html_is(c, "td") || html_is(c, "th");
}

static void table(struct md *m, const struct html_node *t)
{
	int nrows = table_rows(t, NULL, 0);
	const struct html_node **rows = nrows ? ARENA_NEWN(m->a, const struct html_node *, (size_t)nrows) : NULL;
	int cols = 0;
	bool simple = nrows > 0;
	const struct html_node *cap = NULL;

	if (nrows && !rows) {
		m->out.err = 1;
		return;
	}
	table_rows(t, rows, nrows);
	for (const struct html_node *c = t->first_child; c; c = c->next)
		if (html_is(c, "caption"))
			cap = c;
	for (int r = 0; r < nrows && simple; r++) {
		int k = 0;
		for (const struct html_node *c = rows[r]->first_child; c; c = c->next)
			if (is_cell(c)) {
				k++;
				simple = simple && cell_simple(c);
			}
		if (k > cols)
			cols = k;
	}
	if (cols == 0 || cols > TABLE_MAX_COLS)
		simple = false;
	if (cap) {
		block_children(m, cap);
		flush_inline(m);
	}
	if (!simple) {
		/* every cell's content as blocks of its own */
		for (int r = 0; r < nrows; r++)
			for (const struct html_node *c = rows[r]->first_child; c; c = c->next)
				if (is_cell(c)) {
					block_children(m, c);
					flush_inline(m);
				}
		return;
	}
	struct sb row;
	sb_init(&row);
	begin_block(m);
	for (int r = 0; r < nrows; r++) {
		int k = 0;
		sb_reset(&row);
		sb_putc(&row, '|');
		for (const struct html_node *c = rows[r]->first_child; c; c = c->next) {
			if (!is_cell(c))
				continue;
			m->oneline = m->in_table = true;
			inline_children(m, c);
			m->oneline = m->in_table = false;
			size_t len = m->inl.len;
			while (len > 0 && m->inl.buf[len - 1] == ' ')
				len--;
			sb_putc(&row, ' ');
			sb_putn(&row, sb_str(&m->inl), len);
			sb_puts(&row, " |");
			reset_inline(m);
			k++;
		}
		for (; k < cols; k++)
			sb_puts(&row, "  |");
		emit_line(m, sb_str(&row), row.len);
		if (r == 0) {
			sb_reset(&row);
			sb_putc(&row, '|');
			for (k = 0; k < cols; k++)
				sb_puts(&row, " --- |");
			emit_line(m, sb_str(&row), row.len);
		}
	}
	if (sb_error(&row))
		m->out.err = 1;
	sb_free(&row);
	end_block(m);
}

static void block_node(struct md *m, const struct html_node *n)
{
	const char *name = n->name;
	flush_inline(m);
	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && !name[2]) {
		heading(m, n, name[1] - '0');
	} else if (strcmp(name, "blockquote") == 0) {
		blockquote(m, n);
	} else if (strcmp(name, "ul") == 0 || strcmp(name, "menu") == 0) {
		list(m, n, false);
	} else if (strcmp(name, "ol") == 0) {
		list(m, n, true);
	} else if (strcmp(name, "pre") == 0) {
		code_block(m, n);
	} else if (strcmp(name, "hr") == 0) {
		begin_block(m);
		emit_line(m, "---", 3);
		end_block(m);
	} else if (strcmp(name, "table") == 0) {
		table(m, n);
	} else if (strcmp(name, "video") == 0 || strcmp(name, "audio") == 0) {
		const char *src = html_get_attr(n, "src");
		if (src) {
			before_content(m);
			sb_puts(&m->inl, name[0] == 'v' ? "[video](" : "[audio](");
			put_dest(&m->inl, src);
			sb_putc(&m->inl, ')');
			flush_inline(m);
		}
		block_children(m, n);
	} else {
		block_children(m, n);
	}
	flush_inline(m);
}

static void block_children(struct md *m, const struct html_node *n)
{
	for (const struct html_node *c = n->first_child; c; c = c->next) {
		if (c->type == HTML_ELEMENT && is_block(c))
			block_node(m, c);
		else
			inline_node(m, c);
		if (sb_error(&m->out) || sb_error(&m->inl))
			return;
	}
}

int content_markdown(struct arena *a, const char *html, size_t n, const struct content_limits *lim, char **out,
                     size_t *outlen, struct content_error *e)
{
	struct md m;
	struct html_doc *d;
	const struct html_node *body;
	int rc = 0;

	*out = NULL;
	if (outlen)
		*outlen = 0;
	content_error_clear(e);
	if (!(d = html_parse(a, html, n, lim)))
		return content_fail(e, CONTENT_E_NOMEM, "out of memory parsing the HTML for Markdown");
	memset(&m, 0, sizeof m);
	m.a = a;
	sb_init(&m.out);
	sb_init(&m.inl);
	sb_init(&m.opens);
	m.out.max = m.inl.max = LIMIT_MARKDOWN_OUTPUT;
	body = html_first_element(d->root, "body");
	if (body) {
		block_children(&m, body);
		flush_inline(&m);
	}
	if (sb_error(&m.out) || sb_error(&m.inl) || sb_error(&m.opens)) {
		/* past LIMIT_MARKDOWN_OUTPUT (or the builder could not grow) */
		rc = content_fail(e, CONTENT_E_LIMIT, "the Markdown is larger than %zu bytes (LIMIT_MARKDOWN_OUTPUT)",
		                  (size_t)LIMIT_MARKDOWN_OUTPUT);
	} else if (!(*out = arena_strndup(a, sb_str(&m.out), m.out.len))) {
		rc = content_fail(e, CONTENT_E_NOMEM, "out of memory writing the Markdown");
	} else if (outlen) {
		*outlen = m.out.len;
	}
	sb_free(&m.out);
	sb_free(&m.inl);
	sb_free(&m.opens);
	return rc;
}
