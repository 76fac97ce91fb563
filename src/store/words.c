/* words.c: the search's tokenizer (words.h): Unicode words folded, Snowball stems colocated, ICU's dictionary words for Chinese, Japanese and Thai, Hangul bigrams, and a language guess; no database code. */
#include "store/words.h"

#include <ctype.h>
#include <libstemmer.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

/* the languages Snowball stems (libstemmer 2.2), by ISO 639-1 code */
static const struct { const char *code, *name; } stemmers[] = {
	{ "ar", "arabic" }, { "hy", "armenian" }, { "eu", "basque" }, { "ca", "catalan" }, { "da", "danish" },
	{ "nl", "dutch" }, { "en", "english" }, { "fi", "finnish" }, { "fr", "french" }, { "de", "german" },
	{ "el", "greek" }, { "hi", "hindi" }, { "hu", "hungarian" }, { "id", "indonesian" }, { "ga", "irish" },
	{ "it", "italian" }, { "lt", "lithuanian" }, { "ne", "nepali" }, { "no", "norwegian" },
	{ "nb", "norwegian" }, { "nn", "norwegian" }, { "pt", "portuguese" }, { "ro", "romanian" },
	{ "ru", "russian" }, { "sr", "serbian" }, { "es", "spanish" }, { "sv", "swedish" }, { "ta", "tamil" },
	{ "tr", "turkish" }, { "yi", "yiddish" },
};
#define NSTEM (sizeof stemmers / sizeof stemmers[0])
#define ENGLISH 6

enum cls { C_NONE, C_WORD, C_SEG, C_HANGUL };

struct words {
	struct sb_stemmer *stem[NSTEM];
	bool tried[NSTEM];
	UBreakIterator *brk;
	const UNormalizer2 *nfd;
	/* the current run: folded code points and the input offset of each (start[i]..start[i + 1]) */
	UChar32 cp[WORDS_RUN_MAX];
	int start[WORDS_RUN_MAX + 1];
	int ncp;
	bool cut;          /* a word longer than WORDS_RUN_MAX: the rest is skipped */
	enum cls cls;
	UChar u16[2 * WORDS_RUN_MAX];
	int u16cp[2 * WORDS_RUN_MAX + 1]; /* code point index of each UTF-16 unit */
	char tok[4 * WORDS_RUN_MAX + 2];
	char alt[4 * WORDS_RUN_MAX + 2];
	/* this call's */
	enum words_mode mode;
	int lang[WORDS_LANGS_MAX], nlang;
	void *ctx;
	words_emit_fn emit;
};

static int lang_index(const char *s, size_t n)
{
	char code[16];
	size_t k = 0;
	while (n && isspace((unsigned char)*s))
		s++, n--;
	for (; k < n && k + 1 < sizeof code && s[k] != '-' && s[k] != '_' && !isspace((unsigned char)s[k]); k++)
		code[k] = (char)tolower((unsigned char)s[k]);
	code[k] = 0;
	for (size_t i = 0; i < NSTEM; i++)
		if (strcmp(code, stemmers[i].code) == 0 || strcmp(code, stemmers[i].name) == 0)
			return (int)i;
	return -1;
}

const char *words_stemmer_name(const char *lang, size_t n)
{
	int i = lang ? lang_index(lang, n) : -1;
	return i < 0 ? NULL : stemmers[i].name;
}

struct words *words_new(void)
{
	UErrorCode e = U_ZERO_ERROR;
	struct words *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->nfd = unorm2_getNFDInstance(&e);
	if (U_FAILURE(e)) {
		words_free(w);
		return NULL;
	}
	return w;
}

void words_free(struct words *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < NSTEM; i++)
		if (w->stem[i])
			sb_stemmer_delete(w->stem[i]);
	if (w->brk)
		ubrk_close(w->brk);
	free(w);
}

static struct sb_stemmer *stemmer(struct words *w, int i)
{
	if (!w->tried[i]) {
		w->tried[i] = true;
		w->stem[i] = sb_stemmer_new(stemmers[i].name, "UTF_8");
	}
	return w->stem[i];
}

