/* graphql_http.c: the GraphQL-over-HTTP endpoint: request checks, Accept negotiation, CORS, key auth, execution, status codes. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <json-c/json.h>
#include "api/api.h"
#include "util/limits.h"
#include "util/utf8.h"
#include "web/health_http.h"
#include "web/authenticate.h"
#include "web/graphql_http.h"
#include "web/content_http.h"
#include "web/export_http.h"
#include "web/import_http.h"
#include "web/upload_http.h"
#include "web/share_http.h"
#include "web/response.h"

#define CT_JSON "application/json; charset=utf-8"
#define CT_GQL "application/graphql-response+json; charset=utf-8"
#define ALLOWED_METHODS "GET, POST, OPTIONS"

enum media { MEDIA_NONE, MEDIA_JSON, MEDIA_GQL };

/* the Content-Type of answers in media */
static const char *media_type(enum media m)
{
	return m == MEDIA_GQL ? CT_GQL : CT_JSON;
}

/* the parts of a GraphQL-over-HTTP request, from a JSON body or a query string */
struct gql_params {
	const char *query;
	size_t query_len;
	const char *operation_name;
	struct json_object *variables;   /* borrowed from one of the roots below */
	struct json_object *body_root;   /* owned: put after execution */
	struct json_object *vars_root;   /* owned (GET): put after execution */
};

void web_graphql_init(struct web_graphql *app, const char *prog, struct store *st,
                      const struct larder_config *cfg, const struct gql_schema *schema)
{
	app->store = st;
	app->cfg = cfg;
	app->schema = schema;
	app->prog = prog;
	sb_init(&app->body);
	sb_init(&app->head);
	app->body.max = LIMIT_GQL_REQUEST_ARENA;
}

void web_graphql_free(struct web_graphql *app)
{
	sb_free(&app->body);
	sb_free(&app->head);
}

void web_gql_limits(const struct larder_config *cfg, struct gql_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->max_bytes = cfg->query_max_bytes;
	lim->max_depth = cfg->query_max_depth;
	lim->max_fields = cfg->query_max_fields;
	lim->max_aliases = cfg->query_max_aliases;
	lim->name_bytes = "query_max_bytes in larder.conf";
	lim->name_depth = "query_max_depth in larder.conf";
	lim->name_fields = "query_max_fields in larder.conf";
	lim->name_aliases = "query_max_aliases in larder.conf";
	lim->costly_field = "search";
	lim->max_costly = cfg->searches_per_request;
	lim->name_costly = "searches_per_request in larder.conf";
	lim->max_cost = cfg->request_cost_max;
	lim->name_cost = "request_cost_max in larder.conf";
}

/* ---- Accept ---- */

static bool strip_eq(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && strncasecmp(s, lit, n) == 0;
}

/* the parameters of one media range, from semi (its first ';', or NULL) to e: *q gets its q value in
 * thousandths; false when a q or a charset we cannot serve makes the range unusable */
static bool range_params(const char *semi, const char *e, int *q)
{
	bool ok = true;

	for (const char *p = semi; p && p < e;) {
		const char *pe = memchr(p + 1, ';', (size_t)(e - p - 1));
		const char *k = p + 1, *v;

		if (!pe)
			pe = e;
		while (k < pe && (*k == ' ' || *k == '\t'))
			k++;
		v = memchr(k, '=', (size_t)(pe - k));
		if (v) {
			size_t kl = (size_t)(v - k), vl;

			while (kl && (k[kl - 1] == ' ' || k[kl - 1] == '\t'))
				kl--;
			v++;
			while (v < pe && (*v == ' ' || *v == '\t'))
				v++;
			vl = (size_t)(pe - v);
			while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
				vl--;
			if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
				v++;
				vl -= 2;
			}
			if (strip_eq(k, kl, "q")) {
				/* 0, 0.x, 1, 1.000 */
				char buf[8];
				double d;
				char *end;

				if (vl == 0 || vl >= sizeof buf) {
					ok = false;
				} else {
					memcpy(buf, v, vl);
					buf[vl] = 0;
					d = strtod(buf, &end);
					if (*end || d < 0 || d > 1)
						ok = false;
					else
						*q = (int)(d * 1000 + 0.5);
				}
			} else if (strip_eq(k, kl, "charset")) {
				if (!strip_eq(v, vl, "utf-8") && !strip_eq(v, vl, "utf8"))
					ok = false;
			}
		}
		p = pe < e ? pe : NULL;
	}
	return ok;
}

