/* url.c: RFC 3986 parser, save-time normaliser and reference resolver on arena memory. */
#include "util/url.h"
#include "util/text.h"

#include <arpa/inet.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/utf8.h"

/* a growable string in arena memory with a sticky error */
struct abuf {
	struct arena *a;
	char *p;
	size_t len, cap;
	int err;
};

static void ab_init(struct abuf *b, struct arena *a, size_t hint)
{
	b->a = a;
	b->len = 0;
	b->err = 0;
	b->cap = hint + 16;
	b->p = arena_alloc(a, b->cap);
	if (!b->p)
		b->err = 1;
}

static void ab_putn(struct abuf *b, const char *s, size_t n)
{
	if (b->err)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t nc = (b->len + n + 1) * 2;
		char *np = arena_realloc(b->a, b->p, b->cap, nc);
		if (!np) {
			b->err = 1;
			return;
		}
		b->p = np;
		b->cap = nc;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = 0;
}

static void ab_putc(struct abuf *b, char c)
{
	ab_putn(b, &c, 1);
}

static void ab_puts(struct abuf *b, const char *s)
{
	ab_putn(b, s, strlen(s));
}

static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_unreserved(int c)
{
	return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}
static bool is_subdelim(int c) { return c && strchr("!$&'()*+,;=", c) != NULL; }
static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static void trim(const char **s, size_t *n)
{
	while (*n > 0 && is_space((unsigned char)**s)) { (*s)++; (*n)--; }
	while (*n > 0 && is_space((unsigned char)(*s)[*n - 1])) (*n)--;
}

/* strict dotted-decimal IPv4 (RFC 3986 IPv4address) */
static bool is_ipv4(const char *s, size_t n)
{
	size_t i = 0;
	for (int part = 0; part < 4; part++) {
		size_t start = i;
		int v = 0;
		if (part > 0) {
			if (i >= n || s[i] != '.')
				return false;
			start = ++i;
		}
		while (i < n && is_digit((unsigned char)s[i]) && i - start < 3)
			v = v * 10 + (s[i++] - '0');
		if (i == start || v > 255 || (i - start > 1 && s[start] == '0'))
			return false;
	}
	return i == n;
}

static int fail(const char **err, const char *msg)
{
	if (err)
		*err = msg;
	return -1;
}

static int parse_authority(struct arena *a, const char *s, size_t n, struct url *u, const char **err)
{
	const char *at = NULL, *h, *end = s + n;
	for (const char *p = s; p < end; p++)
		if (*p == '@')
			at = p;
	if (at) {
		u->userinfo = arena_strndup(a, s, (size_t)(at - s));
		h = at + 1;
	} else {
		h = s;
	}
	const char *hend;
	const char *portp = NULL;
	if (h < end && *h == '[') {
		const char *close = memchr(h, ']', (size_t)(end - h));
		char tmp[64];
		struct in6_addr ia;
		if (!close)
			return fail(err, "URL has an invalid IPv6 address");
		if (close - h > 1 && (h[1] == 'v' || h[1] == 'V'))
			return fail(err, "URL uses an unsupported IP literal (IPvFuture)");
		size_t len = (size_t)(close - h - 1);
		if (len == 0 || len >= sizeof tmp)
			return fail(err, "URL has an invalid IPv6 address");
		memcpy(tmp, h + 1, len);
		tmp[len] = 0;
		if (inet_pton(AF_INET6, tmp, &ia) != 1)
			return fail(err, "URL has an invalid IPv6 address");
		u->host = arena_strndup(a, tmp, len);
		u->host_type = URL_HOST_IPV6;
		hend = close + 1;
		if (hend < end) {
			if (*hend != ':')
				return fail(err, "URL has an invalid IPv6 address");
			portp = hend + 1;
		}
	} else {
		const char *colon = NULL;
		for (const char *p = h; p < end; p++)
			if (*p == ':') {
				colon = p;
				break;
			}
		hend = colon ? colon : end;
		for (const char *p = h; p < hend; p++) {
			unsigned char c = (unsigned char)*p;
			if (c >= 0x80)
				return fail(err, "URL host must be ASCII (give international names in their xn-- form)");
			if (c == '%') {
				/* escapes were checked for shape by the caller */
				continue;
			}
			if (!is_unreserved(c) && !is_subdelim(c))
				return fail(err, "URL host contains an invalid character");
		}
		u->host = arena_strndup(a, h, (size_t)(hend - h));
		u->host_type = is_ipv4(h, (size_t)(hend - h)) ? URL_HOST_IPV4 : URL_HOST_REGNAME;
		if (colon)
			portp = colon + 1;
	}
	u->port_num = -1;
	if (portp) {
		long v = 0;
		for (const char *p = portp; p < end; p++) {
			if (!is_digit((unsigned char)*p))
				return fail(err, "URL has an invalid port");
			v = v * 10 + (*p - '0');
			if (v > 65535)
				return fail(err, "URL has an invalid port (more than 65535)");
		}
		u->port = arena_strndup(a, portp, (size_t)(end - portp));
		if (end > portp)
			u->port_num = (int)v;
	}
	return 0;
}

