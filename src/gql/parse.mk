# src/gql/parse.mk: parse part of the GraphQL engine: sources and tests (see local.mk).