/* Pick the response media type from an Accept header (RFC 9110 media ranges with q values).
 * application/graphql-response+json and application/json are served; a wildcard (* / * or
 * application/ *) means application/json. On equal q an explicitly named type beats a wildcard,
 * and graphql-response+json beats application/json. MEDIA_NONE: nothing acceptable (406). */
static enum media negotiate(const char *accept)
{
	/* per type: q (in thousandths) and how specific the range that set it was */
	int q[3] = { 0, -1, -1 }, spec[3] = { 0, 0, 0 };
	const char *s = accept;
	bool any = false;

	if (!accept)
		return MEDIA_JSON;
	while (*s) {
		const char *e = strchr(s, ','), *semi, *t, *te;
		size_t n;
		int qv = 1000, sp = 0;
		enum media m = MEDIA_NONE;

		if (!e)
			e = s + strlen(s);
		t = s;
		while (t < e && (*t == ' ' || *t == '\t'))
			t++;
		for (semi = t; semi < e && *semi != ';'; semi++)
			;
		if (semi == e)
			semi = NULL;
		te = semi ? semi : e;
		while (te > t && (te[-1] == ' ' || te[-1] == '\t'))
			te--;
		n = (size_t)(te - t);
		if (n)
			any = true;
		if (strip_eq(t, n, "application/graphql-response+json")) {
			m = MEDIA_GQL;
			sp = 3;
		} else if (strip_eq(t, n, "application/json")) {
			m = MEDIA_JSON;
			sp = 3;
		} else if (strip_eq(t, n, "application/*")) {
			sp = 2;
		} else if (strip_eq(t, n, "*/*")) {
			sp = 1;
		}
		if (range_params(semi, e, &qv) && sp) {
			for (int i = MEDIA_JSON; i <= MEDIA_GQL; i++) {
				if (m != MEDIA_NONE && (int)m != i)
					continue;
				if (sp > spec[i]) {
					spec[i] = sp;
					q[i] = qv;
				}
			}
		}
		s = *e ? e + 1 : e;
	}
	if (!any)
		return MEDIA_JSON;       /* an empty header is no header */
	if (q[MEDIA_GQL] <= 0 && q[MEDIA_JSON] <= 0)
		return MEDIA_NONE;
	if (q[MEDIA_GQL] > q[MEDIA_JSON])
		return MEDIA_GQL;
	if (q[MEDIA_JSON] > q[MEDIA_GQL])
		return MEDIA_JSON;
	/* equal q: the one named outright; both named: the GraphQL media type; both wildcards: JSON */
	if (spec[MEDIA_GQL] == 3)
		return MEDIA_GQL;
	return MEDIA_JSON;
}

/* ---- CORS ---- */

static const char *cors_allowed(const struct larder_config *cfg, const char *origin)
{
	if (!origin || !*origin)
		return NULL;
	for (size_t i = 0; i < cfg->ncors_origins; i++)
		if (strcmp(cfg->cors_origins[i], origin) == 0)
			return origin;
	return NULL;
}

