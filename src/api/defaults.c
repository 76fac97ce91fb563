/* defaults.c: binds, last, every reachable object field no resolver file bound: *Error types answer their code and message, other objects empty values. Root fields get none: an unimplemented root field still stops the program at start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/api_int.h"

static bool is_error_type(const struct gql_type *t)
{
	size_t n = strlen(t->name);
	return n > 5 && strcmp(t->name + n - 5, "Error") == 0;
}

static bool is_root(const struct gql_schema *s, const struct gql_type *t)
{
	return t == s->query || t == s->mutation || t == s->subscription;
}

int api_bind_defaults(struct gql_schema *s, char *err, size_t errlen)
{
	struct gql_type **types;
	uint32_t n;
	int ret = 0;
	if (gql_schema_reachable(s, &types, &n) != 0) {
		snprintf(err, errlen, "schema: out of memory binding the default resolvers");
		return -1;
	}
	for (uint32_t k = 0; k < n && ret == 0; k++) {
		struct gql_type *t = types[k];
		if (t->kind != GQL_K_OBJECT || is_root(s, t))
			continue;
		/* "Type.*" binds only the fields still unbound */
		if (api_bind_all(s, t->name, is_error_type(t) ? api_resolve_error : api_resolve_absent, err, errlen))
			ret = -1;
	}
	free(types);
	return ret;
}
