/* jsonw.h: writing JSON text into a string builder (strings escaped, invalid UTF-8 replaced). */
#ifndef LARDER_JSONW_H
#define LARDER_JSONW_H
#include <stdbool.h>
#include <stddef.h>
#include "util/sb.h"

/* a JSON string literal with quotes; bytes that are not valid UTF-8 become U+FFFD */
void jw_string(struct sb *b, const char *s, size_t n);
static inline void jw_cstr(struct sb *b, const char *s) { if (s) { size_t n = 0; while (s[n]) n++; jw_string(b, s, n); } else sb_putn(b, "null", 4); }
/* a finite double as the shortest text that reads back the same; NaN/Inf become null */
void jw_double(struct sb *b, double d);
static inline void jw_bool(struct sb *b, bool v) { if (v) sb_putn(b, "true", 4); else sb_putn(b, "false", 5); }
#endif