int url_parse(struct arena *a, const char *s, size_t n, struct url *u, const char **err)
{
	const char *p, *end;
	memset(u, 0, sizeof *u);
	u->port_num = -1;
	if (!s || n == 0)
		return fail(err, "URL is empty");
	if (n > LIMIT_URL_BYTES)
		return fail(err, "URL is too long (more than 2048 bytes)");
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c == ' ')
			return fail(err, "URL contains a space");
		if (c < 0x20 || c == 0x7f)
			return fail(err, "URL contains a control character");
		if (c == '%') {
			if (i + 2 >= n || text_hex_value((unsigned char)s[i + 1]) < 0 || text_hex_value((unsigned char)s[i + 2]) < 0)
				return fail(err, "URL has a malformed percent-escape");
			i += 3;
			continue;
		}
		if (c >= 0x80) {
			size_t k = utf8_valid_prefix((const unsigned char *)s + i, n - i);
			if (k == 0)
				return fail(err, "URL is not valid UTF-8");
			i += k;
			continue;
		}
		i++;
	}
	p = s;
	end = s + n;
	/* scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
	if (is_alpha((unsigned char)*p)) {
		const char *q = p + 1;
		while (q < end && (is_alpha((unsigned char)*q) || is_digit((unsigned char)*q) || *q == '+' || *q == '-' || *q == '.'))
			q++;
		if (q < end && *q == ':') {
			u->scheme = arena_strndup(a, p, (size_t)(q - p));
			p = q + 1;
		}
	}
	if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
		const char *q = p + 2;
		while (q < end && *q != '/' && *q != '?' && *q != '#')
			q++;
		u->authority = arena_strndup(a, p + 2, (size_t)(q - p - 2));
		if (parse_authority(a, p + 2, (size_t)(q - p - 2), u, err) < 0)
			return -1;
		p = q;
	}
	{
		const char *q = p;
		while (q < end && *q != '?' && *q != '#')
			q++;
		u->path = arena_strndup(a, p, (size_t)(q - p));
		p = q;
	}
	if (p < end && *p == '?') {
		const char *q = ++p;
		while (q < end && *q != '#')
			q++;
		u->query = arena_strndup(a, p, (size_t)(q - p));
		p = q;
	}
	if (p < end && *p == '#')
		u->fragment = arena_strndup(a, p + 1, (size_t)(end - p - 1));
	if (!u->path)
		return fail(err, "out of memory");
	return 0;
}

/* RFC 3986 5.2.4 on the n bytes at s, appended to out */
static void remove_dot_segments(struct abuf *out, const char *s, size_t n)
{
	char *in = arena_strndup(out->a, s, n);
	size_t i = 0;
	size_t base = out->len;
	if (!in) {
		out->err = 1;
		return;
	}
	while (i < n) {
		const char *r = in + i;
		size_t left = n - i;
		if (left >= 3 && memcmp(r, "../", 3) == 0) {
			i += 3;
		} else if (left >= 2 && memcmp(r, "./", 2) == 0) {
			i += 2;
		} else if (left >= 3 && memcmp(r, "/./", 3) == 0) {
			i += 2;
		} else if (left == 2 && memcmp(r, "/.", 2) == 0) {
			in[i + 1] = '/';
			i += 1;
		} else if ((left >= 4 && memcmp(r, "/../", 4) == 0) || (left == 3 && memcmp(r, "/..", 3) == 0)) {
			if (left == 3) {
				in[i + 2] = '/';
				i += 2;
			} else {
				i += 3;
			}
			/* drop the last segment of the output and its preceding '/' */
			if (!out->err) {
				while (out->len > base && out->p[out->len - 1] != '/')
					out->len--;
				if (out->len > base)
					out->len--;
				out->p[out->len] = 0;
			}
		} else if ((left == 1 && r[0] == '.') || (left == 2 && r[0] == '.' && r[1] == '.')) {
			i = n;
		} else {
			size_t j = i + (in[i] == '/' ? 1 : 0);
			while (j < n && in[j] != '/')
				j++;
			ab_putn(out, in + i, j - i);
			i = j;
		}
	}
}

