/* feed.c: what the feed readers share: the text helper, the kinds' names and RSS's dates (the readers' dispatch is feed_read.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/feeds/feed.h"
#include "content/feeds/feed_int.h"
#include "util/arena.h"
#include "util/time.h"

const char *feed_trim(struct arena *a, const char *s, size_t max)
{
	if (s == NULL)
		return NULL;
	while (*s && isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n > max) {
		n = max;
		while (n && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;
	}
	return n ? arena_strndup(a, s, n) : NULL;
}

const char *content_feed_kind_name(enum content_feed_kind k)
{
	return k == CONTENT_FEED_ATOM ? "ATOM" : k == CONTENT_FEED_JSON ? "JSON" : "RSS";
}

/* the zone at the end of an RFC 822 date, in minutes east of UTC; -1 on an unknown name */
static int zone_minutes(const char *z, int *out)
{
	static const struct { const char *name; int min; } names[] = {
		{"GMT", 0}, {"UT", 0}, {"UTC", 0}, {"Z", 0}, {"EST", -300}, {"EDT", -240}, {"CST", -360},
		{"CDT", -300}, {"MST", -420}, {"MDT", -360}, {"PST", -480}, {"PDT", -420}, {"CET", 60}, {"CEST", 120},
		{"MEZ", 60}, {"MESZ", 120}, {"EET", 120}, {"EEST", 180}, {"WET", 0}, {"WEST", 60},
	};
	while (*z == ' ')
		z++;
	if ((*z == '+' || *z == '-') && strlen(z) >= 5 && isdigit((unsigned char)z[1])) {
		int hh = (z[1] - '0') * 10 + (z[2] - '0'), mm = (z[z[3] == ':' ? 4 : 3] - '0') * 10 +
		         (z[z[3] == ':' ? 5 : 4] - '0');
		*out = (z[0] == '-' ? -1 : 1) * (hh * 60 + mm);
		return 0;
	}
	if (*z == '\0') {
		*out = 0;
		return 0;
	}
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcasecmp(z, names[i].name) == 0) {
			*out = names[i].min;
			return 0;
		}
	return -1;
}

/* the month a name gives (1-12), 0 when none: the first letters of the month's name in English, Italian,
 * German, French, Spanish, Portuguese, Dutch, Swedish, Danish, Norwegian, Polish, Turkish or Russian, as feeds
 * abbreviate them ("Jan", "gen", "ene", "févr.", "Mär", "mrt", "maj", "lis", "янв"...); w is the word
 * lowercased, without its dot */
static int month_of(const char *w)
{
	static const struct { const char *start; int month; } names[] = {
		{"jan", 1}, {"gen", 1}, {"ene", 1},
		{"feb", 2}, {"f\xc3\xa9v", 2}, {"fev", 2},
		{"mar", 3}, {"m\xc3\xa4r", 3}, {"mrz", 3}, {"mrt", 3},
		{"apr", 4}, {"avr", 4}, {"abr", 4},
		{"may", 5}, {"mai", 5}, {"mag", 5}, {"mei", 5},
		{"jun", 6}, {"juin", 6}, {"giu", 6},
		{"jul", 7}, {"juil", 7}, {"lug", 7},
		{"aug", 8}, {"ago", 8}, {"ao\xc3\xbb", 8}, {"aou", 8},
		{"sep", 9}, {"set", 9},
		{"oct", 10}, {"okt", 10}, {"ott", 10}, {"out", 10},
		{"nov", 11},
		{"dec", 12}, {"d\xc3\xa9" "c", 12}, {"dez", 12}, {"dic", 12},
		/* Scandinavian, Polish, Turkish */
		{"maj", 5}, {"sty", 1}, {"lut", 2}, {"kwi", 4}, {"cze", 6}, {"lip", 7}, {"sie", 8}, {"wrz", 9},
		{"pa\xc5\xba", 10}, {"lis", 11}, {"gru", 12}, {"oca", 1}, {"\xc5\x9fub", 2}, {"\xc5\x9eub", 2}, {"nis", 4},
		{"haz", 6}, {"tem", 7}, {"a\xc4\x9fu", 8}, {"eyl", 9}, {"eki", 10}, {"kas", 11}, {"ara", 12},
		/* Russian (lowercase, as dates write them) */
		{"\xd1\x8f\xd0\xbd\xd0\xb2", 1}, {"\xd1\x84\xd0\xb5\xd0\xb2", 2}, {"\xd0\xbc\xd0\xb0\xd1\x80", 3},
		{"\xd0\xb0\xd0\xbf\xd1\x80", 4}, {"\xd0\xbc\xd0\xb0\xd1\x8f", 5}, {"\xd0\xbc\xd0\xb0\xd0\xb9", 5},
		{"\xd0\xb8\xd1\x8e\xd0\xbd", 6}, {"\xd0\xb8\xd1\x8e\xd0\xbb", 7}, {"\xd0\xb0\xd0\xb2\xd0\xb3", 8},
		{"\xd1\x81\xd0\xb5\xd0\xbd", 9}, {"\xd0\xbe\xd0\xba\xd1\x82", 10}, {"\xd0\xbd\xd0\xbe\xd1\x8f", 11},
		{"\xd0\xb4\xd0\xb5\xd0\xba", 12},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strncmp(w, names[i].start, strlen(names[i].start)) == 0)
			return names[i].month;
	return 0;
}

