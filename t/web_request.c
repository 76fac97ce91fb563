/* web_request.c: unit tests of the web input layer and responses (params, paths, header caps, body limits, query strings, media types). */
#include <string.h>
#include "t/tap.h"
#include "util/limits.h"
#include "web/request.h"
#include "web/page.h"
#include "web/response.h"
#include "web/session.h"

/* a fake server: params from a NULL-terminated name/value list, body from a string */
struct fake {
	const char **params;
	const char *body;
	size_t body_len, pos, chunk;
	struct sb out;
};

static const char *fake_param(void *ctx, const char *name)
{
	struct fake *f = ctx;

	for (size_t i = 0; f->params[i]; i += 2)
		if (strcmp(f->params[i], name) == 0)
			return f->params[i + 1];
	return NULL;
}

static long fake_read(void *ctx, char *buf, size_t n)
{
	struct fake *f = ctx;
	size_t left = f->body_len - f->pos;

	if (n > left)
		n = left;
	if (f->chunk && n > f->chunk)
		n = f->chunk;
	memcpy(buf, f->body + f->pos, n);
	f->pos += n;
	return (long)n;
}

static int fake_write(void *ctx, const char *buf, size_t n)
{
	struct fake *f = ctx;

	sb_putn(&f->out, buf, n);
	return 0;
}

static void fake_io(struct web_io *io, struct fake *f, const char **params, const char *body)
{
	memset(f, 0, sizeof *f);
	f->params = params;
	f->body = body ? body : "";
	f->body_len = strlen(f->body);
	sb_init(&f->out);
	io->ctx = f;
	io->param = fake_param;
	io->read = fake_read;
	io->write = fake_write;
}

static void test_init(struct arena *a)
{
	struct web_io io;
	struct fake f;
	struct web_request r;
	static char longv[LIMIT_HEADER_VALUE + 2];
	const char *p1[] = { "REQUEST_METHOD", "POST", "REQUEST_URI", "//api//graphql?x=1",
	                     "CONTENT_TYPE", "application/json", "CONTENT_LENGTH", "12",
	                     "HTTP_AUTHORIZATION", "Bearer k", "HTTP_ORIGIN", "lsp://logseq.io",
	                     "QUERY_STRING", "x=1", "REMOTE_ADDR", "10.0.0.1", NULL };
	const char *p2[] = { "REQUEST_METHOD", "BREW", "SCRIPT_NAME", "/cgi-bin/g.fcgi", "PATH_INFO", "/x",
	                     "CONTENT_LENGTH", "12a", "HTTP_COOKIE", longv, NULL };
	const char *p3[] = { "DOCUMENT_URI", "/api/graphql", NULL };

	fake_io(&io, &f, p1, NULL);
	web_request_init(&r, &io, a);
	is_int(r.method, WEB_M_POST, "method POST");
	is_str(r.path, "/api/graphql", "REQUEST_URI: query cut, slashes collapsed");
	is_str(r.uri, "//api//graphql?x=1", "uri kept as sent");
	is_str(r.query_string, "x=1", "query string");
	is_int(r.content_length, 12, "content length");
	is_str(r.authorization, "Bearer k", "authorization");
	is_str(r.origin, "lsp://logseq.io", "origin");
	is_str(r.remote_addr, "10.0.0.1", "remote addr");
	ok(r.accept == NULL && r.cookie == NULL, "absent headers are NULL");
	ok(r.long_header == NULL, "no long header");
	sb_free(&f.out);

	memset(longv, 'a', sizeof longv - 1);
	fake_io(&io, &f, p2, NULL);
	web_request_init(&r, &io, a);
	is_int(r.method, WEB_M_OTHER, "unknown method");
	is_str(r.method_name, "BREW", "its name kept");
	is_str(r.path, "/cgi-bin/g.fcgi/x", "SCRIPT_NAME + PATH_INFO");
	is_int(r.content_length, -2, "bad Content-Length is -2");
	ok(r.cookie == NULL, "an oversize header is dropped");
	is_str(r.long_header, "Cookie", "and named");
	sb_free(&f.out);

	fake_io(&io, &f, p3, NULL);
	web_request_init(&r, &io, a);
	is_int(r.method, WEB_M_OTHER, "no method");
	is_str(r.method_name, "", "empty method name");
	is_str(r.path, "/api/graphql", "DOCUMENT_URI");
	is_int(r.content_length, -1, "no Content-Length is -1");
	is_str(r.query_string, "", "no query string is empty");
	sb_free(&f.out);
}

