/* lexer.c: the GraphQL lexer: tokens, numbers, strings and block strings with exact positions. */
#include "gql/lexer.h"
#include <stdio.h>
#include <string.h>
#include "util/text.h"
#include "util/utf8.h"

const char *const gql_tok_kind_names[GQL_TOK__MAX] = {
	"<EOF>", "!", "$", "&", "(", ")", "...", ":", "=", "@", "[", "]", "{", "|", "}",
	"Name", "Int", "Float", "String", "BlockString",
};

void gql_lexer_init(struct gql_lexer *lx, struct arena *a, const char *src, size_t len)
{
	memset(lx, 0, sizeof *lx);
	lx->a = a;
	lx->src = src;
	lx->end = src + len;
	lx->p = src;
	lx->line = 1;
	lx->line_start = src;
}

/* the position of byte q on the current line (q >= line_start); every multibyte character
 * before q on this line has been counted in line_extra */
static inline struct gql_loc loc_of(const struct gql_lexer *lx, const char *q)
{
	struct gql_loc l = { lx->line, (uint32_t)(q - lx->line_start) + 1 - lx->line_extra, (uint32_t)(q - lx->src) };
	return l;
}

static void newline(struct gql_lexer *lx, const char *q)
{
	lx->line++;
	lx->line_start = q;
	lx->line_extra = 0;
}

/* decode the (valid) UTF-8 code point at q, of length n */
static uint32_t decode_cp(const unsigned char *q, size_t n)
{
	switch (n) {
	case 1: return q[0];
	case 2: return ((uint32_t)(q[0] & 0x1f) << 6) | (q[1] & 0x3f);
	case 3: return ((uint32_t)(q[0] & 0x0f) << 12) | ((uint32_t)(q[1] & 0x3f) << 6) | (q[2] & 0x3f);
	default:
		return ((uint32_t)(q[0] & 0x07) << 18) | ((uint32_t)(q[1] & 0x3f) << 12) |
		       ((uint32_t)(q[2] & 0x3f) << 6) | (q[3] & 0x3f);
	}
}

static int fail(struct gql_lexer *lx, const char *at, const char *msg)
{
	lx->err = msg;
	lx->err_loc = loc_of(lx, at);
	return -1;
}

/* graphql-js's printCodePointAt: "x", '"', U+0007 or <EOF> */
static const char *print_cp(struct gql_lexer *lx, const char *q)
{
	if (q >= lx->end)
		return "<EOF>";
	unsigned char c = (unsigned char)*q;
	if (c == '"')
		return "'\"'";
	if (c >= 0x20 && c <= 0x7e)
		return arena_printf(lx->a, "\"%c\"", c);
	size_t n = utf8_valid_prefix((const unsigned char *)q, (size_t)(lx->end - q));
	if (n == 0)
		return arena_printf(lx->a, "byte 0x%02X", c);
	return arena_printf(lx->a, "U+%04X", (unsigned)decode_cp((const unsigned char *)q, n));
}

static int failf(struct gql_lexer *lx, const char *at, const char *prefix, const char *cpat)
{
	const char *m = arena_printf(lx->a, "%s%s.", prefix, print_cp(lx, cpat));
	return fail(lx, at, m ? m : prefix);
}

/* length of the valid UTF-8 sequence at q, or an error "Invalid UTF-8 sequence." */
static size_t utf8_at(struct gql_lexer *lx, const char *q)
{
	return utf8_valid_prefix((const unsigned char *)q, (size_t)(lx->end - q));
}

