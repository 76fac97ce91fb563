/* store_search_lang.c: tests of the search's words (src/store/words.c) and of store_search in people's languages on a real SQLite file (and on PostgreSQL: t/pg_suite.sh), with the same answers: stemmed English, German, French and Spanish forms, Chinese, Japanese, Korean and Thai words inside sentences, the negative cases, stemmed field searches, the ranked order of stemmed, phrase, prefix, CJK and field queries (the same on both engines), the item's language, the re-index of an upgraded library (stopped and run again), the worker's merge of SQLite's index, and PostgreSQL's sample rows (db/pg/033), windows (db/pg/034) and rank parts (db/pg/035, 036): the same pages and orders with and without them, the rows that hold them, their upgrade. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/search.h"
#include "store/search_pg.h" /* search_pg_part: which rank part holds a word */
#include "store/store.h"
#include "store/store_int.h" /* st->db: search_pending, the FTS5 integrity-check */
#include "store/words.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/utf8.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-search-lang-XXXXXX";
static char path[256];
static struct arena A;
static struct store *st;

#define NOW INT64_C(1718452800000)
#define DAY INT64_C(86400000)

/* ---- words.c alone: the tokens of a text, "+" before a colocated one, "^" for the stem mark ---- */

static int collect(void *ctx, int flags, const char *tok, int n, int start, int end)
{
	struct sb *o = ctx;
	(void)start, (void)end;
	if (*sb_str(o))
		sb_putc(o, ' ');
	if (flags & WORDS_COLOCATED)
		sb_putc(o, '+');
	for (int i = 0; i < n; i++)
		sb_putc(o, tok[i] == WORDS_STEM_MARK ? '^' : tok[i]);
	return 0;
}

static const char *toks(enum words_mode mode, const char *langs, const char *text)
{
	static struct words *w;
	struct sb o;
	const char *r;
	if (!w && !(w = words_new()))
		return "ERR: words_new";
	sb_init(&o);
	if (words_run(w, mode, langs, langs ? strlen(langs) : 0, text, strlen(text), &o, collect) != 0)
		return "ERR: words_run";
	r = arena_strdup(&A, sb_str(&o));
	sb_free(&o);
	return r;
}

static void word_tests(void)
{
	is_str(toks(WORDS_EXACT, NULL, "Café CAFE\xcc\x81 naïve Ørsted łódź straße"), "cafe cafe naive ørsted łodz straße",
	       "case and diacritics folded as FTS5's unicode61 folded them");
	is_str(toks(WORDS_EXACT, NULL, "foo_bar x-y 3.14 e-mail"), "foo bar x y 3 14 e mail", "punctuation separates words");
	is_str(toks(WORDS_DOC, "en", "Running cities run"), "running +^run cities +^citi run +^run",
	       "a document's word and its stem at the same position");
	is_str(toks(WORDS_DOC, "", "organizations studies"), "organizations +^organ studies +^studi",
	       "no language: English stems");
	is_str(toks(WORDS_DOC, "de-AT", "Häuser Städte"), "hauser +^haus stadte +^stadt", "German (de-AT) stems");
	is_str(toks(WORDS_DOC, "fr", "bibliothèques étudiants"), "bibliotheques +^bibliothequ etudiants +^etudi",
	       "French stems");
	is_str(toks(WORDS_DOC, "es_ES", "ciudades crecieron"), "ciudades +^ciudad crecieron +^crec", "Spanish stems");
	is_str(toks(WORDS_DOC, "xx", "running"), "running +^run", "a language Snowball lacks: English stems");
	is_str(toks(WORDS_DOC, "en", "2024 42x"), "2024 42x +^42x", "a word of digits alone has no stem");
	is_str(toks(WORDS_STEM, "en,de", "running"), "running +^run +^running",
	       "a query's word in any form: itself, and its stem in each language");
	is_str(toks(WORDS_STEM, "en,de", "häuser"), "hauser +^hauser +^haus", "alternatives for each language's stem");
	is_str(toks(WORDS_EXACT, "en", "running"), "running", "a word as written has no stem");
	is_str(toks(WORDS_EXACT, NULL, "我在北京大学学习"), "我在 北京 大学 学习", "Chinese: ICU's dictionary words");
	is_str(toks(WORDS_DOC, "ja", "東京都に住んでいます"), "東京 都 に 住 んで い ます", "Japanese: kanji and kana words");
	is_str(toks(WORDS_DOC, "ja", "図書館で日本語を勉強する"), "図書館 +図書 で 日本語 +日本 を 勉強 する",
	       "a longer Chinese or Japanese word also gives its leading characters at its position");
	is_str(toks(WORDS_EXACT, NULL, "京都"), "京都", "the query 京都 is one word");
	is_str(toks(WORDS_EXACT, NULL, "서울에서 살아요 한"), "서울 울에 에서 살아 아요 한", "Korean: overlapping bigrams, one syllable as itself");
	is_str(toks(WORDS_EXACT, NULL, "ภาษาไทยง่ายนิดเดียว"), "ภาษา ไทย ง่าย นิด เดียว", "Thai: dictionary words, vowel marks kept");
	is_str(toks(WORDS_EXACT, NULL, "iPhone用ケース"), "iphone 用 ケース", "a change of script ends a word");
	is_str(toks(WORDS_EXACT, NULL, "a\xff\xfe" "b \xe2\x82"), "a b", "bytes that are not UTF-8 separate words");
	{
		char big[3000];
		memset(big, 'a', sizeof big - 1);
		big[sizeof big - 1] = 0;
		is_int((int)strlen(toks(WORDS_EXACT, NULL, big)), WORDS_RUN_MAX, "a very long word is cut");
	}

	{ /* any bytes, in every mode: tokens are UTF-8, inside the text, never empty */
		static const char *const pieces[] = { "a", "\xc3\xa9", "\xe6\x9d\xb1", "\xe4\xba\xac", "\xea\xb0\x80",
		                                      "\xe0\xb8\x81", "\xe0\xb8\xb4", "\xcc\x81", " ", "\xff", "\xc3", "-", "1",
		                                      "\xf0\x9f\x98\x80", "Z" };
		unsigned seed = 24;
		int bad = 0;
		for (int round = 0; round < 3000; round++) {
			char text[700];
			size_t n = 0;
			int len = (int)((seed = seed * 1103515245u + 12345u) >> 16) % 200;
			for (int i = 0; i < len; i++) {
				const char *p = pieces[((seed = seed * 1103515245u + 12345u) >> 16) % 15];
				memcpy(text + n, p, strlen(p));
				n += strlen(p);
			}
			text[n] = 0;
			for (int mode = WORDS_DOC; mode <= WORDS_STEM; mode++) {
				const char *t = toks((enum words_mode)mode, round % 2 ? "en,de,fr" : "ja", text);
				if (strncmp(t, "ERR", 3) == 0 || strstr(t, "  ") || !utf8_valid(t, strlen(t)))
					bad++;
			}
		}
		is_int(bad, 0, "3,000 texts of mixed scripts, marks and broken bytes, in every mode");
	}
	is_str(words_stemmer_name("pt-BR", 5), "portuguese", "pt-BR is Portuguese");
	is_str(words_stemmer_name("German", 6), "german", "a language's English name");
	ok(words_stemmer_name("zh", 2) == NULL, "Chinese has no stemmer");
	{
		static const struct { const char *text, *lang; } g[] = {
			{ "The results of the study show that the method is not as good as it was said to be, and the authors"
			  " agree with this.", "en" },
			{ "Die Ergebnisse der Studie zeigen, dass die Methode nicht so gut ist, wie sie sein sollte, und die"
			  " Autoren stimmen dem zu.", "de" },
			{ "Les résultats de l'étude montrent que la méthode n'est pas aussi bonne que prévu, et les auteurs"
			  " sont d'accord avec cela.", "fr" },
			{ "Los resultados del estudio muestran que el método no es tan bueno como se dijo, y los autores"
			  " están de acuerdo con esto.", "es" },
			{ "北京是中华人民共和国的首都，也是全国的政治和文化中心，有着三千多年的历史。", "zh" },
			{ "東京都は日本の首都であり、多くの人々が住んでいます。図書館もたくさんあります。", "ja" },
			{ "서울은 대한민국의 수도이며 많은 사람들이 살고 있습니다. 도서관도 많습니다.", "ko" },
			{ "Результаты исследования показывают, что метод не так хорош, как говорили авторы.", "ru" },
		};
		for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
			const char *l = words_lang_guess(g[i].text, strlen(g[i].text));
			is_str(l ? l : "(none)", g[i].lang, "the language of a text in %s", g[i].lang);
		}
		ok(words_lang_guess("Hello world", 11) == NULL, "two words tell no language");
		ok(words_lang_guess("1234 5678 9999 ------ 42 42 42 42 42 42", 38) == NULL, "no letters tell no language");
	}
}

