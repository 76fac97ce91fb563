/* graphql_fcgi.c: graphql.fcgi: Larder's GraphQL API (POST /api/graphql), the REST /api/content, and the uploads and files of /api/import, /api/upload and /api/file, over FastCGI or CGI. */
#include "cmd/fcgi_main.h"

int main(int argc, char **argv)
{
	return fcgi_main("graphql.fcgi",
	                 "Serves Larder's GraphQL API (/api/graphql), /api/content and PDF uploads (/api/upload, /api/file)",
	                 argc, argv, web_graphql_route);
}
