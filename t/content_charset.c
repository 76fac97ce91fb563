/* content_charset.c: tests of encoding sniffing (BOM, HTTP charset, <meta> prescan, default) and decoding to UTF-8. */
#include <string.h>

#include "content/charset.h"
#include "tap.h"
#include "util/arena.h"

static struct arena A;
static const char *used;
static size_t outlen;

static const char *dec(const char *bytes, size_t n, const char *ct)
{
	char *out = NULL;
	used = NULL;
	if (charset_to_utf8(&A, bytes, n, ct, &out, &outlen, &used) != 0)
		return "(failed)";
	return out;
}
#define DEC(lit, ct) dec((lit), sizeof(lit) - 1, (ct))

static void labels(void)
{
	is_str(charset_canonical("latin1", 6), "windows-1252", "latin1");
	is_str(charset_canonical(" ISO-8859-1 ", 12), "windows-1252", "ISO-8859-1 trimmed, any case");
	is_str(charset_canonical("us-ascii", 8), "windows-1252", "us-ascii");
	is_str(charset_canonical("utf8", 4), "UTF-8", "utf8");
	is_str(charset_canonical("gb2312", 6), "GBK", "gb2312");
	is_str(charset_canonical("Shift_JIS", 9), "Shift_JIS", "Shift_JIS");
	is_str(charset_canonical("iso-8859-9", 10), "windows-1254", "iso-8859-9 is windows-1254");
	ok(charset_canonical("klingon", 7) == NULL, "unknown label");
}

static void bom(void)
{
	is_str(DEC("\xef\xbb\xbfh\xc3\xa9", "text/html; charset=iso-8859-1"), "h\xc3\xa9", "UTF-8 BOM beats HTTP");
	is_str(used, "UTF-8", "used UTF-8");
	is_str(DEC("\xff\xfeh\0\xe9\0", NULL), "h\xc3\xa9", "UTF-16LE BOM");
	is_str(used, "UTF-16LE", "used UTF-16LE");
	is_str(DEC("\xfe\xff\0h\0\xe9", "text/html;charset=utf-8"), "h\xc3\xa9", "UTF-16BE BOM beats HTTP");
	is_str(used, "UTF-16BE", "used UTF-16BE");
	is_str(DEC("\xff\xfe\x00\xd8h\0", NULL), "\xef\xbf\xbdh", "lone surrogate becomes U+FFFD");
	is_str(DEC("\xff\xfeh\0i", NULL), "h\xef\xbf\xbd", "odd trailing byte becomes U+FFFD");
}

static void http(void)
{
	is_str(DEC("<meta charset=utf-8>\xe9", "text/html; charset=ISO-8859-1"), "<meta charset=utf-8>\xc3\xa9",
	       "HTTP charset beats meta");
	is_str(used, "windows-1252", "latin1 label used as windows-1252");
	is_str(DEC("\x93\xfa\x96\x7b", "text/html; charset=\"shift_jis\""), "\xe6\x97\xa5\xe6\x9c\xac", "Shift_JIS quoted");
	is_str(used, "Shift_JIS", "used Shift_JIS");
	is_str(DEC("\xc6\xfc\xcb\xdc", "text/html;charset=EUC-JP"), "\xe6\x97\xa5\xe6\x9c\xac", "EUC-JP");
	is_str(DEC("\xd6\xd0\xce\xc4\xa2\xe3", "text/html; charset=gb2312"), "\xe4\xb8\xad\xe6\x96\x87\xe2\x82\xac",
	       "gb2312 decoded as GB18030");
	is_str(DEC("\xa4\xa4\xa4\xe5", "text/html; charset=big5"), "\xe4\xb8\xad\xe6\x96\x87", "Big5");
	is_str(DEC("\xf0\xd2\xc9\xd7\xc5\xd4", "text/html; charset=koi8-r"),
	       "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", "KOI8-R");
	is_str(DEC("\xdf", "text/html; charset=windows-1251"), "\xd0\xaf", "windows-1251");
	is_str(DEC("\xb3", "text/html; charset=iso-8859-2"), "\xc5\x82", "ISO-8859-2");
	is_str(DEC("a\x93\xfa", "text/html; charset=klingon"), "a\xe2\x80\x9c\xc3\xba", "unknown HTTP label ignored");
	is_str(used, "windows-1252", "falls to default");
	is_str(DEC("\x93\xff\x96\x7b", "text/html; charset=shift_jis"), "\xef\xbf\xbd\xef\xbf\xbd\xe6\x9c\xac",
	       "invalid Shift_JIS replaced, rest decoded");
}