static int64_t count_sql(struct store *s, const char *sql);

/* ---- store_search ---- */

static const char *user_ann, *user_ben;
static const char *ids[1024];
static int nids;

/* the page's items as letters A, B, … in the order they were saved */
static const char *find_as(const char *user, const char *q)
{
	struct store_search_req req = { .user_id = user, .query = q, .limit = 50, .now_ms = NOW };
	struct store_search_res res;
	char *out;
	int rc = store_search(st, &A, &req, &res);
	if (rc != STORE_OK)
		return arena_printf(&A, "ERR%d: %s", rc, rc == STORE_E_INVAL ? res.error : store_errmsg(st));
	out = arena_alloc(&A, res.n + 1);
	for (size_t i = 0; i < res.n; i++) {
		out[i] = '?';
		for (int k = 0; k < nids; k++)
			if (strcmp(res.items[i].id, ids[k]) == 0)
				out[i] = (char)(k < 26 ? 'A' + k : 'a' + k % 26);
	}
	out[res.n] = 0;
	return out;
}

static const char *find(const char *q) { return find_as(user_ann, q); }

/* a saved article; its letter is the order of saving */
static struct store_item save(const char *user, const char *title, const char *text, const char *lang)
{
	struct store_article art = { .title = title, .content = "<p>x</p>", .text = text, .words_count = 10, .language = lang };
	struct store_save sv = { .user_id = user, .url = arena_printf(&A, "https://example.org/%d", nids), .saved_ms = NOW - nids * DAY,
	                         .article = &art };
	struct store_item it;
	bool existed;
	if (store_item_save(st, &A, &sv, &it, &existed) != STORE_OK) {
		printf("Bail out! saving %s: %s\n", title, store_errmsg(st));
		exit(1);
	}
	ids[nids++] = it.id;
	return it;
}

static int cmp_char(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }

