# src/gql/local.mk: the GraphQL engine library; parse.mk, validate.mk and exec.mk add sources and tests.
noinst_LIBRARIES += src/gql/libgql.a
src_gql_libgql_a_SOURCES = src/gql/gql.h src/gql/ast.h src/gql/error.h src/gql/schema.h
include src/gql/parse.mk
include src/gql/validate.mk
include src/gql/exec.mk
GQL_LIBS = src/gql/libgql.a src/util/libutil.a $(JSONC_LIBS) -lm
