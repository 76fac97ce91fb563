/* gql_lex.c: tests of the GraphQL lexer: every token kind, number and string rules, block strings, positions, errors. */
#include <stdio.h>
#include <string.h>
#include "gql/lexer.h"
#include "util/arena.h"
#include "util/sb.h"
#include "tap.h"

static struct arena A;

/* all tokens of src as "Kind[value]@line:col" joined by spaces, or "ERR line:col message" */
static const char *lex_all(const char *src, size_t len)
{
	struct gql_lexer lx;
	struct gql_token t;
	struct sb b;
	sb_init(&b);
	gql_lexer_init(&lx, &A, src, len);
	for (;;) {
		if (gql_lex(&lx, &t) < 0) {
			sb_printf(&b, "%sERR %u:%u %s", b.len ? " " : "", (unsigned)lx.err_loc.line,
			          (unsigned)lx.err_loc.col, lx.err);
			break;
		}
		if (b.len)
			sb_putc(&b, ' ');
		sb_puts(&b, gql_tok_kind_names[t.kind]);
		if (t.kind == GQL_TOK_NAME || t.kind == GQL_TOK_INT || t.kind == GQL_TOK_FLOAT)
			sb_printf(&b, "[%.*s]", (int)t.len, t.start);
		else if (t.kind == GQL_TOK_STRING || t.kind == GQL_TOK_BLOCK_STRING)
			sb_printf(&b, "[%.*s]", (int)t.value.len, t.value.p);
		sb_printf(&b, "@%u:%u", (unsigned)t.loc.line, (unsigned)t.loc.col);
		if (t.kind == GQL_TOK_EOF)
			break;
	}
	const char *r = arena_strdup(&A, sb_str(&b));
	sb_free(&b);
	return r;
}
#define LEX(s) lex_all((s), sizeof(s) - 1)

/* the decoded value of the single string token in src */
static const char *str1(const char *src, uint32_t *len)
{
	struct gql_lexer lx;
	struct gql_token t;
	gql_lexer_init(&lx, &A, src, strlen(src));
	if (gql_lex(&lx, &t) < 0)
		return arena_printf(&A, "ERR %u:%u %s", (unsigned)lx.err_loc.line, (unsigned)lx.err_loc.col, lx.err);
	if (t.kind != GQL_TOK_STRING && t.kind != GQL_TOK_BLOCK_STRING)
		return "NOT A STRING";
	if (len)
		*len = t.value.len;
	return t.value.p;
}

static void test_punctuators(void)
{
	is_str(LEX("! $ & ( ) ... : = @ [ ] { | }"),
	       "!@1:1 $@1:3 &@1:5 (@1:7 )@1:9 ...@1:11 :@1:15 =@1:17 @@1:19 [@1:21 ]@1:23 {@1:25 |@1:27 }@1:29 <EOF>@1:30",
	       "every punctuator with its column");
	is_str(LEX("{a}"), "{@1:1 Name[a]@1:2 }@1:3 <EOF>@1:4", "no whitespace needed");
	is_str(LEX(""), "<EOF>@1:1", "empty source is EOF at 1:1");
	is_str(LEX("  ,,, \t"), "<EOF>@1:8", "commas and whitespace ignored");
	is_str(LEX("..."), "...@1:1 <EOF>@1:4", "spread alone");
	is_str(LEX(".."), "ERR 1:1 Unexpected character: \".\".", "two dots is an error");
	is_str(LEX("a . b"), "Name[a]@1:1 ERR 1:3 Unexpected character: \".\".", "lone dot");
	is_str(LEX("?"), "ERR 1:1 Unexpected character: \"?\".", "unknown character");
	is_str(LEX("'a'"), "ERR 1:1 Unexpected single quote character ('), did you mean to use a double quote (\")?",
	       "single quote");
	is_str(LEX("a \x07"), "Name[a]@1:1 ERR 1:3 Unexpected character: U+0007.", "control character");
	is_str(LEX("\xc3\xa9"), "ERR 1:1 Unexpected character: U+00E9.", "non-ASCII outside strings");
}

