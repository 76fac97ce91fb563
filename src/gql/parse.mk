# src/gql/parse.mk: parse part of the GraphQL engine: sources and tests (see local.mk).
src_gql_libgql_a_SOURCES += \
	src/gql/lexer.h src/gql/lexer.c \
	src/gql/parser.c \
	src/gql/error.c \
	src/gql/ast.c

check_PROGRAMS += t/gql_lex t/gql_parse
TESTS += t/gql_lex t/gql_parse
t_gql_lex_SOURCES = t/gql_lex.c t/tap.h
t_gql_lex_LDADD = $(GQL_LIBS)
t_gql_parse_SOURCES = t/gql_parse.c t/tap.h
t_gql_parse_LDADD = $(GQL_LIBS)

src_gql_libgql_a_SOURCES += src/gql/schema.c
check_PROGRAMS += t/gql_schema
TESTS += t/gql_schema
t_gql_schema_SOURCES = t/gql_schema.c t/tap.h
t_gql_schema_LDADD = $(GQL_LIBS)
