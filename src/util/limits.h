/* limits.h: every size and count budget in one place, with its default; larder.conf may override some. */
#ifndef LARDER_LIMITS_H
#define LARDER_LIMITS_H

/* a limit as a string literal, for messages and SQL: "at most " LIMIT_STR(LIMIT_LABEL_NAME) " characters" */
#define LIMIT_STR(x) LIMIT_STR_(x)
#define LIMIT_STR_(x) #x

/* HTTP request bodies: tighter before authentication than after */
#define LIMIT_BODY_UNAUTH       (256 * 1024)      /* bytes of body read before the key is checked */
#define LIMIT_BODY_MAX          (8 * 1024 * 1024) /* bytes of body for an authenticated request */
#define LIMIT_QUERY_STRING      (64 * 1024)       /* bytes of a GET query string */
#define LIMIT_HEADER_VALUE      (8 * 1024)        /* bytes of one header we read (authorization, cookie) */
#define LIMIT_CGI_DRAIN         (1024 * 1024)     /* bytes of an unread CGI request body read and dropped before exiting */
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
#define LIMIT_APIKEYS_PER_USER  100               /* keys one user may have, expired ones included: generateApiKey refuses
                                                     the next; apiKeys lists at most this many (× 7 fields, far under query_max_fields) */
#define LIMIT_SESSIONS_LISTED   100               /* live sessions the sessions page lists, the last used first (100 × its 8 fields stay far under query_max_fields) */
#define LIMIT_SESSION_AGENT     64                /* bytes of the coarse client name kept with a session */

/* logins (auth.fcgi): after a few failures each further attempt waits 1 s, 2 s, 4 s ... (up to the cap)
 * after the latest failure; an address that has not failed is never held back */
#define LIMIT_LOGIN_WINDOW_MS   (15 * 60 * 1000)  /* failed logins are counted over this window, then forgotten */
#define LIMIT_LOGIN_FREE_PAIR   3                 /* failures on one account from one address before the delays */
#define LIMIT_LOGIN_FREE_ADDR   10                /* failures from one address, all accounts together, before them */
#define LIMIT_LOGIN_DELAY_MS    1000              /* the first delay; it doubles with each further failure */
#define LIMIT_LOGIN_DELAY_MAX_MS (5 * 60 * 1000)  /* the longest delay */
#define LIMIT_PASSWORD_MIN      8                 /* characters of a password chosen at signup */

/* the library (labels, highlights, search pages) */
#define LIMIT_LABEL_NAME        64                /* characters of a label name */
#define LIMIT_LABEL_DESCRIPTION 1000              /* characters of a label description */
#define LIMIT_LABELS_PER_USER   10000             /* labels one user may have */
#define LIMIT_LABELS_PER_ITEM   100               /* labels on one item (saveUrl, setLabels) */
#define LIMIT_HIGHLIGHTS_PER_ITEM 1000            /* highlights on one item */
#define LIMIT_HIGHLIGHT_TEXT    (64 * 1024)       /* bytes of a highlight's quote, annotation or html */
#define LIMIT_SEARCH_TEXT       150000            /* characters of an item's body text, and of its highlights' quotes and
                                                     notes together, that the search index reads (both engines; the
                                                     SQL of db/022_search_bounds.sql and the store's statements) */
#define LIMIT_PAGE_SIZE         100               /* items in one search / updatesSince page (larger `first` is cut) */
#define LIMIT_PAGE_SIZE_MAX     1000              /* the largest page_size_max larder.conf accepts (the store's own cap) */
#define LIMIT_SEARCH_QUERY      255               /* characters of a search query (QUERY_TOO_LONG) */
#define LIMIT_SEARCH_TERMS      64                /* terms (words, phrases, field:value) in one search query */
#define LIMIT_SEARCH_VALUES     32                /* values in one comma list (label:a,b,c; includes:) */
#define LIMIT_SEARCH_DEPTH      8                 /* nesting of parentheses in a search query */
#define LIMIT_SEARCH_PREFIX_MIN 3                 /* letters or digits before the '*' of a prefix term (rus*) */
#define LIMIT_SEARCH_PREFIXES   4                 /* prefix terms (word*) in one search query */
#define LIMIT_SEARCHES_PER_REQUEST 3              /* search root fields in one GraphQL operation (searches_per_request) */
#define LIMIT_REQUEST_COST      100               /* what one GraphQL operation's root fields may cost (request_cost_max) */
#define LIMIT_COST_CHEAP        1                 /* a root field reading one small row or list (me, labels, user) */
#define LIMIT_COST_SCAN         10                /* a root field scanning or paging the library or sending big text
                                                     (search, articles, updatesSince, article) */
#define LIMIT_COST_WRITE        10                /* a root field writing a few rows (setLabels, updateLabel, …) */
#define LIMIT_COST_FETCH        50                /* a root field that fetches, parses a page, or writes a lot (saveUrl,
                                                     savePage, subscribe, scanFeeds, bulkAction, emptyTrash, …) */