/* the word at s (up to white space, a digit or a comma) lowercased into out (ASCII, and Latin-1's capitals
 * in UTF-8), its dots dropped; how many bytes of s it took */
static size_t word_lower(const char *s, char *out, size_t outlen)
{
	size_t i = 0, o = 0;
	for (; s[i] && !isspace((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) && s[i] != ','; i++) {
		unsigned char c = (unsigned char)s[i];
		if (o + 1 >= outlen || c == '.')
			continue;
		if (c >= 0x80 && c <= 0xBF && i > 0 && (unsigned char)s[i - 1] == 0xC3 && c <= 0x9E && c != 0x97)
			c += 0x20;
		out[o++] = (char)tolower(c);
	}
	out[o] = '\0';
	return i;
}

/* "[Weekday, ]DD Month YYYY HH:MM[:SS] [zone]", the names in any of month_of's languages */
static int rfc822(const char *s, int64_t *ms)
{
	char word[32];
	int day, year, hh, mm, ss = 0, used = 0, zone, month;
	while (*s && !isdigit((unsigned char)*s)) /* a weekday, in whatever language, and its comma */
		s++;
	if (sscanf(s, "%d%n", &day, &used) != 1)
		return -1;
	s += used;
	while (isspace((unsigned char)*s) || *s == '-')
		s++;
	s += word_lower(s, word, sizeof word);
	if ((month = month_of(word)) == 0)
		return -1;
	while (*s == '-')
		s++;
	if (sscanf(s, " %d %d:%d%n", &year, &hh, &mm, &used) != 3)
		return -1;
	s += used;
	if (*s == ':' && sscanf(s, ":%d%n", &ss, &used) == 1)
		s += used;
	if (zone_minutes(s, &zone) != 0)
		return -1;
	if (year < 100)
		year += year < 50 ? 2000 : 1900;
	char iso[64];
	snprintf(iso, sizeof iso, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hh, mm, ss);
	if (time_parse_iso(iso, strlen(iso), ms) != 0)
		return -1;
	*ms -= (int64_t)zone * 60000;
	return 0;
}

int content_feed_date(const char *s, int64_t *ms)
{
	if (s == NULL)
		return -1;
	if (time_parse_iso(s, strlen(s), ms) == 0)
		return 0;
	return rfc822(s, ms);
}

static int later_first(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return a < b ? 1 : a > b ? -1 : 0;
}

void feed_newest(struct arena *a, const int64_t *dates, size_t n, size_t keep, int64_t *oldest, size_t *ties)
{
	int64_t *sorted = n > keep ? arena_alloc(a, n * sizeof *sorted) : NULL;
	*oldest = INT64_MIN;
	*ties = keep;
	if (sorted == NULL) /* nothing to choose, or no memory to choose with: the first keep */
		return;
	memcpy(sorted, dates, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, later_first);
	*oldest = sorted[keep - 1];
	for (size_t i = 0; i < keep; i++)
		*ties -= sorted[i] > *oldest;
}
