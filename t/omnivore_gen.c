/* omnivore_gen.c: writes an Omnivore export zip of N made-up items from a seed (labels, highlights, states, times, UTF-8, kept content), written straight with libarchive and json-c, for the round-trip test. */
#include <archive.h>
#include <archive_entry.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define BATCH 20 /* items per metadata file, as Omnivore's export job wrote them */

static uint64_t rng_state;
/* what was written, said at the end */
static struct { int content, states[3], labels, highlights, hl_labelled, hl_noted, notes; } made;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state % n);
}

static const char *const words[] = {
	"garden", "river", "café", "Zürich", "naïve", "morning", "library", "archive", "paper", "lantern",
	"señor", "fjord", "über", "東京", "ciudad", "façade", "harbour", "window", "journey", "signal",
	"Ελλάδα", "thread", "pattern", "reader", "📚", "orchard", "kettle", "meadow", "Kraków", "distance",
};
#define NWORDS (sizeof words / sizeof words[0])
/* item labels (spaces and UTF-8 allowed) and highlight labels (one word each, as a "#label" line needs);
 * no two names of both lists equal when case is ignored */
static const char *const item_labels[] = { "To Read", "Newsletter", "Café Notes", "tech", "Long Form", "Recipes", "日本" };
static const char *const hl_labels[] = { "idea", "Quote", "todo", "fact", "question" };

struct buf {
	char *p;
	size_t len, cap;
};

static void put(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		if (!(b->p = realloc(b->p, b->cap))) {
			perror("omnivore_gen");
			exit(2);
		}
	}
	memcpy(b->p + b->len, s, n + 1);
	b->len += n;
}

static void putf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	put(b, tmp);
}

/* a sentence of 5-12 words ending with its number k (so no sentence of an item is part of another) */
static void sentence(struct buf *b, int k)
{
	int n = 5 + (int)rnd(8);
	for (int i = 0; i < n; i++) {
		const char *w = words[rnd(NWORDS)];
		if (i == 0 && w[0] >= 'a' && w[0] <= 'z')
			putf(b, "%c%s", w[0] - 'a' + 'A', w + 1);
		else
			putf(b, i ? " %s" : "%s", w);
	}
	putf(b, " number %d.", k);
}

static void iso(struct buf *b, int64_t ms)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	char s[40];
	gmtime_r(&t, &tm);
	strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%S", &tm);
	putf(b, "%s.%03dZ", s, (int)(ms % 1000));
}

static struct json_object *time_value(int64_t ms)
{
	struct buf b = { 0 };
	struct json_object *o;
	iso(&b, ms);
	o = json_object_new_string(b.p);
	free(b.p);
	return o;
}

static struct json_object *maybe_str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

/* one item's content in the shape Larder's ingest keeps unchanged; quotes[] gets up to 4 of its sentences
 * (whole, in document order) */
static void content(struct buf *c, char quotes[4][512], int *nq)
{
	int paras = 3 + (int)rnd(4), k = 0, want = (int)rnd(5);
	*nq = 0;
	put(c, "<div id=\"user-content-readability-page-1\"><div id=\"user-content-readability-page-1\">");
	for (int p = 0; p < paras; p++) {
		int kind = (int)rnd(6);
		if (p == 1 && kind == 0) {
			put(c, "<h2>");
			sentence(c, ++k);
			put(c, "</h2>");
		}
		put(c, kind == 1 ? "<blockquote><p>" : "<p>");
		for (int s = 0, ns = 1 + (int)rnd(4); s < ns; s++) {
			struct buf one = { 0 };
			sentence(&one, ++k);
			if (s)
				put(c, " ");
			put(c, one.p);
			if (*nq < want && rnd(3) == 0)
				snprintf(quotes[(*nq)++], 512, "%s", one.p);
			free(one.p);
		}
		if (kind == 2)
			putf(c, " See <a href=\"https://example.net/ref/%d\" rel=\"noopener noreferrer nofollow\">the source</a>"
			        " and <em>more</em>.", (int)rnd(1000));
		put(c, kind == 1 ? "</p></blockquote>" : "</p>");
		if (kind == 3)
			putf(c, "<ul><li>First point %d</li><li>Second point</li></ul>", k);
	}
	put(c, "</div></div>");
}