/* the combining marks that remove_diacritics removes: those of Latin, Greek and Cyrillic letters */
static bool diacritic(UChar32 c)
{
	return (c >= 0x300 && c <= 0x36f) || (c >= 0x1ab0 && c <= 0x1aff) || (c >= 0x1dc0 && c <= 0x1dff) ||
	       (c >= 0x20d0 && c <= 0x20ff) || (c >= 0xfe20 && c <= 0xfe2f);
}

static bool wordchar(UChar32 c)
{
	switch (u_charType(c)) {
	case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER: case U_MODIFIER_LETTER:
	case U_OTHER_LETTER: case U_DECIMAL_DIGIT_NUMBER: case U_LETTER_NUMBER: case U_OTHER_NUMBER:
	case U_PRIVATE_USE_CHAR: case U_NON_SPACING_MARK: case U_COMBINING_SPACING_MARK:
		return true;
	default:
		return false;
	}
}

/* lower case without its diacritics: the first code point of the decomposition when the rest are diacritics */
static UChar32 fold(const struct words *w, UChar32 c)
{
	UChar d[8];
	UErrorCode e = U_ZERO_ERROR;
	int32_t n;
	c = u_tolower(c);
	if (c < 0xc0 || (c >= 0xac00 && c <= 0xd7a3))
		return c;
	n = unorm2_getDecomposition(w->nfd, c, d, 8, &e);
	if (U_FAILURE(e) || n <= 0)
		return c;
	{
		UChar32 head, rest;
		int32_t i = 0;
		U16_NEXT(d, i, n, head);
		while (i < n) {
			U16_NEXT(d, i, n, rest);
			if (!diacritic(rest))
				return c;
		}
		return head;
	}
}

static enum cls classify(UChar32 c, enum cls cur)
{
	UErrorCode e = U_ZERO_ERROR;
	UScriptCode s = uscript_getScript(c, &e);
	switch (s) {
	case USCRIPT_HAN: case USCRIPT_HIRAGANA: case USCRIPT_KATAKANA: case USCRIPT_KATAKANA_OR_HIRAGANA:
	case USCRIPT_THAI: case USCRIPT_LAO: case USCRIPT_KHMER: case USCRIPT_MYANMAR:
		return C_SEG;
	case USCRIPT_HANGUL:
		return C_HANGUL;
	case USCRIPT_COMMON: case USCRIPT_INHERITED:
		return cur == C_NONE ? C_WORD : cur;
	default:
		return C_WORD;
	}
}

/* code points a..b of the run as UTF-8 in out (NUL-terminated); its length */
static int utf8_of(const struct words *w, int a, int b, char *out)
{
	int n = 0;
	for (int i = a; i < b; i++) {
		UBool err = 0;
		U8_APPEND((uint8_t *)out, n, 4 * WORDS_RUN_MAX, w->cp[i], err);
		if (err)
			break;
	}
	out[n] = 0;
	return n;
}

static int put(struct words *w, int flags, const char *t, int n, int a, int b)
{
	return n > 0 ? w->emit(w->ctx, flags, t, n, w->start[a], w->start[b]) : 0;
}

/* whether a query's word already gave this stem */
static bool seen_stem(char seen[][64], int nseen, const char *stem, int ns)
{
	for (int j = 0; j < nseen; j++)
		if ((int)strlen(seen[j]) == ns && memcmp(seen[j], stem, (size_t)ns) == 0)
			return true;
	return false;
}

/* a word of letters or digits and, at its position, its stem: a document's in its language, a query's
 * (WORDS_STEM) in each of the languages (each stem once) */
static int emit_word(struct words *w)
{
	int n = utf8_of(w, 0, w->ncp, w->tok), rc, nseen = 0;
	bool letter = false;
	char seen[WORDS_LANGS_MAX][64]; /* the stems a query's word gave so far (longer ones are not compared) */
	for (int i = 0; i < w->ncp && !letter; i++)
		letter = u_isalpha(w->cp[i]);
	if ((rc = put(w, 0, w->tok, n, 0, w->ncp)) || w->mode == WORDS_EXACT || !letter)
		return rc;
	for (int k = 0; k < (w->mode == WORDS_DOC ? 1 : w->nlang); k++) {
		struct sb_stemmer *s = stemmer(w, w->lang[k]);
		const char *stem;
		int ns;
		if (!s || !(stem = (const char *)sb_stemmer_stem(s, (const sb_symbol *)w->tok, n)))
			continue;
		ns = sb_stemmer_length(s);
		if (ns <= 0 || ns > 4 * WORDS_RUN_MAX || seen_stem(seen, nseen, stem, ns))
			continue;
		w->alt[0] = WORDS_STEM_MARK;
		memcpy(w->alt + 1, stem, (size_t)ns);
		if ((rc = put(w, WORDS_COLOCATED, w->alt, ns + 1, 0, w->ncp)))
			return rc;
		if (ns < 64) {
			memcpy(seen[nseen], stem, (size_t)ns);
			seen[nseen++][ns] = 0;
		}
	}
	return 0;
}