/* 1: name start, 2: name continuation */
#define NS 3
#define ND 2
static const unsigned char cclass[256] = {
	['0'] = ND, ['1'] = ND, ['2'] = ND, ['3'] = ND, ['4'] = ND, ['5'] = ND, ['6'] = ND, ['7'] = ND,
	['8'] = ND, ['9'] = ND, ['_'] = NS,
	['A'] = NS, ['B'] = NS, ['C'] = NS, ['D'] = NS, ['E'] = NS, ['F'] = NS, ['G'] = NS, ['H'] = NS,
	['I'] = NS, ['J'] = NS, ['K'] = NS, ['L'] = NS, ['M'] = NS, ['N'] = NS, ['O'] = NS, ['P'] = NS,
	['Q'] = NS, ['R'] = NS, ['S'] = NS, ['T'] = NS, ['U'] = NS, ['V'] = NS, ['W'] = NS, ['X'] = NS,
	['Y'] = NS, ['Z'] = NS,
	['a'] = NS, ['b'] = NS, ['c'] = NS, ['d'] = NS, ['e'] = NS, ['f'] = NS, ['g'] = NS, ['h'] = NS,
	['i'] = NS, ['j'] = NS, ['k'] = NS, ['l'] = NS, ['m'] = NS, ['n'] = NS, ['o'] = NS, ['p'] = NS,
	['q'] = NS, ['r'] = NS, ['s'] = NS, ['t'] = NS, ['u'] = NS, ['v'] = NS, ['w'] = NS, ['x'] = NS,
	['y'] = NS, ['z'] = NS,
};
static inline bool is_name_start(int c)
{
	return c >= 0 && cclass[c] == NS;
}
static inline bool is_name_cont(int c)
{
	return cclass[c] != 0;
}
static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }

static int peekc(const struct gql_lexer *lx, const char *q)
{
	return q < lx->end ? (unsigned char)*q : -1;
}

/* digits at q (at least one); returns the position after them or NULL after an error */
static const char *read_digits(struct gql_lexer *lx, const char *q)
{
	if (!is_digit(peekc(lx, q))) {
		failf(lx, q, "Invalid number, expected digit but got: ", q);
		return NULL;
	}
	while (is_digit(peekc(lx, q)))
		q++;
	return q;
}

static int read_number(struct gql_lexer *lx, const char *s, struct gql_token *t)
{
	const char *q = s;
	bool is_float = false;
	if (*q == '-')
		q++;
	if (peekc(lx, q) == '0') {
		q++;
		if (is_digit(peekc(lx, q)))
			return failf(lx, q, "Invalid number, unexpected digit after 0: ", q);
	} else if ((q = read_digits(lx, q)) == NULL) {
		return -1;
	}
	if (peekc(lx, q) == '.') {
		is_float = true;
		if ((q = read_digits(lx, q + 1)) == NULL)
			return -1;
	}
	int c = peekc(lx, q);
	if (c == 'e' || c == 'E') {
		is_float = true;
		q++;
		c = peekc(lx, q);
		if (c == '+' || c == '-')
			q++;
		if ((q = read_digits(lx, q)) == NULL)
			return -1;
	}
	c = peekc(lx, q);
	if (c == '.' || is_name_start(c))
		return failf(lx, q, "Invalid number, expected digit but got: ", q);
	t->kind = is_float ? GQL_TOK_FLOAT : GQL_TOK_INT;
	t->len = (uint32_t)(q - s);
	lx->p = q;
	return 0;
}