#define LIMIT_SEARCH_TIME_MS    500               /* milliseconds one search may run inside SQLite (search_time_ms) */
#define LIMIT_SEARCH_SORTS      4                 /* sort: terms that count (later ones are ignored) */
#define LIMIT_SEARCH_LANGS      8                 /* languages a word searched in any of its forms is stemmed in
                                                     (English, the query's script's, the library's: store/words.h) */
#define LIMIT_SEARCH_MERGE_PAGES 64               /* pages (~4 KB) one idle step of the worker's search-index merge writes
                                                     at most (store_search_merge): its write lock stays short */
#define LIMIT_SEARCH_WORD       512               /* characters of one indexed or searched word (longer ones are cut) */
#define LIMIT_BULK_ITEMS        1000              /* items one bulkAction may change (a query matching more is refused) */
#define LIMIT_EPUB_ITEMS        100               /* articles one EPUB export holds (a search finding more is refused) */
#define LIMIT_CONTENT_BYTES     (5 * 1024 * 1024) /* bytes of article HTML stored (savePage input too) */
#define LIMIT_INGEST_ARENA      (64 * 1024 * 1024)/* scratch memory for each stage of ingesting a page (extract,
                                                     sanitize) ... */
#define LIMIT_INGEST_PER_BYTE   40                /* ... plus this many bytes per byte of the page (extracting a
                                                     page of dense markup takes about 23, sanitizing it 18) */

/* stored text: what an item, a subscription, a received mail keeps of each text field. Text from outside (a
 * fetched page, a feed, a mail, an import, a PDF) is cut to it; API input over it is refused, naming the field
 * and the limit (labels, highlights, saved searches, profiles and keys have theirs above and below) */
#define LIMIT_TITLE             1000              /* characters of an item's title, a subscription's name, a mail's subject */
#define LIMIT_AUTHOR            500               /* characters of an item's author, a mail's sender */
#define LIMIT_DESCRIPTION       4000              /* characters of an item's or a subscription's description */
#define LIMIT_SITE_NAME         500               /* characters of an item's site name */
#define LIMIT_WORD_FIELD        64                /* characters of an item's language and text direction */
/* (an item's URL, image and site icon: LIMIT_URL_BYTES; an image or icon address longer is not kept) */
#define LIMIT_NEWSLETTER_TEXT   400               /* bytes of a newsletter address's name or description */
#define LIMIT_PERSONAL_TEXT     200               /* characters of a reader setting (theme, font, voice, ...) */
#define LIMIT_PERSONAL_JSON     (64 * 1024)       /* bytes of the reader settings' fields and digest JSON */

/* saved searches (filters) and recent searches */
#define LIMIT_FILTERS_PER_USER  100               /* saved searches one user may have */
#define LIMIT_FILTER_TEXT       1000              /* characters of a saved search's name, folder, category or description */
#define LIMIT_RECENT_SEARCHES   20                /* recent searches kept per user (recentSearches) */
#define LIMIT_USER_BIO          400               /* characters of a profile's bio (Omnivore's limit) */
#define LIMIT_USER_NAME         1000              /* characters of a user's full name (updateUser) */

