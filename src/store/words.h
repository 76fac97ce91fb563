/* words.h: the search's word analysis, one C tokenizer for the index and the query: folded words, Snowball stems beside them, dictionary words of Chinese, Japanese and Thai, Korean bigrams, and a guess of a text's language. */
#ifndef LARDER_STORE_WORDS_H
#define LARDER_STORE_WORDS_H
#include <stddef.h>

#include "util/limits.h"

/*
 * What a text becomes (src/store/README.md, "Words"):
 *  - words: runs of letters, digits and combining marks (Unicode's L*, N*, Co, Mn, Mc), lower case, the
 *    diacritics of Latin, Greek and Cyrillic letters removed ("Café" is "cafe"), as FTS5's unicode61 with
 *    remove_diacritics 2 made them before;
 *  - a stem beside a word of letters: WORDS_STEM_MARK followed by the Snowball stem of the word in the text's
 *    language, at the word's position (flag WORDS_COLOCATED), also when it equals the word (a search for any
 *    form of a word then reads its stems alone);
 *  - runs of Han, kana, Thai, Lao, Khmer and Myanmar letters: the words of ICU's dictionary word break
 *    (a Chinese or Japanese word of 3 to 8 characters also gives its leading 2 to n-1 characters at its
 *    position, so 日本 finds 日本語);
 *  - runs of Hangul: overlapping bigrams (a single syllable as itself).
 * Modes: WORDS_DOC (a stored value: words and their stems in the value's language), WORDS_EXACT (a query's
 * word or phrase as written: words only), WORDS_STEM (a query's word as any form of it: the word and, at its
 * position, its stem in each of the languages).
 */
enum words_mode { WORDS_DOC, WORDS_EXACT, WORDS_STEM };
#define WORDS_COLOCATED 1   /* the token sits at the position of the one before it (FTS5_TOKEN_COLOCATED) */
#define WORDS_STEM_MARK '\x02'
#define WORDS_LANGS_MAX LIMIT_SEARCH_LANGS /* stemmers a WORDS_STEM query uses at most */
#define WORDS_RUN_MAX LIMIT_SEARCH_WORD    /* characters of one word kept (longer words are cut); unspaced runs go in chunks */

struct words;
struct words *words_new(void);
void words_free(struct words *w);

typedef int (*words_emit_fn)(void *ctx, int flags, const char *tok, int ntok, int start, int end);
/*
 * Calls emit for each token of text[0..n) (bytes that are not UTF-8 separate words), start and end being
 * the token's bytes in text; stops at emit's first non-zero answer and returns it (0: all emitted, -1: out
 * of memory). langs: language codes or names separated by commas ("en", "de-AT,fr", "german"); WORDS_DOC
 * reads the first; an empty list or one without a Snowball stemmer stems with English.
 */
int words_run(struct words *w, enum words_mode mode, const char *langs, size_t nlangs, const char *text, size_t n,
              void *ctx, words_emit_fn emit);

/* the Snowball algorithm for a language code or name ("de", "de-AT", "pt_BR", "German"), or NULL */
const char *words_stemmer_name(const char *lang, size_t n);

/*
 * A guess of a text's language from its first 64 kB: the script of most of its letters (Han with kana is
 * "ja", Han alone "zh", Hangul "ko", Cyrillic "ru", Greek "el", …) and, for Latin letters, the language
 * whose common short words it holds most (English, German, French, Spanish, Italian, Portuguese, Dutch,
 * Swedish, Danish, Norwegian, Finnish, Turkish, Indonesian); NULL when too few words tell.
 */
const char *words_lang_guess(const char *text, size_t n);
/* the language of the script most of a text's letters are in, as words_lang_guess gives it (NULL: Latin, or
 * no letters): the language of a short query's script */
const char *words_script_lang(const char *text, size_t n);

#endif
