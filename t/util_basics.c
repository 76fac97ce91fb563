/* util_basics.c: tests of the arena, the string builder, UTF-8 checks, the JSON writers and the text helpers (hash, hex digits, HTML escaping, stable name order). */
#include "util/arena.h"
#include "util/jsonw.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/utf8.h"
#include "tap.h"

/* the fast writers give jw_string's text and GraphQL's short decimals */
static void test_fast_writers(void)
{
	static const char *const strs[] = {
		"", "abc", "exactly8", "fifteen chars!!", "sixteen chars!!!", "a plain ASCII string of some length",
		"quote at the end of a long string\"", "\"quote first in a long string", "tab\tin the middle of it",
		"caf\xc3\xa9 au lait, quite long", "line\xe2\x80\xa8separator in a long string", "bad \xff byte here ok",
		"backslash \\ in a longer string",
	};
	struct sb want, got;
	sb_init(&want);
	sb_init(&got);
	int same = 0;
	for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
		sb_reset(&want);
		sb_reset(&got);
		jw_string(&want, strs[i], strlen(strs[i]));
		jw_fast_string(&got, strs[i], strlen(strs[i]));
		same += strcmp(sb_str(&want), sb_str(&got)) == 0;
	}
	is_int(same, sizeof strs / sizeof strs[0], "jw_fast_string writes what jw_string writes");
	sb_reset(&got);
	const double nums[] = { 0.5, 0.000001, -2.25, 1234567.125, 3, -0.5, 1e10, 0.1, 1e-7 };
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		if (i)
			jw_fast_putc(&got, ' ');
		jw_fast_double(&got, nums[i]);
	}
	is_str(sb_str(&got), "0.5 0.000001 -2.25 1234567.125 3 -0.5 10000000000 0.1 1e-07",
	       "jw_fast_double: up to six decimals in plain digits, else as jw_double");
	sb_reset(&got);
	static const char key[] = ",\"name\":\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0";
	jw_fast_putc(&got, '{');
	jw_fast_key(&got, key + 1, 7);
	jw_fast_putn(&got, "null", 4);
	jw_fast_key(&got, key, 8);
	jw_int(&got, -7);
	jw_fast_putc(&got, '}');
	is_str(sb_str(&got), "{\"name\":null,\"name\":-7}", "jw_fast_key, jw_fast_putn, jw_fast_putc, jw_int");
	sb_free(&want);
	sb_free(&got);
	ok(text_cmp_stable("a", 5, "b", 1) < 0 && text_cmp_stable("b", 0, "a", 9) > 0 &&
	   text_cmp_stable("a", 1, "a", 2) < 0 && text_cmp_stable("a", 2, "a", 1) > 0 && text_cmp_stable("a", 3, "a", 3) == 0,
	   "text_cmp_stable: by name, then by position");
}

