/* utf8.c: UTF-8 validation and encoding (see utf8.h). */
#include "util/utf8.h"

size_t utf8_valid_prefix(const unsigned char *p, size_t n)
{
	if (n == 0)
		return 0;
	unsigned char c = p[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
			return 0;
		if (c == 0xe0 && p[1] < 0xa0)
			return 0; /* overlong */
		if (c == 0xed && p[1] >= 0xa0)
			return 0; /* surrogate */
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 || (p[3] & 0xc0) != 0x80)
			return 0;
		if (c == 0xf0 && p[1] < 0x90)
			return 0;
		if (c == 0xf4 && p[1] >= 0x90)
			return 0;
		return 4;
	}
	return 0;
}

int utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		size_t l = utf8_valid_prefix(p + i, n - i);
		if (l == 0)
			return 0;
		i += l;
	}
	return 1;
}

size_t utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

size_t utf8_count(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

size_t utf8_prefix(const char *s, size_t n, size_t max)
{
	size_t c = 0, i;
	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80 && c++ == max)
			break;
	return i;
}