/* copy n bytes of a component normalising percent-escapes (see url.h step 5) */
static void put_normalised(struct abuf *b, const char *s, size_t n, bool lowercase)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '%' && i + 2 < n && text_hex_value((unsigned char)s[i + 1]) >= 0 && text_hex_value((unsigned char)s[i + 2]) >= 0) {
			int v = text_hex_value((unsigned char)s[i + 1]) * 16 + text_hex_value((unsigned char)s[i + 2]);
			if (is_unreserved(v)) {
				ab_putc(b, (char)(lowercase ? lower(v) : v));
			} else {
				char e[3] = {'%', hex[v >> 4], hex[v & 15]};
				ab_putn(b, e, 3);
			}
			i += 2;
		} else if (c >= 0x80 || strchr("\"<>\\^`{|}", c)) {
			char e[3] = {'%', hex[c >> 4], hex[c & 15]};
			ab_putn(b, e, 3);
		} else {
			ab_putc(b, (char)(lowercase ? lower(c) : c));
		}
	}
}

struct qparam {
	char *key;      /* normalised name */
	char *text;     /* normalised "name=value" */
	size_t order;
};

static int qparam_cmp(const void *x, const void *y)
{
	const struct qparam *a = x, *b = y;
	return text_cmp_stable(a->key, a->order, b->key, b->order);
}

static bool starts_utm(const char *k)
{
	return lower((unsigned char)k[0]) == 'u' && lower((unsigned char)k[1]) == 't' &&
	       lower((unsigned char)k[2]) == 'm' && k[3] == '_';
}

int url_normalise(struct arena *a, const char *s, size_t n, char **out, const char **err)
{
	struct url u;
	struct abuf b;
	bool https;
	*out = NULL;
	if (!s)
		return fail(err, "URL is empty");
	trim(&s, &n);
	if (url_parse(a, s, n, &u, err) < 0)
		return -1;
	if (!u.scheme || (strcasecmp(u.scheme, "http") != 0 && strcasecmp(u.scheme, "https") != 0))
		return fail(err, "only http and https URLs can be saved");
	https = strcasecmp(u.scheme, "https") == 0;
	if (u.userinfo)
		return fail(err, "URLs with a user name or password are not accepted");
	if (!u.host || !u.host[0])
		return fail(err, "URL has no host");
	ab_init(&b, a, n * 2);
	ab_puts(&b, https ? "https://" : "http://");
	if (u.host_type == URL_HOST_IPV6) {
		struct in6_addr ia;
		char txt[INET6_ADDRSTRLEN];
		if (inet_pton(AF_INET6, u.host, &ia) != 1 || !inet_ntop(AF_INET6, &ia, txt, sizeof txt))
			return fail(err, "URL has an invalid IPv6 address");
		ab_putc(&b, '[');
		ab_puts(&b, txt);
		ab_putc(&b, ']');
	} else {
		put_normalised(&b, u.host, strlen(u.host), true);
	}
	if (u.port_num >= 0 && u.port_num != (https ? 443 : 80)) {
		char pb[8];
		size_t pl = 0;
		int v = u.port_num;
		char rev[8];
		do { rev[pl++] = (char)('0' + v % 10); v /= 10; } while (v);
		for (size_t i = 0; i < pl; i++)
			pb[i] = rev[pl - 1 - i];
		ab_putc(&b, ':');
		ab_putn(&b, pb, pl);
	}
	{
		struct abuf pb;
		size_t plen;
		ab_init(&pb, a, strlen(u.path) * 3);
		put_normalised(&pb, u.path, strlen(u.path), false);
		if (pb.err)
			return fail(err, "out of memory");
		plen = b.len;
		remove_dot_segments(&b, pb.p, pb.len);
		if (!b.err && b.len - plen == 1 && b.p[plen] == '/') {
			b.len = plen;
			b.p[plen] = 0;
		}
	}
	if (u.query) {
		size_t count = 1, k = 0;
		struct qparam *qp;
		for (const char *q = u.query; *q; q++)
			count += *q == '&';
		qp = ARENA_NEWN(a, struct qparam, count);
		if (!qp)
			return fail(err, "out of memory");
		const char *q = u.query;
		for (size_t idx = 0; idx < count; idx++) {
			const char *e = strchr(q, '&');
			size_t len = e ? (size_t)(e - q) : strlen(q);
			if (len > 0) {
				struct abuf t;
				const char *eq = memchr(q, '=', len);
				size_t keylen;
				ab_init(&t, a, len * 3);
				put_normalised(&t, q, eq ? (size_t)(eq - q) : len, false);
				keylen = t.len;
				if (eq)
					put_normalised(&t, eq, len - (size_t)(eq - q), false);
				if (t.err)
					return fail(err, "out of memory");
				qp[k].text = t.p;
				qp[k].key = arena_strndup(a, t.p, keylen);
				if (!qp[k].key)
					return fail(err, "out of memory");
				qp[k].order = idx;
				if (!starts_utm(qp[k].key))
					k++;
			}
			q += len + (e ? 1 : 0);
		}
		qsort(qp, k, sizeof *qp, qparam_cmp);
		for (size_t i = 0; i < k; i++) {
			ab_putc(&b, i == 0 ? '?' : '&');
			ab_puts(&b, qp[i].text);
		}
	}
	if (b.err)
		return fail(err, "out of memory");
	/* escaping can lengthen it: what we save must still be a URL we parse */
	if (b.len > LIMIT_URL_BYTES)
		return fail(err, "URL is too long (more than 2048 bytes)");
	*out = b.p;
	return 0;
}

