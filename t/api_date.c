/* api_date.c: the Date scalar: ISO 8601 input (variables and literals), UTC millisecond output, bad dates refused. */
#include "t/api_harness.h"
#include "t/tap.h"

static int serial;

/* expiresAt given as a variable; returns the body */
static const char *via_var(struct harness *h, const char *json_value)
{
	const char *q = h_fmt(h, "mutation Gen($exp: Date!) { generateApiKey(input: {name: \"k%d\", expiresAt: $exp}) {"
	                      " ... on GenerateApiKeySuccess { apiKey { expiresAt } } ... on GenerateApiKeyError { message } } }",
	                      ++serial);
	return h_run(h, &h->alice, q, h_fmt(h, "{\"exp\":%s}", json_value));
}

static const char *via_literal(struct harness *h, const char *literal)
{
	const char *q = h_fmt(h, "mutation { generateApiKey(input: {name: \"k%d\", expiresAt: %s}) {"
	                      " ... on GenerateApiKeySuccess { apiKey { expiresAt } } ... on GenerateApiKeyError { message } } }",
	                      ++serial, literal);
	return h_run(h, &h->alice, q, NULL);
}

static void round_trip(struct harness *h, const char *in, const char *want)
{
	const char *body = via_var(h, h_fmt(h, "\"%s\"", in));
	is_str(body, h_fmt(h, "{\"data\":{\"generateApiKey\":{\"apiKey\":{\"expiresAt\":\"%s\"}}}}", want),
	       "variable %s -> %s", in, want);
	body = via_literal(h, h_fmt(h, "\"%s\"", in));
	is_str(h_get(h, body, "data.generateApiKey.apiKey.expiresAt"), want, "literal %s -> %s", in, want);
}

int main(void)
{
	struct harness h;
	const char *body;
	struct store_apikey *keys;
	size_t n;
	h_init(&h);

	round_trip(&h, "+275760-09-13T00:00:00.000Z", "+275760-09-13T00:00:00.000Z");
	round_trip(&h, "2024-05-01", "2024-05-01T00:00:00.000Z");
	round_trip(&h, "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z");
	round_trip(&h, "2024-05-01T10:00:00.5+02:00", "2024-05-01T08:00:00.500Z");
	round_trip(&h, "2024-05-01T01:30:00-0130", "2024-05-01T03:00:00.000Z");
	round_trip(&h, "2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z");
	round_trip(&h, "1969-12-31T23:59:59.000Z", "1969-12-31T23:59:59.000Z");

	/* the largest JavaScript date is stored as "never" */
	is_int(store_apikey_list(h.st, &h.a, h.alice.id, &keys, &n), STORE_OK, "list the stored keys");
	{
		int found = 0;
		for (size_t i = 0; i < n; i++)
			if (strcmp(keys[i].name, "k1") == 0 && keys[i].expires_ms == STORE_NEVER_MS)
				found = 1;
		ok(found, "+275760-09-13T00:00:00.000Z is stored as STORE_NEVER_MS");
	}

	/* bad dates in variables: a request error naming the variable */
	body = via_var(&h, "\"2024-13-01\"");
	printf("# %s\n", body);
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "month 13: request error");
	like(body, "$exp", "the error names the variable");
	like(body, "2024-13-01", "and the value");
	like(body, "ISO 8601", "and says what a Date is");
	ok(strstr(body, "\"data\"") == NULL, "no data");
	body = via_var(&h, "\"yesterday\"");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "a word is no Date");
	like(body, "$exp", "naming the variable");
	body = via_var(&h, "\"2023-02-29\"");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "29 February of a common year is no Date");
	body = via_var(&h, "\"+275760-09-13T00:00:00.001Z\"");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "beyond JavaScript's range is no Date");
	body = via_var(&h, "1714557600000");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "a number is no Date");
	like(body, "$exp", "naming the variable");
	body = via_var(&h, "\"\"");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "an empty string is no Date");
	body = via_var(&h, "null");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "null for Date! is refused");

	/* bad literals */
	body = via_literal(&h, "\"2024-05-01T25:00:00Z\"");
	/* a bad literal of a custom scalar is a validation error, as in graphql-js */
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "hour 25 in a literal: refused by validation");
	like(body, "GRAPHQL_VALIDATION_FAILED", "with the validation code");
	like(body, "Date", "naming the type");
	like(body, "2024-05-01T25:00:00Z", "and the value");
	body = via_literal(&h, "20240501");
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "an Int literal is no Date (validation)");
	like(body, "ISO 8601", "saying what a Date is");

	h_free(&h);
	return done_testing();
}
