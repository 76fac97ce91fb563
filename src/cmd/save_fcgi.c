/* save_fcgi.c: save.fcgi: GET /api/save?url=… (the bookmarklet's endpoint), over FastCGI or CGI. */
#include "cmd/fcgi_main.h"
#include "web/save_http.h"

int main(int argc, char **argv)
{
	return fcgi_main("save.fcgi", "Saves a page from the browser (/api/save?url=...) and opens it in the reader",
	                 argc, argv, web_save_handle);
}