static void test_body(struct arena *a)
{
	struct web_io io;
	struct fake f;
	struct web_request r;
	const char *with_len[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "5", NULL };
	const char *big_len[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "11", NULL };
	const char *no_len[] = { "REQUEST_METHOD", "POST", NULL };
	const char *short_len[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "50", NULL };

	fake_io(&io, &f, with_len, "hello world");
	f.chunk = 2;
	web_request_init(&r, &io, a);
	is_int(web_request_read_body(&r, a, 10), WEB_BODY_OK, "body within the limit (read in pieces)");
	is_str(r.body, "hello", "exactly Content-Length bytes read");
	is_int(r.body_len, 5, "body length");

	fake_io(&io, &f, big_len, "hello world");
	web_request_init(&r, &io, a);
	is_int(web_request_read_body(&r, a, 10), WEB_BODY_TOO_LARGE, "declared length over the limit");
	is_int(f.pos, 0, "refused without reading");

	fake_io(&io, &f, no_len, "hello world");
	web_request_init(&r, &io, a);
	is_int(web_request_read_body(&r, a, 10), WEB_BODY_TOO_LARGE, "no length: over the limit is seen");
	is_int(f.pos, 11, "after reading at most limit+1 bytes");

	fake_io(&io, &f, no_len, "hello");
	web_request_init(&r, &io, a);
	is_int(web_request_read_body(&r, a, 10), WEB_BODY_OK, "no length: read to the end");
	is_str(r.body, "hello", "body");

	{
		static char big[100001];

		memset(big, 'b', sizeof big - 1);
		fake_io(&io, &f, no_len, big);
		f.chunk = 7000;
		web_request_init(&r, &io, a);
		is_int(web_request_read_body(&r, a, 200000), WEB_BODY_OK, "no length: a 100 kB body grows the buffer");
		ok(r.body_len == 100000 && memcmp(r.body, big, 100000) == 0 && r.body[100000] == 0,
		   "all of it kept, NUL-terminated");
		fake_io(&io, &f, no_len, big);
		web_request_init(&r, &io, a);
		is_int(web_request_read_body(&r, a, 50000), WEB_BODY_TOO_LARGE, "no length: 100 kB over a 50 kB limit");
		is_int(f.pos, 50001, "read stops one byte past the limit");
	}

	fake_io(&io, &f, short_len, "hello");
	web_request_init(&r, &io, a);
	is_int(web_request_read_body(&r, a, 100), WEB_BODY_SHORT, "body shorter than its length");
}

static void test_query(struct arena *a)
{
	struct web_qparam *p;
	const struct web_qparam *v;
	size_t n, len;
	const char *qs = "query=%7B+me+%7D&x&&operationName=A%3DB&bad=%zz%4&query=second&nul=a%00b&e=";
	char *d;

	ok(web_query_parse(a, qs, strlen(qs), &p, &n) == 0, "query string parsed");
	is_int(n, 7, "seven pairs (the empty ones between && skipped)");
	v = web_query_get(p, n, "query");
	is_str(v ? v->value : NULL, "{ me }", "'+' and %%XX decoded; the first of repeated names wins");
	v = web_query_get(p, n, "x");
	ok(v && v->value_len == 0 && v->value[0] == 0, "a name without '=' has an empty value");
	v = web_query_get(p, n, "operationName");
	is_str(v ? v->value : NULL, "A=B", "encoded '=' in a value");
	v = web_query_get(p, n, "bad");
	is_str(v ? v->value : NULL, "%zz%4", "bad escapes stay as they are");
	v = web_query_get(p, n, "nul");
	ok(v && v->value_len == 3 && v->value[1] == 0, "%%00 gives a NUL inside, counted in the length");
	ok(web_query_get(p, n, "missing") == NULL, "missing name");
	d = web_url_decode(a, "a+b%20c", 7, false, &len);
	is_str(d, "a+b c", "without plus_space '+' stays");
	ok(web_query_parse(a, "", 0, &p, &n) == 0 && n == 0, "empty query string");
}

static void test_media(void)
{
	char cs[16];

	ok(web_media_type_is("application/json", "application/json"), "exact");
	ok(web_media_type_is(" Application/JSON ; charset=utf-8", "application/json"), "case and params");
	ok(!web_media_type_is("application/jsonp", "application/json"), "prefix is not a match");
	ok(!web_media_type_is(NULL, "application/json"), "NULL");
	ok(web_media_type_param("application/json; charset=\"UTF-8\"", "charset", cs, sizeof cs), "charset found");
	is_str(cs, "utf-8", "charset unquoted, lower-cased");
	ok(!web_media_type_param("application/json", "charset", cs, sizeof cs), "no charset");
	ok(web_media_type_param("application/json;foo=1; Charset=latin1", "charset", cs, sizeof cs) &&
	   strcmp(cs, "latin1") == 0, "second parameter");
}

