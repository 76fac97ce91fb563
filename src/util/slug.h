/* slug.h: URL slugs from titles (ASCII-folded, lower-case, hyphen-separated). */
#ifndef LARDER_SLUG_H
#define LARDER_SLUG_H
#include <stddef.h>

struct arena;

#define SLUG_MAX_BASE 64  /* characters of the slug before "-suffix" */

/* Slug of the n bytes of UTF-8 title: Latin-1 Supplement and Latin Extended-A letters folded to
 * their base letters (ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ→d, þ→th, ĳ→ij); ASCII lower-cased. Non-ASCII
 * spaces, punctuation and symbols (U+0080-U+00BF, ×, ÷, General Punctuation, arrows and symbols
 * U+2190-U+2BFF, CJK and fullwidth punctuation) and invalid UTF-8 bytes separate words like ASCII
 * punctuation; all other characters (other scripts, combining marks, emoji) are dropped. Every
 * run of non-alphanumerics becomes one '-'; leading/trailing '-' are trimmed; at most
 * SLUG_MAX_BASE characters (cut at the last '-' within the limit when there is one, else hard);
 * "untitled" when empty; then '-' and suffix when suffix is not NULL.
 * Returns NULL only when the arena is exhausted. */
char *slug_make(struct arena *a, const char *title, size_t n, const char *suffix);
#endif
