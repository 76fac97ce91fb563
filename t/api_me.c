/* api_me.c: Query.me through gql_execute against a real store, with and without a signed-in user. */
#include "t/api_harness.h"
#include "t/tap.h"

int main(void)
{
	struct harness h;
	const char *body;
	h_init(&h);

	body = h_run(&h, NULL, "{ me { id name } }", NULL);
	is_str(body, "{\"data\":{\"me\":null}}", "me without credentials is null");
	is_int(h.res.outcome, GQL_RESULT_DATA, "and it is a data result");
	is_int(h.res.nerrors, 0, "without errors");

	body = h_run(&h, &h.alice, "query Me { me { __typename id name email } }", NULL);
	is_str(body, h_fmt(&h, "{\"data\":{\"me\":{\"__typename\":\"User\",\"id\":\"%s\",\"name\":\"Alice Liddell\","
	                   "\"email\":\"alice@example.org\"}}}", h.alice.id),
	       "me with a user gives its id, name and email");

	body = h_run(&h, &h.bob, "{ me { id name email profile { id username private bio pictureUrl } } }", NULL);
	is_str(body, h_fmt(&h, "{\"data\":{\"me\":{\"id\":\"%s\",\"name\":\"bob\",\"email\":null,"
	                   "\"profile\":{\"id\":\"%s\",\"username\":\"bob\",\"private\":true,\"bio\":null,"
	                   "\"pictureUrl\":null}}}}", h.bob.id, h.bob.id),
	       "a user without a name is named by the username; no email is null; profile");

	/* every other User field resolves to a value that fits its type */
	body = h_run(&h, &h.alice,
	             "{ me { picture source isFullUser features featureList { id } intercomHash followersCount "
	             "friendsCount isFriend viewerIsFollowing sharedArticles { id article { title } } "
	             "sharedArticlesCount sharedHighlightsCount sharedNotesCount } }", NULL);
	is_str(body, "{\"data\":{\"me\":{\"picture\":null,\"source\":null,\"isFullUser\":true,\"features\":[],"
	             "\"featureList\":[],\"intercomHash\":null,\"followersCount\":0,\"friendsCount\":0,"
	             "\"isFriend\":false,\"viewerIsFollowing\":false,\"sharedArticles\":[],"
	             "\"sharedArticlesCount\":0,\"sharedHighlightsCount\":0,\"sharedNotesCount\":0}}}",
	       "fields Larder has no data for");

	/* User.createdAt: when the account was made */
	{
		char want[TIME_ISO_BUF];
		time_format_iso(h.alice.created_ms, want, sizeof want);
		body = h_run(&h, &h.alice, "{ me { createdAt } }", NULL);
		is_str(body, h_fmt(&h, "{\"data\":{\"me\":{\"createdAt\":\"%s\"}}}", want), "User.createdAt");
		ok(h.alice.created_ms > 0 && h.alice.created_ms <= time_now_ms(), "createdAt is a time in the past");
	}

	body = h_run(&h, &h.alice, "{ a: me { id } b: me { name } }", NULL);
	is_str(body, h_fmt(&h, "{\"data\":{\"a\":{\"id\":\"%s\"},\"b\":{\"name\":\"Alice Liddell\"}}}", h.alice.id),
	       "aliases");

	body = h_run(&h, &h.alice, "{ me { id password } }", NULL);
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "an unknown field is a request error");
	like(body, "password", "naming the field");
	ok(strstr(body, "\"data\"") == NULL, "with no data");

	h_free(&h);
	return done_testing();
}