/* a Hangul run: overlapping bigrams */
static int emit_hangul(struct words *w)
{
	int rc = 0;
	if (w->ncp == 1)
		return put(w, 0, w->tok, utf8_of(w, 0, 1, w->tok), 0, 1);
	for (int i = 0; i + 1 < w->ncp && !rc; i++)
		rc = put(w, 0, w->tok, utf8_of(w, i, i + 2, w->tok), i, i + 2);
	return rc;
}

static bool cjk(UChar32 c)
{
	UErrorCode e = U_ZERO_ERROR;
	UScriptCode s = uscript_getScript(c, &e);
	return s == USCRIPT_HAN || s == USCRIPT_HIRAGANA || s == USCRIPT_KATAKANA;
}

/* a run of Han, kana, Thai, …: the dictionary words of ICU's word break */
static int emit_seg(struct words *w)
{
	int n16 = 0, rc = 0;
	UErrorCode e = U_ZERO_ERROR;
	int32_t a, b;
	for (int i = 0; i < w->ncp; i++) {
		UBool err = 0;
		int at = n16;
		U16_APPEND(w->u16, n16, 2 * WORDS_RUN_MAX, w->cp[i], err);
		(void)err;
		for (int j = at; j < n16; j++)
			w->u16cp[j] = i;
	}
	w->u16cp[n16] = w->ncp;
	if (!w->brk) /* opened on first use: most values have no such run */
		w->brk = ubrk_open(UBRK_WORD, "", NULL, 0, &e);
	if (w->brk)
		ubrk_setText(w->brk, w->u16, n16, &e);
	if (!w->brk || U_FAILURE(e))
		return -1;
	for (a = ubrk_first(w->brk); (b = ubrk_next(w->brk)) != UBRK_DONE && !rc; a = b) {
		int ca = w->u16cp[a], cb = w->u16cp[b], len = cb - ca;
		if (ubrk_getRuleStatus(w->brk) < UBRK_WORD_NONE_LIMIT)
			continue;
		rc = put(w, 0, w->tok, utf8_of(w, ca, cb, w->tok), ca, cb);
		if (w->mode == WORDS_DOC && len >= 3 && len <= 8 && cjk(w->cp[ca]))
			for (int k = 2; k < len && !rc; k++)
				rc = put(w, WORDS_COLOCATED, w->tok, utf8_of(w, ca, ca + k, w->tok), ca, ca + k);
	}
	return rc;
}

static int flush(struct words *w)
{
	int rc = 0;
	if (w->ncp > 0) {
		if (w->cls == C_HANGUL)
			rc = emit_hangul(w);
		else if (w->cls == C_SEG)
			rc = emit_seg(w);
		else
			rc = emit_word(w);
	}
	w->ncp = 0;
	w->cut = false;
	w->cls = C_NONE;
	return rc;
}

/* the languages of a call: indexes of stemmers, deduplicated; English when none has one */
static void set_langs(struct words *w, const char *langs, size_t n)
{
	w->nlang = 0;
	while (langs && n > 0 && w->nlang < WORDS_LANGS_MAX) {
		const char *comma = memchr(langs, ',', n);
		size_t len = comma ? (size_t)(comma - langs) : n;
		int i = lang_index(langs, len);
		bool dup = false;
		for (int k = 0; k < w->nlang; k++)
			dup = dup || w->lang[k] == i;
		if (i >= 0 && !dup)
			w->lang[w->nlang++] = i;
		if (!comma)
			break;
		n -= len + 1;
		langs = comma + 1;
	}
	if (w->nlang == 0)
		w->lang[w->nlang++] = ENGLISH;
}

