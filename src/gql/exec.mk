# src/gql/exec.mk: exec part of the GraphQL engine: sources and tests (see local.mk).