static void put_authority(struct abuf *b, const char *auth)
{
	if (auth) {
		ab_puts(b, "//");
		ab_puts(b, auth);
	}
}

/* the path with dot segments removed; without an authority a path that then starts with "//" gets
 * "/." in front (as WHATWG URL does), or "s:/.//host" would come out as "s://host", another host */
static void put_path(struct abuf *b, const char *auth, const char *s, size_t n)
{
	size_t start = b->len;
	remove_dot_segments(b, s, n);
	if (auth || b->err || b->len - start < 2 || b->p[start] != '/' || b->p[start + 1] != '/')
		return;
	ab_putn(b, "/.", 2);
	if (b->err)
		return;
	memmove(b->p + start + 2, b->p + start, b->len - start - 2);
	memcpy(b->p + start, "/.", 2);
}

int url_resolve(struct arena *a, const char *base, const char *ref, char **out)
{
	struct url B, R;
	struct abuf t;
	const char *bs = base, *rs = ref;
	size_t bn, rn;
	*out = NULL;
	if (!base || !ref)
		return -1;
	bn = strlen(bs);
	rn = strlen(rs);
	trim(&bs, &bn);
	trim(&rs, &rn);
	if (url_parse(a, bs, bn, &B, NULL) < 0 || !B.scheme)
		return -1;
	if (rn == 0) {
		memset(&R, 0, sizeof R);
		R.path = (char *)"";
	} else if (url_parse(a, rs, rn, &R, NULL) < 0) {
		return -1;
	}
	ab_init(&t, a, bn + rn + 8);
	if (R.scheme) {
		ab_puts(&t, R.scheme);
		ab_putc(&t, ':');
		put_authority(&t, R.authority);
		put_path(&t, R.authority, R.path, strlen(R.path));
		if (R.query) { ab_putc(&t, '?'); ab_puts(&t, R.query); }
	} else {
		ab_puts(&t, B.scheme);
		ab_putc(&t, ':');
		if (R.authority) {
			put_authority(&t, R.authority);
			put_path(&t, R.authority, R.path, strlen(R.path));
			if (R.query) { ab_putc(&t, '?'); ab_puts(&t, R.query); }
		} else {
			put_authority(&t, B.authority);
			if (R.path[0] == 0) {
				ab_puts(&t, B.path);
				if (R.query) { ab_putc(&t, '?'); ab_puts(&t, R.query); }
				else if (B.query) { ab_putc(&t, '?'); ab_puts(&t, B.query); }
			} else {
				if (R.path[0] == '/') {
					put_path(&t, B.authority, R.path, strlen(R.path));
				} else {
					/* merge (5.2.3) */
					struct abuf m;
					const char *slash = strrchr(B.path, '/');
					ab_init(&m, a, strlen(B.path) + strlen(R.path) + 2);
					if (B.authority && B.path[0] == 0)
						ab_putc(&m, '/');
					else if (slash)
						ab_putn(&m, B.path, (size_t)(slash - B.path + 1));
					ab_puts(&m, R.path);
					if (m.err)
						return -1;
					put_path(&t, B.authority, m.p, m.len);
				}
				if (R.query) { ab_putc(&t, '?'); ab_puts(&t, R.query); }
			}
		}
	}
	if (R.fragment) { ab_putc(&t, '#'); ab_puts(&t, R.fragment); }
	if (t.err)
		return -1;
	*out = t.p;
	return 0;
}

const char *url_http_only(struct arena *a, const char *s)
{
	struct url u;
	size_t len = s ? strlen(s) : 0, n = len;
	const char *t = s;
	if (!s)
		return NULL;
	trim(&t, &n);
	if (n == 0 || url_parse(a, t, n, &u, NULL) < 0 || !u.scheme || !u.host || !u.host[0] ||
	    (strcasecmp(u.scheme, "http") != 0 && strcasecmp(u.scheme, "https") != 0))
		return NULL;
	return n == len ? s : arena_strndup(a, t, n);
}