static void test_ignored(void)
{
	is_str(LEX("\xef\xbb\xbf" "a"), "Name[a]@1:2 <EOF>@1:3", "BOM ignored (counts as one column)");
	is_str(LEX("a\nb\r\nc\rd"), "Name[a]@1:1 Name[b]@2:1 Name[c]@3:1 Name[d]@4:1 <EOF>@4:2",
	       "\\n, \\r\\n and \\r are line terminators");
	is_str(LEX("a\n\n\n  b"), "Name[a]@1:1 Name[b]@4:3 <EOF>@4:4", "blank lines");
	is_str(LEX("# comment { }\nx # another\r\n#last"), "Name[x]@2:1 <EOF>@3:6", "comments ignored");
	is_str(LEX("# caf\xc3\xa9 \x07\nx"), "Name[x]@2:1 <EOF>@2:2", "comments may hold any character");
	is_str(LEX("a\xef\xbb\xbf" "b"), "Name[a]@1:1 Name[b]@1:3 <EOF>@1:4", "BOM between tokens is one column");
	is_str(LEX("\"\xc3\xa9\" \"\xf0\x9f\x98\x80\" a"), "String[\xc3\xa9]@1:1 String[\xf0\x9f\x98\x80]@1:5 Name[a]@1:9 <EOF>@1:10",
	       "columns after 2- and 4-byte characters");
	is_str(LEX("\"\"\"\xc3\xa9\n\xe2\x82\xac\"\"\"x\ny"), "BlockString[\xc3\xa9\n\xe2\x82\xac]@1:1 Name[x]@2:5 Name[y]@3:1 <EOF>@3:2",
	       "columns after multibyte characters in a block string; reset on the next line");
	is_str(LEX("# bad \xff\nx"), "ERR 1:7 Invalid UTF-8 sequence.", "invalid UTF-8 in a comment");
	is_str(LEX("a \xe2\x82"), "Name[a]@1:1 ERR 1:3 Invalid UTF-8 sequence.", "truncated UTF-8");
	is_str(LEX("a \xc0\xaf"), "Name[a]@1:1 ERR 1:3 Invalid UTF-8 sequence.", "overlong UTF-8");
}

static void test_names(void)
{
	is_str(LEX("_ a _a1 A_b9 __typename query"),
	       "Name[_]@1:1 Name[a]@1:3 Name[_a1]@1:5 Name[A_b9]@1:9 Name[__typename]@1:14 Name[query]@1:25 <EOF>@1:30",
	       "names");
	is_str(LEX("a-b"), "Name[a]@1:1 ERR 1:3 Invalid number, expected digit but got: \"b\".", "name then minus");
}