static void search_tests(void)
{
	struct store_item it;
	/* A..D English, E German, F French, G Spanish, H Chinese, I, J Japanese, K Korean, L Thai */
	save(user_ann, "Morning notes", "She runs every morning before work", "en");                            /* A */
	save(user_ann, "Training log", "We were running through the old cities of the organizations", "en");   /* B */
	save(user_ann, "Reading", "The public library holds many studies about the city", "en-GB");          /* C */
	save(user_ann, "Short", "I run", "en");                                                               /* D */
	save(user_ann, "Bauen", "Die Häuser der alten Städte wurden aus Stein gebaut", "de");                /* E */
	save(user_ann, "Lire", "Les étudiants travaillaient dans les bibliothèques de la ville", "fr");       /* F */
	save(user_ann, "Crecer", "Las ciudades crecieron rápidamente durante el siglo pasado", "es");         /* G */
	save(user_ann, "北京", "我在北京大学学习中文，北京的秋天很美。", "zh");                              /* H */
	save(user_ann, "東京", "東京都に住んでいます。毎日電車で通勤します。", "ja");                        /* I */
	save(user_ann, "図書館", "図書館で日本語を勉強するのが好きです。", "ja");                              /* J */
	save(user_ann, "서울", "서울에서 한국어를 공부합니다. 서울은 아름다운 도시입니다.", "ko");             /* K */
	save(user_ann, "ไทย", "ภาษาไทยง่ายนิดเดียว ถ้าตั้งใจเรียน", "th");                                   /* L */

	/* English forms */
	is_str(find("run"), "DAB", "run finds runs and running; the word as written ranks first");
	is_str(find("running"), "BDA", "running finds run and runs, its own form first");
	is_str(find("\"running\""), "B", "a quoted word matches as written only");
	is_str(find("\"run\""), "D", "\"run\" is not runs");
	is_str(find("city"), "CB", "city finds cities");
	is_str(find("organization"), "B", "organization finds organizations");
	is_str(find("libraries"), "C", "libraries finds library");
	is_str(find("study"), "C", "study finds studies");
	is_str(find("\"old cities\""), "B", "a quoted phrase matches");
	is_str(find("\"old city\""), "", "a quoted phrase matches exactly: not another form");
	is_str(find("old city"), "B", "two words in any form");
	is_str(find("runner"), "", "runner is not a form of run");
	is_str(find("rung"), "", "nor is rung");
	is_str(find("run*"), "DAB", "a prefix still reads words as written");
	is_str(find("run -morning"), "DB", "a negated word");
	{ /* bench/rank-eval's candidates (store_search_rank): the same rows in their own order, then the default */
		struct store_rank none = { STORE_RANK_WEIGHTS, true, false, 0, 0 }, idf = { STORE_RANK_WEIGHTS, true, true, 0, 100 };
		char *got;
		store_search_rank(&none);
		is_str(find("run"), "ABD", "no ranking: newest first");
		store_search_rank(&idf);
		got = (char *)find("run");
		qsort(got, strlen(got), 1, cmp_char);
		is_str(got, "ABD", "weighted by the caller's own counts of each form: the same rows");
		store_search_rank(NULL);
		is_str(find("run"), "DAB", "the default ranking again");
	}
	/* German, French, Spanish */
	is_str(find("Haus"), "E", "Haus finds Häuser (German stems)");
	is_str(find("Stadt"), "E", "Stadt finds Städte");
	is_str(find("bibliothèque"), "F", "bibliothèque finds bibliothèques (French)");
	is_str(find("étudiant"), "F", "étudiant finds étudiants");
	is_str(find("ciudad"), "G", "ciudad finds ciudades (Spanish)");
	is_str(find("crecer"), "G", "crecer finds crecieron");
	is_str(find("Hauses"), "E", "another German form");
	is_str(find("Bäume"), "", "a German word not in the text");
	/* Chinese, Japanese, Korean, Thai */
	is_str(find("北京"), "H", "北京 inside a Chinese sentence");
	is_str(find("大学"), "H", "大学 inside 北京大学");
	is_str(find("上海"), "", "上海 is not there");
	is_str(find("東京"), "I", "東京 inside 東京都に…");
	is_str(find("京都"), "", "京都 does not match 東京都");
	is_str(find("図書館"), "J", "図書館 inside a Japanese sentence");
	is_str(find("日本語"), "J", "日本語");
	is_str(find("日本"), "J", "日本 finds 日本語");
	is_str(find("勉強"), "J", "勉強");
	is_str(find("電車"), "I", "電車");
	is_str(find("서울"), "K", "서울 inside 서울에서 (Korean bigrams)");
	is_str(find("한국어"), "K", "한국어 inside 한국어를");
	is_str(find("부산"), "", "부산 is not there");
	is_str(find("ภาษา"), "L", "ภาษา inside a Thai run");
	is_str(find("ไทย"), "L", "ไทย");
	is_str(find("ญี่ปุ่น"), "", "a Thai word not in the text");
	is_str(find("title:東京"), "I", "title: reads the same words");
	/* fields read a word in any of its forms too; a quoted value as written */
	{
		is_str(find("title:mornings"), "A", "title:mornings finds the title Morning notes");
		is_str(find("title:\"mornings\""), "", "title:\"mornings\" reads the word as written");
		is_str(find("title:trainings,\"bauen\""), "EB", "a list of values, each in its own way (the value as written first)");
		is_str(find("title:Häusern"), "", "a stemmed field value still reads its column only");
		is_str(find("title:Bauens"), "E", "German forms in a title");
		is_str(find("title:morning run"), "A", "a field and a word");
		is_str(find("title:runs"), "", "run is in bodies, not titles");
	}
	/* the rank reads the caller's rows only: another user's forms do not change it */
	is_str(find_as(user_ben, "run"), "", "ben finds none of ann's");
	it = save(user_ben, "Ben runs", "running running running", "en");
	is_str(find_as(user_ben, "run"), "M", "ben finds his own");
	is_str(find("run"), "DAB", "ann's answer is the same");
	(void)it;

	/* the item's language: the page's, else a guess from its text, answered as LibraryItem.language */
	{
		struct store_item a = save(user_ann, "No language",
		                           "Die Ergebnisse der Studie zeigen, dass die Methode nicht so gut ist, wie sie sein"
		                           " sollte, und die Autoren stimmen dem zu. Die Häuser sind alt.", NULL);
		struct store_item b = save(user_ann, "Too short", "Hello there", NULL);
		struct store_item c = save(user_ann, "Page says", "The study shows what the method is and is not", "pt-BR");
		struct store_item got;
		is_int(store_item_get(st, &A, user_ann, a.id, &got), STORE_OK, "read back");
		is_str(got.language ? got.language : "(none)", "de", "a German text without a language is stored as de");
		is_int(store_item_get(st, &A, user_ann, b.id, &got), STORE_OK, "read back");
		ok(got.language == NULL, "too short a text: no language");
		is_int(store_item_get(st, &A, user_ann, c.id, &got), STORE_OK, "read back");
		is_str(got.language ? got.language : "(none)", "pt-BR", "the page's language is kept as given");
		is_str(find("Häusern"), "EN", "the guessed language stems it: German forms find it");
	}
	{ /* a hostile page language: long, with the tag's control characters */
		char lang[300];
		memset(lang, 'x', sizeof lang - 1);
		lang[sizeof lang - 1] = 0;
		memcpy(lang, "\x01\x02\x03\x01", 4);
		save(user_ann, "Hostile", "zebra crossing", lang); /* Q */
		is_str(find("zebra"), "Q", "an item whose language holds control characters and 300 bytes is found");
		is_str(find_as(user_ben, "zebra"), "", "by its owner only");
	}
	{ /* text that would end a tsvector or tsquery literal, or be read as its syntax, is only words */
		save(user_ann, "O'Brien's \\ notes", "He said: \\'; DROP TABLE x; -- it''s 'a':1 b\\c | ! & <-> :* zz'top", "en"); /* R */
		is_str(find("brien"), "R", "a word beside a quote");
		is_str(find("\"O'Brien\""), "R", "a quoted phrase with a quote inside");
		is_str(find("zz'top"), "R", "a word with a quote inside");
		is_str(find("drop table"), "R", "words after a backslash and a quote");
		is_str(find("b\\c"), "R", "a word with a backslash inside");
		is_str(find("\\' :* | ! & <->"), "ABCDEFGHIJKLNOPQR", "a query of quotes, backslashes and tsquery operators alone has no words: every item");
		is_str(find("'a':1"), "R", "a query that reads as a tsvector entry is words");
		is_str(find("title:\"o'brien's\""), "R", "title: with quotes");
	}
	if (db_is_sqlite(st->db))
		is_int(db_exec(st->db, "INSERT INTO items_fts(items_fts) VALUES ('integrity-check')"), DB_OK,
		       "the index matches its rows (FTS5 integrity-check)");
	else {
		is_int((int)count_sql(st, "SELECT count(*) FROM item_search WHERE tsv IS NULL OR lens IS NULL"
		                          " OR seq IN (SELECT seq FROM search_pending)"), 0,
		       "every search row has its words, none is left marked");
		/* db/pg/037: the saves' words went into the GIN index's tree, none into a pending list that every user's
		 * searches would scan (gin_clean_pending_list counts the pages it merges: 0 when there is no list) */
		is_int(count_sql(st, "SELECT gin_clean_pending_list('item_search_tsv'::regclass)"), 0,
		       "PostgreSQL: the saves left no pending list in the GIN index for searches to scan (fastupdate off)");
	}
}

