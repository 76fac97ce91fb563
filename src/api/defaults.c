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
	bool *seen = NULL;
	struct gql_type **queue = NULL;
	uint32_t qh = 0, qt = 0;
	int ret = -1;
	if (s->ntypes == 0)
		return 0;
	if ((seen = calloc(s->ntypes, sizeof *seen)) == NULL || (queue = calloc(s->ntypes, sizeof *queue)) == NULL) {
		snprintf(err, errlen, "schema: out of memory binding the default resolvers");
		goto out;
	}
	/* every type reachable from the roots through field types, union members and implementations */
	{
		struct gql_type *roots[3] = { s->query, s->mutation, s->subscription };
		for (int r = 0; r < 3; r++)
			if (roots[r] != NULL && !seen[roots[r]->index]) {
				seen[roots[r]->index] = true;
				queue[qt++] = roots[r];
			}
	}
	while (qh < qt) {
		struct gql_type *t = queue[qh++];
		for (uint32_t i = 0; i < t->nfields; i++) {
			struct gql_type *ft = gql_named_type(t->fields[i]->type);
			if (!ft->introspection && !seen[ft->index]) {
				seen[ft->index] = true;
				queue[qt++] = ft;
			}
		}
		for (uint32_t i = 0; i < t->npossible; i++)
			if (!seen[t->possible[i]->index]) {
				seen[t->possible[i]->index] = true;
				queue[qt++] = t->possible[i];
			}
		if (t->kind != GQL_K_OBJECT || is_root(s, t))
			continue;
		/* "Type.*" binds only the fields still unbound */
		if (api_bind_all(s, t->name, is_error_type(t) ? api_resolve_error : api_resolve_absent, err, errlen))
			goto out;
	}
	ret = 0;
out:
	free(seen);
	free(queue);
	return ret;
}