static void test_response(void)
{
	struct web_io io;
	struct fake f;
	struct web_response res;
	struct sb body, head;
	const char *none[] = { NULL };

	sb_init(&body);
	sb_init(&head);
	fake_io(&io, &f, none, NULL);
	web_response_init(&res, &body, &head);
	ok(web_response_header(&res, "X-A", "1") == 0, "header added");
	ok(web_response_header(&res, "X-B", "evil\r\nSet-Cookie: x") != 0, "CR LF refused");
	web_response_error(&res, 401, NULL, "UNAUTHENTICATED", "key \"%s\" bad", "k");
	is_int(web_response_send(&res, &io), 0, "sent");
	is_str(sb_str(&f.out),
	       "Status: 401 Unauthorized\r\nContent-Type: application/json; charset=utf-8\r\nX-A: 1\r\n"
	       "Content-Length: 80\r\n\r\n"
	       "{\"errors\":[{\"message\":\"key \\\"k\\\" bad\",\"extensions\":{\"code\":\"UNAUTHENTICATED\"}}]}",
	       "status line, headers, length and JSON error body");
	is_str(res.reason, "key \"k\" bad", "reason kept for the log");
	sb_free(&f.out);

	fake_io(&io, &f, none, NULL);
	web_response_init(&res, &body, &head);
	res.status = 204;
	res.content_type = "application/json";
	sb_puts(&body, "ignored");
	web_response_send(&res, &io);
	is_str(sb_str(&f.out), "Status: 204 No Content\r\nContent-Length: 0\r\n\r\n", "204 has no body");
	sb_free(&f.out);
	sb_free(&body);
	sb_free(&head);
}

/* the Cookie header parser and the safe-redirect rule of the browser endpoints */
static void test_cookies(struct arena *a)
{
	is_str(web_cookie_get(a, "auth=abc", "auth"), "abc", "a lone cookie");
	is_str(web_cookie_get(a, "theme=dark; auth=abc; x=1", "auth"), "abc", "among others");
	is_str(web_cookie_get(a, "xauth=evil; auth=good", "auth"), "good", "a name that ends the same is another cookie");
	is_str(web_cookie_get(a, "authx=evil", "auth"), NULL, "a longer name is another cookie");
	is_str(web_cookie_get(a, "auth=\"q\"", "auth"), "q", "a quoted value");
	is_str(web_cookie_get(a, "auth=", "auth"), "", "an empty value");
	is_str(web_cookie_get(a, ";;; ; auth=v ;", "auth"), "v", "stray separators and spaces");
	is_str(web_cookie_get(a, "auth", "auth"), NULL, "a name without a value");
	is_str(web_cookie_get(a, NULL, "auth"), NULL, "no header");
	like(web_cookie_make(a, "tok", 60, true), "auth=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure", "Set-Cookie");
	ok(strstr(web_cookie_make(a, "tok", 60, false), "Secure") == NULL, "no Secure over plain http");
	ok(web_safe_redirect("/home"), "/home is a safe redirect");
	ok(web_safe_redirect("/api/save?url=https%3A%2F%2Fx"), "a path with a query is safe");
	ok(!web_safe_redirect("//evil.example/"), "//host is not");
	ok(!web_safe_redirect("/\\evil.example/"), "/\\host is not");
	ok(!web_safe_redirect("https://evil.example/"), "an absolute URL is not");
	ok(!web_safe_redirect("/x\r\nSet-Cookie: a=b"), "CR/LF is not");
	ok(!web_safe_redirect("home"), "a relative path is not");
	ok(!web_safe_redirect(NULL), "nothing is not");
	is_str(web_url_encode(a, "/api/save?url=https://x.org/a b&l=é"), "/api/save%3Furl%3Dhttps%3A//x.org/a%20b%26l%3D%C3%A9",
	       "web_url_encode keeps unreserved characters and '/', encodes the rest");
}

int main(void)
{
	struct arena a;

	arena_init(&a);
	test_init(&a);
	test_body(&a);
	test_query(&a);
	test_media();
	test_response();
	test_cookies(&a);
	arena_free(&a);
	return done_testing();
}