/* ---- a ranked page's order, the same on both engines (t/pg_suite.sh runs this file on PostgreSQL): PostgreSQL
 * scores in C (search_rank.c) with rank.c's formula, the one SQLite's larder_rank uses ---- */
static const char *user_cat;

static const char *const rank_q[] = { "garden", "gardens", "\"garden party\"", "gard*", "garden*", "庭園", "京都",
                                     "title:garden", "title:gardens", "garden party", "gardening -party",
                                     "garden OR party", "description:garden", "title:garden tips", "\"the garden\"",
                                     "parti*", "garden <-> !", "title:\"garden party\"", "title:gardening,party" };
#define NRANK_Q (sizeof rank_q / sizeof *rank_q)

static void rank_order_tests(void)
{
	const char *const *q = rank_q;
	const char *want[] = { "AEBFCD", "ACEBFD", "E", "AECBFD", "AECBFD", "C", "C", "EAC", "CAE", "E", "ADCBF",
	                       "EGABFCD", "", "A", "EA", "G", "AEBFCD", "E", "EGAC" };
	int base = nids;
	/* A the first of cat's items, B the next, … */
	save(user_cat, "Gardening basics", "garden garden gardens gardening tips for the garden", "en");
	save(user_cat, "Notes", "my garden", "en");
	save(user_cat, "Gardens of Kyoto", "京都の庭園を歩く。庭園と寺。 gardens temples", "ja");
	save(user_cat, "Long essay", "a long essay that mentions gardening once among very many other words about"
	                             " cooking and travel and music and books and films and the weather", "en");
	save(user_cat, "The garden party", "party garden party the garden", "en");
	save(user_cat, "Notes", "my garden", "en"); /* a tie with the second: the newer first, on both */
	save(user_cat, "Party", "parties and a party", "en");
	for (size_t i = 0; i < NRANK_Q; i++) {
		char *got = (char *)find_as(user_cat, q[i]);
		for (char *g = got; *g; g++) {
			int k = *g >= 'a' && *g <= 'z' ? 26 + (*g - 'a') : *g - 'A';
			while (k < base) /* find_as's letters go round every 26 */
				k += 26;
			*g = (char)('A' + k - base);
		}
		is_str(got, want[i], "ranked the same on both engines: %s", q[i]);
	}
}

/* ---- an upgraded library: the index filled by larder init, stopped and run again ---- */

static int64_t count_sql(struct store *s, const char *sql)
{
	struct db_stmt *q = NULL;
	int64_t n = -1;
	if (db_prepare(s->db, sql, false, &q) == DB_OK && db_step(q) == DB_ROW)
		n = db_col_int64(q, 0);
	db_finalize(q);
	return n;
}

static int64_t last_done = -1, last_total = -1;
static void progress(void *arg, int64_t done, int64_t total)
{
	(void)arg;
	last_done = done;
	last_total = total;
}
static void stop_after_first(void *arg, int64_t done, int64_t total)
{
	(void)arg, (void)total;
	if (done > 0)
		_exit(0); /* as a stopped larder init: what it committed stays */
}

static void reindex_tests(void)
{
	char err[512];
	int status = 0;
	pid_t pid;
	/* the library as db/024_search_words.sql leaves an upgraded one: every row waiting (PostgreSQL: as
	 * db/pg/028_search_words_c.sql leaves it, with its vectors taken away, which the upgrade keeps meanwhile) */
	is_int(db_exec(st->db, db_is_sqlite(st->db) ? "INSERT INTO search_pending SELECT seq FROM item_search;"
	                       "INSERT INTO items_fts(items_fts) VALUES ('delete-all');"
	                       : "INSERT INTO search_pending (seq) SELECT seq FROM item_search;"
	                         "UPDATE item_search SET tsv = NULL, lens = NULL;"), DB_OK, "an upgraded library");
	for (int i = 0; i < 450; i++)
		save(user_ben, arena_printf(&A, "Filler %d", i), "plain words about gardens", "en");
	/* PostgreSQL: the fillers' vectors as the saves wrote them, which the re-index must write again alike */
	const char *sum_sql = "SELECT sum(hashtext(seq || tsv::text || lens::text)) FROM item_search WHERE title LIKE 'Filler %'";
	int64_t saved_sum = db_is_sqlite(st->db) ? 0 : count_sql(st, sum_sql);
	is_str(find("city"), "", "rows waiting for the index are not found");
	is_int(count_sql(st, "SELECT count(*) FROM search_pending"), 18, "the 18 rows from before wait");
	is_int(db_exec(st->db, db_is_sqlite(st->db) ?
	                       "INSERT INTO search_pending SELECT seq FROM item_search WHERE seq NOT IN (SELECT seq FROM search_pending);"
	                       "INSERT INTO items_fts(items_fts) VALUES ('delete-all');"
	                       : "INSERT INTO search_pending (seq) SELECT seq FROM item_search WHERE seq NOT IN (SELECT seq FROM search_pending);"
	                         "UPDATE item_search SET tsv = NULL, lens = NULL;"), DB_OK, "and the new ones too");
	store_close(st);
	st = NULL;
	fflush(stdout);
	if ((pid = fork()) == 0) {
		store_init_progress(path, stop_after_first, NULL, err, sizeof err);
		_exit(1);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "larder init stopped after its first batch");
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(count_sql(st, "SELECT count(*) FROM search_pending"), 468 - 200, "the first batch stayed indexed");
	if (!db_is_sqlite(st->db)) { /* a re-index of every row builds the GIN index after the rows (search_index.c) */
		is_int(count_sql(st, "SELECT count(*) FROM pg_indexes WHERE indexname = 'item_search_tsv'"), 0,
		       "PostgreSQL: the stopped re-index left the GIN index dropped");
		is_str(find("city"), "CB", "the rows of its first batch are found meanwhile, without the index");
		is_str(find_as(user_ben, "Filler 449"), "", "and the rows still waiting are not");
	}
	store_close(st);
	st = NULL;
	is_int(store_init_progress(path, progress, NULL, err, sizeof err), STORE_OK, "larder init again: %s", err);
	is_int(last_total, 268, "it went on with the rest");
	is_int(last_done, 268, "and ended them");
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(count_sql(st, "SELECT count(*) FROM search_pending"), 0, "nothing waits");
	is_str(find("city"), "CB", "found again");
	is_str(find("京都"), "", "京都 still does not match 東京都");
	is_str(find("Häusern"), "EN", "German forms again");
	if (db_is_sqlite(st->db))
		is_int(db_exec(st->db, "INSERT INTO items_fts(items_fts) VALUES ('integrity-check')"), DB_OK,
		       "the index matches its rows (FTS5 integrity-check)");
	else
	{
		is_int((int)count_sql(st, "SELECT count(*) FROM item_search WHERE tsv IS NULL OR lens IS NULL"), 0,
		       "every search row has its words again");
		is_int(count_sql(st, "SELECT count(*) FROM pg_indexes WHERE indexname = 'item_search_tsv'"), 1,
		       "the GIN index is built again");
		is_int(count_sql(st, "SELECT count(*) FROM pg_class WHERE relname = 'item_search_tsv'"
		                     " AND 'fastupdate=off' = ANY (reloptions)"), 1,
		       "built again without a pending list (fastupdate off, as db/pg/037 set it)");
		is_int(count_sql(st, sum_sql), saved_sum, "the re-index wrote the vectors the saves wrote (a hash of every row's)");
		is_int(count_sql(st, "SELECT count(*) FROM pg_attribute WHERE attrelid = 'item_search'::regclass"
		                     " AND attname = 'tsv' AND attcompression = 'l'"), 1,
		       "the vectors are compressed with lz4 (db/pg/030)");
	}
	last_total = -1;
	store_close(st);
	st = NULL;
	is_int(store_init_progress(path, progress, NULL, err, sizeof err), STORE_OK, "a third init");
	is_int(last_total, -1, "has nothing to index");
}

