# src/gql/exec.mk: exec part of the GraphQL engine: sources and tests (see local.mk).
src_gql_libgql_a_SOURCES += src/gql/exec_int.h src/gql/execute.c src/gql/coerce.c src/gql/introspect.c

check_PROGRAMS += t/gql_exec t/gql_coerce t/gql_introspect
TESTS += t/gql_exec t/gql_coerce t/gql_introspect
t_gql_exec_SOURCES = t/gql_exec.c t/gql_testlib.h t/tap.h
t_gql_exec_LDADD = $(GQL_LIBS)
t_gql_coerce_SOURCES = t/gql_coerce.c t/gql_testlib.h t/tap.h
t_gql_coerce_LDADD = $(GQL_LIBS)
t_gql_introspect_SOURCES = t/gql_introspect.c t/gql_testlib.h t/tap.h
t_gql_introspect_LDADD = $(GQL_LIBS)
