/* minimal_search_fcgi.c: the search benchmark's baseline, a FastCGI responder that runs store_search's FTS5 plan for one word straight on SQLite and answers its JSON. */
#include <fcgiapp.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int store_fts_register(sqlite3 *db); /* the store's tokenizer and rank function (src/store/fts.c) */

/*
 * Environment: LARDER_DB (the library, e.g. the one search_bench built), SEARCH_USER (username,
 * default "bench"). Each request: the word from the query string's q= (else SEARCH_WORD, default
 * "baba"), 20 items, the same SQL as store_search for a one-word query: a probe of the match's size,
 * then larder_rank ranking over a small match set, or the saved-desc scan with the match as a filter (the
 * newest WINDOW matches materialized, older rows probed).
 */
#define RANK_MAX 300
#define WINDOW 2000
#define RANK "larder_rank(items_fts, 10.0, 6.0, 4.0, 6.0, 1.0, 6.0, 5.0)"
#define COLS "i.id, i.title, i.slug, i.url, i.site_name, i.author, i.description, i.image, i.saved_at," \
	" i.updated_at, i.published_at, i.created_at, i.progress, i.progress_anchor, i.words_count, i.archived_at," \
	" i.page_type, i.state"

static const char *const sql_count =
	"SELECT coalesce((SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT 1 OFFSET ?2), -1),"
	" coalesce((SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid DESC LIMIT 1 OFFSET ?3), -1)";
static const char *const sql_rank =
	"SELECT " COLS " FROM items_fts CROSS JOIN library_items i ON i.seq = items_fts.rowid"
	" WHERE i.user_id = ?1 AND i.deleted_at IS NULL AND items_fts MATCH ?2"
	" ORDER BY " RANK ", i.saved_at DESC, i.seq DESC LIMIT 21 OFFSET 0";
static const char *const sql_filter =
	"SELECT " COLS " FROM library_items i WHERE i.user_id = ?1 AND i.deleted_at IS NULL"
	" AND CASE WHEN i.seq >= ?3 THEN +i.seq IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?2 AND rowid >= ?3)"
	" ELSE EXISTS (SELECT 1 FROM items_fts WHERE items_fts MATCH ?2 AND rowid = i.seq) END"
	" ORDER BY i.saved_at DESC, i.seq DESC LIMIT 21 OFFSET 0";

static char *body;
static size_t blen, bcap;

static void put(const char *s, size_t n)
{
	if (blen + n + 1 > bcap) {
		bcap = (blen + n + 1) * 2;
		if (!(body = realloc(body, bcap)))
			exit(1);
	}
	memcpy(body + blen, s, n);
	blen += n;
}

static void puts_(const char *s) { put(s, strlen(s)); }

static void json_str(const unsigned char *s)
{
	char esc[8];
	if (!s) {
		puts_("null");
		return;
	}
	put("\"", 1);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*s;
			put(esc, 2);
		} else if (*s < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", *s);
			put(esc, 6);
		} else
			put((const char *)s, 1);
	}
	put("\"", 1);
}

static void json_time(sqlite3_stmt *s, int col)
{
	char buf[64];
	if (sqlite3_column_type(s, col) == SQLITE_NULL) {
		puts_("null");
		return;
	}
	long long ms = sqlite3_column_int64(s, col);
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	snprintf(buf, sizeof buf, "\"%04d-%02d-%02dT%02d:%02d:%02d.%03dZ\"", tm.tm_year + 1900, tm.tm_mon + 1,
	         tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000));
	puts_(buf);
}

/* q=... from a query string, %XX and + decoded, into out */
static void query_word(const char *qs, char *out, size_t len)
{
	const char *p = qs;
	size_t j = 0;
	out[0] = '\0';
	while (p && *p) {
		if (strncmp(p, "q=", 2) == 0) {
			for (p += 2; *p && *p != '&' && j + 1 < len; p++) {
				if (*p == '+')
					out[j++] = ' ';
				else if (*p == '%' && p[1] && p[2]) {
					char hex[3] = { p[1], p[2], 0 };
					out[j++] = (char)strtol(hex, NULL, 16);
					p += 2;
				} else
					out[j++] = *p;
			}
			out[j] = '\0';
			return;
		}
		p = strchr(p, '&');
		if (p)
			p++;
	}
}