/* highlights/SLUG.md as Omnivore's export wrote it: the parts joined by a blank line, the item's note first */
static void highlights(struct buf *md, const char *note, char quotes[4][512], int nq)
{
	bool first = true;
	if (note) {
		made.notes++;
		putf(md, "%s\n\n", note);
		first = false;
	}
	for (int i = 0; i < nq; i++) {
		const char *names[2];
		int nl = (int)rnd(3);
		if (!first)
			put(md, "\n\n");
		first = false;
		putf(md, "> %s ", quotes[i]);
		names[0] = hl_labels[rnd(5)];
		names[1] = hl_labels[rnd(5)];
		if (nl == 2 && strcasecmp(names[0], names[1]) == 0)
			nl = 1;
		if (nl == 2 && strcasecmp(names[0], names[1]) > 0) { /* in name order, as Larder lists them */
			const char *t = names[0];
			names[0] = names[1];
			names[1] = t;
		}
		for (int j = 0; j < nl; j++)
			putf(md, j ? " #%s" : "\n\n#%s", names[j]);
		made.highlights++;
		made.hl_labelled += nl > 0;
		if (rnd(2) && ++made.hl_noted)
			putf(md, rnd(3) ? "\n\nA thought on %s %d." : "\n\nTwo lines on %s:\nthe second one %d.",
			     words[rnd(NWORDS)], i);
	}
}

static void add_file(struct archive *ar, const char *name, const char *data, size_t len)
{
	struct archive_entry *e = archive_entry_new();
	archive_entry_set_pathname_utf8(e, name);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_size(e, (la_int64_t)len);
	archive_entry_set_mtime(e, 1700000000, 0);
	if (archive_write_header(ar, e) != ARCHIVE_OK || archive_write_data(ar, data, len) != (la_ssize_t)len) {
		fprintf(stderr, "omnivore_gen: %s\n", archive_error_string(ar));
		exit(2);
	}
	archive_entry_free(e);
}

/* item i: its metadata element, and its content and highlights files (len 0: none) */
static struct json_object *item(int i, struct buf *c, struct buf *md, char *slug, size_t slugsz)
{
	static const char *const states[] = { "Active", "Active", "Active", "Active", "Archived", "Archived", "Deleted" };
	struct json_object *o = json_object_new_object(), *labels = json_object_new_array();
	char quotes[4][512], id[37], title[256], url[256], note[128];
	const char *state = states[rnd(7)];
	bool has_content = rnd(10) != 0;
	int64_t saved = 1577836800000LL + (int64_t)rnd(150000000) * 1000 + rnd(1000);
	int64_t updated = saved + (int64_t)rnd(8000000) * 1000 + rnd(1000);
	int nq = 0, nl = (int)rnd(4), used = 0;
	snprintf(id, sizeof id, "%08x-%04x-4%03x-%x%03x-%04x%08x", rnd(UINT32_MAX), rnd(0x10000), rnd(0x1000),
	         8 + rnd(4), rnd(0x1000), rnd(0x10000), rnd(UINT32_MAX));
	snprintf(slug, slugsz, "%s-%d-%x", rnd(2) ? "an-article" : "notes", i, rnd(0x100000));
	snprintf(title, sizeof title, "%s %s %s (%d)", words[rnd(NWORDS)], words[rnd(NWORDS)], words[rnd(NWORDS)], i);
	snprintf(url, sizeof url, "https://site%u.example.org/articles/%d/%.80s", rnd(50), i, slug);
	c->len = md->len = 0;
	c->p[0] = md->p[0] = '\0';
	if (has_content) {
		content(c, quotes, &nq);
		made.content++;
	}
	made.states[state[0] == 'A' ? (state[1] == 'c' ? 0 : 1) : 2]++;
	snprintf(note, sizeof note, "My note on item %d: %s.", i, words[rnd(NWORDS)]);
	highlights(md, rnd(5) == 0 ? note : NULL, quotes, nq);
	json_object_object_add(o, "id", json_object_new_string(id));
	json_object_object_add(o, "slug", json_object_new_string(slug));
	json_object_object_add(o, "title", json_object_new_string(title));
	json_object_object_add(o, "description", maybe_str(has_content || rnd(2) ? "A short description." : NULL));
	json_object_object_add(o, "author", maybe_str(has_content || rnd(2) ? words[rnd(NWORDS)] : NULL));
	json_object_object_add(o, "url", json_object_new_string(url));
	json_object_object_add(o, "state", json_object_new_string(state));
	if (rnd(3))
		json_object_object_add(o, "readingProgress", json_object_new_int((int)rnd(101)));
	else
		json_object_object_add(o, "readingProgress", json_object_new_double(rnd(200) / 2.0 + 0.25));
	json_object_object_add(o, "thumbnail", has_content || rnd(2) ?
	                       json_object_new_string("https://images.example.org/thumb.png") : NULL);
	for (int j = 0; j < nl; j++) {
		int k = (int)rnd(7);
		if (used & (1 << k))
			continue;
		used |= 1 << k;
		json_object_array_add(labels, json_object_new_string(item_labels[k]));
		made.labels++;
	}
	json_object_object_add(o, "labels", labels);
	json_object_object_add(o, "savedAt", time_value(saved));
	json_object_object_add(o, "updatedAt", time_value(updated));
	json_object_object_add(o, "publishedAt", rnd(3) ? time_value(saved - (int64_t)rnd(90000000) * 1000) : NULL);
	/* the two keys Larder adds (omnivore_format.h) */
	json_object_object_add(o, "siteName", maybe_str(has_content || rnd(2) ? "Example Site" : NULL));
	json_object_object_add(o, "archivedAt", strcmp(state, "Archived") == 0 ? time_value(updated) : NULL);
	return o;
}

