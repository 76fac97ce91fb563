/* fuzz_json_request.c: libFuzzer target: GraphQL over HTTP (body JSON, query string, headers) through web_graphql_serve. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "fuzz_schema.h"
#include "fuzz_store.h"
#include "svc/svc.h"
#include "util/crypto.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"
#include "web/graphql_http.h"
#include "web/request.h"

/* The input is the POST body of a request to /api/graphql (Content-Type application/json).
 * An input starting with '@' instead begins with CGI parameters, one NAME=value a line,
 * up to an empty line; the rest is the body. For example
 *   @REQUEST_METHOD=GET\nQUERY_STRING=query=%7Bhello%7D\n\n
 * The server has a real database (fuzz_store.h) holding one user, one article and its share link
 * (/s/FZ_SHARE_TOKEN), so the routes that read it without credentials (share links, signed file
 * links, uploads by token, /api/health) run as they do in graphql.fcgi. No Authorization header
 * is passed on (no key exists, and a key's routes start imports and exports), so every request
 * is anonymous, or a session cookie that finds nobody, and the test schema answers GraphQL. */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_MAX_PARAMS 32

struct fz_io {
	const char *names[FZ_MAX_PARAMS], *values[FZ_MAX_PARAMS];
	size_t nparams;
	const char *body;
	size_t body_len, body_off;
	struct sb out;
};

static struct gql_schema *fz_s;
static struct larder_config fz_cfg;
static struct web_graphql fz_app;
static struct arena fz_arena;
static struct fz_io fz_io;
static bool fz_print;   /* FUZZ_PRINT set: show every response (to check the seeds) */
/* the share link's token in the seed corpus (share_ok) */
#define FZ_SHARE_TOKEN "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

/* alice's article, and a share link to it */
static void fz_seed(struct store *st)
{
	static const char *const label = "Fuzz";
	struct store_user u;
	struct store_save sv = { .url = "https://example.org/shared", .title = "A shared article",
	                         .saved_ms = INT64_C(1718452800000), .labels = &label, .nlabels = 1 };
	struct store_article art = { .title = "A shared article", .author = "Ann Author", .description = "shared",
	                             .content = "<p>The <b>shared</b> text.</p>", .text = "The shared text.",
	                             .words_count = 3, .language = "en" };
	struct store_item it;
	char hash[65];
	bool existed;

	if (store_user_add(st, &fz_arena, "alice", NULL, NULL, NULL, &u) != STORE_OK)
		fz_store_fail("store_user_add", NULL);
	sv.user_id = u.id;
	if (store_item_save(st, &fz_arena, &sv, &it, &existed) != STORE_OK || store_item_fill(st, it.seq, &art) != STORE_OK)
		fz_store_fail("store_item_save", NULL);
	crypto_sha256_hex(FZ_SHARE_TOKEN, strlen(FZ_SHARE_TOKEN), hash);
	if (store_share_set(st, it.seq, hash, sv.saved_ms) != STORE_OK)
		fz_store_fail("store_share_set", NULL);
	arena_reset(&fz_arena);
}

static const char *fz_param(void *ctx, const char *name)
{
	struct fz_io *io = ctx;
	for (size_t i = io->nparams; i-- > 0;)
		if (strcmp(io->names[i], name) == 0)
			return io->values[i];
	return NULL;
}

/* the body in uneven pieces, to exercise the reading loop */
static long fz_read(void *ctx, char *buf, size_t n)
{
	struct fz_io *io = ctx;
	size_t left = io->body_len - io->body_off, k = left < n ? left : n;

	if (k > 1 + io->body_off % 4093)
		k = 1 + io->body_off % 4093;
	memcpy(buf, io->body + io->body_off, k);
	io->body_off += k;
	return (long)k;
}

static int fz_write(void *ctx, const char *buf, size_t n)
{
	struct fz_io *io = ctx;
	sb_putn(&io->out, buf, n);
	return sb_error(&io->out) ? -1 : 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_s = fz_schema();
	if (config_defaults(&fz_cfg) != 0) /* every limit at its default, as an empty larder.conf gives */
		abort();
	fz_cfg.argon2_t_cost = 1;
	fz_cfg.argon2_m_kib = 8;
	arena_init(&fz_arena);
	fz_store_make("fuzz_json_request");
	free(fz_cfg.database);
	fz_cfg.database = strdup(fz_store_path);
	svc_store_limits(fz_store, &fz_cfg);
	fz_seed(fz_store);
	web_graphql_init(&fz_app, "fuzz_json_request", fz_store, &fz_cfg, fz_s);
	sb_init(&fz_io.out);
	fz_print = getenv("FUZZ_PRINT") != NULL;
	/* every 4xx answer logs a line on stderr: keep it quiet unless asked (sanitizer reports
	 * do not go through stdio) */
	if (getenv("FUZZ_VERBOSE") == NULL) {
		FILE *null = fopen("/dev/null", "w");
		if (null != NULL)
			stderr = null;
	}
	return 0;
}

