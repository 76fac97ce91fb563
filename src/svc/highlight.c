/* highlight.c (svc): the user's highlights made, changed, merged, labelled and removed; the store holds the per-item limits. */
#include "svc/highlight.h"

int svc_highlight_create(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                         struct store_highlight *out)
{
	return store_highlight_create(st, a, user_id, in, out);
}

int svc_highlight_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                         const char *annotation, const char *quote, const char *html, const char *color,
                         int64_t shared_ms, struct store_highlight *out)
{
	return store_highlight_update(st, a, user_id, id, annotation, quote, html, color, shared_ms, out);
}

int svc_highlight_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                         struct store_highlight *out)
{
	return store_highlight_delete(st, a, user_id, id, out);
}

int svc_highlight_merge(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                        const char *const *overlap, size_t n, struct store_highlight *out)
{
	return store_highlight_merge(st, a, user_id, in, overlap, n, out);
}

int svc_highlight_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                             const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout)
{
	return store_highlight_set_labels(st, a, user_id, id, labels, n, out, nout);
}
