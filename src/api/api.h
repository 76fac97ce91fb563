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
	const struct larder_config *cfg;
	const struct store_user *user;     /* NULL: the request carries no credentials */
	const struct store_apikey *key;    /* the key used, if any */
	const char *session_hash;          /* the login session used (its token's hash), if any: logOut ends it */
	int64_t now_ms;
};

extern const char larder_schema_sdl[]; /* schema/larder.graphql, compiled in (generated src/api/schema_sdl.c) */

/* hand larder.conf's count limits (labels_per_user, labels_per_item, highlights_per_item) to the store,
 * which enforces them in its write transactions; call after store_open */
void api_store_limits(struct store *st, const struct larder_config *cfg);

/* build the schema from larder_schema_sdl, bind every resolver and the Date scalar, and check
   gql_schema_unbound() == 0; NULL with a message in err on failure */
struct gql_schema *api_schema_load(char *err, size_t errlen);
#endif