static void test_numbers(void)
{
	is_str(LEX("0 -0 4 -4 1234567890"), "Int[0]@1:1 Int[-0]@1:3 Int[4]@1:6 Int[-4]@1:8 Int[1234567890]@1:11 <EOF>@1:21",
	       "ints");
	is_str(LEX("4.123 -4.123 0.123 123e4 123E4 123e-4 123e+4 -1.123e4 -1.123E-4 -1.123e+4 0e0"),
	       "Float[4.123]@1:1 Float[-4.123]@1:7 Float[0.123]@1:14 Float[123e4]@1:20 Float[123E4]@1:26 "
	       "Float[123e-4]@1:32 Float[123e+4]@1:39 Float[-1.123e4]@1:46 Float[-1.123E-4]@1:55 "
	       "Float[-1.123e+4]@1:65 Float[0e0]@1:75 <EOF>@1:78",
	       "floats");
	is_str(LEX("00"), "ERR 1:2 Invalid number, unexpected digit after 0: \"0\".", "leading zero");
	is_str(LEX("-01"), "ERR 1:3 Invalid number, unexpected digit after 0: \"1\".", "negative leading zero");
	is_str(LEX("1."), "ERR 1:3 Invalid number, expected digit but got: <EOF>.", "1. at EOF");
	is_str(LEX("1.a"), "ERR 1:3 Invalid number, expected digit but got: \"a\".", "1.a");
	is_str(LEX(".5"), "ERR 1:1 Unexpected character: \".\".", ".5");
	is_str(LEX("1e"), "ERR 1:3 Invalid number, expected digit but got: <EOF>.", "1e");
	is_str(LEX("1e+"), "ERR 1:4 Invalid number, expected digit but got: <EOF>.", "1e+");
	is_str(LEX("1.e1"), "ERR 1:3 Invalid number, expected digit but got: \"e\".", "1.e1");
	is_str(LEX("-"), "ERR 1:2 Invalid number, expected digit but got: <EOF>.", "minus alone");
	is_str(LEX("- 1"), "ERR 1:2 Invalid number, expected digit but got: \" \".", "minus space");
	is_str(LEX("123abc"), "ERR 1:4 Invalid number, expected digit but got: \"a\".", "int followed by name start");
	is_str(LEX("1.5_"), "ERR 1:4 Invalid number, expected digit but got: \"_\".", "float followed by underscore");
	is_str(LEX("1.2.3"), "ERR 1:4 Invalid number, expected digit but got: \".\".", "number followed by dot");
	is_str(LEX("1...a"), "ERR 1:3 Invalid number, expected digit but got: \".\".", "1... is an error");
	is_str(LEX("0x1"), "ERR 1:2 Invalid number, expected digit but got: \"x\".", "hex is an error");
	is_str(LEX("1e1.0"), "ERR 1:4 Invalid number, expected digit but got: \".\".", "exponent then dot");
	is_str(LEX("1\"x\""), "Int[1]@1:1 String[x]@1:2 <EOF>@1:5", "number then string is fine");
	is_str(LEX("[1,2]"), "[@1:1 Int[1]@1:2 Int[2]@1:4 ]@1:5 <EOF>@1:6", "numbers in a list");
	is_str(LEX("1\"\xe2\x82\"x"), "Int[1]@1:1 ERR 1:3 Invalid UTF-8 sequence.", "invalid UTF-8 in a string");
}

