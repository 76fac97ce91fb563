/* config.h: larder.conf reader (`key = value` lines, `#` comments; unknown key is an error with its line number). */
#ifndef LARDER_CONFIG_H
#define LARDER_CONFIG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/netaddr.h"

struct larder_config {
	char *path;            /* the file read */
	char *database;        /* key `database`; relative paths are relative to the config file's directory */
	char *data_dir;        /* key `data_dir`: the folder of the files kept beside the database (fetch runner
	                          slots, uploaded imports); default the SQLite database's folder; required when
	                          `database` is a PostgreSQL URL. Relative to the config file's directory */
	char *base_url;        /* key `base_url`, e.g. http://127.0.0.1:8080 (no trailing slash) */
	char **cors_origins;   /* key `cors_origins`: space-separated; default lsp://logseq.io app://obsidian.md capacitor://localhost http://localhost */
	size_t ncors_origins;
	size_t body_limit;     /* key `body_limit` bytes, default LIMIT_BODY_MAX */
	uint32_t argon2_t_cost, argon2_m_kib, argon2_parallelism; /* keys argon2_t_cost (3), argon2_memory_kib (65536), argon2_parallelism (1) */
	uint32_t key_touch_interval_s; /* key `key_touch_interval` seconds, default 60 */
	struct netaddr_allow allow_private_fetch; /* key `allow_private_fetch`: `no` (default: the fetcher reaches
	                                  public addresses only), `yes` (every address: development only), or a
	                                  list of addresses and CIDR prefixes it may reach besides public ones */
	uint32_t fetch_timeout_s;      /* key `fetch_timeout` seconds for a whole fetch, default LIMIT_FETCH_TOTAL_MS/1000 */
	size_t fetch_max_bytes;        /* key `fetch_max_bytes`, default LIMIT_FETCH_BYTES */
	bool fetch_in_web;             /* key `fetch_in_web` (yes/no), default yes: after answering a saveUrl, the web
	                                  program starts a detached fetch runner (for hosts without `larder worker`) */
	uint32_t session_days;         /* key `session_days`, default 30: a login lasts this long after the last visit */
	bool signup;                   /* key `signup` (yes/no), default no: anyone may create an account at /signup */
	bool trust_remote_user;        /* key `trust_remote_user` (yes/no), default no: take REMOTE_USER (set by a web
	                                  server that already authenticated the user) as the logged-in user */
	uint32_t job_lease_s;          /* key `job_lease` seconds, default LIMIT_JOB_LEASE_MS/1000: a fetch job a worker
	                                  claimed is someone else's after this long (a killed worker's job is retried) */
	int fetch_max_redirects;       /* key `fetch_max_redirects`, default LIMIT_FETCH_REDIRECTS (0: follow none) */
	uint32_t fetch_runners;        /* key `fetch_runners`, default LIMIT_FETCH_RUNNERS: detached fetch runners the
	                                  web programs keep at once (fetch_in_web); a save finding none free starts none */
	uint32_t fetches_per_user;     /* key `fetches_per_user`, default LIMIT_FETCHES_PER_USER: one user's fetch jobs
	                                  running at once, for runners and `larder worker` alike */
	uint32_t requests_per_user;    /* key `requests_per_user`, default LIMIT_REQUESTS_PER_USER: one user's requests
	                                  the web programs run at once (all children together); one more is
	                                  answered 429 at once */
	/* abuse limits (defaults in util/limits.h); exceeding one is refused with a message naming its key */
	uint32_t query_max_bytes;      /* key `query_max_bytes`: bytes of a GraphQL document, default LIMIT_GQL_DOC_BYTES */
	uint32_t query_max_depth;      /* key `query_max_depth`: nesting of a document, default LIMIT_GQL_DEPTH */
	uint32_t query_max_fields;     /* key `query_max_fields`: fields selected and executed once fragments are
	                                  expanded (the complexity budget), default LIMIT_GQL_FIELDS */
	uint32_t query_max_aliases;    /* key `query_max_aliases`: aliased fields in a document, default LIMIT_GQL_ALIASES */
	uint32_t searches_per_request; /* key `searches_per_request`: search fields in one operation, default
	                                  LIMIT_SEARCHES_PER_REQUEST */
	uint32_t request_cost_max;     /* key `request_cost_max`: what one operation's root fields may cost in all
	                                  (each selection of one adds its class's LIMIT_COST_*), default LIMIT_REQUEST_COST */
	uint32_t search_time_ms;       /* key `search_time_ms`: how long one search field (page and totalCount) may
	                                  run in the database, default LIMIT_SEARCH_TIME_MS */
	uint32_t page_size_max;        /* key `page_size_max`: items in a search/updatesSince page (a larger `first`
	                                  is cut to it), default LIMIT_PAGE_SIZE, at most LIMIT_PAGE_SIZE_MAX */
	uint32_t labels_per_item;      /* key `labels_per_item`, default LIMIT_LABELS_PER_ITEM */
	uint32_t labels_per_user;      /* key `labels_per_user`, default LIMIT_LABELS_PER_USER */
	uint32_t highlights_per_item;  /* key `highlights_per_item`, default LIMIT_HIGHLIGHTS_PER_ITEM */
	size_t highlight_max_bytes;    /* key `highlight_max_bytes`: bytes of a highlight's quote, annotation, html,
	                                  …, default LIMIT_HIGHLIGHT_TEXT */
	size_t content_max_bytes;      /* key `content_max_bytes`: bytes of savePage's HTML and of a stored article,
	                                  default LIMIT_CONTENT_BYTES */
	size_t import_max_bytes;       /* key `import_max_bytes`: bytes of an uploaded import file, default
	                                  LIMIT_IMPORT_BYTES (200M) */
	uint32_t import_fetches_per_minute; /* key `import_fetches_per_minute`, default LIMIT_IMPORT_FETCHES_PER_MINUTE:
	                                  the rate at which an import's items without content are queued for fetching */
	uint32_t feed_poll_interval_s; /* key `feed_poll_interval` seconds, default LIMIT_FEED_POLL_INTERVAL_S: how often
	                                  a subscribed feed is fetched (failures wait longer, up to a day) */
	uint32_t subscriptions_per_user; /* key `subscriptions_per_user`, default LIMIT_SUBSCRIPTIONS: feeds one user
	                                  follows at once */
	/* per-user quotas: a save, upload, import or subscription past one is refused with a message naming it */
	uint32_t items_per_user;       /* key `items_per_user`: items one user may have (the trash included), default
	                                  LIMIT_ITEMS_PER_USER */
	size_t bytes_per_user;         /* key `bytes_per_user`: bytes of one user's articles and kept files, default
	                                  LIMIT_BYTES_PER_USER (2G) */
	uint32_t imports_pending_per_user; /* key `imports_pending_per_user`: one user's imports waiting for their
	                                  upload, queued or running, default LIMIT_IMPORTS_PENDING */
	uint32_t feed_polls_per_minute; /* key `feed_polls_per_minute`, default LIMIT_FEED_POLLS_PER_MINUTE: feeds the
	                                  server's workers together fetch per minute */
	char *mail_domain;             /* key `mail_domain`: the domain of newsletter addresses; NULL (unset): the
	                                  host's name */
	uint32_t newsletter_emails_per_user; /* key `newsletter_emails_per_user`, default LIMIT_NEWSLETTER_EMAILS */
	size_t mail_max_bytes;         /* key `mail_max_bytes`: bytes of one message `larder mail` accepts, default
	                                  LIMIT_MAIL_BYTES (10M) */
	size_t pdf_max_bytes;          /* key `pdf_max_bytes`: bytes of an uploaded or fetched PDF, default LIMIT_PDF_BYTES */
	size_t pdf_sync_bytes;         /* key `pdf_sync_bytes`: a PDF up to this size is read while its upload is
	                                  answered, a larger one by the worker; default LIMIT_PDF_SYNC_BYTES */
	uint32_t pdf_read_s;           /* key `pdf_read_seconds`: CPU seconds a PDF's reading may take (outside an
	                                  upload's request), default LIMIT_PDF_CPU_MS/1000 */
	uint32_t login_delay_s;        /* key `login_delay`: the wait after the free failed logins, doubling with each
	                                  further one; default LIMIT_LOGIN_DELAY_MS/1000 */
	uint32_t login_delay_max_s;    /* key `login_delay_max`: the longest such wait, default LIMIT_LOGIN_DELAY_MAX_MS/1000 */
	uint32_t login_window_s;       /* key `login_window`: how long a failed login is counted, default
	                                  LIMIT_LOGIN_WINDOW_MS/1000 */
	char *files_dir;               /* key `files_dir`: where PDFs are kept; NULL: "files" in data_dir */
	bool files_in_db;              /* key `files_store`: database (true) keeps uploaded PDFs and imports in the
	                                * database (file_blobs) instead of files_dir and data_dir/imports; disk: false */
};
/* which file: explicit path if non-NULL, else $LARDER_CONFIG, else LARDER_SYSCONFDIR "/larder.conf" */
const char *config_default_path(const char *explicit_path);
/* fills every field (defaults for keys not in the file); missing file = error. On error err gets
 * "FILE:LINE: message" (or "FILE: message") and c is left freed/zeroed. 0 ok, -1 error. */
int config_load(const char *path, struct larder_config *c, char *err, size_t errlen);
/* fills every field with its default, as config_load does for an empty file (path "(defaults)", data_dir the
 * default database's folder): for the tests, which then set what they need. 0 ok, -1 out of memory */
int config_defaults(struct larder_config *c);
void config_free(struct larder_config *c);
#endif