static bool is_tchar(unsigned char c)
{
	return isalnum(c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* the requested header names as a clean, lower-case list ("authorization, content-type"), or NULL */
static const char *cors_headers(struct arena *a, const char *req)
{
	size_t n = req ? strlen(req) : 0, o = 0;
	char *out;
	bool need_sep = false;

	if (!n)
		return NULL;
	out = arena_alloc(a, n * 2 + 1);
	if (!out)
		return NULL;
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && is_tchar((unsigned char)req[j]))
			j++;
		if (j > i) {
			if (need_sep) {
				out[o++] = ',';
				out[o++] = ' ';
			}
			for (size_t k = i; k < j; k++)
				out[o++] = (char)tolower((unsigned char)req[k]);
			need_sep = true;
			i = j;
		} else {
			i++;        /* separators and anything that is not a token character */
		}
	}
	out[o] = 0;
	return o ? out : NULL;
}

/* ---- JSON parameters ---- */

/* parse a JSON text strictly (depth, UTF-8, nothing after it): 0 ok (*out NULL for JSON null),
 * -1 with msg set */
static int json_parse(const char *what, const char *s, size_t len, struct json_object **out,
                      char *msg, size_t msglen)
{
	struct json_tokener *tok;
	struct json_object *obj;
	enum json_tokener_error err;
	size_t end;

	*out = NULL;
	if (memchr(s, 0, len)) {
		snprintf(msg, msglen, "%s contains a NUL byte", what);
		return -1;
	}
	if (!utf8_valid(s, len)) {
		snprintf(msg, msglen, "%s is not valid UTF-8", what);
		return -1;
	}
	tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
	if (!tok) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	obj = json_tokener_parse_ex(tok, s, (int)len);
	err = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	if (err == json_tokener_continue) {
		/* a number at the very end needs a terminator: feed one */
		obj = json_tokener_parse_ex(tok, " ", 1);
		err = json_tokener_get_error(tok);
		end = len;
		if (err == json_tokener_continue) {
			json_tokener_free(tok);
			snprintf(msg, msglen, "%s is not valid JSON: it ends too early", what);
			return -1;
		}
	}
	if (err != json_tokener_success) {
		if (err == json_tokener_error_depth)
			snprintf(msg, msglen, "%s is not accepted: JSON nested deeper than %d levels", what,
			         LIMIT_JSON_DEPTH);
		else
			snprintf(msg, msglen, "%s is not valid JSON: %s at byte %zu", what,
			         json_tokener_error_desc(err), json_tokener_get_parse_end(tok));
		json_object_put(obj);
		json_tokener_free(tok);
		return -1;
	}
	json_tokener_free(tok);
	while (end < len && (s[end] == ' ' || s[end] == '\t' || s[end] == '\n' || s[end] == '\r'))
		end++;
	if (end < len) {
		json_object_put(obj);
		snprintf(msg, msglen, "%s is not valid JSON: unexpected text after the value at byte %zu",
		         what, end);
		return -1;
	}
	*out = obj;
	return 0;
}

static const char *json_kind(struct json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null: return "null";
	case json_type_boolean: return "a boolean";
	case json_type_double:
	case json_type_int: return "a number";
	case json_type_object: return "an object";
	case json_type_array: return "an array";
	case json_type_string: return "a string";
	}
	return "unknown";
}