/* four hex digits at q, or -1 */
static int32_t hex4(const struct gql_lexer *lx, const char *q)
{
	int32_t v = 0;
	for (int i = 0; i < 4; i++) {
		int h = text_hex_value(peekc(lx, q + i));
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static int bad_unicode(struct gql_lexer *lx, const char *bs, size_t n)
{
	if (bs + n > lx->end)
		n = (size_t)(lx->end - bs);
	const char *m = arena_printf(lx->a, "Invalid Unicode escape sequence: \"%.*s\".", (int)n, bs);
	return fail(lx, bs, m ? m : "Invalid Unicode escape sequence.");
}

/* the escape sequence at q (its backslash) decoded into out + *n; returns its length, or -1
 * after failing */
static int read_escape(struct gql_lexer *lx, const char *q, char *out, size_t *n)
{
	int x = peekc(lx, q + 1);
	switch (x) {
	case '"': out[(*n)++] = '"'; return 2;
	case '\\': out[(*n)++] = '\\'; return 2;
	case '/': out[(*n)++] = '/'; return 2;
	case 'b': out[(*n)++] = '\b'; return 2;
	case 'f': out[(*n)++] = '\f'; return 2;
	case 'n': out[(*n)++] = '\n'; return 2;
	case 'r': out[(*n)++] = '\r'; return 2;
	case 't': out[(*n)++] = '\t'; return 2;
	case 'u': break;
	default: {
		const char *m;
		if (x < 0)
			m = "Invalid character escape sequence: \"\\\".";
		else if (x >= 0x20 && x < 0x7f)
			m = arena_printf(lx->a, "Invalid character escape sequence: \"\\%c\".", x);
		else
			m = arena_printf(lx->a, "Invalid character escape sequence: \"\\\" followed by %s.",
			                 print_cp(lx, q + 1));
		return fail(lx, q, m ? m : "Invalid character escape sequence.");
	}
	}
	uint32_t cp;
	size_t used;
	if (peekc(lx, q + 2) == '{') {
		/* \u{X...} (graphql-js 16) */
		const char *h = q + 3;
		cp = 0;
		int digits = 0;
		for (;;) {
			int hc = peekc(lx, h);
			if (hc == '}' && digits > 0)
				break;
			int hv = text_hex_value(hc);
			if (hv < 0 || digits >= 8)
				return bad_unicode(lx, q, (size_t)(h - q) + 1);
			cp = cp * 16 + (uint32_t)hv;
			digits++;
			h++;
			if (cp > 0x10ffff)
				return bad_unicode(lx, q, (size_t)(h - q));
		}
		used = (size_t)(h + 1 - q);
		if (cp >= 0xd800 && cp <= 0xdfff)
			return bad_unicode(lx, q, used);
	} else {
		int32_t v = hex4(lx, q + 2);
		if (v < 0)
			return bad_unicode(lx, q, 6);
		cp = (uint32_t)v;
		used = 6;
		if (cp >= 0xd800 && cp <= 0xdbff) {
			/* a leading surrogate must be followed by \u and a trailing one */
			int32_t lo = -1;
			if (peekc(lx, q + 6) == '\\' && peekc(lx, q + 7) == 'u')
				lo = hex4(lx, q + 8);
			if (lo < 0xdc00 || lo > 0xdfff)
				return bad_unicode(lx, q, 6);
			cp = 0x10000 + ((cp - 0xd800) << 10) + ((uint32_t)lo - 0xdc00);
			used = 12;
		} else if (cp >= 0xdc00 && cp <= 0xdfff) {
			return bad_unicode(lx, q, 6);
		}
	}
	*n += utf8_encode(cp, out + *n);
	return (int)used;
}

/* the source character at *q appended to out + *n and *q moved past it; -1 (after fail) for invalid
 * UTF-8. The October 2021 edition allows every Unicode scalar value, controls included. */
static inline int copy_char(struct gql_lexer *lx, const char **q, char *out, size_t *n)
{
	unsigned char c = (unsigned char)**q;
	if (c < 0x80) {
		out[(*n)++] = (char)c;
		(*q)++;
		return 0;
	}
	size_t l = utf8_at(lx, *q);
	if (l == 0)
		return fail(lx, *q, "Invalid UTF-8 sequence.");
	memcpy(out + *n, *q, l);
	*n += l;
	*q += l;
	lx->line_extra += (uint32_t)l - 1;
	return 0;
}

/* t is the token of kind k, len bytes at q; the lexer moves past it */
static inline int token(struct gql_lexer *lx, struct gql_token *t, enum gql_tok_kind k, const char *q, size_t len)
{
	t->kind = k;
	t->len = (uint32_t)len;
	lx->p = q + len;
	lx->ntokens++;
	return 0;
}

/* room for a decoded value of up to len bytes and its NUL, or NULL after fail (s: the token) */
static char *value_room(struct gql_lexer *lx, const char *s, size_t len)
{
	char *out = arena_alloc(lx->a, len + 1);
	if (out == NULL)
		fail(lx, s, "Out of memory for the document.");
	return out;
}

/* a "..." string starting at s (the quote); decodes into the arena */
static int read_string(struct gql_lexer *lx, const char *s, struct gql_token *t)
{
	const char *q = s + 1, *e = q;
	size_t n = 0; /* bytes decoded */
	/* the text runs to the closing quote, a line end or the end of the input (an escaped character
	 * never ends it); decoded it is never longer */
	while (e < lx->end && *e != '"' && *e != '\n' && *e != '\r') {
		if (*e == '\\' && e + 1 < lx->end)
			e++;
		e++;
	}
	char *out = value_room(lx, s, (size_t)(e - q));
	if (out == NULL)
		return -1;
	while (q < e) {
		if (*q == '\\') {
			int used = read_escape(lx, q, out, &n);
			if (used < 0)
				return -1;
			q += used;
		} else if (copy_char(lx, &q, out, &n) < 0) {
			return -1;
		}
	}
	if (q == lx->end || *q != '"')
		return fail(lx, q, "Unterminated string.");
	out[n] = 0;
	t->value.p = out;
	t->value.len = (uint32_t)n;
	return token(lx, t, GQL_TOK_STRING, s, (size_t)(q + 1 - s));
}

static bool is_blank_ws(char c) { return c == ' ' || c == '\t'; }

size_t gql_block_string_value(const char *raw, size_t len, char *out)
{
	/* pass 1: common indentation (lines after the first that are not blank), first and last
	 * non-blank lines */
	size_t common = SIZE_MAX;
	long first = -1, last = -1, li = 0;
	size_t i = 0;
	for (;;) {
		size_t ls = i;
		while (i < len && raw[i] != '\n')
			i++;
		size_t indent = 0;
		while (ls + indent < i && is_blank_ws(raw[ls + indent]))
			indent++;
		if (ls + indent < i) { /* not blank */
			if (li > 0 && indent < common)
				common = indent;
			if (first < 0)
				first = li;
			last = li;
		}
		if (i >= len)
			break;
		i++;
		li++;
	}
	size_t n = 0;
	if (first < 0) {
		out[0] = 0;
		return 0;
	}
	/* pass 2: emit lines first..last, dedented */
	i = 0;
	li = 0;
	for (;;) {
		size_t ls = i;
		while (i < len && raw[i] != '\n')
			i++;
		if (li >= first && li <= last) {
			size_t from = ls;
			if (li > 0 && common != SIZE_MAX)
				from = ls + common < i ? ls + common : i;
			if (li > first)
				out[n++] = '\n';
			memcpy(out + n, raw + from, i - from);
			n += i - from;
		}
		if (i >= len || li >= last)
			break;
		i++;
		li++;
	}
	out[n] = 0;
	return n;
}

/* a """block string""" starting at s */
static int read_block_string(struct gql_lexer *lx, const char *s, struct gql_token *t)
{
	const char *q = s + 3;
	const char *e = q;
	/* find the end first, so the buffer can be sized */
	while (e < lx->end) {
		if (*e == '"' && e + 2 < lx->end && e[1] == '"' && e[2] == '"')
			break;
		if (*e == '\\' && e + 3 < lx->end && e[1] == '"' && e[2] == '"' && e[3] == '"') {
			e += 4;
			continue;
		}
		e++;
	}
	char *raw = value_room(lx, s, (size_t)(e - q));
	if (raw == NULL)
		return -1;
	size_t n = 0;
	while (q < lx->end) {
		unsigned char c = (unsigned char)*q;
		if (c == '"' && q + 2 < lx->end && q[1] == '"' && q[2] == '"') {
			char *out = value_room(lx, s, n);
			if (out == NULL)
				return -1;
			t->value.p = out;
			t->value.len = (uint32_t)gql_block_string_value(raw, n, out);
			return token(lx, t, GQL_TOK_BLOCK_STRING, s, (size_t)(q + 3 - s));
		}
		if (c == '\\' && q + 3 < lx->end && q[1] == '"' && q[2] == '"' && q[3] == '"') {
			memcpy(raw + n, "\"\"\"", 3);
			n += 3;
			q += 4;
			continue;
		}
		if (c == '\n' || c == '\r') {
			raw[n++] = '\n';
			q += (c == '\r' && peekc(lx, q + 1) == '\n') ? 2 : 1;
			newline(lx, q);
			continue;
		}
		if (copy_char(lx, &q, raw, &n) < 0)
			return -1;
	}
	return fail(lx, q, "Unterminated string.");
}

int gql_lex(struct gql_lexer *lx, struct gql_token *t)
{
	const char *q = lx->p, *end = lx->end;
	t->value.p = NULL;
	t->value.len = 0;
	/* ignored tokens */
	for (;;) {
		if (q >= end)
			break;
		unsigned char c = (unsigned char)*q;
		if (c == ' ' || c == '\t' || c == ',') {
			q++;
		} else if (c == '\n') {
			q++;
			newline(lx, q);
		} else if (c == '\r') {
			q++;
			if (q < end && *q == '\n')
				q++;
			newline(lx, q);
		} else if (c == '#') {
			q++;
			while (q < end && *q != '\n' && *q != '\r') {
				if ((unsigned char)*q < 0x80) {
					q++;
					continue;
				}
				size_t l = utf8_at(lx, q);
				if (l == 0)
					return fail(lx, q, "Invalid UTF-8 sequence.");
				q += l;
				lx->line_extra += (uint32_t)l - 1;
			}
		} else if (c == 0xef && end - q >= 3 && (unsigned char)q[1] == 0xbb && (unsigned char)q[2] == 0xbf) {
			q += 3; /* byte order mark */
			lx->line_extra += 2;
		} else {
			break;
		}
	}
	t->start = q;
	t->loc = loc_of(lx, q);
	if (q >= end) {
		t->kind = GQL_TOK_EOF;
		t->len = 0;
		lx->p = q;
		return 0;
	}
	/* the one-character punctuators; 0 (EOF) for every other character */
	static const unsigned char punct[128] = {
		['!'] = GQL_TOK_BANG, ['$'] = GQL_TOK_DOLLAR, ['&'] = GQL_TOK_AMP, ['('] = GQL_TOK_PAREN_L,
		[')'] = GQL_TOK_PAREN_R, [':'] = GQL_TOK_COLON, ['='] = GQL_TOK_EQUALS, ['@'] = GQL_TOK_AT,
		['['] = GQL_TOK_BRACKET_L, [']'] = GQL_TOK_BRACKET_R, ['{'] = GQL_TOK_BRACE_L, ['|'] = GQL_TOK_PIPE,
		['}'] = GQL_TOK_BRACE_R,
	};
	unsigned char c = (unsigned char)*q;
	if (c < 128 && punct[c])
		return token(lx, t, (enum gql_tok_kind)punct[c], q, 1);
	switch (c) {
	case '.':
		if (end - q >= 3 && q[1] == '.' && q[2] == '.')
			return token(lx, t, GQL_TOK_SPREAD, q, 3);
		return failf(lx, q, "Unexpected character: ", q);
	case '"':
		if (end - q >= 3 && q[1] == '"' && q[2] == '"')
			return read_block_string(lx, q, t);
		return read_string(lx, q, t);
	case '\'':
		return fail(lx, q, "Unexpected single quote character ('), did you mean to use a double quote (\")?");
	default:
		if (is_name_start(c)) {
			const char *e = q + 1;
			while (e < end && is_name_cont((unsigned char)*e))
				e++;
			return token(lx, t, GQL_TOK_NAME, q, (size_t)(e - q));
		}
		if (is_digit(c) || c == '-') {
			lx->ntokens++;
			return read_number(lx, q, t);
		}
		if (c >= 0x80 && utf8_at(lx, q) == 0)
			return fail(lx, q, "Invalid UTF-8 sequence.");
		return failf(lx, q, "Unexpected character: ", q);
	}
}

const char *gql_token_desc(struct arena *a, const struct gql_token *t)
{
	const char *kn = gql_tok_kind_names[t->kind];
	switch (t->kind) {
	case GQL_TOK_NAME:
	case GQL_TOK_INT:
	case GQL_TOK_FLOAT:
		return arena_printf(a, "%s \"%.*s\"", kn, (int)t->len, t->start);
	case GQL_TOK_STRING:
	case GQL_TOK_BLOCK_STRING:
		return arena_printf(a, "%s \"%.*s\"", kn, (int)t->value.len, t->value.p ? t->value.p : "");
	case GQL_TOK_EOF:
		return kn;
	default:
		return arena_printf(a, "\"%s\"", kn);
	}
}
