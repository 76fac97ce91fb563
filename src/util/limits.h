/* limits.h: every size and count budget in one place, with its default; larder.conf may override some. */
#ifndef LARDER_LIMITS_H
#define LARDER_LIMITS_H

/* HTTP request bodies: tighter before authentication than after */
#define LIMIT_BODY_UNAUTH       (256 * 1024)      /* bytes of body read before the key is checked */
#define LIMIT_BODY_MAX          (8 * 1024 * 1024) /* bytes of body for an authenticated request */
#define LIMIT_QUERY_STRING      (64 * 1024)       /* bytes of a GET query string */
#define LIMIT_HEADER_VALUE      (8 * 1024)        /* bytes of one header we read (authorization, cookie) */
#define LIMIT_JSON_DEPTH        64                /* nesting of the JSON request body */

/* GraphQL documents */
#define LIMIT_GQL_DOC_BYTES     (100 * 1024)      /* bytes of one GraphQL document */
#define LIMIT_GQL_TOKENS        20000             /* lexical tokens in one document */
#define LIMIT_GQL_DEPTH         24                /* nesting of selection sets, lists and objects */
#define LIMIT_GQL_ALIASES       200               /* aliased fields in one document */
#define LIMIT_GQL_FIELDS        2000              /* fields executed after fragment expansion */
#define LIMIT_GQL_INTROSPECTION_FIELDS 100000   /* introspection and __typename fields executed (own budget:
                                                     the standard introspection query of a large schema needs ~50k) */
#define LIMIT_GQL_ERRORS        50                /* errors reported before we stop collecting */
#define LIMIT_GQL_FRAGMENT_DEPTH 1000             /* fragment spreads nested in fragments (validation recursion) */
#define LIMIT_GQL_REQUEST_ARENA (64 * 1024 * 1024)/* bytes of per-request memory */

/* API keys (generateApiKey) */
#define LIMIT_APIKEY_NAME       100               /* characters of a key's name */
#define LIMIT_APIKEY_SCOPES     32                /* scopes on one key */
#define LIMIT_APIKEY_SCOPE      100               /* characters of one scope */

/* URLs (saveUrl, fetcher, link resolution) */
#define LIMIT_URL_BYTES         2048              /* bytes of a URL we parse or save */

/* HTML content (src/content/html.c) */
#define LIMIT_HTML_DEPTH        1024              /* element nesting we hand to the HTML parser; deeper input is cut */
#define LIMIT_HTML_MAX_ERRORS   10                /* parse errors gumbo records before it stops collecting */

/* readable-article extraction (src/content/extract*.c) */
#define LIMIT_EXTRACT_INPUT_BYTES (32 * 1024 * 1024) /* bytes of a page `larder extract` reads */
#define LIMIT_EXTRACT_ELEMENTS  200000            /* elements of a page we run the extractor on (metadata only beyond) */
#define LIMIT_EXTRACT_CHAR_THRESHOLD 500          /* characters an article needs before the relaxed retries stop */
#define LIMIT_EXTRACT_JSONLD_BYTES (1024 * 1024)  /* bytes of one JSON-LD script we parse */
#define LIMIT_EXTRACT_SIMILARITY_TOKENS 2000      /* words of each side compared by the title-similarity test */
#endif
