/* text.h: small text helpers shared by every layer: FNV-1a hash, hex digit value, HTML escaping. */
#ifndef LARDER_TEXT_H
#define LARDER_TEXT_H
#include <stdint.h>

struct arena;
struct sb;

/* 32-bit FNV-1a hash of a NUL-terminated string */
uint32_t text_hash(const char *s);
/* the value of one hex digit (0-9, a-f, A-F), or -1 */
int text_hex_value(int c);
/* s with & < > " ' escaped for HTML text and quoted attribute values, appended to b */
void sb_put_html(struct sb *b, const char *s);
/* the same as a string in the arena ("" when the arena is out of memory) */
const char *text_html_escaped(struct arena *a, const char *s);
#endif
