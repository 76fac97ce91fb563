/* util_slug.c: tests of slug_make (folding, separators, length cut, suffix, bad UTF-8). */
#include <string.h>

#include "util/arena.h"
#include "util/slug.h"
#include "t/tap.h"

static struct arena A;

static void check(const char *title, const char *suffix, const char *want)
{
	char *got = slug_make(&A, title, strlen(title), suffix);
	is_str(got, want, "slug of '%s' (suffix %s)", title, suffix ? suffix : "none");
}

/* for inputs that should not be printed raw (invalid UTF-8) */
static void check_named(const char *name, const char *title, const char *suffix, const char *want)
{
	char *got = slug_make(&A, title, strlen(title), suffix);
	is_str(got, want, "slug of %s", name);
}

int main(void)
{
	arena_init(&A);
	check("Hello, World!", NULL, "hello-world");
	check("Hello, World!", "a1b2", "hello-world-a1b2");
	check("  --Leading and trailing--  ", NULL, "leading-and-trailing");
	check("Crème brûlée à la française", NULL, "creme-brulee-a-la-francaise");
	check("Straße", NULL, "strasse");
	check("Æsir æther Œuvre œuf", NULL, "aesir-aether-oeuvre-oeuf");
	check("Ørsted Søren", NULL, "orsted-soren");
	check("Łódź Wałbrzych", NULL, "lodz-walbrzych");
	check("Đakovo đak", NULL, "dakovo-dak");
	check("Þór þorn", NULL, "thor-thorn");
	check("Ñandú ÿes ýou", NULL, "nandu-yes-you");
	check("Čeština Šťastný Žluťoučký", NULL, "cestina-stastny-zlutoucky");
	check("ĳssel Ğöç İstanbul", NULL, "ijssel-goc-istanbul");
	check("5 × 3 ÷ 2", NULL, "5-3-2");
	check("日本語のタイトル", NULL, "untitled");
	check("日本語 and English", "x", "and-english-x");
	check("emoji 🎉 party", NULL, "emoji-party");
	check("", NULL, "untitled");
	check("", "s1", "untitled-s1");
	check("!!!", "s1", "untitled-s1");
	check("C++ & C#: a_b", NULL, "c-c-a-b");
	check("MiXeD CaSe 123", NULL, "mixed-case-123");
	/* invalid UTF-8: lone continuation, truncated sequence, overlong, bytes 0xff */
	check_named("lone continuation byte", "a\x80" "b", NULL, "a-b");
	check_named("truncated 2-byte sequence", "caf\xc3", NULL, "caf");
	check_named("overlong slash", "\xc0\xaf" "x", NULL, "x");
	check_named("bytes ff fe fd", "\xff\xfe\xfd", NULL, "untitled");
	check_named("truncated 3-byte sequence", "ok\xe2\x82", "z", "ok-z");
	check_named("Latin-1 encoded e-acute", "caf\xe9 au lait", NULL, "caf-au-lait");
	check_named("surrogate encoded in UTF-8", "a\xed\xa0\x80" "b", NULL, "a-b");
	/* non-ASCII punctuation separates, other characters are dropped */
	check("Hello\xe2\x80\x94World", NULL, "hello-world");
	check("\xc2\xab Bonjour \xc2\xbb", NULL, "bonjour");
	check("a\xc2\xa0" "b", NULL, "a-b");
	check("It\xe2\x80\x99s \xe2\x80\x9cquoted\xe2\x80\x9d", NULL, "it-s-quoted");
	check("re\xcc\x81sume\xcc\x81 (decomposed)", NULL, "resume-decomposed");
	check("a\xe6\x97\xa5" "b", NULL, "ab");
	check("\xe3\x80\x8c\xe6\x97\xa5\xe3\x80\x8dnews\xe3\x80\x82x", NULL, "news-x");
	check("\xef\xbb\xbf" "BOM title", NULL, "bom-title");
	{
		/* NUL bytes inside n are separators, not terminators */
		char *got = slug_make(&A, "a\0b", 3, NULL);
		is_str(got, "a-b", "embedded NUL");
		is_str(slug_make(&A, NULL, 5, "q"), "untitled-q", "NULL title");
	}
	/* length: exactly 64 kept */
	{
		char t[200], want[200];
		memset(t, 'a', 64); t[64] = 0;
		check(t, NULL, t);
		/* 65 letters in one word: hard cut at 64 */
		memset(t, 'b', 65); t[65] = 0;
		memset(want, 'b', 64); want[64] = 0;
		check(t, NULL, want);
		/* words: cut at the last '-' inside the limit */
		strcpy(t, "the quick brown fox jumps over the lazy dog and keeps running far away");
		check(t, NULL, "the-quick-brown-fox-jumps-over-the-lazy-dog-and-keeps-running");
		check(t, "k9", "the-quick-brown-fox-jumps-over-the-lazy-dog-and-keeps-running-k9");
		/* a boundary exactly at 64: 64 chars then a space then more */
		memset(t, 'c', 64); strcpy(t + 64, " more");
		memset(want, 'c', 64); want[64] = 0;
		check(t, NULL, want);
		/* 63 chars, separator, more: cut leaves 63 */
		memset(t, 'd', 63); strcpy(t + 63, " ef");
		memset(want, 'd', 63); want[63] = 0;
		check(t, NULL, want);
		/* folding that expands (ß -> ss) counts output characters */
		strcpy(t, "");
		for (int i = 0; i < 40; i++) strcat(t, "ß");
		memset(want, 's', 64); want[64] = 0;
		check(t, NULL, want);
		char *g = slug_make(&A, t, strlen(t), "sfx");
		ok(g && strlen(g) == 64 + 4, "length with suffix is 68");
	}
	arena_free(&A);
	return done_testing();
}