/* ---- the worker's merge: an index written save by save is many segments; store_search_merge's bounded steps
 * merge them, and every answer stays the same ---- */
static void merge_tests(void)
{
	int64_t before, after;
	int steps = 0, rc;
	const char *orchard, *meadow;
	char err[512];
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	if (!db_is_sqlite(st->db)) { /* PostgreSQL's GIN index has no segments for the worker to merge */
		is_int(store_search_merge(st, 1), 0, "PostgreSQL: nothing to merge");
		return;
	}
	for (int i = 0; i < 60; i++) /* each save its own transaction: its own segment, as the web saves one by one */
		save(user_ben, arena_printf(&A, "Orchard %d", i), i % 2 ? "apple orchards in spring" : "meadows and orchard walls", "en");
	before = count_sql(st, "SELECT count(DISTINCT segid) FROM items_fts_idx");
	ok(before >= 4, "saves one by one leave several segments (%lld)", (long long)before);
	orchard = find_as(user_ben, "orchard");
	meadow = find_as(user_ben, "meadow -apple");
	is_int((int)strlen(orchard), 50, "orchard: a full page before the merge");
	while ((rc = store_search_merge(st, 1)) == 1 && steps < 100000)
		steps++;
	is_int(rc, 0, "the merge ends: %s", rc < 0 ? store_errmsg(st) : "no error");
	ok(steps > 1, "in several bounded steps (%d of 1 page)", steps);
	after = count_sql(st, "SELECT count(DISTINCT segid) FROM items_fts_idx");
	ok(after < before && after <= 3, "fewer segments after it: %lld, from %lld", (long long)after, (long long)before);
	is_str(count_sql(st, "SELECT v FROM items_fts_config WHERE k = 'usermerge'") == 2 ? "2" : "?", "2",
	       "usermerge 2: a level's pair is merged");
	is_str(find_as(user_ben, "orchard"), orchard, "the same answer, in the same order");
	is_str(find_as(user_ben, "meadow -apple"), meadow, "a stemmed, negated search too");
	is_str(find("city"), "CB", "and ann's");
	is_int(store_search_merge(st, 1), 0, "nothing left: a step writes nothing");
	is_int(db_exec(st->db, "INSERT INTO items_fts(items_fts) VALUES ('integrity-check')"), DB_OK,
	       "the index matches its rows (FTS5 integrity-check)");
}

/* larder init run again on the library (closed and opened around it), which should rewrite the want rows listed */
static void init_again(int64_t want)
{
	char err[512];
	store_close(st);
	st = NULL;
	is_int(store_init_progress(path, progress, NULL, err, sizeof err), STORE_OK, "larder init: %s", err);
	is_int(last_done, want, "rewrote the %lld rows listed", (long long)want);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
}

/* ---- PostgreSQL's rank parts (db/pg/035, 036, search_pg.c): each row's column words again, in 16 parts by the
 * word (rows of item_search_parts); a ranked page reads only the parts holding the query's words. The parts hold
 * the vector's column lexemes without the owner's key, each in its word's part; cat's pages are the same read
 * from them as from the whole vector (a row not yet rewritten has no parts); the upgrade drops the parts and lists
 * every row, and larder init writes them ---- */