int main(void)
{
	struct arena a;
	arena_init(&a);
	char *p = arena_alloc(&a, 10);
	ok(p != NULL && ((uintptr_t)p & 15) == 0, "arena memory is 16-byte aligned");
	ok(p[0] == 0 && p[9] == 0, "arena memory is zeroed");
	char *big = arena_alloc(&a, 1 << 20);
	ok(big != NULL && big[(1 << 20) - 1] == 0, "large allocations work");
	is_str(arena_printf(&a, "%s-%d", "x", 42), "x-42", "arena_printf");
	char *r = arena_alloc(&a, 8);
	memcpy(r, "abcdefg", 8);
	char *r2 = arena_realloc(&a, r, 8, 64);
	is_str(r2, "abcdefg", "arena_realloc keeps contents");
	arena_reset(&a);
	ok(a.total == 0, "reset forgets everything");
	a.limit = 1000;
	ok(arena_alloc(&a, 900) != NULL, "under the limit");
	ok(arena_alloc(&a, 200) == NULL, "over the limit is refused");
	arena_free(&a);

	struct sb b;
	sb_init(&b);
	sb_puts(&b, "hello");
	sb_putc(&b, ' ');
	sb_printf(&b, "%d", 7);
	sb_put_int(&b, -9223372036854775807LL - 1);
	is_str(sb_str(&b), "hello 7-9223372036854775808", "string builder appends");
	b.max = 10;
	sb_puts(&b, "more");
	ok(sb_error(&b), "overflowing max sets the sticky error");
	sb_reset(&b);
	b.max = 0;
	ok(!sb_error(&b) && b.len == 0, "reset clears");

	jw_string(&b, "a\"b\\c\n\x01\xff\xe2\x80\xa8\xc3\xa9", 13);
	is_str(sb_str(&b), "\"a\\\"b\\\\c\\n\\u0001\xef\xbf\xbd\\u2028\xc3\xa9\"", "JSON string escaping");
	sb_reset(&b);
	jw_double(&b, 1.5);
	sb_putc(&b, ' ');
	jw_double(&b, 0.1);
	sb_putc(&b, ' ');
	jw_double(&b, 3);
	is_str(sb_str(&b), "1.5 0.1 3", "JSON numbers");
	sb_reset(&b);
	jw_double(&b, 1e308); /* found by fuzz_gql_execute: UBSan flagged the long long conversion */
	sb_putc(&b, ' ');
	jw_double(&b, -1e19);
	sb_putc(&b, ' ');
	jw_double(&b, 1e15);
	is_str(sb_str(&b), "1e+308 -1e+19 1e+15", "JSON numbers beyond long long's range");
	sb_free(&b);

	ok(utf8_valid("\xc3\xa9\xf0\x9f\x98\x80", 6), "valid UTF-8");
	ok(!utf8_valid("\xc0\xaf", 2), "overlong refused");
	ok(!utf8_valid("\xed\xa0\x80", 3), "surrogate refused");
	ok(!utf8_valid("\xe2\x82", 2), "truncated refused");
	is_int(utf8_count("a\xc3\xa9\xf0\x9f\x98\x80z", 8), 4, "utf8_count counts characters, not bytes");
	is_int(utf8_count("", 0), 0, "utf8_count of nothing");

	ok(text_hash("") == 2166136261u && text_hash("a") == 0xe40c292cu && text_hash("foobar") == 0xbf9cf968u,
	   "text_hash is 32-bit FNV-1a");
	ok(text_hash_n("foobar\0x", 6) == 0xbf9cf968u && text_hash_n("a\0b", 3) != text_hash_n("a", 1),
	   "text_hash_n hashes n bytes, NULs included");
	sb_init(&b);
	sb_put_int(&b, 0);
	sb_putc(&b, ' ');
	sb_put_int(&b, -42);
	sb_putc(&b, ' ');
	sb_put_int(&b, INT64_MIN);
	sb_putc(&b, ' ');
	sb_put_int(&b, INT64_MAX);
	is_str(sb_str(&b), "0 -42 -9223372036854775808 9223372036854775807", "sb_put_int (text_int) in decimal");
	sb_free(&b);
	ok(text_hex_value('0') == 0 && text_hex_value('9') == 9 && text_hex_value('a') == 10 && text_hex_value('F') == 15,
	   "text_hex_value of hex digits");
	ok(text_hex_value('g') == -1 && text_hex_value('/') == -1 && text_hex_value(':') == -1 && text_hex_value('@') == -1 &&
	   text_hex_value('G') == -1 && text_hex_value(0) == -1 && text_hex_value(0xe9) == -1,
	   "text_hex_value of other characters is -1");
	sb_init(&b);
	sb_put_html(&b, "a&b<c>d\"e'f");
	is_str(sb_str(&b), "a&amp;b&lt;c&gt;d&quot;e&#39;f", "sb_put_html escapes & < > \" '");
	sb_reset(&b);
	sb_put_html(&b, "plain \xc3\xa9 text");
	is_str(sb_str(&b), "plain \xc3\xa9 text", "sb_put_html leaves other text alone");
	sb_free(&b);
	arena_init(&a);
	is_str(text_html_escaped(&a, "<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;",
	       "text_html_escaped escapes all five in the arena");
	is_str(text_html_escaped(&a, ""), "", "text_html_escaped of nothing");
	a.limit = a.total + 4;
	is_str(text_html_escaped(&a, "too long for the arena"), "", "text_html_escaped out of memory is empty");
	arena_free(&a);
	test_fast_writers();
	return done_testing();
}
