/* fcgi_client.c: test helper: runs a FastCGI program on a Unix socket and sends it requests, so tests drive one worker with many requests.
 *
 *   fcgi_client listen SOCKET PROGRAM [ARGS...]   bind SOCKET, make it fd 0 and exec PROGRAM
 *   fcgi_client request SOCKET [NAME=VALUE...]    send one request (params from the arguments,
 *                                                 body from stdin); print the program's stdout
 *                                                 to stdout and its stderr stream to stderr;
 *                                                 a later NAME=VALUE replaces an earlier one
 * Exit status: 0 when the request completed, 1 on a protocol or connection failure, 2 on usage. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum { FCGI_BEGIN_REQUEST = 1, FCGI_END_REQUEST = 3, FCGI_PARAMS = 4, FCGI_STDIN = 5,
       FCGI_STDOUT = 6, FCGI_STDERR = 7, FCGI_RESPONDER = 1 };

static int usage(void)
{
	fprintf(stderr, "usage: fcgi_client listen SOCKET PROGRAM [ARGS...]\n"
	                "       fcgi_client request SOCKET [NAME=VALUE...] < body\n");
	return 2;
}

static int unix_addr(const char *path, struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof *sa);
	sa->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa->sun_path) {
		fprintf(stderr, "fcgi_client: socket path too long\n");
		return -1;
	}
	strcpy(sa->sun_path, path);
	return 0;
}

static int do_listen(const char *path, char **argv)
{
	struct sockaddr_un sa;
	int fd;

	if (unix_addr(path, &sa) != 0)
		return 1;
	unlink(path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(fd, 64) != 0) {
		fprintf(stderr, "fcgi_client: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (fd != 0) {
		if (dup2(fd, 0) < 0)
			return 1;
		close(fd);
	}
	execv(argv[0], argv);
	fprintf(stderr, "fcgi_client: exec %s: %s\n", argv[0], strerror(errno));
	return 1;
}

static int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int read_all(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n > 0) {
		ssize_t r = read(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int record(int fd, int type, const void *data, size_t len)
{
	unsigned char h[8] = { 1, (unsigned char)type, 0, 1, (unsigned char)(len >> 8),
	                       (unsigned char)(len & 0xff), 0, 0 };

	if (write_all(fd, h, sizeof h) != 0)
		return -1;
	return len ? write_all(fd, data, len) : 0;
}

/* a stream (PARAMS, STDIN) in records of at most 32 KiB, then its empty end record */
static int stream(int fd, int type, const unsigned char *data, size_t len)
{
	while (len > 0) {
		size_t chunk = len > 32768 ? 32768 : len;

		if (record(fd, type, data, chunk) != 0)
			return -1;
		data += chunk;
		len -= chunk;
	}
	return record(fd, type, NULL, 0);
}

static void put_len(unsigned char **o, size_t n)
{
	if (n < 128) {
		*(*o)++ = (unsigned char)n;
	} else {
		*(*o)++ = (unsigned char)(0x80 | (n >> 24));
		*(*o)++ = (unsigned char)(n >> 16);
		*(*o)++ = (unsigned char)(n >> 8);
		*(*o)++ = (unsigned char)n;
	}
}

/* is there a later parameter of the same name? */
static int overridden(int i, int nparams, char **params)
{
	size_t nl = strcspn(params[i], "=");

	for (int j = i + 1; j < nparams; j++)
		if (strncmp(params[i], params[j], nl + 1) == 0)
			return 1;
	return 0;
}

static int do_request(const char *path, int nparams, char **params)
{
	struct sockaddr_un sa;
	unsigned char begin[8] = { 0, FCGI_RESPONDER, 0, 0, 0, 0, 0, 0 };
	unsigned char *pbuf, *o, *body = NULL;
	size_t psize = 0, blen = 0, bcap = 0;
	int fd, rc = 1;

	if (unix_addr(path, &sa) != 0)
		return 1;
	for (int i = 0; i < nparams; i++)
		psize += strlen(params[i]) + 8;
	pbuf = malloc(psize + 1);
	if (!pbuf)
		return 1;
	o = pbuf;
	for (int i = 0; i < nparams; i++) {
		const char *eq = strchr(params[i], '=');
		size_t nl, vl;

		if (!eq) {
			free(pbuf);
			return usage();
		}
		if (overridden(i, nparams, params))
			continue;
		nl = (size_t)(eq - params[i]);
		vl = strlen(eq + 1);
		put_len(&o, nl);
		put_len(&o, vl);
		memcpy(o, params[i], nl);
		o += nl;
		memcpy(o, eq + 1, vl);
		o += vl;
	}
	for (;;) {
		ssize_t r;

		if (blen == bcap) {
			unsigned char *nb;

			bcap = bcap ? bcap * 2 : 65536;
			nb = realloc(body, bcap);
			if (!nb)
				goto out;
			body = nb;
		}
		r = read(0, body + blen, bcap - blen);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto out;
		if (r == 0)
			break;
		blen += (size_t)r;
	}
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
		fprintf(stderr, "fcgi_client: connect %s: %s\n", path, strerror(errno));
		goto out;
	}
	if (record(fd, FCGI_BEGIN_REQUEST, begin, sizeof begin) != 0 ||
	    stream(fd, FCGI_PARAMS, pbuf, (size_t)(o - pbuf)) != 0 ||
	    stream(fd, FCGI_STDIN, body, blen) != 0) {
		fprintf(stderr, "fcgi_client: sending the request failed\n");
		close(fd);
		goto out;
	}
	for (;;) {
		unsigned char h[8], content[65536 + 256];
		size_t clen, plen;

		if (read_all(fd, h, sizeof h) != 0) {
			fprintf(stderr, "fcgi_client: connection closed before the end of the request\n");
			break;
		}
		clen = (size_t)h[4] << 8 | h[5];
		plen = h[6];
		if (read_all(fd, content, clen + plen) != 0) {
			fprintf(stderr, "fcgi_client: short record\n");
			break;
		}
		if (h[1] == FCGI_STDOUT)
			fwrite(content, 1, clen, stdout);
		else if (h[1] == FCGI_STDERR)
			fwrite(content, 1, clen, stderr);
		else if (h[1] == FCGI_END_REQUEST) {
			rc = 0;
			break;
		}
	}
	close(fd);
out:
	free(pbuf);
	free(body);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "listen") == 0)
		return do_listen(argv[2], argv + 3);
	if (argc >= 3 && strcmp(argv[1], "request") == 0)
		return do_request(argv[2], argc - 3, argv + 3);
	return usage();
}