int main(int argc, char **argv)
{
	struct archive *ar;
	struct buf c = { 0 }, md = { 0 };
	int n;
	if (argc != 4 || (n = atoi(argv[2])) < 0) {
		fprintf(stderr, "usage: omnivore_gen SEED N OUT.zip\n");
		return 2;
	}
	rng_state = strtoull(argv[1], NULL, 10) * 2654435761ULL + 88172645463325252ULL;
	ar = archive_write_new();
	archive_write_set_format_zip(ar);
	if (archive_write_open_filename(ar, argv[3]) != ARCHIVE_OK) {
		fprintf(stderr, "omnivore_gen: %s\n", archive_error_string(ar));
		return 2;
	}
	put(&c, "");
	put(&md, "");
	for (int b0 = 0; b0 < n || b0 == 0; b0 += BATCH) {
		int b1 = b0 + BATCH < n ? b0 + BATCH : n;
		struct json_object *meta = json_object_new_array();
		char slugs[BATCH][96], name[128];
		struct buf files[BATCH][2];
		memset(files, 0, sizeof files);
		for (int i = b0; i < b1; i++) {
			json_object_array_add(meta, item(i, &c, &md, slugs[i - b0], sizeof slugs[0]));
			put(&files[i - b0][0], c.p);
			put(&files[i - b0][1], md.p);
		}
		const char *text = json_object_to_json_string_ext(meta, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		                                                          JSON_C_TO_STRING_NOSLASHESCAPE);
		snprintf(name, sizeof name, "metadata_%d_to_%d.json", b0, b1);
		add_file(ar, name, text, strlen(text));
		json_object_put(meta);
		for (int i = 0; i < b1 - b0; i++) {
			if (files[i][0].len) {
				snprintf(name, sizeof name, "content/%.80s.html", slugs[i]);
				add_file(ar, name, files[i][0].p, files[i][0].len);
			}
			if (files[i][1].len) {
				snprintf(name, sizeof name, "highlights/%.80s.md", slugs[i]);
				add_file(ar, name, files[i][1].p, files[i][1].len);
			}
			free(files[i][0].p);
			free(files[i][1].p);
		}
		if (n == 0)
			break;
	}
	free(c.p);
	free(md.p);
	if (archive_write_close(ar) != ARCHIVE_OK) {
		fprintf(stderr, "omnivore_gen: %s\n", archive_error_string(ar));
		return 2;
	}
	archive_write_free(ar);
	printf("%d items: %d with content; %d active, %d archived, %d deleted; %d item labels; %d highlights, %d of them "
	       "labelled, %d with a note; %d item notes\n", n, made.content, made.states[0], made.states[1], made.states[2],
	       made.labels, made.highlights, made.hl_labelled, made.hl_noted, made.notes);
	return 0;
}
