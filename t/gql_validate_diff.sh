#!/bin/sh
# gql_validate_diff.sh: differential test: generated schema-following documents must get the same validation errors from Larder as from graphql-js.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-.}
if ! command -v node >/dev/null 2>&1 || [ ! -d "$top_srcdir/t/js/node_modules/graphql" ]; then
	echo "1..0 # SKIP node or graphql-js (t/js/node_modules) not available"
	exit 0
fi
TYPED=1 "$top_builddir/t/gql_validate_stress" --dump "${GQL_DIFF_DOCS:-3000}" | node "$top_srcdir/t/gql_validate_diff.mjs"