static void meta(void)
{
	is_str(DEC("<html><head><meta charset=\"utf-8\"><title>h\xc3\xa9</title>", NULL),
	       "<html><head><meta charset=\"utf-8\"><title>h\xc3\xa9</title>", "meta charset");
	is_str(used, "UTF-8", "used UTF-8");
	is_str(DEC("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">\xf0", NULL),
	       "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">\xd0\x9f", "meta http-equiv");
	is_str(used, "KOI8-R", "used KOI8-R");
	is_str(DEC("<meta content='text/html;charset=koi8-r'>\xe9", NULL), "<meta content='text/html;charset=koi8-r'>\xc3\xa9",
	       "content without http-equiv ignored");
	is_str(used, "windows-1252", "default then");
	is_str(DEC("<!-- <meta charset=koi8-r> --><META CHARSET=SHIFT_JIS>\x93\xfa", NULL),
	       "<!-- <meta charset=koi8-r> --><META CHARSET=SHIFT_JIS>\xe6\x97\xa5", "meta in a comment skipped");
	is_str(DEC("<a title='x>y<meta charset=koi8-r>'><meta charset=utf-8>\xc3\xa9", NULL),
	       "<a title='x>y<meta charset=koi8-r>'><meta charset=utf-8>\xc3\xa9", "meta inside an attribute value skipped");
	is_str(used, "UTF-8", "used the real meta");
	is_str(DEC("<!DOCTYPE html><html lang=ru><head><meta http-equiv=content-type content=\"text/html;charset=windows-1251\">\xdf", NULL),
	       "<!DOCTYPE html><html lang=ru><head><meta http-equiv=content-type content=\"text/html;charset=windows-1251\">\xd0\xaf",
	       "meta after doctype and tags");
	is_str(used, "windows-1251", "used windows-1251");
	is_str(DEC("<meta charset=utf-16>\xc3\xa9", NULL), "<meta charset=utf-16>\xc3\xa9", "meta utf-16 means UTF-8");
	is_str(used, "UTF-8", "used UTF-8");

	char buf[1200];
	memset(buf, ' ', sizeof buf);
	memcpy(buf + 1100, "<meta charset=utf-8>", 20);
	char *out;
	charset_to_utf8(&A, buf, sizeof buf, NULL, &out, &outlen, &used);
	is_str(used, "windows-1252", "meta after 1024 bytes not seen");
}

static void defaults(void)
{
	is_str(DEC("caf\xe9 \x80 \x81", NULL), "caf\xc3\xa9 \xe2\x82\xac \xc2\x81", "default windows-1252, 0x81 kept");
	is_str(used, "windows-1252", "used windows-1252");
	is_str(DEC("ok\xc3\xa9 bad\xff \xe2\x82 end", "text/html; charset=utf-8"),
	       "ok\xc3\xa9 bad\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd end", "invalid UTF-8 replaced");
	is_int(outlen, strlen("ok\xc3\xa9 bad\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd end"), "outlen");
	is_str(DEC("\xed\xa0\x80", "text/html; charset=utf-8"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd",
	       "UTF-8 surrogate replaced");
	is_str(DEC("", NULL), "", "empty input");
	is_int(outlen, 0, "empty length");
	is_str(DEC("a\0b", "text/html; charset=utf-8"), "a", "NUL kept (C string stops)");
	is_int(outlen, 3, "NUL counted in outlen");
}

int main(void)
{
	arena_init(&A);
	labels();
	bom();
	http();
	meta();
	defaults();
	arena_free(&A);
	return done_testing();
}
