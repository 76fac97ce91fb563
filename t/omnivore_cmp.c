/* omnivore_cmp.c: compares two Omnivore export zips with libarchive and json-c alone (every metadata object key by key, every content and highlights file byte for byte), printing each difference. */
#include <archive.h>
#include <archive_entry.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one export as read: its metadata elements and its other files */
struct file {
	char *name, *data;
	size_t len;
};
struct zip {
	struct json_object *items;  /* every element of every metadata file, in one array */
	struct file *files;
	size_t nfiles;
};

static int differences;

static void differ(const char *fmt, const char *a, const char *b, const char *c)
{
	if (differences++ < 200) {
		printf(fmt, a, b, c);
		putchar('\n');
	}
}

static char *entry_data(struct archive *ar, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *p = malloc(cap + 1);
	la_ssize_t got;
	while (p && (got = archive_read_data(ar, p + n, cap - n)) > 0)
		if ((n += (size_t)got) == cap)
			p = realloc(p, (cap *= 2) + 1);
	if (!p || !(p = realloc(p, n + 1))) /* no more than it needs: thousands of files are held at once */
		exit(2);
	p[n] = '\0';
	*len = n;
	return p;
}

static bool read_zip(const char *path, struct zip *z)
{
	struct archive *ar = archive_read_new();
	struct archive_entry *e;
	size_t cap = 0;
	archive_read_support_format_zip(ar);
	if (archive_read_open_filename(ar, path, 65536) != ARCHIVE_OK) {
		fprintf(stderr, "omnivore_cmp: %s: %s\n", path, archive_error_string(ar));
		archive_read_free(ar);
		return false;
	}
	z->items = json_object_new_array();
	while (archive_read_next_header(ar, &e) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);
		size_t len;
		char *data = entry_data(ar, &len);
		if (strncmp(name, "metadata_", 9) == 0) {
			struct json_object *arr = json_tokener_parse(data);
			if (!json_object_is_type(arr, json_type_array)) {
				differ("%s: %s is not a JSON array%s", path, name, "");
				free(data);
				continue;
			}
			for (size_t i = 0; i < json_object_array_length(arr); i++)
				json_object_array_add(z->items, json_object_get(json_object_array_get_idx(arr, i)));
			json_object_put(arr);
			free(data);
			continue;
		}
		if (z->nfiles == cap && !(z->files = realloc(z->files, (cap = cap ? cap * 2 : 256) * sizeof *z->files)))
			exit(2);
		z->files[z->nfiles++] = (struct file){ strdup(name), data, len };
	}
	archive_read_free(ar);
	return true;
}

static void free_zip(struct zip *z)
{
	for (size_t i = 0; i < z->nfiles; i++) {
		free(z->files[i].name);
		free(z->files[i].data);
	}
	free(z->files);
	json_object_put(z->items);
}

static const char *str_of(struct json_object *o, const char *key)
{
	struct json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string) ?
	       json_object_get_string(v) : "";
}

static const char *sort_key = "id";

static int by_key(const void *x, const void *y)
{
	return strcmp(str_of(*(struct json_object *const *)x, sort_key), str_of(*(struct json_object *const *)y, sort_key));
}

static int by_name(const void *x, const void *y)
{
	return strcmp(((const struct file *)x)->name, ((const struct file *)y)->name);
}

/* equal JSON values: numbers by value (100 and 100.0 are one number), the rest by type and content */
static bool same(struct json_object *a, struct json_object *b)
{
	bool na = json_object_is_type(a, json_type_int) || json_object_is_type(a, json_type_double);
	bool nb = json_object_is_type(b, json_type_int) || json_object_is_type(b, json_type_double);
	if (na || nb)
		return na && nb && json_object_get_double(a) == json_object_get_double(b);
	if (json_object_get_type(a) != json_object_get_type(b))
		return false;
	if (json_object_is_type(a, json_type_array)) {
		size_t n = json_object_array_length(a);
		if (n != json_object_array_length(b))
			return false;
		for (size_t i = 0; i < n; i++)
			if (!same(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i)))
				return false;
		return true;
	}
	return json_object_equal(a, b);
}

