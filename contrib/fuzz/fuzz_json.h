/* fuzz_json.h: the fuzz targets' check that an output is one strict, UTF-8 valid JSON text. */
#ifndef LARDER_FUZZ_JSON_H
#define LARDER_FUZZ_JSON_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

/* abort unless s[0..len) is one strict JSON text in valid UTF-8 (every response body must be);
 * returns the parsed value (json_object_put it) */
__attribute__((unused, warn_unused_result))
static struct json_object *fz_check_json(const char *what, const char *s, size_t len)
{
	struct json_tokener *tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH * 4);
	struct json_object *obj;
	enum json_tokener_error err;

	if (tok == NULL)
		abort();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	obj = json_tokener_parse_ex(tok, s, (int)len);
	err = json_tokener_get_error(tok);
	if (err != json_tokener_success || json_tokener_get_parse_end(tok) != len || memchr(s, 0, len)) {
		fprintf(stderr, "fuzz: %s is not valid JSON (%s at byte %zu of %zu):\n%.*s\n", what,
		        json_tokener_error_desc(err), json_tokener_get_parse_end(tok), len,
		        len > 4000 ? 4000 : (int)len, s);
		abort();
	}
	json_tokener_free(tok);
	return obj;
}
#endif