/* per-user quotas (larder.conf): a save, upload, import or subscription that would pass one is refused naming
 * its key; what a user has against them is kept in the table user_usage, updated by the writes' triggers */
#define LIMIT_ITEMS_PER_USER    100000            /* items one user may have, the trash included (items_per_user) */
#define LIMIT_BYTES_PER_USER    ((size_t)2 << 30) /* bytes of articles' HTML and kept files of one user (bytes_per_user) */
#define LIMIT_IMPORTS_PENDING   3                 /* imports of one user waiting for their upload, queued or running
                                                     (imports_pending_per_user) */

#define LIMIT_TRASH_DAYS        14                /* days a deleted item stays in the trash before it is purged */
#define LIMIT_DELETE_BATCH      500               /* items one transaction of a long delete removes (emptyTrash, the
                                                     trash purge, deleteAccount): other writers get in between */

/* the fetch queue */
#define LIMIT_JOB_ATTEMPTS      4                 /* fetch attempts before an item is FAILED */
#define LIMIT_JOB_LEASE_MS      (120 * 1000)      /* a claimed job is someone else's for this long */
#define LIMIT_FETCH_RUNNERS     3                 /* detached fetch runners the web programs start at once */
#define LIMIT_FETCHES_PER_USER  2                 /* fetch jobs of one user running at once (all workers) */
#define LIMIT_REQUESTS_PER_USER 3                 /* one user's requests the web programs run at once (requests_per_user) */
#define LIMIT_IMPORT_BYTES      (200 * 1024 * 1024) /* bytes of an uploaded import file (import_max_bytes) */
#define LIMIT_IMPORT_FETCHES_PER_MINUTE 30        /* an import's fetch jobs due per minute (import_fetches_per_minute) */
#define LIMIT_IMPORT_FILE_MAX   ((size_t)1 << 31) /* bytes of an import file any reader reads: import_max_bytes' top */
#define LIMIT_IMPORT_ROW        (1024 * 1024)     /* bytes of one CSV row or one line of a URL list */
#define LIMIT_IMPORT_PARSE_MS   (30 * 1000)       /* CPU ms to parse a bookmarks file (a browser's export with icons
                                                     runs to tens of MB, past a web page's budget) */
