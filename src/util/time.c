/* time.c: millisecond clock, ISO 8601 formatting and parsing over JavaScript's Date range, expiry parsing. */
#include "util/time.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MS_PER_DAY INT64_C(86400000)

int64_t time_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t time_mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t time_thread_cpu_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* days since 1970-01-01 of a proleptic Gregorian date (any year) */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	z += 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

void time_format_iso(int64_t ms, char *buf, size_t len)
{
	int64_t days, rem, y;
	int m, d;

	if (!buf || len == 0)
		return;
	/* no overflow even at INT64_MIN: split first, then borrow a day for negative remainders */
	days = ms / MS_PER_DAY;
	rem = ms % MS_PER_DAY;
	if (rem < 0) {
		rem += MS_PER_DAY;
		days--;
	}
	civil_from_days(days, &y, &m, &d);
	int hh = (int)(rem / 3600000), mm = (int)(rem / 60000 % 60), ss = (int)(rem / 1000 % 60),
	    ms3 = (int)(rem % 1000);
	if (y >= 0 && y <= 9999)
		snprintf(buf, len, "%04lld-%02d-%02dT%02d:%02d:%02d.%03dZ", (long long)y, m, d, hh, mm, ss, ms3);
	else
		snprintf(buf, len, "%c%06lld-%02d-%02dT%02d:%02d:%02d.%03dZ", y < 0 ? '-' : '+',
		         (long long)(y < 0 ? -y : y), m, d, hh, mm, ss, ms3);
}

static bool is_leap(int64_t y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int month_days(int64_t y, int m)
{
	static const int dm[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	return m == 2 && is_leap(y) ? 29 : dm[m - 1];
}

/* exactly n digits at s[*i]; advances *i */
static int digits(const char *s, size_t len, size_t *i, int n, int64_t *out)
{
	int64_t v = 0;
	if (*i + (size_t)n > len)
		return -1;
	for (int k = 0; k < n; k++) {
		char c = s[*i + (size_t)k];
		if (c < '0' || c > '9')
			return -1;
		v = v * 10 + (c - '0');
	}
	*i += (size_t)n;
	*out = v;
	return 0;
}

int time_parse_iso(const char *s, size_t len, int64_t *out)
{
	size_t i = 0;
	int64_t y, mo = 1, d = 1, hh = 0, mi = 0, ss = 0, frac = 0, off = 0, v;

	if (!s || !out)
		return -1;
	/* year: YYYY or ±YYYYYY */
	if (i < len && (s[i] == '+' || s[i] == '-')) {
		bool neg = s[i] == '-';
		i++;
		if (digits(s, len, &i, 6, &y) < 0)
			return -1;
		if (neg && y == 0)
			return -1;     /* "-000000" is not a year */
		if (neg)
			y = -y;
	} else if (digits(s, len, &i, 4, &y) < 0) {
		return -1;
	}
	/* -MM and -DD are optional (year or year-month alone mean the first day) */
	if (i < len && s[i] == '-') {
		i++;
		if (digits(s, len, &i, 2, &mo) < 0 || mo < 1 || mo > 12)
			return -1;
		if (i < len && s[i] == '-') {
			i++;
			if (digits(s, len, &i, 2, &d) < 0 || d < 1 || d > month_days(y, (int)mo))
				return -1;
		}
	}
	if (i < len && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
		i++;
		if (digits(s, len, &i, 2, &hh) < 0 || i >= len || s[i] != ':')
			return -1;
		i++;
		if (digits(s, len, &i, 2, &mi) < 0 || mi > 59)
			return -1;
		if (i < len && s[i] == ':') {
			i++;
			if (digits(s, len, &i, 2, &ss) < 0 || ss > 59)
				return -1;
			if (i < len && (s[i] == '.' || s[i] == ',')) {
				int n = 0;
				i++;
				while (i < len && s[i] >= '0' && s[i] <= '9') {
					if (n < 3)
						frac = frac * 10 + (s[i] - '0');
					n++;
					i++;
				}
				if (n == 0)
					return -1;
				for (; n < 3; n++)
					frac *= 10;
			}
		}
		/* 24:00:00(.000) is the end of the day; any other hour past 23 is invalid */
		if (hh > 24 || (hh == 24 && (mi || ss || frac)))
			return -1;
		if (i < len && (s[i] == 'Z' || s[i] == 'z')) {
			i++;
		} else if (i < len && (s[i] == '+' || s[i] == '-')) {
			int64_t oh, om = 0;
			int sign = s[i] == '-' ? -1 : 1;
			i++;
			if (digits(s, len, &i, 2, &oh) < 0 || oh > 23)
				return -1;
			if (i < len && s[i] == ':') {
				i++;
				if (digits(s, len, &i, 2, &om) < 0)
					return -1;
			} else if (i < len && s[i] >= '0' && s[i] <= '9') {
				if (digits(s, len, &i, 2, &om) < 0)
					return -1;
			}
			if (om > 59)
				return -1;
			off = sign * (oh * 60 + om) * 60000;
		}
	}
	if (i != len)
		return -1;
	v = days_from_civil(y, (int)mo, (int)d) * MS_PER_DAY + ((hh * 60 + mi) * 60 + ss) * 1000 + frac - off;
	if (v > TIME_MAX_MS || v < TIME_MIN_MS)
		return -1;
	*out = v;
	return 0;
}

int time_parse_iso_clamped(const char *s, size_t len, int64_t *out)
{
	char rest[64];
	size_t i = 1;
	if (time_parse_iso(s, len, out) == 0)
		return 0;
	if (!s || len < 8 || (s[0] != '+' && s[0] != '-'))
		return -1;
	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	/* a signed year of 7 digits or more (6 are time_parse_iso's own), then the rest read with year 2000 */
	if (i < 8 || i >= len || s[i] != '-' || len - i + 4 >= sizeof rest)
		return -1;
	memcpy(rest, "2000", 4);
	memcpy(rest + 4, s + i, len - i);
	int64_t ignored;
	if (time_parse_iso(rest, len - i + 4, &ignored) != 0)
		return -1;
	*out = s[0] == '-' ? TIME_MIN_MS : TIME_MAX_MS;
	return 0;
}

int time_parse_expiry(const char *s, int64_t now_ms, int64_t *out_ms)
{
	size_t len, i = 0;
	int64_t n = 0, v;

	if (!s || !out_ms)
		return -1;
	len = strlen(s);
	if (len == 5 && strcmp(s, "never") == 0) {
		*out_ms = TIME_MAX_MS;
		return 0;
	}
	/* "<N>d" (days) or "<N>y" (years of 365 days), N from 1 to 99999 */
	while (i < len && i < 5 && s[i] >= '0' && s[i] <= '9')
		n = n * 10 + (s[i++] - '0');
	if (i > 0 && i + 1 == len && n > 0 && (s[i] == 'd' || s[i] == 'y')) {
		int64_t add = n * (s[i] == 'y' ? 365 : 1) * MS_PER_DAY;
		v = now_ms > TIME_MAX_MS - add ? TIME_MAX_MS : now_ms + add;
		*out_ms = v;
		return 0;
	}
	return time_parse_iso(s, len, out_ms);
}
