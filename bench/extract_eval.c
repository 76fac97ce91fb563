/* extract_eval.c: Larder's extractor over benchmark sets: each page's plain text written out for the scorer, then warm pages per CPU second. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/cpu_clock.h"
#include "content/article/extract.h"
#include "content/charset.h"
#include "content/reader.h"
/* only sc_slurp of the scorer's helpers is used here */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "t/extract_score.h"
#pragma GCC diagnostic warning "-Wunused-function"
#include "util/arena.h"
#include "util/utf8.h"

struct page {
	char *id, *bytes;
	size_t len;
};

/* the page's text as `larder extract` gives it (textContent, the text the search index keeps):
 * the bytes read as larder_content.c reads them (UTF-8 when undeclared and valid), then extracted;
 * "" when no article was found; NULL when the arena ran out */
static const char *page_text(struct arena *a, const struct page *p)
{
	const char *ctype = NULL, *enc;
	char *html;
	size_t hlen;
	struct content_article art;
	struct content_error e;
	if (!charset_prescan(p->bytes, p->len) && utf8_valid(p->bytes, p->len))
		ctype = "text/html; charset=utf-8";
	if (charset_to_utf8(a, p->bytes, p->len, ctype, &html, &hlen, &enc) < 0 ||
	    content_extract(a, html, hlen, NULL, NULL, &art, &e) < 0)
		return NULL;
	return art.text_content ? art.text_content : "";
}

static int is_page(const struct dirent *de)
{
	size_t l = strlen(de->d_name);
	return l > 5 && strcmp(de->d_name + l - 5, ".html") == 0;
}

/* the <id>.html pages of a set directory, sorted by name (malloc) */
static size_t load_set(const char *dir, struct page **out)
{
	struct dirent **names;
	int n = scandir(dir, &names, is_page, alphasort);
	*out = NULL;
	if (n <= 0)
		return 0;
	struct page *v = calloc((size_t)n, sizeof *v);
	if (!v)
		abort();
	for (int i = 0; i < n; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
		v[i].id = strndup(names[i]->d_name, strlen(names[i]->d_name) - 5);
		v[i].bytes = sc_slurp(path, &v[i].len);
		if (!v[i].id || !v[i].bytes) {
			fprintf(stderr, "extract_eval: cannot read %s\n", path);
			exit(1);
		}
		free(names[i]);
	}
	free(names);
	*out = v;
	return (size_t)n;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/'); /* the driver passes no trailing slash */
	return s ? s + 1 : path;
}

/* one set: texts to out/<set>/<id>.txt, then timed whole passes; 0 or -1 */
static int run_set(const char *setdir, const char *out, double seconds)
{
	struct page *pages;
	size_t n = load_set(setdir, &pages);
	if (!n) {
		fprintf(stderr, "extract_eval: no pages in %s\n", setdir);
		return -1;
	}
	const char *set = base_name(setdir);
	char dir[4200], path[8400];
	snprintf(dir, sizeof dir, "%s/%s", out, set);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "extract_eval: cannot make %s\n", dir);
		return -1;
	}
	struct arena a;
	arena_init(&a);
	for (size_t i = 0; i < n; i++) {
		const char *text = page_text(&a, &pages[i]);
		snprintf(path, sizeof path, "%s/%s.txt", dir, pages[i].id);
		FILE *f = fopen(path, "w");
		if (!f || (text && fputs(text, f) < 0) || fclose(f) != 0) {
			fprintf(stderr, "extract_eval: cannot write %s\n", path);
			return -1;
		}
		arena_reset(&a);
	}
	/* speed: whole passes, warm (the pass above was the warm-up), one arena reset per page */
	size_t done = 0;
	double t0 = cpu_seconds(), el;
	do {
		for (size_t i = 0; i < n; i++) {
			page_text(&a, &pages[i]);
			arena_reset(&a);
		}
		done += n;
		el = cpu_seconds() - t0;
	} while (el < seconds);
	arena_free(&a);
	snprintf(path, sizeof path, "%s/%s.speed", out, set);
	FILE *f = fopen(path, "w");
	if (!f || fprintf(f, "%zu %.6f\n", done, el) < 0 || fclose(f) != 0) {
		fprintf(stderr, "extract_eval: cannot write %s\n", path);
		return -1;
	}
	printf("%s: %zu pages, %.1f pages per CPU second\n", set, n, (double)done / el);
	for (size_t i = 0; i < n; i++) {
		free(pages[i].id);
		free(pages[i].bytes);
	}
	free(pages);
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = 2;
	const char *out = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "t:o:")) != -1) {
		if (opt == 't')
			seconds = atof(optarg);
		else if (opt == 'o')
			out = optarg;
		else
			goto usage;
	}
	if (!out || optind >= argc || !(seconds >= 0)) {
	usage:
		fprintf(stderr, "usage: extract_eval [-t SECONDS] -o OUTDIR SETDIR...\n");
		return 2;
	}
	if (mkdir(out, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "extract_eval: cannot make %s\n", out);
		return 1;
	}
	int rc = 0;
	for (int i = optind; i < argc; i++)
		if (run_set(argv[i], out, seconds) < 0)
			rc = 1;
	return rc;
}
