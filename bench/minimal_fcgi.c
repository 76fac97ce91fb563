/* minimal_fcgi.c: the benchmark's baseline, a FastCGI responder that drains the request and answers a fixed JSON body. */
#include <fcgiapp.h>
#include <stdio.h>

#define BODY "{\"data\":{\"me\":{\"id\":\"6f0e3c1a-2b4d-4e8f-9a7c-1d2e3f4a5b6c\",\"name\":\"Benchmark User\"}}}"

int main(void)
{
	FCGX_Request req;
	char buf[4096], response[512];
	int n;

	n = snprintf(response, sizeof response,
	             "Status: 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
	             sizeof BODY - 1, BODY);
	if (n <= 0 || (size_t)n >= sizeof response)
		return 1;
	if (FCGX_Init() != 0 || FCGX_InitRequest(&req, 0, 0) != 0)
		return 1;
	while (FCGX_Accept_r(&req) >= 0) {
		/* read the body as a real handler would */
		while (FCGX_GetStr(buf, (int)sizeof buf, req.in) > 0)
			;
		FCGX_PutStr(response, n, req.out);
		FCGX_Finish_r(&req);
	}
	return 0;
}