/* fill p from a POST body; 0 ok, else the HTTP status with msg set */
static int params_from_body(const char *body, size_t len, struct gql_params *p, char *msg, size_t msglen)
{
	struct json_object *root, *v;

	if (len == 0) {
		snprintf(msg, msglen, "The request body is empty: send a JSON object with a \"query\" string");
		return 400;
	}
	if (json_parse("The request body", body, len, &root, msg, msglen) != 0)
		return 400;
	p->body_root = root;
	if (!root || !json_object_is_type(root, json_type_object)) {
		snprintf(msg, msglen, "The request body must be a JSON object, not %s", json_kind(root));
		return 400;
	}
	if (!json_object_object_get_ex(root, "query", &v) || v == NULL) {
		snprintf(msg, msglen, "The request has no \"query\": a GraphQL document string is required");
		return 400;
	}
	if (!json_object_is_type(v, json_type_string)) {
		snprintf(msg, msglen, "\"query\" must be a string, not %s", json_kind(v));
		return 400;
	}
	p->query = json_object_get_string(v);
	p->query_len = (size_t)json_object_get_string_len(v);
	if (json_object_object_get_ex(root, "operationName", &v) && v) {
		if (!json_object_is_type(v, json_type_string)) {
			snprintf(msg, msglen, "\"operationName\" must be a string or null, not %s", json_kind(v));
			return 400;
		}
		if (memchr(json_object_get_string(v), 0, (size_t)json_object_get_string_len(v))) {
			snprintf(msg, msglen, "\"operationName\" contains a NUL character");
			return 400;
		}
		if (json_object_get_string_len(v) > 0)
			p->operation_name = json_object_get_string(v);
	}
	if (json_object_object_get_ex(root, "variables", &v) && v) {
		if (!json_object_is_type(v, json_type_object)) {
			snprintf(msg, msglen, "\"variables\" must be an object or null, not %s", json_kind(v));
			return 400;
		}
		p->variables = v;
	}
	if (json_object_object_get_ex(root, "extensions", &v) && v &&
	    !json_object_is_type(v, json_type_object)) {
		snprintf(msg, msglen, "\"extensions\" must be an object or null, not %s", json_kind(v));
		return 400;
	}
	return 0;
}

/* fill p from a GET query string; 0 ok, else the HTTP status with msg set */
static int params_from_query(struct arena *a, const struct web_request *req, struct gql_params *p,
                             char *msg, size_t msglen)
{
	struct web_qparam *qp;
	const struct web_qparam *v;
	size_t n;

	if (req->query_too_long) {
		snprintf(msg, msglen, "The query string is over %d bytes: use POST", LIMIT_QUERY_STRING);
		return 414;
	}
	if (web_query_parse(a, req->query_string, req->query_len, &qp, &n) != 0) {
		snprintf(msg, msglen, "out of memory");
		return 500;
	}
	v = web_query_get(qp, n, "query");
	if (!v) {
		snprintf(msg, msglen, "The request has no \"query\" parameter: a GraphQL document is required");
		return 400;
	}
	if (!utf8_valid(v->value, v->value_len)) {
		snprintf(msg, msglen, "The \"query\" parameter is not valid UTF-8");
		return 400;
	}
	p->query = v->value;
	p->query_len = v->value_len;
	v = web_query_get(qp, n, "operationName");
	if (v && v->value_len > 0) {
		if (memchr(v->value, 0, v->value_len) || !utf8_valid(v->value, v->value_len)) {
			snprintf(msg, msglen, "The \"operationName\" parameter is not a valid name");
			return 400;
		}
		p->operation_name = v->value;
	}
	v = web_query_get(qp, n, "variables");
	if (v && v->value_len > 0) {
		if (json_parse("The \"variables\" parameter", v->value, v->value_len, &p->vars_root,
		               msg, msglen) != 0)
			return 400;
		if (p->vars_root && !json_object_is_type(p->vars_root, json_type_object)) {
			snprintf(msg, msglen, "\"variables\" must be a JSON object or null, not %s",
			         json_kind(p->vars_root));
			return 400;
		}
		p->variables = p->vars_root;
	}
	v = web_query_get(qp, n, "extensions");
	if (v && v->value_len > 0) {
		struct json_object *o;
		bool bad;

		if (json_parse("The \"extensions\" parameter", v->value, v->value_len, &o, msg, msglen) != 0)
			return 400;
		bad = o && !json_object_is_type(o, json_type_object);
		if (bad)
			snprintf(msg, msglen, "\"extensions\" must be a JSON object or null, not %s", json_kind(o));
		json_object_put(o);
		if (bad)
			return 400;
	}
	return 0;
}

/* ---- the request ---- */

static void common_headers(struct web_response *res, const char *origin, bool preflight)
{
	web_response_header(res, "Cache-Control", "no-store");
	web_response_header(res, "X-Content-Type-Options", "nosniff");
	web_response_header(res, "Vary", preflight ?
	                    "Origin, Access-Control-Request-Method, Access-Control-Request-Headers" :
	                    "Origin, Accept");
	if (origin)
		web_response_header(res, "Access-Control-Allow-Origin", origin);
}

