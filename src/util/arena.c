/* arena.c: bump allocator for per-request memory (see arena.h). */
#include "util/arena.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK 65536
#define ALIGN(n) (((n) + 15) & ~(size_t)15)

struct arena_block {
	struct arena_block *next;
	size_t size;
	_Alignas(16) unsigned char data[];
};

void arena_init(struct arena *a)
{
	memset(a, 0, sizeof *a);
}

static struct arena_block *block_new(size_t size)
{
	struct arena_block *b = malloc(sizeof *b + size);
	if (b == NULL) {
		fputs("larder: out of memory\n", stderr);
		abort();
	}
	b->next = NULL;
	b->size = size;
	return b;
}

void *arena_alloc(struct arena *a, size_t n)
{
	size_t need = ALIGN(n ? n : 1);
	if (need < n)
		return NULL;
	if (a->limit && (a->total + need > a->limit || a->total + need < a->total))
		return NULL;
	if (a->head == NULL || a->head->size - a->used < need) {
		size_t size = need > ARENA_BLOCK / 4 ? need : ARENA_BLOCK;
		struct arena_block *b = block_new(size);
		if (a->head != NULL && size == need && a->head->size - a->used > 1024) {
			/* a big one-off block goes behind the current one, so the current keeps filling */
			b->next = a->head->next;
			a->head->next = b;
			a->total += need;
			memset(b->data, 0, need);
			return b->data;
		}
		b->next = a->head;
		a->head = b;
		a->used = 0;
	}
	void *p = a->head->data + a->used;
	a->used += need;
	a->total += need;
	memset(p, 0, need);
	return p;
}

void *arena_realloc(struct arena *a, void *p, size_t oldn, size_t newn)
{
	if (p == NULL)
		return arena_alloc(a, newn);
	if (newn <= oldn)
		return p;
	struct arena_block *h = a->head;
	size_t olda = ALIGN(oldn ? oldn : 1), newa = ALIGN(newn);
	if (h && (unsigned char *)p + olda == h->data + a->used && h->size - a->used + olda >= newa &&
	    (!a->limit || a->total - olda + newa <= a->limit)) {
		memset(h->data + a->used, 0, newa - olda);
		a->used += newa - olda;
		a->total += newa - olda;
		return p;
	}
	void *q = arena_alloc(a, newn);
	if (q != NULL)
		memcpy(q, p, oldn);
	return q;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	if (p != NULL && n)
		memcpy(p, s, n);
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_vprintf(struct arena *a, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return NULL;
	char *p = arena_alloc(a, (size_t)n + 1);
	if (p != NULL)
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void arena_reset(struct arena *a)
{
	if (a->head == NULL)
		return;
	/* keep the newest standard-size block, free the rest */
	struct arena_block *keep = NULL, *b = a->head, *next;
	for (; b != NULL; b = next) {
		next = b->next;
		if (keep == NULL && b->size == ARENA_BLOCK)
			keep = b;
		else
			free(b);
	}
	a->head = keep;
	if (keep)
		keep->next = NULL;
	a->used = 0;
	a->total = 0;
}

void arena_free(struct arena *a)
{
	struct arena_block *b = a->head, *next;
	for (; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	memset(a, 0, sizeof *a);
}