int main(void)
{
	const char *db_path = getenv("LARDER_DB"), *user = getenv("SEARCH_USER"), *dflt = getenv("SEARCH_WORD");
	sqlite3 *db;
	sqlite3_stmt *count, *rank, *filter, *s;
	char user_id[64] = "", word[256], match[600], buf[4096], head[160];
	FCGX_Request req;

	if (!db_path || sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fprintf(stderr, "minimal_search_fcgi: set LARDER_DB to a library database\n");
		return 1;
	}
	sqlite3_busy_timeout(db, 5000);
	if (store_fts_register(db) != SQLITE_OK)
		return 1;
	if (sqlite3_prepare_v2(db, "SELECT id FROM users WHERE username = ?1", -1, &s, NULL) != SQLITE_OK)
		return 1;
	sqlite3_bind_text(s, 1, user ? user : "bench", -1, SQLITE_STATIC);
	if (sqlite3_step(s) == SQLITE_ROW)
		snprintf(user_id, sizeof user_id, "%s", (const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	if (!user_id[0] || sqlite3_prepare_v2(db, sql_count, -1, &count, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, sql_rank, -1, &rank, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, sql_filter, -1, &filter, NULL) != SQLITE_OK) {
		fprintf(stderr, "minimal_search_fcgi: %s\n", user_id[0] ? sqlite3_errmsg(db) : "no such user");
		return 1;
	}
	if (FCGX_Init() != 0 || FCGX_InitRequest(&req, 0, 0) != 0)
		return 1;
	while (FCGX_Accept_r(&req) >= 0) {
		size_t j = 0;
		int n = 0, rc;
		long long nrank = -1, nwin = -1;
		while (FCGX_GetStr(buf, (int)sizeof buf, req.in) > 0)
			;
		query_word(FCGX_GetParam("QUERY_STRING", req.envp), word, sizeof word);
		if (!word[0])
			snprintf(word, sizeof word, "%s", dflt ? dflt : "baba");
		/* the word as an FTS5 string behind the user's tag, as store_search writes it */
		j = (size_t)snprintf(match, sizeof match, "\"\x01%s\x01", user_id);
		for (const char *w = word; *w && j + 3 < sizeof match; w++) {
			if (*w == '"')
				match[j++] = '"';
			match[j++] = *w;
		}
		match[j++] = '"';
		match[j] = '\0';
		sqlite3_bind_text(count, 1, match, -1, SQLITE_STATIC);
		sqlite3_bind_int(count, 2, RANK_MAX);
		sqlite3_bind_int(count, 3, WINDOW - 1);
		if (sqlite3_step(count) == SQLITE_ROW) {
			nrank = sqlite3_column_int64(count, 0);
			nwin = sqlite3_column_int64(count, 1);
		}
		sqlite3_reset(count);
		s = nrank < 0 ? rank : filter;
		sqlite3_bind_text(s, 1, user_id, -1, SQLITE_STATIC);
		sqlite3_bind_text(s, 2, match, -1, SQLITE_STATIC);
		if (s == filter)
			sqlite3_bind_int64(s, 3, nwin < 0 ? 0 : nwin);
		blen = 0;
		puts_("{\"data\":{\"search\":{\"__typename\":\"SearchSuccess\",\"edges\":[");
		while ((rc = sqlite3_step(s)) == SQLITE_ROW && n < 20) {
			puts_(n ? ",{\"cursor\":\"20\",\"node\":{\"id\":" : "{\"cursor\":\"20\",\"node\":{\"id\":");
			n++;
			json_str(sqlite3_column_text(s, 0));
			puts_(",\"title\":");
			json_str(sqlite3_column_text(s, 1));
			puts_(",\"slug\":");
			json_str(sqlite3_column_text(s, 2));
			puts_(",\"url\":");
			json_str(sqlite3_column_text(s, 3));
			puts_(",\"originalArticleUrl\":");
			json_str(sqlite3_column_text(s, 3));
			puts_(",\"siteName\":");
			json_str(sqlite3_column_text(s, 4));
			puts_(",\"author\":");
			json_str(sqlite3_column_text(s, 5));
			puts_(",\"description\":");
			json_str(sqlite3_column_text(s, 6));
			puts_(",\"image\":");
			json_str(sqlite3_column_text(s, 7));
			puts_(",\"savedAt\":");
			json_time(s, 8);
			puts_(",\"updatedAt\":");
			json_time(s, 9);
			puts_(",\"publishedAt\":");
			json_time(s, 10);
			puts_(",\"createdAt\":");
			json_time(s, 11);
			snprintf(buf, sizeof buf, ",\"readingProgressPercent\":%g,\"readingProgressAnchorIndex\":%lld,"
			         "\"wordsCount\":%lld,\"isArchived\":%s,\"pageType\":",
			         sqlite3_column_double(s, 12), (long long)sqlite3_column_int64(s, 13),
			         (long long)sqlite3_column_int64(s, 14),
			         sqlite3_column_type(s, 15) == SQLITE_NULL ? "false" : "true");
			puts_(buf);
			json_str(sqlite3_column_text(s, 16));
			puts_(",\"contentReader\":\"WEB\",\"state\":");
			json_str(sqlite3_column_text(s, 17));
			puts_("}}");
		}
		sqlite3_reset(s);
		snprintf(buf, sizeof buf, "],\"pageInfo\":{\"hasNextPage\":%s,\"hasPreviousPage\":false,"
		         "\"startCursor\":\"\",\"endCursor\":\"%d\",\"totalCount\":null}}}}",
		         rc == SQLITE_ROW ? "true" : "false", n);
		puts_(buf);
		snprintf(head, sizeof head, "Status: 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n", blen);
		FCGX_PutS(head, req.out);
		FCGX_PutStr(body, (int)blen, req.out);
		FCGX_Finish_r(&req);
	}
	return 0;
}