#define LIMIT_IMPORT_NOTES      (64 * 1024 * 1024) /* bytes of all the highlight files of an export zip read before its
                                                     items (Pocket's annotations/part_NNNNNN.json), held at once */
#define LIMIT_IMPORT_ZIP_ENTRIES 500000           /* entries of an export zip a reader looks at */

/* URLs (saveUrl, fetcher, link resolution) */
#define LIMIT_URL_BYTES         2048              /* bytes of a URL we parse or save */

/* Page fetcher (src/content/fetch/fetch.c); larder.conf: fetch_timeout, fetch_max_bytes, fetch_max_redirects */
#define LIMIT_FETCH_CONNECT_MS  (10 * 1000)       /* ms to establish a connection (TCP and TLS handshake) */
#define LIMIT_FETCH_TOTAL_MS    (30 * 1000)       /* ms for a whole fetch, every redirect included */
#define LIMIT_FETCH_BYTES       (10 * 1024 * 1024)/* bytes of a page body after content decoding */
#define LIMIT_FETCH_REDIRECTS   10                /* redirects followed before giving up */
#define LIMIT_FETCH_LOW_SPEED_BPS 256             /* a transfer slower than this many bytes/s ... */
#define LIMIT_FETCH_LOW_SPEED_S 10                /* ... for this many seconds is cut */
#define LIMIT_FETCH_HEADER_BYTES (64 * 1024)      /* bytes of response headers we look at per response */
#define LIMIT_NETADDR_ALLOW     64                /* address prefixes in allow_private_fetch */

/* HTML content (src/content/article/html.c) */
#define LIMIT_HTML_DEPTH        1024              /* element nesting we hand to the HTML parser; deeper input is cut */
#define LIMIT_HTML_MAX_ERRORS   10                /* parse errors gumbo records before it stops collecting */
#define LIMIT_HTML_ATTRS        128               /* attributes of one tag (gumbo's duplicate check is quadratic) */
#define LIMIT_HTML_DEGRADED_TITLE 2048          /* bytes of <title> text a degraded parse keeps */
#define LIMIT_HTML_PARSE_MS     800               /* thread CPU ms of one gumbo parse; past it the page is read as
                                                     text in paragraphs (5 MB of <i>x</i> or of table cells takes
                                                     ~0.65 s, the Readability pages concatenated to 5 MB 0.2 s) */

/* the sanitizer (src/content/article/sanitize.c) and Markdown output (src/content/article/markdown.c) */
#define LIMIT_SANITIZE_INPUT    (16 * 1024 * 1024)/* bytes of HTML content_sanitize accepts */
#define LIMIT_SANITIZE_OUTPUT   (16 * 1024 * 1024)/* bytes of sanitized HTML it may produce */
#define LIMIT_SANITIZE_DEPTH    200               /* element nesting kept; deeper elements are unwrapped */
#define LIMIT_SANITIZE_PASSES   4                 /* sanitize + serialize + re-parse rounds to reach a fixed point */
#define LIMIT_SANITIZE_DATA_URL (512 * 1024)      /* bytes of one data:image URL kept in src or srcset */
#define LIMIT_SANITIZE_ATTR     (64 * 1024)       /* bytes of a text attribute (title, alt, ...) kept */
#define LIMIT_MARKDOWN_DEPTH    24                /* nested block containers (lists, quotes) rendered as such */
#define LIMIT_MARKDOWN_OUTPUT   (16 * 1024 * 1024)/* bytes of Markdown content_markdown may produce */

/* readable-article extraction (src/content/article/extract*.c) */
#define LIMIT_EXTRACT_INPUT_BYTES (32 * 1024 * 1024) /* bytes of a page `larder extract` reads */
#define LIMIT_EXTRACT_ELEMENTS  200000            /* elements of a page we run the extractor on (metadata only beyond) */
#define LIMIT_EXTRACT_CHAR_THRESHOLD 500          /* characters an article needs before the relaxed retries stop */
#define LIMIT_EXTRACT_JSONLD_BYTES (1024 * 1024)  /* bytes of one JSON-LD script we parse */
#define LIMIT_EXTRACT_SIMILARITY_TOKENS 2000      /* words of each side compared by the title-similarity test */
#define LIMIT_EXTRACT_LEAD_IMAGE_PX 300          /* width an <img> needs to be a page's lead image when no <meta> names one */

/* feeds (src/svc/feeds*.c): what one parsed feed may hold */
#define LIMIT_FEED_ENTRIES      500               /* entries read from one feed: its newest by date (undated ones
                                                   * after them, in the feed's order); older ones are dropped */
#define LIMIT_FEED_ENTRIES_SEEN 100000            /* entries of one feed looked at (their dates, to find the newest
                                                   * LIMIT_FEED_ENTRIES); entries past them are not */
#define LIMIT_FEED_FIELD        (4 * 1024 * 1024) /* bytes of one entry's text or HTML field kept */
#define LIMIT_FEED_DISCOVER     16                /* feed links taken from one page (scanFeeds) */
#define LIMIT_FEED_POLL_INTERVAL_S 3600           /* seconds between two polls of a feed (feed_poll_interval) */
#define LIMIT_FEED_POLLS_PER_MINUTE 60            /* feeds all workers together fetch per minute (feed_polls_per_minute) */
#define LIMIT_FEED_BACKOFF_MAX_S 86400            /* the longest wait after failed polls */
#define LIMIT_SUBSCRIPTIONS     1000              /* active subscriptions of one user (subscriptions_per_user) */
#define LIMIT_OPML_OUTLINES     10000             /* feeds read from one OPML list */
#define LIMIT_FEED_NEW_ENTRIES  50                /* new entries taken from one poll of one feed */
/* XML (src/content/feeds/xml.c, xml_guard.c): every feed and OPML document, checked in one linear pass before
 * libxml2 reads it (its attribute and namespace checks are quadratic); over a bound it is refused */
