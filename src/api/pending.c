/* pending.c: binds, last, every reachable field no resolver file bound: in-scope roots answer NOT_IMPLEMENTED, *Error types their code and message, other objects empty values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/api_int.h"

/* the root fields Larder serves (INTERFACE.md); any other unbound root field stays unbound, so
 * gql_schema_unbound() still refuses a schema that grew a field nobody implemented */
static const char *const scope_roots[] = {
	"Query.me", "Query.search", "Query.article", "Query.updatesSince", "Query.articleSavingRequest",
	"Query.labels", "Query.apiKeys",
	"Mutation.saveUrl", "Mutation.savePage", "Mutation.setBookmarkArticle", "Mutation.setLinkArchived",
	"Mutation.updatePage", "Mutation.saveArticleReadingProgress", "Mutation.createLabel",
	"Mutation.updateLabel", "Mutation.deleteLabel", "Mutation.setLabels", "Mutation.createHighlight",
	"Mutation.updateHighlight", "Mutation.deleteHighlight", "Mutation.generateApiKey", "Mutation.revokeApiKey",
};

/* an honest, temporary answer for a root field whose resolver is not written yet */
static int resolve_not_implemented(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)parent;
	(void)out;
	return gql_error(rc, "NOT_IMPLEMENTED", "%s is not implemented yet", gql_rfield(rc)->name);
}

static bool is_error_type(const struct gql_type *t)
{
	size_t n = strlen(t->name);
	return n > 5 && strcmp(t->name + n - 5, "Error") == 0;
}

static bool is_root(const struct gql_schema *s, const struct gql_type *t)
{
	return t == s->query || t == s->mutation || t == s->subscription;
}

/* the in-scope root fields present in this schema and still unbound */
static int bind_roots(struct gql_schema *s, char *err, size_t errlen)
{
	for (size_t i = 0; i < sizeof scope_roots / sizeof scope_roots[0]; i++) {
		const char *dot = strchr(scope_roots[i], '.');
		char tname[16];
		size_t n = (size_t)(dot - scope_roots[i]);
		struct gql_type *t;
		struct gql_field *f;
		memcpy(tname, scope_roots[i], n);
		tname[n] = 0;
		if ((t = gql_schema_type(s, tname)) == NULL || !is_root(s, t) || (f = gql_type_field(t, dot + 1)) == NULL)
			continue;
		if (f->resolve == NULL && api_bind_one(s, scope_roots[i], resolve_not_implemented, err, errlen))
			return -1;
	}
	return 0;
}

int api_bind_pending(struct gql_schema *s, char *err, size_t errlen)
{
	bool *seen = NULL;
	struct gql_type **queue = NULL;
	uint32_t qh = 0, qt = 0;
	int ret = -1;
	if (bind_roots(s, err, errlen))
		return -1;
	if (s->ntypes == 0)
		return 0;
	if ((seen = calloc(s->ntypes, sizeof *seen)) == NULL || (queue = calloc(s->ntypes, sizeof *queue)) == NULL) {
		snprintf(err, errlen, "schema: out of memory binding the pending fields");
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