/* one element of each, key by key (skip: a key not compared, or NULL) */
static void cmp_item(struct json_object *a, struct json_object *b, const char *skip)
{
	const char *who = str_of(a, sort_key);
	json_object_object_foreach(a, k, va) {
		struct json_object *vb;
		if (skip && strcmp(k, skip) == 0)
			continue;
		if (!json_object_object_get_ex(b, k, &vb))
			differ("item %s: key %s missing in the second%s", who, k, "");
		else if (!same(va, vb)) {
			char *sa = strdup(json_object_to_json_string(va));
			differ("item %s: %s differs: %s", who, k, sa);
			printf("    second: %s\n", json_object_to_json_string(vb));
			free(sa);
		}
	}
	json_object_object_foreach(b, k2, vb2) {
		(void)vb2;
		if (!json_object_object_get_ex(a, k2, NULL))
			differ("item %s: key %s only in the second%s", who, k2, "");
	}
}

static void cmp_files(struct zip *a, struct zip *b)
{
	size_t i = 0, j = 0;
	qsort(a->files, a->nfiles, sizeof *a->files, by_name);
	qsort(b->files, b->nfiles, sizeof *b->files, by_name);
	while (i < a->nfiles || j < b->nfiles) {
		int c = i == a->nfiles ? 1 : j == b->nfiles ? -1 : strcmp(a->files[i].name, b->files[j].name);
		if (c < 0) {
			differ("file %s only in the first%s%s", a->files[i++].name, "", "");
		} else if (c > 0) {
			differ("file %s only in the second%s%s", b->files[j++].name, "", "");
		} else {
			const struct file *fa = &a->files[i++], *fb = &b->files[j++];
			size_t k = 0;
			while (k < fa->len && k < fb->len && fa->data[k] == fb->data[k])
				k++;
			if (k < fa->len || k < fb->len) {
				char at[32];
				snprintf(at, sizeof at, "%zu", k);
				differ("file %s differs at byte %s: ...%s", fa->name, at, fa->data + (k > 40 ? k - 40 : 0));
				printf("    second: ...%.200s\n", fb->data + (k > 40 ? k - 40 : 0));
			}
		}
	}
}

int main(int argc, char **argv)
{
	struct zip a = { 0 }, b = { 0 };
	bool fresh_ids = argc == 4 && strcmp(argv[1], "--fresh-ids") == 0;
	size_t n;
	if (argc != 3 && !fresh_ids) {
		fprintf(stderr, "usage: omnivore_cmp [--fresh-ids] FIRST.zip SECOND.zip\n"
		                "  --fresh-ids: items matched by slug, and every id of the second must be new\n");
		return 2;
	}
	if (fresh_ids)
		sort_key = "slug";
	if (!read_zip(argv[argc - 2], &a) || !read_zip(argv[argc - 1], &b))
		return 2;
	n = json_object_array_length(a.items);
	if (n != json_object_array_length(b.items)) {
		char na[32], nb[32];
		snprintf(na, sizeof na, "%zu", n);
		snprintf(nb, sizeof nb, "%zu", json_object_array_length(b.items));
		differ("%s items in the first, %s in the second%s", na, nb, "");
	}
	json_object_array_sort(a.items, by_key);
	json_object_array_sort(b.items, by_key);
	for (size_t i = 0; i < n && i < json_object_array_length(b.items); i++) {
		struct json_object *x = json_object_array_get_idx(a.items, i), *y = json_object_array_get_idx(b.items, i);
		if (strcmp(str_of(x, sort_key), str_of(y, sort_key)) != 0) {
			differ("item %s of the first is not in the second (%s there)%s", str_of(x, sort_key),
			       str_of(y, sort_key), "");
			continue;
		}
		if (fresh_ids && (strlen(str_of(y, "id")) != 36 || strcmp(str_of(x, "id"), str_of(y, "id")) == 0))
			differ("item %s: the second's id %s is not a fresh one%s", str_of(x, "slug"), str_of(y, "id"), "");
		cmp_item(x, y, fresh_ids ? "id" : NULL);
	}
	cmp_files(&a, &b);
	printf("%zu items, %zu files compared: %d differences\n", n, a.nfiles, differences);
	free_zip(&a);
	free_zip(&b);
	return differences ? 1 : 0;
}