#define LIMIT_XML_BYTES         (32 * 1024 * 1024)/* bytes of one XML document (after decoding to UTF-8) */
#define LIMIT_XML_ATTRS         128               /* attributes of one element, namespace declarations included */
#define LIMIT_XML_DEPTH         256               /* elements open at once (libxml2's own bound) */
#define LIMIT_XML_NAME          1024              /* bytes of one element or attribute name */
#define LIMIT_XML_NAMESPACES    128               /* namespace declarations in scope at once */
#define LIMIT_XML_PARSE_MS      1000              /* thread CPU ms of one libxml2 parse; past it the document is
                                                     refused (32 MB of plain feed items take about
                                                     500 ms, guard included) */
#define LIMIT_FEED_WAITING      16                /* feed reads of one user waiting for the runner (subscribe, scanFeeds) */
#define LIMIT_FEED_SCAN_KEEP_MS (10 * 60 * 1000)  /* how long scanFeeds answers from a scan the runner did */
/* newsletters by e-mail (src/content/mail/mime.c, src/svc/newsletter.c) */
#define LIMIT_MAIL_BYTES        (10 * 1024 * 1024)/* bytes of one message `larder mail` reads (mail_max_bytes) */
#define LIMIT_MIME_PARTS        100               /* MIME parts of one message (multipart and message parts count) */
#define LIMIT_MIME_DEPTH        16                /* nesting of multiparts in one message */
#define LIMIT_MIME_DECODED      (16 * 1024 * 1024)/* bytes of one decoded body part */
#define LIMIT_MIME_RECIPIENTS   64                /* recipient addresses read from one message's headers */
#define LIMIT_MIME_OPEN_WORDS   100               /* "=?" without a "?=" in the 256 bytes after it, in one message: GMime's
                                                   * header decoding scans to the end for each (a bound on its CPU) */
#define LIMIT_NEWSLETTER_EMAILS 20                /* receiving addresses of one user (newsletter_emails_per_user) */
#define LIMIT_RECENT_EMAILS     100               /* received mails recentEmails lists */

/* PDFs (src/content/pdf.c, src/svc/upload.c): what one file may cost */
#define LIMIT_PDF_BYTES         (50 * 1024 * 1024) /* bytes of an uploaded or fetched PDF (pdf_max_bytes) */
#define LIMIT_PDF_PAGES         2000              /* pages whose text is read; later ones are left out */
#define LIMIT_PDF_TEXT          (8 * 1024 * 1024) /* bytes of text kept from one PDF */
#define LIMIT_PDF_CPU_MS        20000             /* CPU time of the child process that reads a PDF */
#define LIMIT_PDF_REQUEST_CPU_MS 1000             /* the same while an upload waits for its answer: a PDF that
                                                     needs more is kept and read by the worker */
#define LIMIT_PDF_MEMORY        (1024L * 1024 * 1024) /* address space of that child */
#define LIMIT_PDF_SYNC_BYTES    (4 * 1024 * 1024) /* a PDF up to this size is read while its upload is answered,
                                                   * a larger one by the worker (pdf_sync_bytes) */
#define LIMIT_UPLOAD_TTL_MS     (60 * 60 * 1000)  /* how long a file's upload URL works */
#define LIMIT_FILE_LINK_DAYS    3                 /* a PDF item's url (a signed /api/file link) expires at the UTC
                                                     midnight this many days after the day it was given */
#define LIMIT_BLOB_PART         (256 * 1024)      /* bytes of one row of file_blobs (files_store = database): a file is
                                                     written, read and served one part at a time, so a process holds
                                                     at most one part of it besides what it already had */
#endif