static void rank_part_tests(void)
{
	const char *got[NRANK_Q], *q;
	struct db_stmt *rows = NULL;
	int64_t n = 0, wrong = 0, used = 0;
	if (db_is_sqlite(st->db))
		return; /* FTS5 gives a match's positions per column from its index */
	for (size_t i = 0; i < NRANK_Q; i++)
		got[i] = find_as(user_cat, rank_q[i]);
	is_int(count_sql(st, arena_printf(&A, "SELECT count(*) FROM item_search s WHERE (SELECT array_agg(u.lexeme ||"
	                     " ':' || array_to_string(u.positions, ',') ORDER BY u.lexeme) FROM (SELECT left(lexeme, 1) ||"
	                     " substr(lexeme, %d) AS lexeme, positions FROM unnest(s.tsv) WHERE lexeme ~ '^[tadsxln]') AS u)"
	                     " IS DISTINCT FROM (SELECT array_agg(u.lexeme || ':' || array_to_string(u.positions, ',')"
	                     " ORDER BY u.lexeme) FROM item_search_parts r, unnest(r.v) AS u WHERE r.seq = s.seq)",
	                     2 + PG_KEY_LEN)), 0,
	       "PostgreSQL: each row's parts hold its vector's column lexemes with their positions, each once, as the"
	       " column's letter and the word (without the owner's key)");
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE (SELECT count(*) FROM item_search_parts r"
	                     " WHERE r.seq = s.seq AND r.part BETWEEN 0 AND 15) <> 16"), 0, "each row has its 16 parts");
	if (db_prepare(st->db, "SELECT r.part, u.lexeme FROM item_search_parts r, unnest(r.v) AS u", false, &rows) == DB_OK) {
		unsigned seen = 0;
		while (db_step(rows) == DB_ROW) {
			size_t len = 0;
			const char *lex = db_col_text(rows, 1, &len);
			int part = (int)db_col_int64(rows, 0);
			n++;
			seen |= 1u << (part & 31);
			wrong += len <= 1 || search_pg_part(lex + 1, len - 1) != part;
		}
		while (seen)
			used += seen & 1, seen >>= 1;
	}
	db_finalize(rows);
	ok(n > 100 && wrong == 0, "each of the %lld lexemes is in its word's part (%lld elsewhere)", (long long)n,
	   (long long)wrong);
	ok(used == PG_RANK_PARTS, "the words spread over the parts (%lld of %d hold some)", (long long)used, PG_RANK_PARTS);
	/* cat's rows as db/pg/035 leaves them: read from the whole vector */
	is_int(db_exec(st->db, arena_printf(&A, "DELETE FROM item_search_parts WHERE seq IN (SELECT seq FROM item_search"
	                                        " WHERE owner = '%s')", user_cat)), DB_OK,
	       "cat's parts gone (rows not yet rewritten)");
	for (size_t i = 0; i < NRANK_Q; i++)
		is_str(find_as(user_cat, rank_q[i]), got[i], "the same order from the whole vector: %s", rank_q[i]);
	/* the parts are what the page reads: with each part an empty vector, no row holds a word's positions */
	is_int(db_exec(st->db, arena_printf(&A, "INSERT INTO item_search_parts (seq, part, v) SELECT seq, p, '' FROM"
	                                        " item_search, generate_series(0, 15) AS p WHERE owner = '%s'", user_cat)),
	       DB_OK, "cat's parts made empty vectors");
	q = find_as(user_cat, "garden");
	ok(strcmp(q, got[0]) != 0, "then the rank changes (the parts are read, not the vector): %s", q);
	is_int(db_exec(st->db, "DELETE FROM search_pending; TRUNCATE item_search_parts; INSERT INTO search_pending (seq)"
	                       " SELECT seq FROM item_search ON CONFLICT DO NOTHING"), DB_OK,
	       "the parts dropped and every row listed (db/pg/036's statements)");
	for (size_t i = 0; i < NRANK_Q; i++)
		is_str(find_as(user_cat, rank_q[i]), got[i], "the same order from the whole vector, every row's parts gone: %s",
		       rank_q[i]);
	init_again(count_sql(st, "SELECT count(*) FROM search_pending"));
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE (SELECT count(*) FROM item_search_parts r"
	                     " WHERE r.seq = s.seq AND length(r.v) > 0) = 0 AND length(s.tsv) > 0"), 0,
	       "every row holds its words in its parts again");
	for (size_t i = 0; i < NRANK_Q; i++)
		is_str(find_as(user_cat, rank_q[i]), got[i], "the same order from the parts again: %s", rank_q[i]);
}

/* ---- PostgreSQL's samples (db/pg/033, search_pg.c): one row in 8 holds its words once more, which the probe
 * counts for a plain word; every answer is the one the match itself gives (a field's OR below turns the sample
 * off: the probe then counts the matches themselves), on both engines ---- */

/* PostgreSQL: a statistic of the search's GIN index so far (sql reads it; this connection's counts are sent to the
 * server first) */
static int64_t gin_stat(const char *sql)
{
	if (count_sql(st, "SELECT 1 FROM pg_stat_force_next_flush()") != 1)
		return -1;
	return count_sql(st, sql);
}
#define GIN_SCANS "SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'item_search_tsv'"
/* the pages of the index read so far */
#define GIN_BLOCKS "SELECT idx_blks_read + idx_blks_hit FROM pg_statio_user_indexes WHERE indexrelname = 'item_search_tsv'"

/* saves a short English article of user's (bails out when it cannot), then empties L */
static void save_short(struct arena *L, const char *user, const char *title, const char *url, const char *text,
                       int words, int64_t saved_ms)
{
	struct store_article art = { .title = title, .content = "<p>x</p>", .text = text, .words_count = words,
	                             .language = "en" };
	struct store_save sv = { .user_id = user, .url = url, .saved_ms = saved_ms, .article = &art };
	struct store_item it;
	bool existed;
	if (store_item_save(st, L, &sv, &it, &existed) != STORE_OK) {
		printf("Bail out! saving %s: %s\n", url, store_errmsg(st));
		exit(1);
	}
	arena_reset(L);
}

/* a page of up to 30 items from offset as their titles' numbers, "n=TOTAL" after them */
static const char *page_as(const char *user, const char *q, int64_t offset)
{
	struct store_search_req req = { .user_id = user, .query = q, .limit = 30, .offset = offset, .now_ms = NOW,
	                                .want_total = true };
	struct store_search_res res;
	struct sb o;
	const char *r;
	int rc = store_search(st, &A, &req, &res);
	if (rc != STORE_OK)
		return arena_printf(&A, "ERR%d: %s", rc, store_errmsg(st));
	sb_init(&o);
	for (size_t i = 0; i < res.n; i++)
		sb_printf(&o, "%s,", res.items[i].title + 5);
	sb_printf(&o, "n=%lld%s", (long long)res.total, res.has_next ? "+" : "");
	r = arena_strdup(&A, sb_str(&o));
	sb_free(&o);
	return r;
}

