/* auth_fcgi.c: auth.fcgi: POST /api/auth/login, /api/auth/logout (and /api/auth/signup when allowed), over FastCGI or CGI. */
#include "cmd/fcgi_main.h"
#include "web/auth_http.h"

int main(int argc, char **argv)
{
	return fcgi_main("auth.fcgi", "Logs users in and out of Larder's pages (/api/auth/login, /api/auth/logout)", argc,
	                 argv, web_auth_handle);
}
