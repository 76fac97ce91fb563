/* api.h: the resolvers' public interface: the compiled-in schema and the per-request context. */
#ifndef LARDER_API_H
#define LARDER_API_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gql/gql.h"
#include "store/store.h"
#include "util/config.h"

struct api_ctx {                       /* one per request; gql_request.context points at it */
	struct store *store;
	const struct larder_config *cfg;   /* never NULL: a filled configuration (config_load, config_defaults) */
	const struct store_user *user;     /* NULL: the request carries no credentials */
	const struct store_apikey *key;    /* the key used, if any */
	const char *session_hash;          /* the login session used (its token's hash), if any: logOut ends it */
	int64_t now_ms;
};

extern const char larder_schema_sdl[]; /* schema/larder.graphql, compiled in (generated src/api/schema_sdl.c) */

/* a root field's row in api/policy.c's table: what one selection of it costs (a LIMIT_COST_* class,
 * checked against request_cost_max) and the grant (svc/apikey.h's SVC_GRANT_*) a key's scopes must hold
 * to run it; bound onto the schema's fields (gql_field.cost and .meta) by api_schema_load */
struct api_root_policy {
	const char *field;
	uint32_t cost;
	unsigned need;
};
/* the rows of Query's (mutation false) or Mutation's fields */
const struct api_root_policy *api_root_policies(bool mutation, size_t *n);
/* gql_request.guard: NULL when the request may run root field f, else why not (an API key whose scopes
 * lack the field's grant; sessions and requests without credentials pass, the resolvers answer those) */
const char *api_guard(void *context, const struct gql_field *f, struct arena *a);

/* build the schema from larder_schema_sdl, bind every resolver and the Date scalar, and check
   gql_schema_unbound() == 0; NULL with a message in err on failure */
struct gql_schema *api_schema_load(char *err, size_t errlen);
#endif