static void sample_tests(const char *user, const char *other)
{
	const char *q[] = { "alpha", "alpha beta", "alpha -beta", "gamma", "gamma OR delta", "delta", "alph*", "beta",
	                    "alpha gamma -delta" };
	struct arena L;
	arena_init(&L);
	/* the pages at 0, 60 and 150: for alpha (about 340 of its 2,700 rows sampled: more than WINDOW), the walk testing
	 * each row's vector, then at 150 the matches hashed (2,700 squared under 20 times 181 rows needed times 2,700
	 * items, pg_probe); the same queries with the field's OR count the matches themselves (stopping at WINDOW: the
	 * walk). dee's 2,700 articles: alpha in all, beta in every 3rd, gamma in every 8th, delta in every 11th; eve's 300 with
	 * alpha (another owner's rows are never counted) */
	/* PostgreSQL: the planner's statistics stay as they were before the saves, as after a large import that autovacuum
	 * has not analyzed yet (here it would, within a minute, and hide a plan that only stale statistics choose) */
	if (!db_is_sqlite(st->db))
		is_int(db_exec(st->db, "ALTER TABLE library_items SET (autovacuum_enabled = off);"
		                       " ALTER TABLE item_search SET (autovacuum_enabled = off)"), DB_OK,
		       "PostgreSQL: no analyze of the items while the test reads their plans");
	for (int i = 0; i < 3000; i++) {
		const char *text = arena_printf(&L, "alpha%s%s%s words %d", i % 3 ? "" : " beta", i % 8 ? "" : " gamma",
		                                i % 11 ? "" : " delta", i);
		save_short(&L, i < 2700 ? user : other, arena_printf(&L, "Item %d", i),
		           arena_printf(&L, "https://sample.example/%d", i), text, 5, NOW - (int64_t)(i % 1000) * 60000);
	}
	arena_free(&L);
	if (!db_is_sqlite(st->db)) {
		/* the count after the 3,000 saves, before any ANALYZE (the planner expected 1 of dee's items where there are
		 * 2,700): the GIN index is read a few times for the page, its probe and the count, not once for each of
		 * dee's items (the count joined to the items ran its GIN scan 2,700 times: 4.3 s) */
		int64_t before = gin_stat(GIN_SCANS), after;
		is_str(strstr(page_as(user, "alpha", 0), "n="), "n=2700+", "every one of dee's 2,700 alpha rows counted");
		after = gin_stat(GIN_SCANS);
		ok(before >= 0 && after - before >= 1 && after - before <= 12,
		   "PostgreSQL: the page and its count read the GIN index a few times, not once per item (%lld scans)",
		   (long long)(after - before));
	}
	for (size_t i = 0; i < sizeof q / sizeof *q; i++)
		for (int64_t off = 0; off <= 150; off += off ? 90 : 60) {
			const char *a = page_as(user, q[i], off);
			const char *b = page_as(user, arena_printf(&A, "(%s) OR title:zzzzz", q[i]), off);
			is_str(a, b, "the same page (offset %lld) with the sample as without: %s", (long long)off, q[i]);
		}
	is_str(strstr(page_as(user, "alpha", 0), "n="), "n=2700+", "every one of dee's 2,700 alpha rows counted");
	is_str(strstr(page_as(user, "alpha beta", 0), "n="), "n=900+", "alpha beta: 900");
	if (db_is_sqlite(st->db))
		return;
	is_int(count_sql(st, "SELECT count(*) FROM item_search WHERE (tsv::text LIKE '''1%') <>"
	                     " ((seq::numeric * 2654435761) % 4294967296 < 536870912)"), 0,
	       "PostgreSQL: the rows of the sample (1 in 8 by the hash of seq) hold its lexemes, and only they");
	ok(count_sql(st, arena_printf(&A, "SELECT count(*) FROM item_search s WHERE owner = '%s' AND EXISTS (SELECT 1"
	                                  " FROM unnest(s.tsv) AS u WHERE u.lexeme LIKE '1%%alpha')", user)) > 300,
	   "more than 300 of dee's alpha rows are in the sample (its count decides the probe above)");
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE tsv::text LIKE '''1%' AND"
	                     " (SELECT array_agg(substr(u.lexeme, 2) ORDER BY substr(u.lexeme, 2)) FROM unnest(s.tsv) AS u"
	                     " WHERE u.lexeme LIKE '1%')"
	                     " IS DISTINCT FROM (SELECT array_agg(DISTINCT substr(u.lexeme, 2)) FROM unnest(s.tsv) AS u"
	                     " WHERE u.lexeme ~ '^[tadsxln]')"), 0,
	       "a sample row's level-1 lexemes are its distinct words, each once");
	is_int(count_sql(st, "SELECT count(*) FROM item_search s, unnest(s.tsv) AS u WHERE u.lexeme ~ '^[123]'"
	                     " AND u.positions IS NOT NULL AND cardinality(u.positions) > 0"), 0,
	       "without positions (never ranked)");
	/* an upgraded library: 033 lists the sample's rows, larder init rewrites them */
	is_int(db_exec(st->db, "UPDATE item_search SET tsv = ts_delete(tsv, ARRAY(SELECT u.lexeme FROM unnest(tsv) AS u"
	                       " WHERE u.lexeme ~ '^[123]')); DELETE FROM search_pending;"), DB_OK,
	       "the vectors as before db/pg/033");
	is_str(page_as(user, "alpha beta", 30), page_as(user, "(alpha beta) OR title:zzzzz", 30),
	       "without their samples the probe counts the matches: the same page");
	int64_t want = count_sql(st, "SELECT count(*) FROM item_search"
	                             " WHERE (seq::numeric * 2654435761) % 4294967296 < 536870912");
	is_int(db_exec(st->db, "INSERT INTO search_pending (seq) SELECT seq FROM item_search WHERE"
	                       " (seq::numeric * 2654435761) % 4294967296 < 536870912 ON CONFLICT DO NOTHING"), DB_OK,
	       "db/pg/033's statement");
	is_int(count_sql(st, "SELECT count(*) FROM search_pending"), want, "lists the sample's rows");
	init_again(want);
	is_int(count_sql(st, "SELECT count(*) FROM item_search WHERE (tsv::text LIKE '''1%') <>"
	                     " ((seq::numeric * 2654435761) % 4294967296 < 536870912)"), 0, "the sample is whole again");
	is_str(page_as(user, "alpha beta", 30), page_as(user, "(alpha beta) OR title:zzzzz", 30), "the same page");
}

/* ---- PostgreSQL's windows (db/pg/034, search_pg.c): each row holds its seq's bucket at four levels; a walk in date
 * order tests its newest (oldest) rows against the window's matches from the GIN index, the others by their vectors.
 * The same pages with the window as without (store_search_windows), on both engines (SQLite has none: both runs
 * are its own walk). dee's dates repeat every 1,000 rows, so a page holds rows from outside the window too ---- */

/* q at offset with the window, then without it: equal; the number of pages read through one */
static long window_pair(const char *user, const char *q, int64_t off)
{
	const char *a = page_as(user, q, off), *b;
	long used = store_search_windows(0);
	b = page_as(user, q, off);
	store_search_windows(1);
	is_str(a, b, "the same page (offset %lld) with the window as without: %s", (long long)off, q);
	return used;
}

