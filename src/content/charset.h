/* charset.h: decode fetched HTML bytes to UTF-8 (BOM, HTTP charset, <meta> prescan, windows-1252 default). */
#ifndef LARDER_CONTENT_CHARSET_H
#define LARDER_CONTENT_CHARSET_H
#include <stddef.h>

struct arena;

/* The canonical WHATWG name for an encoding label ("latin1" -> "windows-1252"), or NULL if unknown. */
const char *charset_canonical(const char *label, size_t n);

/* The encoding a <meta> in the first 1024 bytes declares (canonical name), or NULL. */
const char *charset_prescan(const char *bytes, size_t n);

/* Decode bytes to NUL-terminated UTF-8 in the arena. The encoding is chosen as the HTML spec's
 * sniffing does: a BOM, then the charset parameter of content_type_header (may be NULL), then
 * a <meta> prescan, else windows-1252. Malformed input becomes U+FFFD, never an error.
 * *used gets the canonical name. Returns 0, or -1 when the arena is exhausted. */
int charset_to_utf8(struct arena *a, const char *bytes, size_t n, const char *content_type_header,
                    char **out, size_t *outlen, const char **used);
#endif
