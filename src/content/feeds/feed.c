/* feed.c: what the feed readers share: the text helper, the kinds' names and RSS's dates (the readers' dispatch is feed_read.c). */
#include <ctype.h>
#include <stdio.h>
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
		{"CDT", -300}, {"MST", -420}, {"MDT", -360}, {"PST", -480}, {"PDT", -420},
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

/* "[Wkd, ]DD Mon YYYY HH:MM[:SS] [zone]" */
static int rfc822(const char *s, int64_t *ms)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	const char *comma = strchr(s, ',');
	int day, year, hh, mm, ss = 0, used = 0, zone;
	char mon[4];
	if (comma)
		s = comma + 1;
	if (sscanf(s, " %d %3s %d %d:%d%n", &day, mon, &year, &hh, &mm, &used) != 5)
		return -1;
	s += used;
	if (*s == ':' && sscanf(s, ":%d%n", &ss, &used) == 1)
		s += used;
	const char *m = strstr(months, mon);
	if (m == NULL || (m - months) % 3 != 0 || zone_minutes(s, &zone) != 0)
		return -1;
	if (year < 100)
		year += year < 50 ? 2000 : 1900;
	char iso[64];
	snprintf(iso, sizeof iso, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, (int)(m - months) / 3 + 1, day, hh, mm, ss);
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
