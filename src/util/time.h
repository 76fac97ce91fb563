/* time.h: wall-clock milliseconds, ISO 8601 formatting/parsing (JavaScript-compatible range) and key expiry parsing. */
#ifndef LARDER_TIME_H
#define LARDER_TIME_H
#include <stddef.h>
#include <stdint.h>

/* JavaScript's Date range: |ms| <= 8.64e15 */
#define TIME_MAX_MS INT64_C(8640000000000000)
#define TIME_MIN_MS (-TIME_MAX_MS)

int64_t time_now_ms(void);
/* milliseconds on a clock that only moves forward (for deadlines), from an arbitrary start */
int64_t time_mono_ms(void);
/* nanoseconds of CPU time the calling thread has used (0 when the clock cannot be read): parse budgets */
int64_t time_thread_cpu_ns(void);
/* "YYYY-MM-DDTHH:MM:SS.sssZ" (UTC); years beyond 9999 (or before 0) as "+275760-…"/"-000001-…" like
 * JavaScript; buf >= 32 (TIME_ISO_BUF) */
#define TIME_ISO_BUF 32
void time_format_iso(int64_t ms, char *buf, size_t len);
/* any ISO 8601 date or date-time (with/without offset "Z", "+02:00", "+0200"; fractional seconds;
 * date-only = UTC midnight; also the extended-year form "+275760-09-13T00:00:00.000Z").
 * 0 ok, -1 if not a valid date; range: JavaScript's ±8.64e15 ms */
int time_parse_iso(const char *s, size_t len, int64_t *ms);
/* time_parse_iso, and a date-time that is well formed but whose signed year lies past JavaScript's range
 * (Java's Instant.MIN, "-1000000000-01-01T00:00:00Z", which Omnivore's Android app sends for "since the
 * beginning") taken as the range's end: TIME_MIN_MS or TIME_MAX_MS. 0, or -1 */
int time_parse_iso_clamped(const char *s, size_t len, int64_t *ms);
/* "7d" "30d" "90d" "1y" "never" or ISO 8601 -> absolute ms ("never" = TIME_MAX_MS); -1 bad */
int time_parse_expiry(const char *s, int64_t now_ms, int64_t *out_ms);
#endif