static void preflight(struct web_graphql *app, struct web_request *req, struct web_response *res,
                      struct arena *a, const char *origin)
{
	const char *hdrs;

	if (!req->origin || !req->ac_request_method) {
		/* a plain OPTIONS: say what the endpoint takes */
		res->status = 204;
		web_response_header(res, "Allow", ALLOWED_METHODS);
		return;
	}
	if (!origin) {
		web_response_error(res, 403, NULL, "FORBIDDEN",
		                   "Cross-origin requests from %s are not allowed (see cors_origins in larder.conf)",
		                   req->origin);
		return;
	}
	res->status = 204;
	web_response_header(res, "Access-Control-Allow-Methods", ALLOWED_METHODS);
	hdrs = cors_headers(a, req->ac_request_headers);
	if (hdrs)
		web_response_header(res, "Access-Control-Allow-Headers", hdrs);
	web_response_header(res, "Access-Control-Max-Age", "86400");
	(void)app;
}

/* a POST's Content-Type (JSON in UTF-8) and Content-Length; false when the answer is made */
static bool check_post_headers(const struct larder_config *cfg, const struct web_request *req,
                               struct web_response *res, const char *ct)
{
	char cs[32];

	if (!req->content_type || !*req->content_type) {
		web_response_error(res, 415, ct, "UNSUPPORTED_MEDIA_TYPE",
		                   "A POST needs the header Content-Type: application/json");
		return false;
	}
	if (!web_media_type_is(req->content_type, "application/json")) {
		web_response_error(res, 415, ct, "UNSUPPORTED_MEDIA_TYPE",
		                   "Content-Type %s is not supported: send application/json", req->content_type);
		return false;
	}
	if (web_media_type_param(req->content_type, "charset", cs, sizeof cs) &&
	    strcmp(cs, "utf-8") != 0 && strcmp(cs, "utf8") != 0) {
		web_response_error(res, 415, ct, "UNSUPPORTED_MEDIA_TYPE", "Charset %s is not supported: send UTF-8", cs);
		return false;
	}
	if (req->content_length == -2) {
		web_response_error(res, 400, ct, "BAD_REQUEST", "Content-Length is not a number");
		return false;
	}
	if (req->content_length >= 0 && (uint64_t)req->content_length > cfg->body_limit) {
		web_response_error(res, 413, ct, "PAYLOAD_TOO_LARGE",
		                   "The request body is over the limit of %zu bytes", cfg->body_limit);
		return false;
	}
	return true;
}

/* the checks before any credentials are looked at: header sizes, preflight, method, Accept, and a
 * POST's Content-Type and Content-Length. false when the answer is made; else *media is set */
static bool check_request(struct web_graphql *app, struct web_request *req, struct web_response *res,
                          struct arena *a, enum media *media)
{
	const char *origin = cors_allowed(app->cfg, req->origin);

	common_headers(res, origin, req->method == WEB_M_OPTIONS);
	if (req->long_header) {
		web_response_error(res, 431, NULL, "BAD_REQUEST", "The %s header is over %d bytes",
		                   req->long_header, LIMIT_HEADER_VALUE);
		return false;
	}
	if (req->method == WEB_M_OPTIONS) {
		preflight(app, req, res, a, origin);
		return false;
	}
	if (req->method != WEB_M_GET && req->method != WEB_M_POST) {
		web_response_header(res, "Allow", ALLOWED_METHODS);
		web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED",
		                   "Method %s is not allowed: use POST (or GET for queries)",
		                   req->method_name[0] ? req->method_name : "(none)");
		return false;
	}
	*media = negotiate(req->accept);
	if (*media == MEDIA_NONE) {
		web_response_error(res, 406, NULL, "NOT_ACCEPTABLE",
		                   "The Accept header allows neither application/graphql-response+json nor application/json");
		return false;
	}
	return req->method != WEB_M_POST || check_post_headers(app->cfg, req, res, media_type(*media));
}