static void test_strings(void)
{
	uint32_t n = 0;
	is_str(LEX("\"\" \"simple\" \" white space \""), "String[]@1:1 String[simple]@1:4 String[ white space ]@1:13 <EOF>@1:28",
	       "simple strings");
	is_str(str1("\"quote \\\"\"", NULL), "quote \"", "escaped quote");
	is_str(str1("\"escaped \\n\\r\\b\\t\\f\\/\\\\\"", NULL), "escaped \n\r\b\t\f/\\", "every simple escape");
	is_str(str1("\"slashes \\\\ \\/\"", NULL), "slashes \\ /", "slashes");
	is_str(str1("\"unicode \\u1234\\u5678\\u90AB\\uCDEF\"", NULL),
	       "unicode \xe1\x88\xb4\xe5\x99\xb8\xe9\x82\xab\xec\xb7\xaf", "\\uXXXX escapes");
	is_str(str1("\"\\u{1F600} \\u{41}\\u{0000041}\"", NULL), "\xf0\x9f\x98\x80 AA", "\\u{...} escapes");
	is_str(str1("\"\\uD83D\\uDE00\"", NULL), "\xf0\x9f\x98\x80", "surrogate pair escape");
	is_str(str1("\"\\uDBFF\\uDFFF\"", NULL), "\xf4\x8f\xbf\xbf", "maximal surrogate pair");
	const char *z = str1("\"a\\u0000b\"", &n);
	ok(n == 3 && memcmp(z, "a\0b", 3) == 0, "\\u0000 kept, length 3");
	z = str1("\"a\\u{0}b\"", &n);
	ok(n == 3 && memcmp(z, "a\0b", 3) == 0, "\\u{0} kept");
	is_str(str1("\"caf\xc3\xa9 \xf0\x9f\x98\x80\"", NULL), "caf\xc3\xa9 \xf0\x9f\x98\x80", "raw UTF-8 in strings");
	is_str(str1("\"tab\there\"", NULL), "tab\there", "tab allowed");
	is_str(LEX("\"\xc3\xa9\" a"), "String[\xc3\xa9]@1:1 Name[a]@1:5 <EOF>@1:6", "columns count code points");

	is_str(LEX("\"abc"), "ERR 1:5 Unterminated string.", "unterminated at EOF");
	is_str(LEX("\"abc\ndef\""), "ERR 1:5 Unterminated string.", "line feed ends the string");
	is_str(LEX("\"abc\r\"x"), "ERR 1:5 Unterminated string.", "carriage return ends the string");
	is_str(LEX("\"a\x07\""), "String[a\x07]@1:1 <EOF>@1:5", "control character allowed in a string (Oct 2021)");
	is_str(LEX("\"a\x1f\""), "String[a\x1f]@1:1 <EOF>@1:5", "U+001F allowed in a string");
	is_str(LEX("\"bad \\z esc\""), "ERR 1:6 Invalid character escape sequence: \"\\z\".", "bad escape");
	is_str(LEX("\"bad \\x esc\""), "ERR 1:6 Invalid character escape sequence: \"\\x\".", "\\x escape");
	is_str(LEX("\"bad \\u1 esc\""), "ERR 1:6 Invalid Unicode escape sequence: \"\\u1 es\".", "short \\u");
	is_str(LEX("\"bad \\uXXXF esc\""), "ERR 1:6 Invalid Unicode escape sequence: \"\\uXXXF\".", "bad hex");
	is_str(LEX("\"\\uD800\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\uD800\".", "lone leading surrogate");
	is_str(LEX("\"\\uDC00\\uD800\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\uDC00\".", "lone trailing surrogate");
	is_str(LEX("\"\\uD800\\u0041\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\uD800\".", "surrogate + non-surrogate");
	is_str(LEX("\"\\u{D800}\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\u{D800}\".", "\\u{} surrogate");
	is_str(LEX("\"\\u{110000}\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\u{110000\".", "\\u{} too big");
	is_str(LEX("\"\\u{}\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\u{}\".", "\\u{} empty");
	is_str(LEX("\"\\u{12\""), "ERR 1:2 Invalid Unicode escape sequence: \"\\u{12\"\".", "\\u{ unterminated");
	is_str(LEX("\xc3\xa9\xc3\xa9"), "ERR 1:1 Unexpected character: U+00E9.", "multibyte start");
	is_str(LEX("\"\xc3\xa9\xc3\xa9\\q\""), "ERR 1:4 Invalid character escape sequence: \"\\q\".",
	       "error column after multibyte characters");
	is_str(LEX("a\r\n  \"\\q\""), "Name[a]@1:1 ERR 2:4 Invalid character escape sequence: \"\\q\".",
	       "error location after \\r\\n");
}

static void test_block_strings(void)
{
	is_str(str1("\"\"\"\"\"\"", NULL), "", "empty block string");
	is_str(str1("\"\"\"simple\"\"\"", NULL), "simple", "simple block string");
	is_str(str1("\"\"\" white space \"\"\"", NULL), " white space ", "first line whitespace kept");
	is_str(str1("\"\"\"contains \" quote\"\"\"", NULL), "contains \" quote", "quote inside");
	is_str(str1("\"\"\"contains \\\"\"\" triple quote\"\"\"", NULL), "contains \"\"\" triple quote", "\\\"\"\" escape");
	is_str(str1("\"\"\"multi\nline\"\"\"", NULL), "multi\nline", "multi-line");
	is_str(str1("\"\"\"multi\rline\r\nnormalized\"\"\"", NULL), "multi\nline\nnormalized", "line terminators normalized");
	is_str(str1("\"\"\"unescaped \\n\\r\\b\\t\\f\\u1234\"\"\"", NULL), "unescaped \\n\\r\\b\\t\\f\\u1234",
	       "escapes are raw in block strings");
	is_str(str1("\"\"\"slashes \\\\ \\/\"\"\"", NULL), "slashes \\\\ \\/", "slashes raw");
	/* the spec's example: common indentation and blank leading/trailing lines removed */
	is_str(str1("\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\"", NULL),
	       "spans\n  multiple\n    lines", "spec example: indentation removed");
	is_str(str1("\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\"", NULL),
	       "Hello,\n  World!\n\nYours,\n  GraphQL.", "spec example: Hello World");
	is_str(str1("\"\"\"  first\n    second\n  third\"\"\"", NULL), "  first\n  second\nthird",
	       "first line not counted for indentation");
	is_str(str1("\"\"\"\n\t\ta\n\t\t b\n\"\"\"", NULL), "a\n b", "tabs are indentation");
	is_str(str1("\"\"\"  \n  \n\"\"\"", NULL), "", "only blank lines");
	is_str(str1("\"\"\"\n   a\n      \n   b\n\"\"\"", NULL), "a\n   \nb", "whitespace-only middle line keeps its tail");
	is_str(str1("\"\"\"caf\xc3\xa9\"\"\"", NULL), "caf\xc3\xa9", "UTF-8 in block string");
	is_str(LEX("\"\"\"a\n  b\"\"\" c"), "BlockString[a\nb]@1:1 Name[c]@2:8 <EOF>@2:9",
	       "position after a multi-line block string");
	is_str(LEX("\"\"\"a\r\nb\"\"\"\nc"), "BlockString[a\nb]@1:1 Name[c]@3:1 <EOF>@3:2",
	       "\\r\\n inside a block string counts one line");
	is_str(LEX("\"\"\"abc"), "ERR 1:7 Unterminated string.", "unterminated block string");
	is_str(LEX("\"\"\"abc\"\""), "ERR 1:9 Unterminated string.", "two quotes do not close");
	is_str(LEX("\"\"\"a\n b\x07\"\"\""), "BlockString[a\nb\x07]@1:1 <EOF>@2:7",
	       "control character allowed in a block string");
	is_str(LEX("\"\"\"\xff\"\"\""), "ERR 1:4 Invalid UTF-8 sequence.", "invalid UTF-8 in block string");
	char out[64];
	size_t n = gql_block_string_value("\n  x\n   y\n", 10, out);
	is_int(n, 4, "gql_block_string_value length");
	is_str(out, "x\n y", "gql_block_string_value direct");
}

static void test_desc(void)
{
	struct gql_lexer lx;
	struct gql_token t;
	const char *src = "name 12 1.5 \"s\" \"\"\"b\"\"\" }";
	gql_lexer_init(&lx, &A, src, strlen(src));
	const char *want[] = { "Name \"name\"", "Int \"12\"", "Float \"1.5\"", "String \"s\"", "BlockString \"b\"",
	                       "\"}\"", "<EOF>" };
	for (int i = 0; i < 7; i++) {
		gql_lex(&lx, &t);
		is_str(gql_token_desc(&A, &t), want[i], "token description %d", i);
	}
	is_int(lx.ntokens, 6, "ntokens counts tokens but not EOF");
	ok(gql_lex(&lx, &t) == 0 && t.kind == GQL_TOK_EOF, "EOF again after EOF");
}

static void test_long_line(void)
{
	/* columns stay exact on a long line (the column cache) */
	char buf[4000];
	size_t n = 0;
	for (int i = 0; i < 500; i++) {
		memcpy(buf + n, "\xc3\xa9 ", 3); /* inside a comment-free region: use strings */
		n += 0;
		buf[n++] = 'a';
		buf[n++] = ' ';
	}
	memcpy(buf + n, "\"\xc3\xa9\" ?", 6);
	n += 6;
	const char *r = lex_all(buf, n);
	like(r, "String[\xc3\xa9]@1:1001 ERR 1:1005 Unexpected character: \"?\".", "column on a long line");
}

int main(void)
{
	arena_init(&A);
	test_punctuators();
	test_ignored();
	test_names();
	test_numbers();
	test_strings();
	test_block_strings();
	test_desc();
	test_long_line();
	arena_free(&A);
	return done_testing();
}