static void window_tests(const char *user)
{
	const char *q[] = { "alpha", "alpha beta", "gamma", "alpha -beta", "beta sort:saved-asc", "alpha sort:updated-desc",
	                    "gamma OR delta", "alph*", "alpha in:inbox" };
	const int64_t offs[] = { 0, 60, 150, 600 };
	long used = 0;
	store_search_windows(1);
	for (size_t i = 0; i < sizeof q / sizeof *q; i++)
		for (size_t k = 0; k < sizeof offs / sizeof *offs; k++)
			used += window_pair(user, q[i], offs[k]);
	if (db_is_sqlite(st->db)) {
		is_int(used, 0, "SQLite: no page read through a window");
		return;
	}
	ok(used >= 20, "PostgreSQL: %ld of the 36 pages read through a window", used);
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE length(s.tsv) > 0 AND (SELECT count(*) FROM"
	                     " unnest(s.tsv) AS u WHERE u.lexeme LIKE 'w%' AND coalesce(cardinality(u.positions), 0) = 0) <> 5"), 0,
	       "PostgreSQL: each row with a word holds 5 window lexemes, without positions");
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE length(s.tsv) > 0 AND (SELECT array_agg(substr(u.lexeme,"
	                     " 8) ORDER BY u.lexeme) FROM unnest(s.tsv) AS u WHERE u.lexeme LIKE 'w%') IS DISTINCT FROM"
	                      " ARRAY['0' || (s.seq >> 6), '1' || (s.seq >> 9), '2' || (s.seq >> 12), '3' || (s.seq >> 15), '4' || (s.seq >> 18)]"),
	       0, "each names its seq's bucket at levels 0-4 (seq >> 6, 9, 12, 15, 18)");
	is_int(count_sql(st, "SELECT count(DISTINCT substr(u.lexeme, 2, 6)) FROM item_search s, unnest(s.tsv) AS u"
	                     " WHERE u.lexeme LIKE 'w%'"),
	       count_sql(st, "SELECT count(DISTINCT owner) FROM item_search WHERE length(tsv) > 0"),
	       "behind their owner's key (one key an owner)");
	/* an upgraded library: 034 lists every row; until larder init rewrites a row, a window that holds it is not read */
	is_int(db_exec(st->db, "UPDATE item_search SET tsv = ts_delete(tsv, ARRAY(SELECT u.lexeme FROM unnest(tsv) AS u"
	                       " WHERE u.lexeme LIKE 'w%')); DELETE FROM search_pending;"
	                       " INSERT INTO search_pending (seq) SELECT seq FROM item_search ON CONFLICT DO NOTHING"), DB_OK,
	       "the vectors as before db/pg/034, every row listed (034's statement)");
	used = 0;
	for (size_t i = 0; i < 3; i++)
		for (size_t k = 0; k < 3; k++)
			used += window_pair(user, q[i], offs[k]);
	init_again(count_sql(st, "SELECT count(*) FROM search_pending"));
	is_int(count_sql(st, "SELECT count(*) FROM item_search s WHERE length(s.tsv) > 0 AND (SELECT count(*) FROM"
	                     " unnest(s.tsv) AS u WHERE u.lexeme LIKE 'w%') <> 5"), 0, "every row holds its windows again");
	used = 0;
	for (size_t i = 0; i < 3; i++)
		used += window_pair(user, q[i], 150);
	ok(used >= 2, "read through a window again (%ld of 3)", used);
}

/* ---- PostgreSQL: another user's saves do not make a search read more of the index (db/pg/037). With GIN's pending
 * list (fastupdate, PostgreSQL's default) eve's new words waited in one list that dee's every search scanned whole;
 * without it dee's search reads the same pages of the index before and after eve's saves ---- */

static void neighbour_tests(const char *user, const char *other)
{
	const char *q[] = { "gamma", "alpha beta", "delta OR gamma" };
	int64_t before[3], after[3];
	struct arena L;
	if (db_is_sqlite(st->db))
		return;
	for (int k = 0; k < 3; k++) {
		int64_t b0 = gin_stat(GIN_BLOCKS);
		page_as(user, q[k], 0);
		before[k] = gin_stat(GIN_BLOCKS) - b0;
	}
	arena_init(&L);
	for (int i = 0; i < 400; i++) {
		const char *text = arena_printf(&L, "alpha beta gamma delta epsilon zeta eta theta other%d words%d", i % 37, i);
		save_short(&L, other, arena_printf(&L, "Eve %d", i), arena_printf(&L, "https://eve.example/%d", i), text, 10, NOW);
	}
	arena_free(&L);
	for (int k = 0; k < 3; k++) {
		int64_t b0 = gin_stat(GIN_BLOCKS);
		page_as(user, q[k], 0);
		after[k] = gin_stat(GIN_BLOCKS) - b0;
		ok(before[k] > 0 && after[k] <= before[k] + 2,
		   "PostgreSQL: eve's 400 saves of the same words leave dee's search reading the index as before: %s"
		   " (%lld pages, then %lld)", q[k], (long long)before[k], (long long)after[k]);
	}
}

static void cleanup(void)
{
	store_close(st);
	test_db_remove(path, dir);
}

int main(void)
{
	struct store_user ann, ben, cat;
	char err[512];
	arena_init(&A);
	word_tests();
	if (!mkdtemp(dir))
		return 99;
	atexit(cleanup);
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_user_add(st, &A, "ann", NULL, NULL, NULL, &ann), STORE_OK, "ann");
	is_int(store_user_add(st, &A, "ben", NULL, NULL, NULL, &ben), STORE_OK, "ben");
	user_ann = ann.id;
	user_ben = ben.id;
	search_tests();
	reindex_tests();
	merge_tests();
	is_int(store_user_add(st, &A, "cat", NULL, NULL, NULL, &cat), STORE_OK, "cat");
	user_cat = cat.id;
	rank_order_tests();
	rank_part_tests();
	{
		struct store_user dee, eve;
		is_int(store_user_add(st, &A, "dee", NULL, NULL, NULL, &dee), STORE_OK, "dee");
		is_int(store_user_add(st, &A, "eve", NULL, NULL, NULL, &eve), STORE_OK, "eve");
		sample_tests(dee.id, eve.id);
		window_tests(dee.id);
		neighbour_tests(dee.id, eve.id);
	}
	return done_testing();
}