static void set_param(struct fz_io *io, const char *name, const char *value)
{
	if (io->nparams < FZ_MAX_PARAMS) {
		io->names[io->nparams] = name;
		io->values[io->nparams] = value;
		io->nparams++;
	}
}

/* check the CGI response: a status line, clean header lines, Content-Length = body, a JSON body (or a whole HTML
 * page, for a share link) */
static void check_response(const struct sb *out, int status)
{
	const char *s = sb_str(out), *sep = strstr(s, "\r\n\r\n"), *cl, *ct, *body;
	size_t head_len, body_len;
	int st;

	if (status < 0)
		return; /* a write error (cannot happen here short of memory) */
	if (sep == NULL || sscanf(s, "Status: %d ", &st) != 1 || st != status) {
		fprintf(stderr, "fuzz: bad response head (status %d):\n%.2000s\n", status, s);
		abort();
	}
	head_len = (size_t)(sep - s) + 4;
	body = sep + 4;
	body_len = out->len - head_len;
	for (size_t i = 0; i < head_len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool crlf = (c == '\r' && s[i + 1] == '\n') || (c == '\n' && i > 0 && s[i - 1] == '\r');
		if ((c < 0x20 || c == 0x7f) && !crlf) {
			fprintf(stderr, "fuzz: control byte 0x%02x in the response head at %zu:\n%.*s\n", c, i,
			        (int)head_len, s);
			abort();
		}
	}
	cl = strstr(s, "\r\nContent-Length: ");
	if (cl == NULL || cl > sep || (size_t)strtoull(cl + 18, NULL, 10) != body_len) {
		fprintf(stderr, "fuzz: Content-Length does not match the %zu body bytes:\n%.*s\n", body_len,
		        (int)head_len, s);
		abort();
	}
	ct = strstr(s, "\r\nContent-Type: ");
	if (ct != NULL && ct < sep && strncmp(ct + 16, "text/html", 9) == 0 && body_len > 0) {
		/* a share link's page (or its 404): a whole HTML document */
		if (body_len < 16 || strncmp(body, "<!doctype html>", 15) != 0 || strstr(body, "</html>") == NULL) {
			fprintf(stderr, "fuzz: an HTML answer is not a whole page:\n%.2000s\n", body);
			abort();
		}
	} else if (body_len > 0) {
		struct json_object *j = fz_check_json("the response body", body, body_len);
		if (!json_object_is_type(j, json_type_object)) {
			fprintf(stderr, "fuzz: the response body is not a JSON object\n");
			abort();
		}
		json_object_put(j);
	}
	if (status >= 400 && status != 405 && body_len == 0) {
		fprintf(stderr, "fuzz: error %d without a body\n", status);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *body, *p, clen[32];
	struct web_io io;
	int status;

	if (copy == NULL)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	fz_io.nparams = 0;
	set_param(&fz_io, "REQUEST_METHOD", "POST");
	set_param(&fz_io, "REQUEST_URI", "/api/graphql");
	set_param(&fz_io, "CONTENT_TYPE", "application/json");
	set_param(&fz_io, "HTTP_ACCEPT", "application/graphql-response+json, application/json");
	set_param(&fz_io, "REMOTE_ADDR", "127.0.0.1");
	body = copy;
	if (size > 0 && copy[0] == '@') {
		char *end = strstr(copy + 1, "\n\n");
		p = copy + 1;
		if (end != NULL) {
			*end = '\0';
			body = end + 2;
		} else {
			body = copy + size;
		}
		while (p != NULL && *p) {
			char *nl = strchr(p, '\n'), *eq;
			if (nl != NULL)
				*nl = '\0';
			eq = strchr(p, '=');
			if (eq != NULL) {
				*eq = '\0';
				/* no keys: see the top of this file */
				if (strcmp(p, "HTTP_AUTHORIZATION") != 0)
					set_param(&fz_io, p, eq + 1);
			}
			p = nl != NULL ? nl + 1 : NULL;
		}
	}
	fz_io.body = body;
	fz_io.body_len = size - (size_t)(body - copy);
	fz_io.body_off = 0;
	if (fz_param(&fz_io, "CONTENT_LENGTH") == NULL) {
		snprintf(clen, sizeof clen, "%zu", fz_io.body_len);
		set_param(&fz_io, "CONTENT_LENGTH", clen);
	}
	sb_reset(&fz_io.out);
	memset(&io, 0, sizeof io);
	io.ctx = &fz_io;
	io.param = fz_param;
	io.read = fz_read;
	io.write = fz_write;

	status = web_graphql_serve(&fz_app, &io, &fz_arena);
	if (fz_print)
		printf("%s\n", sb_str(&fz_io.out));
	check_response(&fz_io.out, status);
	arena_reset(&fz_arena);
	free(copy);
	return 0;
}