/* who is asking: an API key, else the session cookie from our own site (a POST must also be
 * application/json, checked before), else nobody. false when refused, with the answer made */
static bool authenticate(struct web_graphql *app, struct web_request *req, struct web_response *res,
                         struct arena *a, const char *ct, struct web_authn *who)
{
	switch (web_authenticate(app, req, a, WEB_AUTHN_API, who)) {
	case WEB_AUTHN_USER:
		if (who->by_key && who->msg[0])
			fprintf(stderr, "%s: warning: %s\n", app->prog, who->msg);
		return true;
	case WEB_AUTHN_ANONYMOUS:
		return true;
	case WEB_AUTHN_REFUSED:
		break;
	}
	if (web_authn_busy(res, ct, who))
		return false;
	if (who->status == 401) {
		web_response_header(res, "WWW-Authenticate", "Bearer realm=\"larder\"");
		web_response_error(res, 401, ct, "UNAUTHENTICATED", "%s", who->msg);
	} else if (who->status == 403) {
		web_response_error(res, 403, ct, "FORBIDDEN", "%s", who->msg);
	} else {
		web_response_fail(res, ct, "Internal server error", "%s", who->msg);
	}
	return false;
}

/* the GraphQL parameters of a POST body (read here, within the limit for authed or anonymous
 * callers) or a GET query string; false when the answer is made */
