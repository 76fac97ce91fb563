/* lexer.h: the GraphQL lexer (spec section 2): UTF-8 source to tokens with line/column positions. */
#ifndef LARDER_GQL_LEXER_H
#define LARDER_GQL_LEXER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gql/ast.h"
#include "util/arena.h"

enum gql_tok_kind {
	GQL_TOK_EOF, GQL_TOK_BANG, GQL_TOK_DOLLAR, GQL_TOK_AMP, GQL_TOK_PAREN_L, GQL_TOK_PAREN_R,
	GQL_TOK_SPREAD, GQL_TOK_COLON, GQL_TOK_EQUALS, GQL_TOK_AT, GQL_TOK_BRACKET_L,
	GQL_TOK_BRACKET_R, GQL_TOK_BRACE_L, GQL_TOK_PIPE, GQL_TOK_BRACE_R, GQL_TOK_NAME,
	GQL_TOK_INT, GQL_TOK_FLOAT, GQL_TOK_STRING, GQL_TOK_BLOCK_STRING, GQL_TOK__MAX
};
/* "<EOF>", "!", ..., "Name", "Int", "Float", "String", "BlockString" (graphql-js wording) */
extern const char *const gql_tok_kind_names[GQL_TOK__MAX];

struct gql_token {
	enum gql_tok_kind kind;
	struct gql_loc loc;           /* of the first character */
	const char *start;            /* the token's text in the source */
	uint32_t len;                 /* bytes of source text */
	struct gql_str value;         /* STRING, BLOCK_STRING: the decoded value (in the arena) */
};

struct gql_lexer {
	struct arena *a;
	const char *src, *end, *p;    /* p: where the next token is looked for */
	uint32_t line;                /* line of p (1-based) */
	const char *line_start;       /* first byte of that line */
	uint32_t line_extra;          /* UTF-8 continuation bytes consumed on the current line, so
	                               * a column is (bytes since line_start) + 1 - line_extra */
	uint32_t ntokens;             /* tokens returned so far (EOF not counted) */
	const char *err;              /* after an error: the message (without "Syntax Error: ") */
	struct gql_loc err_loc;
};

void gql_lexer_init(struct gql_lexer *lx, struct arena *a, const char *src, size_t len);
/* Read the next token into *t. Returns 0, or -1 with lx->err and lx->err_loc set. At the end
 * it returns GQL_TOK_EOF tokens forever. */
int gql_lex(struct gql_lexer *lx, struct gql_token *t);
/* A token for messages, graphql-js style: <EOF>, "}", Name "foo", Int "12", String "x". */
const char *gql_token_desc(struct arena *a, const struct gql_token *t);
/* The spec's BlockStringValue over raw block-string text whose line terminators are already
 * "\n" and whose \""" escapes are already replaced; writes to out (room for len+1 bytes),
 * returns the length. Exposed for tests. */
size_t gql_block_string_value(const char *raw, size_t len, char *out);
#endif
