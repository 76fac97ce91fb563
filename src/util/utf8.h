/* utf8.h: UTF-8 validation and encoding helpers. */
#ifndef LARDER_UTF8_H
#define LARDER_UTF8_H
#include <stddef.h>
#include <stdint.h>

/* length (1-4) of the valid UTF-8 sequence at p, or 0 if it is not valid (overlongs, surrogates refused) */
size_t utf8_valid_prefix(const unsigned char *p, size_t n);
/* 1 when all n bytes are valid UTF-8 */
int utf8_valid(const char *s, size_t n);
/* characters in the n bytes at s, counted as bytes that do not continue a sequence (for length limits) */
size_t utf8_count(const char *s, size_t n);
/* bytes of the longest start of the n bytes at s holding at most max characters (counted as utf8_count
 * counts them), so it ends on a character boundary */
size_t utf8_prefix(const char *s, size_t n, size_t max);
/* encode code point cp (<= 0x10FFFF, not a surrogate) into out; returns bytes written (1-4) */
size_t utf8_encode(uint32_t cp, char out[4]);
#endif
