#!/bin/sh
# cgi_items2.sh: the item and highlight calls of issue 12 through graphql.fcgi run as CGI: savePage, typeaheadSearch, setFavoriteArticle, bulkAction, highlights, emptyTrash, createArticleSavingRequest (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
setup

# gqlv QUERY VARIABLES_JSON: a request with variables, as alice
gqlv() { req POST "$(jq -cn --arg q "$1" --argjson v "$2" '{query: $q, variables: $v}')" HTTP_AUTHORIZATION="$KEY"; }

page='<html><head><title>Pelicans of the Coast</title></head><body><article><p>Brown pelicans dive from the air
to catch fish along the coast, a habit that sets them apart from their white cousins who feed while swimming.</p>
<p>They nest in colonies on islands free of predators, and both parents feed the young.</p></article></body></html>'
gqlv 'mutation P($h: String!) { savePage(input: {url: "https://news.example.org/pelicans", source: "api",
	clientRequestId: "5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d12", originalContent: $h}) { __typename } }' \
	"$(jq -cn --arg h "$page" '{h: $h}')"
is "savePage: SaveSuccess" "200 SaveSuccess" "$status $(jqr '.data.savePage.__typename')"
id=5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d12

gqlv 'query T($q: String!) { typeaheadSearch(query: $q) { ... on TypeaheadSearchSuccess { items { id title } } } }' '{"q":"peli"}'
is "typeaheadSearch finds the title" "$id Pelicans of the Coast" "$(jqr '.data.typeaheadSearch.items[0] | "\(.id) \(.title)"')"

gqlv 'mutation F($id: ID!) { setFavoriteArticle(id: $id) { ... on SetFavoriteArticleSuccess { success } } }' "{\"id\":\"$id\"}"
is "setFavoriteArticle: success" true "$(jqr '.data.setFavoriteArticle.success')"

gqlv 'mutation H($i: CreateHighlightInput!) { createHighlight(input: $i) { __typename } }' \
	"{\"i\":{\"id\":\"6b1e7d2f-3c8b-4a6f-8b4a-1d3c2e4f5a60\",\"shortId\":\"6b1e7d2f\",\"articleId\":\"$id\",\"quote\":\"Brown pelicans dive\"}}"
is "createHighlight" CreateHighlightSuccess "$(jqr '.data.createHighlight.__typename')"
gqlv '{ highlights(first: 5) { ... on HighlightsSuccess { edges { node { quote libraryItem { id } } } } } }' '{}'
is "highlights lists it with its item" "Brown pelicans dive $id" \
	"$(jqr '.data.highlights.edges[0].node | "\(.quote) \(.libraryItem.id)"')"
gqlv '{ search(query: "") { ... on SearchSuccess { edges { node { highlightsCount labels { name } } } } } }' '{}'
is "search: highlightsCount and the Favorites label" "1 Favorites" \
	"$(jqr '.data.search.edges[0].node | "\(.highlightsCount) \(.labels[0].name)"')"

gqlv 'mutation B($q: String!) { bulkAction(action: DELETE, query: $q, expectedCount: 1) {
	... on BulkActionSuccess { success } ... on BulkActionError { errorCodes message } } }' '{"q":"pelicans"}'
is "bulkAction DELETE: success" true "$(jqr '.data.bulkAction.success')"
gqlv 'mutation { emptyTrash { ... on EmptyTrashSuccess { success } } }' '{}'
is "emptyTrash: success" true "$(jqr '.data.emptyTrash.success')"
gqlv '{ search(query: "in:all") { ... on SearchSuccess { edges { node { id } } } } }' '{}'
is "the library is empty" 0 "$(jqr '.data.search.edges | length')"

gqlv 'mutation C($u: String!) { createArticleSavingRequest(input: {url: $u}) {
	... on CreateArticleSavingRequestError { errorCodes message } } }' '{"u":"ftp://example.org/x"}'
is "createArticleSavingRequest refuses ftp:" BAD_DATA "$(jqr '.data.createArticleSavingRequest.errorCodes[0]')"
exited_cleanly "the process exits cleanly"

done_testing
