/* health_http.c: GET /api/health: the database reachable and writable, its schema current, and when larder worker last went round, as JSON for load balancers and monitors (no credentials, no user data, no paths). */
#include <string.h>

#include "store/store.h"
#include "util/jsonw.h"
#include "util/time.h"
#include "web/health_http.h"

bool web_health_route(const char *path)
{
	return path && strcmp(path, "/api/health") == 0;
}

void web_health_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct store_health h;
	char why[512];
	bool reachable, writable, current, worker;
	int64_t ago = -1;
	struct sb *b = res->body;

	(void)a;
	if (req->method != WEB_M_GET && req->method != WEB_M_HEAD) {
		web_response_header(res, "Allow", "GET, HEAD");
		web_response_error(res, 405, NULL, "BAD_REQUEST", "use GET");
		return;
	}
	reachable = store_health(app->store, &h) == STORE_OK && h.reachable;
	/* the files themselves (a database deleted or made read-only under the running program); the reason, which
	 * names paths, is the admin's: the programs log it when a write fails */
	writable = store_check_writable(app->cfg->database, why, sizeof why) == 0;
	current = reachable && h.schema == h.schema_want;
	if (h.worker_seen_ms > 0)
		ago = (time_now_ms() - h.worker_seen_ms) / 1000;
	worker = ago >= 0 && ago <= WEB_HEALTH_WORKER_S;
	sb_reset(b);
	sb_puts(b, "{\"status\":");
	jw_cstr(b, !reachable || !writable || !current ? "fail" : worker ? "ok" : "degraded");
	sb_puts(b, ",\"database\":{\"reachable\":");
	jw_bool(b, reachable);
	sb_puts(b, ",\"writable\":");
	jw_bool(b, writable);
	sb_puts(b, ",\"schema\":");
	jw_int(b, reachable ? h.schema : -1);
	sb_puts(b, ",\"schemaWanted\":");
	jw_int(b, h.schema_want);
	sb_puts(b, ",\"schemaCurrent\":");
	jw_bool(b, current);
	sb_puts(b, "},\"worker\":{\"lastSeenSecondsAgo\":");
	if (ago >= 0)
		jw_int(b, ago);
	else
		sb_puts(b, "null");
	sb_puts(b, ",\"recent\":");
	jw_bool(b, worker);
	sb_puts(b, "}}");
	res->status = !reachable || !writable || !current ? 503 : 200;
	res->content_type = "application/json";
	web_response_header(res, "Cache-Control", "no-store");
}
