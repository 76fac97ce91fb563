/* minimal_cgi.c: the CGI start-up benchmark's baseline, a plain CGI program that reads its body and answers a fixed JSON `me`. */
#include <stdio.h>
#include <stdlib.h>

#define BODY "{\"data\":{\"me\":{\"id\":\"6f0e3c1a-2b4d-4e8f-9a7c-1d2e3f4a5b6c\"}}}"

int main(void)
{
	const char *len = getenv("CONTENT_LENGTH");
	long left = len ? strtol(len, NULL, 10) : 0;
	char buf[4096];

	/* read the body as a real handler would */
	while (left > 0) {
		size_t n = fread(buf, 1, left < (long)sizeof buf ? (size_t)left : sizeof buf, stdin);
		if (n == 0)
			break;
		left -= (long)n;
	}
	printf("Status: 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s", sizeof BODY - 1, BODY);
	return 0;
}
