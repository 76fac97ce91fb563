/* label.c (svc): the user's labels made, changed and removed, and what a label's name, colour and description may be. */
#include <ctype.h>
#include <string.h>

#include "svc/label.h"
#include "util/limits.h"
#include "util/utf8.h"

/* NULL when fine, else why not: a colour is #RGB, #RRGGBB (or with alpha) or a CSS colour name */
static const char *bad_color(const char *c)
{
	size_t n = strlen(c);
	if (c[0] == '#') {
		if (n != 4 && n != 5 && n != 7 && n != 9)
			return "a colour is #RGB or #RRGGBB";
		for (size_t i = 1; i < n; i++)
			if (!isxdigit((unsigned char)c[i]))
				return "a colour is #RGB or #RRGGBB";
		return NULL;
	}
	if (n == 0 || n > 32)
		return "a colour is #RGB, #RRGGBB or a CSS colour name";
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)c[i]))
			return "a colour is #RGB, #RRGGBB or a CSS colour name";
	return NULL;
}

const char *svc_label_refusal(const char *name, const char *color, const char *desc)
{
	const char *why;
	if (name && *name == '\0')
		return "a label name must not be empty";
	if (name && utf8_count(name, strlen(name)) > LIMIT_LABEL_NAME)
		return "a label name has at most " LIMIT_STR(LIMIT_LABEL_NAME) " characters";
	if (name && strpbrk(name, "\r\n\t") != NULL)
		return "a label name must not hold line breaks or tabs";
	if (color && *color && (why = bad_color(color)) != NULL)
		return why;
	if (desc && utf8_count(desc, strlen(desc)) > LIMIT_LABEL_DESCRIPTION)
		return "a label description has at most " LIMIT_STR(LIMIT_LABEL_DESCRIPTION) " characters";
	return NULL;
}

int svc_label_create(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                     const char *description, struct store_label *out)
{
	return store_label_create(st, a, user_id, name, color, description, out);
}

int svc_label_update(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                     const char *color, const char *description, struct store_label *out)
{
	return store_label_update(st, a, user_id, id, name, color, description, out);
}

int svc_label_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out)
{
	return store_label_delete(st, a, user_id, id, out);
}
