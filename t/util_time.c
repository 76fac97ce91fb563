/* util_time.c: tests of ISO 8601 formatting/parsing (JavaScript-compatible) and expiry parsing. */
#include <string.h>

#include "util/time.h"
#include "t/tap.h"

static int64_t parse(const char *s, int *rc)
{
	int64_t v = -12345;
	*rc = time_parse_iso(s, strlen(s), &v);
	return v;
}

static void roundtrip(int64_t ms, const char *want)
{
	char buf[TIME_ISO_BUF];
	int rc;
	time_format_iso(ms, buf, sizeof buf);
	is_str(buf, want, "format %lld", (long long)ms);
	int64_t back = parse(buf, &rc);
	is_int(rc, 0, "parse %s", want);
	is_int(back, ms, "round trip %s", want);
}

static void good(const char *s, int64_t want)
{
	int rc;
	int64_t v = parse(s, &rc);
	is_int(rc, 0, "accepts %s", s);
	is_int(v, want, "value of %s", s);
}

static void bad(const char *s)
{
	int rc;
	parse(s, &rc);
	is_int(rc, -1, "rejects '%s'", s);
}

int main(void)
{
	int64_t now = time_now_ms(), v;
	ok(now > INT64_C(1700000000000) && now < INT64_C(4102444800000), "time_now_ms is a plausible epoch ms value");
	{
		/* the thread's CPU clock: read, and moving forward while this thread works */
		int64_t c0 = time_thread_cpu_ns(), c1;
		volatile uint64_t spin = 0;
		do {
			for (int i = 0; i < 100000; i++)
				spin += (uint64_t)i;
		} while ((c1 = time_thread_cpu_ns()) == c0);
		ok(c0 > 0 && c1 > c0, "time_thread_cpu_ns moves forward as the thread works (%lld, %lld)", (long long)c0,
		   (long long)c1);
	}

	/* Java's Instant.MIN and MAX, as Omnivore's Android app sends them: the ends of JavaScript's range */
	ok(time_parse_iso_clamped("-1000000000-01-01T00:00:00Z", 27, &v) == 0 && v == TIME_MIN_MS,
	   "clamped: Instant.MIN is the beginning of time");
	ok(time_parse_iso_clamped("+1000000000-12-31T23:59:59.999999999Z", 37, &v) == 0 && v == TIME_MAX_MS,
	   "clamped: Instant.MAX is the end of time");
	ok(time_parse_iso_clamped("2024-01-15", 10, &v) == 0 && v == INT64_C(1705276800000), "clamped: a plain date as before");
	ok(time_parse_iso_clamped("-1000000000-13-01T00:00:00Z", 27, &v) == -1, "clamped: a bad month is still bad");
	ok(time_parse_iso_clamped("-1000000000", 11, &v) == -1, "clamped: digits alone are no date");
	ok(time_parse_iso_clamped("-1000000000-01-01Tjunk", 22, &v) == -1, "clamped: junk after the year is bad");

	roundtrip(0, "1970-01-01T00:00:00.000Z");
	roundtrip(1, "1970-01-01T00:00:00.001Z");
	roundtrip(-1, "1969-12-31T23:59:59.999Z");
	roundtrip(INT64_C(1709164800000), "2024-02-29T00:00:00.000Z");
	roundtrip(INT64_C(1700000000123), "2023-11-14T22:13:20.123Z");
	roundtrip(INT64_C(8640000000000000), "+275760-09-13T00:00:00.000Z");
	roundtrip(INT64_C(-8640000000000000), "-271821-04-20T00:00:00.000Z");
	roundtrip(INT64_C(253402300800000), "+010000-01-01T00:00:00.000Z");
	roundtrip(INT64_C(253402300799999), "9999-12-31T23:59:59.999Z");
	roundtrip(INT64_C(-62167219200000), "0000-01-01T00:00:00.000Z");
	roundtrip(INT64_C(-62167219200001), "-000001-12-31T23:59:59.999Z");
	roundtrip(INT64_C(-62135596800000), "0001-01-01T00:00:00.000Z");

	{
		char buf[TIME_ISO_BUF];
		time_format_iso(INT64_MAX, buf, sizeof buf);
		ok(strlen(buf) < TIME_ISO_BUF && buf[0] == '+', "INT64_MAX formats within the buffer: %s", buf);
		time_format_iso(INT64_MIN, buf, sizeof buf);
		ok(strlen(buf) < TIME_ISO_BUF && buf[0] == '-', "INT64_MIN formats within the buffer: %s", buf);
		time_format_iso(0, buf, 11);
		is_str(buf, "1970-01-01", "short buffer truncates safely");
	}

	good("2024-01-15", INT64_C(1705276800000));
	good("2024-01", INT64_C(1704067200000));
	good("2024", INT64_C(1704067200000));
	good("2024-01-15T10:20", INT64_C(1705314000000));
	good("2024-01-15T10:20:30Z", INT64_C(1705314030000));
	good("2024-01-15T10:20:30.5Z", INT64_C(1705314030500));
	good("2024-01-15T10:20:30.123456789Z", INT64_C(1705314030123));
	good("2024-01-15T10:20:30,25Z", INT64_C(1705314030250));
	good("2024-01-15t10:20:30z", INT64_C(1705314030000));
	good("2024-01-15 10:20:30Z", INT64_C(1705314030000));
	good("2024-01-15T12:20:30+02:00", INT64_C(1705314030000));
	good("2024-01-15T12:20:30+0200", INT64_C(1705314030000));
	good("2024-01-15T12:20:30+02", INT64_C(1705314030000));
	good("2024-01-15T05:50:30-04:30", INT64_C(1705314030000));
	good("2024-01-15T24:00:00Z", INT64_C(1705363200000));
	good("2024-02-29T00:00:00Z", INT64_C(1709164800000));
	good("2000-02-29", INT64_C(951782400000));
	good("+002024-01-15T00:00:00Z", INT64_C(1705276800000));
	good("+275760-09-13T00:00:00.000Z", INT64_C(8640000000000000));
	good("-271821-04-20T00:00:00.000Z", INT64_C(-8640000000000000));

	bad("");
	bad("2024-02-30");
	bad("2023-02-29");
	bad("1900-02-29");
	bad("2024-13-01");
	bad("2024-00-01");
	bad("2024-01-00");
	bad("2024-04-31");
	bad("2024-01-15T25:00");
	bad("2024-01-15T24:01");
	bad("2024-01-15T10:60");
	bad("2024-01-15T10:20:60Z");
	bad("2024-01-15T10:20:30+24:00");
	bad("2024-01-15T10:20:30+02:60");
	bad("2024-01-15T10:20:30+2");
	bad("2024-01-15T10:20:30+02:0");
	bad("2024-01-15T10:20:30.Z");
	bad("2024-01-15T10:20:30ZZ");
	bad("2024-01-15T10");
	bad("2024-1-15");
	bad("24-01-15");
	bad("-000000-01-01");
	bad("+275760-09-13T00:00:00.001Z");
	bad("-271821-04-19T23:59:59.999Z");
	bad("2024-01-15x");
	bad("hello");
	{
		int rc;
		v = -5;
		rc = time_parse_iso("2024-01-15T10:20:30Zjunk", 20, &v);
		is_int(rc, 0, "length bounds the input (no NUL needed)");
		is_int(v, INT64_C(1705314030000), "value with explicit length");
	}

	is_int(time_parse_expiry("never", now, &v), 0, "never parses");
	is_int(v, INT64_C(8640000000000000), "never = max date");
	is_int(time_parse_expiry("7d", 1000, &v), 0, "7d parses");
	is_int(v, 1000 + 7 * INT64_C(86400000), "7d value");
	is_int(time_parse_expiry("30d", 0, &v), 0, "30d parses");
	is_int(v, 30 * INT64_C(86400000), "30d value");
	is_int(time_parse_expiry("90d", 0, &v), 0, "90d parses");
	is_int(v, 90 * INT64_C(86400000), "90d value");
	is_int(time_parse_expiry("1y", 0, &v), 0, "1y parses");
	is_int(v, 365 * INT64_C(86400000), "1y = 365 days");
	is_int(time_parse_expiry("2030-01-01T00:00:00Z", now, &v), 0, "ISO expiry parses");
	is_int(v, INT64_C(1893456000000), "ISO expiry value");
	is_int(time_parse_expiry("2020-01-01", now, &v), 0, "past expiry accepted");
	is_int(time_parse_expiry("1y", INT64_MAX, &v), 0, "1y from a huge now");
	is_int(v, INT64_C(8640000000000000), "clamped to the max date");
	is_int(time_parse_expiry("0d", now, &v), -1, "0d rejected");
	is_int(time_parse_expiry("7", now, &v), -1, "bare number rejected");
	is_int(time_parse_expiry("d", now, &v), -1, "bare unit rejected");
	is_int(time_parse_expiry("7w", now, &v), -1, "unknown unit rejected");
	is_int(time_parse_expiry("Never", now, &v), -1, "never is lower-case");
	is_int(time_parse_expiry("", now, &v), -1, "empty rejected");
	return done_testing();
}