int words_run(struct words *w, enum words_mode mode, const char *langs, size_t nlangs, const char *text, size_t n,
              void *ctx, words_emit_fn emit)
{
	int32_t i = 0, len = n > INT32_MAX ? INT32_MAX : (int32_t)n;
	int rc = 0;
	w->mode = mode;
	w->ctx = ctx;
	w->emit = emit;
	w->ncp = 0;
	w->cut = false;
	w->cls = C_NONE;
	set_langs(w, langs, nlangs);
	while (i < len && !rc) {
		int32_t at = i;
		UChar32 c;
		enum cls k;
		U8_NEXT(text, i, len, c);
		if (c < 0 || !wordchar(c)) {
			rc = flush(w);
			continue;
		}
		if (diacritic(c) && (w->cls == C_WORD || w->cls == C_NONE)) {
			if (w->ncp > 0)
				w->start[w->ncp] = i; /* the word's end moves past its mark */
			continue;
		}
		k = classify(c, w->cls);
		if (w->cls != C_NONE && k != w->cls && (rc = flush(w)))
			break;
		if (w->ncp == WORDS_RUN_MAX) {
			if (k == C_WORD) {
				w->cut = true;
				continue;
			}
			if ((rc = flush(w)))
				break;
		}
		w->cls = k;
		w->start[w->ncp] = at;
		w->cp[w->ncp++] = fold(w, c);
		w->start[w->ncp] = i;
	}
	if (!rc)
		rc = flush(w);
	return rc;
}

/* ---- the language of a text ---- */

/* common short words of the Latin-script languages told apart (ASCII only, compared in lower case) */
static const struct { const char *lang, *words; } common[] = {
	{ "en", " the and of to in is that it for with was on are this be have not you but by " },
	{ "de", " der die und das ist nicht ein eine ich sie mit den zu auf sich auch dem wird von " },
	{ "fr", " le la les et des est une un pour que dans qui pas sur du au avec ce il " },
	{ "es", " el la los las y que es en por una con para del se lo como pero su al " },
	{ "it", " il di che non per una sono gli della nel anche come si lo del con le ma " },
	{ "pt", " de que uma os para com por mais das dos como ao se nao foi ele ela tem " },
	{ "nl", " de het een en van is dat niet op zijn met voor ik je maar ook er aan " },
	{ "sv", " och att det som en ar pa for med inte har den av jag var till om " },
	{ "da", " og at det som en er pa til med ikke har den af jeg var for de " },
	{ "no", " og det som er pa til med ikke har jeg av for en var seg de ble " },
	{ "fi", " ja on ei se etta han oli mutta kun niin ole mika tai myos hanen " },
	{ "tr", " ve bir bu da de icin ile ne cok gibi daha olarak kadar sonra ama " },
	{ "id", " yang dan di ini itu dengan untuk dari tidak akan ada juga dalam pada " },
};
#define NCOMMON (sizeof common / sizeof common[0])
#define GUESS_BYTES 65536
#define GUESS_WORDS 2000

enum { S_LATIN, S_HAN, S_KANA, S_HANGUL, S_CYRILLIC, S_GREEK, S_ARABIC, S_HEBREW, S_DEVANAGARI, S_THAI,
       S_ARMENIAN, S_TAMIL, S__MAX };
static const char *const script_lang[S__MAX] = { NULL, "zh", "ja", "ko", "ru", "el", "ar", "he", "hi", "th", "hy", "ta" };

static int script_of(UChar32 c)
{
	UErrorCode e = U_ZERO_ERROR;
	switch (uscript_getScript(c, &e)) {
	case USCRIPT_LATIN: return S_LATIN;
	case USCRIPT_HAN: return S_HAN;
	case USCRIPT_HIRAGANA: case USCRIPT_KATAKANA: case USCRIPT_KATAKANA_OR_HIRAGANA: return S_KANA;
	case USCRIPT_HANGUL: return S_HANGUL;
	case USCRIPT_CYRILLIC: return S_CYRILLIC;
	case USCRIPT_GREEK: return S_GREEK;
	case USCRIPT_ARABIC: return S_ARABIC;
	case USCRIPT_HEBREW: return S_HEBREW;
	case USCRIPT_DEVANAGARI: return S_DEVANAGARI;
	case USCRIPT_THAI: return S_THAI;
	case USCRIPT_ARMENIAN: return S_ARMENIAN;
	case USCRIPT_TAMIL: return S_TAMIL;
	default: return -1;
	}
}

