/* arena.h: bump allocator for per-request memory; reset after each request, nothing freed one by one. */
#ifndef LARDER_ARENA_H
#define LARDER_ARENA_H
#include <stddef.h>
#include <stdarg.h>

struct arena_block;

struct arena {
	struct arena_block *head;   /* current block (newest first) */
	size_t used;                /* bytes used in head */
	size_t total;               /* bytes handed out since the last reset */
	size_t limit;               /* 0 = unlimited; else arena_alloc returns NULL past it */
};

void arena_init(struct arena *a);
/* 16-byte aligned, zero-filled memory; NULL only when the arena's limit is reached.
 * Out of system memory aborts the process (a worker cannot serve without memory). */
void *arena_alloc(struct arena *a, size_t n);
/* Grow the last allocation in place when possible; otherwise copy. */
void *arena_realloc(struct arena *a, void *p, size_t oldn, size_t newn);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *arena_vprintf(struct arena *a, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Forget everything allocated; keeps one block for the next request. */
void arena_reset(struct arena *a);
void arena_free(struct arena *a);

#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARENA_NEWN(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (n)))
#endif
