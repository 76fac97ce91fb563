/* omnivore_md.c (content): the highlights/SLUG.md file of Omnivore's export, written and read back (omnivore_format.h). */
#include <string.h>

#include "content/transfer/omnivore_format.h"

static void separate(struct sb *b, bool *first)
{
	if (!*first)
		sb_putn(b, "\n\n", 2);
	*first = false;
}

/* does the line at s start, after any backslashes, with '>' (or '#' when hash)? */
static bool needs_escape(const char *s, bool hash)
{
	while (*s == '\\')
		s++;
	return *s == '>' || (hash && *s == '#');
}

/* a note or an annotation: lines that would read as a passage (or, on an annotation's first line, as its
 * labels) get one more backslash */
static void put_text(struct sb *b, const char *s, bool annotation)
{
	bool bol = true, first_line = true;
	for (; *s; s++) {
		if (bol && needs_escape(s, annotation && first_line))
			sb_putc(b, '\\');
		sb_putc(b, *s);
		bol = *s == '\n';
		if (bol)
			first_line = false;
	}
}

void content_omnivore_md_note(struct sb *b, const char *note, bool *first)
{
	if (!note || !*note)
		return;
	separate(b, first);
	put_text(b, note, false);
	sb_putn(b, "\n\n", 2);
}

void content_omnivore_md_passage(struct sb *b, const char *quote, const char *const *labels, size_t nlabels, const char *annotation,
                     bool *first)
{
	if (!quote || !*quote)
		return;
	separate(b, first);
	sb_putn(b, "> ", 2);
	for (const char *p = quote; *p; p++) {
		if (*p == '\n' && (p == quote || p[-1] == '\n'))
			sb_putn(b, "> ", 2); /* an empty line of the passage */
		sb_putc(b, *p);
	}
	sb_putc(b, ' ');
	for (size_t i = 0; i < nlabels; i++) {
		sb_puts(b, i ? " #" : "\n\n#");
		sb_puts(b, labels[i]);
	}
	if (annotation && *annotation) {
		sb_putn(b, "\n\n", 2);
		put_text(b, annotation, true);
	}
}

/* ---- reading ---- */

/* the next "\n\n> " at or after p (where a passage starts), or end */
static const char *next_passage(const char *p, const char *end)
{
	for (; p + 4 <= end; p++)
		if (p[0] == '\n' && p[1] == '\n' && p[2] == '>' && p[3] == ' ')
			return p;
	return end;
}

static const char *find2nl(const char *p, const char *end)
{
	for (; p + 2 <= end; p++)
		if (p[0] == '\n' && p[1] == '\n')
			return p;
	return end;
}

/* text written by put_text, back as it was (trailing line ends dropped); NULL when empty */
static const char *take_text(struct arena *a, const char *p, const char *end, bool annotation, bool *oom)
{
	char *o, *w;
	bool bol = true, first_line = true;
	while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	if (end == p)
		return NULL;
	if (!(o = w = arena_alloc(a, (size_t)(end - p) + 1))) {
		*oom = true;
		return NULL;
	}
	for (; p < end; p++) {
		if (bol && *p == '\\') {
			const char *q = p;
			while (q < end && *q == '\\')
				q++;
			if (q < end && (*q == '>' || (annotation && first_line && *q == '#')))
				p++; /* the escape's backslash */
		}
		*w++ = *p;
		bol = *p == '\n';
		if (bol)
			first_line = false;
	}
	*w = '\0';
	return o;
}

/* the passage between p (after its "> ") and end, without the space after it and with its "> " lines empty again */
static const char *take_quote(struct arena *a, const char *p, const char *end, bool *oom)
{
	char *o, *w;
	if (end > p && end[-1] == ' ')
		end--;
	if (!(o = w = arena_alloc(a, (size_t)(end - p) + 1))) {
		*oom = true;
		return NULL;
	}
	for (const char *l = p; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		const char *le = nl ? nl : end;
		if (!(le - l == 2 && l[0] == '>' && l[1] == ' ')) { /* "> " alone: an empty line */
			memcpy(w, l, (size_t)(le - l));
			w += le - l;
		}
		if (nl)
			*w++ = '\n';
		l = nl ? nl + 1 : end;
	}
	*w = '\0';
	return o;
}

/* "#a #b": the labels line Omnivore writes after a passage */
static bool is_labels(const char *p, const char *end)
{
	if (p == end || *p != '#')
		return false;
	for (; p < end; p++) {
		if (*p == '\n' || *p == '\r')
			return false;
		if (*p == ' ' && (p + 1 >= end || p[1] != '#'))
			return false;
	}
	return true;
}

/* the names of the labels line p..end ("#a #b") into h */
static void take_labels(struct arena *a, const char *p, const char *end, struct content_import_highlight *h, bool *oom)
{
	size_t n = 0;
	const char **names;
	for (const char *q = p; q < end; q++)
		n += *q == '#' && (q == p || q[-1] == ' ');
	if (!(names = ARENA_NEWN(a, const char *, n))) {
		*oom = true;
		return;
	}
	while (p < end && h->nlabels < n) {
		const char *e = p + 1;
		while (e < end && !(*e == ' ' && e + 1 < end && e[1] == '#'))
			e++;
		if (!(names[h->nlabels++] = arena_strndup(a, p + 1, (size_t)(e - p - 1)))) {
			*oom = true;
			return;
		}
		p = e + 1;
	}
	h->labels = names;
}

/* one passage: p at its "> ", end before the next one */
static void read_passage(struct arena *a, const char *p, const char *end, struct content_import_highlight *h, bool *oom)
{
	const char *qend = find2nl(p, end), *rest;
	memset(h, 0, sizeof *h);
	h->quote = take_quote(a, p + 2, qend, oom);
	rest = qend + 2 < end ? qend + 2 : end;
	if (rest < end) {
		const char *pend = find2nl(rest, end);
		if (is_labels(rest, pend)) {
			take_labels(a, rest, pend, h, oom);
			rest = pend + 2 < end ? pend + 2 : end;
		}
	}
	h->annotation = take_text(a, rest, end, true, oom);
}

int content_omnivore_md_read(struct arena *a, const char *md, size_t len, const char **note, struct content_import_highlight **out,
                 size_t *n)
{
	const char *end = md + len, *p;
	size_t count = 0, i = 0;
	bool oom = false, starts = len >= 2 && md[0] == '>' && md[1] == ' ';

	for (p = md; (p = next_passage(p, end)) < end; p += 2)
		count++;
	count += starts;
	*out = count ? ARENA_NEWN(a, struct content_import_highlight, count) : NULL;
	if (count && !*out)
		return -1;
	p = starts ? md : next_passage(md, end);
	*note = take_text(a, md, p, false, &oom);
	while (p < end) {
		const char *at = p == md ? p : p + 2, *next = next_passage(at, end);
		read_passage(a, at, next, &(*out)[i++], &oom);
		p = next;
	}
	*n = i;
	return oom ? -1 : 0;
}
