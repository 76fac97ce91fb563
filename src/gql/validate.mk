# src/gql/validate.mk: validate part of the GraphQL engine: sources and tests (see local.mk).
src_gql_libgql_a_SOURCES += \
	src/gql/validate.h \
	src/gql/validate.c \
	src/gql/validate_values.c \
	src/gql/validate_merge.c \
	src/gql/validate_depth.c \
	src/gql/validate_cost.c

check_PROGRAMS += t/gql_validate
TESTS += t/gql_validate
t_gql_validate_SOURCES = t/gql_validate.c t/tap.h t/gql_testschema.h
t_gql_validate_LDADD = $(GQL_LIBS)
check_PROGRAMS += t/gql_validate_stress
TESTS += t/gql_validate_stress
t_gql_validate_stress_SOURCES = t/gql_validate_stress.c t/tap.h t/gql_testschema.h
t_gql_validate_stress_LDADD = $(GQL_LIBS)
TESTS += t/gql_validate_diff.sh
dist_check_SCRIPTS += t/gql_validate_diff.sh
EXTRA_DIST += t/gql_validate_diff.mjs