static bool read_params(struct web_request *req, struct web_response *res, struct arena *a, const char *ct,
                        bool authed, size_t body_limit, struct gql_params *p)
{
	char msg[sizeof res->reason];
	size_t limit = authed ? body_limit : LIMIT_BODY_UNAUTH;
	int status, rc;

	msg[0] = 0;
	if (req->method != WEB_M_POST) {
		status = params_from_query(a, req, p, msg, sizeof msg);
	} else if ((rc = web_request_read_body(req, a, limit)) == WEB_BODY_OK) {
		status = params_from_body(req->body, req->body_len, p, msg, sizeof msg);
	} else if (rc == WEB_BODY_TOO_LARGE) {
		web_response_error(res, 413, ct, "PAYLOAD_TOO_LARGE", authed ?
		                   "The request body is over the limit of %zu bytes" :
		                   "The request body is over the limit of %zu bytes for requests without an API key",
		                   limit);
		return false;
	} else if (rc == WEB_BODY_SHORT) {
		web_response_error(res, 400, ct, "BAD_REQUEST", "The request body is shorter than its Content-Length");
		return false;
	} else {
		web_response_fail(res, ct, "Internal server error", "reading the body failed (%d)", rc);
		return false;
	}
	if (status)
		web_response_error(res, status, ct, status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST", "%s", msg);
	return status == 0;
}

/* run the document and set the status from its outcome */
static void execute(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                    enum media media, const struct gql_params *p, struct api_ctx *ctx)
{
	const char *ct = media_type(media);
	struct gql_request g;
	struct gql_limits lim;
	struct gql_result r;

	memset(&g, 0, sizeof g);
	g.query = p->query;
	g.query_len = p->query_len;
	g.operation_name = p->operation_name;
	g.variables = p->variables;
	g.queries_only = req->method == WEB_M_GET;
	g.context = ctx;
	g.guard = api_guard;
	web_gql_limits(app->cfg, &lim);
	g.limits = &lim;
	memset(&r, 0, sizeof r);
	sb_reset(res->body);
	gql_execute(app->schema, &g, a, res->body, &r);
	if (sb_error(res->body) || res->body->len == 0) {
		web_response_fail(res, ct, "Internal server error", "%s", res->body->len ?
		                  "the response is too large" : "the engine wrote no response");
		return;
	}
	res->content_type = ct;
	switch (r.outcome) {
	case GQL_RESULT_DATA:
		res->status = 200;
		break;
	case GQL_RESULT_REQUEST_ERROR:
		res->status = media == MEDIA_GQL ? 400 : 200;
		snprintf(res->reason, sizeof res->reason, "GraphQL request error (%u error%s)", r.nerrors,
		         r.nerrors == 1 ? "" : "s");
		break;
	case GQL_RESULT_FORBIDDEN:
		res->status = media == MEDIA_GQL ? 403 : 200;
		snprintf(res->reason, sizeof res->reason, "refused by the credentials' scopes");
		break;
	case GQL_RESULT_NOT_ALLOWED:
		res->status = 405;
		web_response_header(res, "Allow", ALLOWED_METHODS);
		snprintf(res->reason, sizeof res->reason, "mutation over GET");
		break;
	case GQL_RESULT__MAX:
		web_response_fail(res, ct, "Internal server error", "unknown outcome");
		break;
	}
}

static void handle(struct web_graphql *app, struct web_request *req, struct web_response *res,
                   struct arena *a)
{
	enum media media = MEDIA_NONE;
	struct web_authn who;
	struct gql_params p;

	if (!check_request(app, req, res, a, &media) || !authenticate(app, req, res, a, media_type(media), &who))
		return;
	memset(&p, 0, sizeof p);
	if (read_params(req, res, a, media_type(media), who.ctx.user != NULL, app->cfg->body_limit, &p))
		execute(app, req, res, a, media, &p, &who.ctx);
	json_object_put(p.body_root);
	json_object_put(p.vars_root);
}

/* one log line; bytes that could break the line or the terminal become '?' */
static void log_line(const struct web_graphql *app, const struct web_request *req,
                     const struct web_response *res)
{
	char uri[160], why[256];
	size_t i;

	/* the path only: a GET's query string may hold variables that are nobody's business */
	for (i = 0; i + 1 < sizeof uri && req->path[i]; i++)
		uri[i] = (unsigned char)req->path[i] < 0x20 || req->path[i] == 0x7f ? '?' : req->path[i];
	uri[i] = 0;
	for (i = 0; i + 1 < sizeof why && res->reason[i]; i++)
		why[i] = (unsigned char)res->reason[i] < 0x20 || res->reason[i] == 0x7f ? '?' : res->reason[i];
	why[i] = 0;
	fprintf(stderr, "%s: %d %s %s from %s: %s\n", app->prog, res->status,
	        req->method_name[0] ? req->method_name : "-", uri,
	        req->remote_addr ? req->remote_addr : "-", why[0] ? why : web_status_text(res->status));
}

int web_serve(struct web_graphql *app, struct web_io *io, struct arena *a, web_handler_fn handler)
{
	struct web_request req;
	struct web_response res;
	int rc;

	web_request_init(&req, io, a);
	web_response_init(&res, &app->body, &app->head);
	handler(app, &req, &res, a);
	rc = web_response_send(&res, io);
	web_authn_release(); /* the answer is out (or failed): the user's slot is free for their next request */
	if (res.status >= 400 || rc != 0) {
		if (rc != 0)
			snprintf(res.reason, sizeof res.reason, "writing the response failed");
		log_line(app, &req, &res);
	}
	return rc == 0 ? res.status : -1;
}

/* /api/graphql, and the REST /api/content and /api/export the same program answers */
void web_graphql_route(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	if (web_content_route(req->path))
		web_content_handle(app, req, res, a);
	else if (web_export_route(req->path))
		web_export_handle(app, req, res, a);
	else if (web_import_route(req->path))
		web_import_handle(app, req, res, a);
	else if (web_upload_route(req->path))
		web_upload_handle(app, req, res, a);
	else if (web_health_route(req->path))
		web_health_handle(app, req, res, a);
	else if (web_share_route(req->path))
		web_share_handle(app, req, res, a);
	else
		handle(app, req, res, a);
}

int web_graphql_serve(struct web_graphql *app, struct web_io *io, struct arena *a)
{
	return web_serve(app, io, a, web_graphql_route);
}
