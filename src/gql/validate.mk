# src/gql/validate.mk: validate part of the GraphQL engine: sources and tests (see local.mk).