/* the first two letters of the common words ([a-z][a-z]; a one-letter word as its letter twice): most words
 * of a text are ruled out by one look here (the searches through the lists were a twentieth of a save's CPU) */
static bool pairs[26][26];
static bool pairs_made;

static void make_pairs(void)
{
	for (size_t i = 0; i < NCOMMON; i++)
		for (const char *w = common[i].words; *w; w++)
			if (w[0] != ' ' && w[-1] == ' ')
				pairs[w[0] - 'a'][(w[1] == ' ' ? w[0] : w[1]) - 'a'] = true;
	pairs_made = true;
}

/* one ASCII word (lower case) counted for each language that has it among its common words */
static void count_common(const char *word, size_t n, int *hits)
{
	char key[16];
	if (n == 0 || n + 2 >= sizeof key || word[0] < 'a' || word[0] > 'z' || (n > 1 && (word[1] < 'a' || word[1] > 'z')))
		return;
	if (!pairs_made)
		make_pairs();
	if (!pairs[word[0] - 'a'][(n > 1 ? word[1] : word[0]) - 'a'])
		return;
	key[0] = ' ';
	memcpy(key + 1, word, n);
	key[n + 1] = ' ';
	key[n + 2] = 0;
	for (size_t i = 0; i < NCOMMON; i++)
		if (strstr(common[i].words, key))
			hits[i]++;
}

/* the script most letters are in (Han with a tenth as much kana counts as kana) */
static int main_script(const int *scripts)
{
	int best = 0;
	for (int s = 1; s < S__MAX; s++)
		if (scripts[s] > scripts[best])
			best = s;
	if (best == S_HAN && scripts[S_KANA] * 10 >= scripts[S_HAN])
		best = S_KANA;
	return best;
}

const char *words_script_lang(const char *text, size_t n)
{
	int scripts[S__MAX] = { 0 }, s;
	int32_t i = 0, len = (int32_t)(n < GUESS_BYTES ? n : GUESS_BYTES);
	while (text && i < len) {
		UChar32 c;
		U8_NEXT(text, i, len, c);
		if (c >= 0 && u_isalpha(c) && (s = script_of(c)) >= 0)
			scripts[s]++;
	}
	s = main_script(scripts);
	return scripts[s] > 0 ? script_lang[s] : NULL;
}

const char *words_lang_guess(const char *text, size_t n)
{
	int scripts[S__MAX] = { 0 }, hits[NCOMMON] = { 0 }, best = 0, nwords = 0, letters = 0;
	int32_t i = 0, len = (int32_t)(n < GUESS_BYTES ? n : GUESS_BYTES);
	char word[16];
	size_t nw = 0;
	bool ascii = true;
	while (text && i < len) {
		UChar32 c;
		int s;
		U8_NEXT(text, i, len, c);
		if (c >= 0 && u_isalpha(c)) {
			letters++;
			if ((s = script_of(c)) >= 0)
				scripts[s]++;
			if (c < 0x80 && nw < sizeof word)
				word[nw++] = (char)tolower(c);
			else
				ascii = false;
			continue;
		}
		if (nw > 0 && ascii && nwords < GUESS_WORDS) {
			count_common(word, nw, hits);
			nwords++;
		}
		nw = 0;
		ascii = true;
	}
	if (nw > 0 && ascii)
		count_common(word, nw, hits);
	best = main_script(scripts);
	if (letters < 20 || (scripts[best] + (best == S_KANA ? scripts[S_HAN] : 0)) * 2 < letters)
		return NULL;
	if (best != S_LATIN)
		return script_lang[best];
	{
		int first = -1, second = -1;
		for (int k = 0; k < (int)NCOMMON; k++) {
			if (first < 0 || hits[k] > hits[first]) {
				second = first;
				first = k;
			} else if (second < 0 || hits[k] > hits[second])
				second = k;
		}
		/* enough of them (a tenth of the words at least), and clearly more than the next language's */
		if (hits[first] < 4 || hits[first] * 10 < nwords || hits[first] * 4 < hits[second] * 5)
			return NULL;
		return common[first].lang;
	}
}
