/* graphql_fcgi.c: graphql.fcgi: Larder's GraphQL API (POST /api/graphql) and the REST /api/content, over FastCGI or CGI. */
#include "cmd/fcgi_main.h"

int main(int argc, char **argv)
{
	return fcgi_main("graphql.fcgi", "Serves Larder's GraphQL API (/api/graphql) and /api/content", argc, argv,
	                 web_graphql_route);
}
