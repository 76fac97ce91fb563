/* gql_validate_stress.c: random documents (valid and not, cyclic fragments, bad values) through validation: no crash, bounded errors, stable output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gql/gql.h"
#include "util/arena.h"
#include "util/jsonw.h"
#include "util/sb.h"
#include "tap.h"
#include "gql_testschema.h"

/* xorshift64: a number below n from the state *s */
static uint32_t xorshift(uint64_t *s, uint32_t n)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s % n);
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t rnd(uint32_t n)
{
	return xorshift(&rng, n);
}

static const char *const fields[] = {
	"dog", "cat", "pet", "catOrDog", "human", "name", "nickname", "barks", "mother", "father", "owner",
	"pets", "relatives", "iq", "doesKnowCommand", "isHouseTrained", "complicatedArgs", "intArgField",
	"complexArgField", "multipleReqs", "stringListArgField", "__typename", "__schema", "__type", "someBox",
	"deepBox", "scalar", "unknown", "newMessage", "body", "furColor", "meows",
};
static const char *const types[] = {
	"Dog", "Cat", "Pet", "CatOrDog", "Human", "Being", "Canine", "ComplicatedArgs", "String", "Nope",
	"QueryRoot", "SomeBox", "IntBox", "StringBox", "ComplexInput", "FurColor",
};
static const char *const args[] = {
	"dogCommand", "atOtherHomes", "intArg", "complexArg", "req1", "req2", "stringListArg", "if", "x", "name",
	"surname", "catCommand",
};
static const char *const dirs[] = { "skip", "include", "onField", "repeatable", "unknownDir", "deprecated", "withArgs" };
static const char *const vtypes[] = { "Int", "Int!", "[String]", "Boolean", "Boolean!", "ComplexInput", "Dog", "[Int!]!", "Nope" };

static void gen_value(struct sb *b, int depth)
{
	switch (rnd(depth > 2 ? 8 : 11)) {
	case 0: sb_printf(b, "%d", (int)rnd(100) - 50); break;
	case 1: sb_puts(b, "2147483648"); break;
	case 2: sb_puts(b, "1.5"); break;
	case 3: sb_puts(b, "\"s\""); break;
	case 4: sb_puts(b, rnd(2) ? "true" : "false"); break;
	case 5: sb_puts(b, "null"); break;
	case 6: sb_puts(b, rnd(2) ? "SIT" : "BROWN"); break;
	case 7: sb_printf(b, "$v%u", rnd(4)); break;
	case 8:
		sb_putc(b, '[');
		for (uint32_t i = rnd(3); i > 0; i--) {
			gen_value(b, depth + 1);
			sb_putc(b, ' ');
		}
		sb_putc(b, ']');
		break;
	default:
		sb_putc(b, '{');
		for (uint32_t i = rnd(3); i > 0; i--) {
			static const char *const of[] = { "requiredField", "intField", "nested", "bogus" };
			sb_printf(b, "%s: ", of[rnd(4)]);
			gen_value(b, depth + 1);
			sb_putc(b, ' ');
		}
		sb_putc(b, '}');
		break;
	}
}

static void gen_dirs(struct sb *b)
{
	for (uint32_t i = rnd(4) == 0 ? rnd(3) : 0; i > 0; i--) {
		sb_printf(b, " @%s", dirs[rnd(sizeof dirs / sizeof *dirs)]);
		if (rnd(2)) {
			sb_printf(b, "(%s: ", rnd(2) ? "if" : "req");
			gen_value(b, 0);
			sb_putc(b, ')');
		}
	}
}

static void gen_set(struct sb *b, int depth, int nfrags)
{
	sb_putc(b, '{');
	uint32_t n = 1 + rnd(4);
	for (uint32_t i = 0; i < n; i++) {
		sb_putc(b, ' ');
		uint32_t k = rnd(10);
		if (k < 6 || depth > 4) {
			if (rnd(4) == 0)
				sb_printf(b, "a%u: ", rnd(3));
			sb_puts(b, fields[rnd(sizeof fields / sizeof *fields)]);
			if (rnd(3) == 0) {
				sb_putc(b, '(');
				for (uint32_t j = 1 + rnd(2); j > 0; j--) {
					sb_printf(b, "%s: ", args[rnd(sizeof args / sizeof *args)]);
					gen_value(b, 0);
					sb_putc(b, ' ');
				}
				sb_putc(b, ')');
			}
			gen_dirs(b);
			if (depth <= 4 && rnd(2))
				gen_set(b, depth + 1, nfrags);
		} else if (k < 8) {
			sb_printf(b, "...F%u", rnd((uint32_t)nfrags + 1));
			gen_dirs(b);
		} else {
			sb_puts(b, "...");
			if (rnd(3))
				sb_printf(b, " on %s", types[rnd(sizeof types / sizeof *types)]);
			gen_dirs(b);
			gen_set(b, depth + 1, nfrags);
		}
	}
	sb_puts(b, " }");
}

static void gen_doc(struct sb *b)
{
	int nfrags = (int)rnd(5);
	uint32_t nops = 1 + rnd(2);
	for (uint32_t i = 0; i < nops; i++) {
		static const char *const kinds[] = { "query", "query", "mutation", "subscription" };
		if (nops == 1 && rnd(3) == 0) {
			gen_set(b, 0, nfrags);
			sb_putc(b, '\n');
			continue;
		}
		sb_printf(b, "%s %s", kinds[rnd(4)], rnd(4) ? (rnd(2) ? "A" : "B") : "");
		if (rnd(2)) {
			sb_putc(b, '(');
			for (uint32_t j = 1 + rnd(3); j > 0; j--) {
				sb_printf(b, "$v%u: %s ", rnd(4), vtypes[rnd(sizeof vtypes / sizeof *vtypes)]);
				if (rnd(3) == 0) {
					sb_puts(b, "= ");
					switch (rnd(3)) {
					case 0: sb_puts(b, "1 "); break;
					case 1: sb_puts(b, "null "); break;
					default: sb_puts(b, "\"x\" "); break;
					}
				}
			}
			sb_putc(b, ')');
		}
		gen_dirs(b);
		gen_set(b, 0, nfrags);
		sb_putc(b, '\n');
	}
	for (int i = 0; i < nfrags; i++) {
		sb_printf(b, "fragment F%u on %s", rnd((uint32_t)nfrags + 1), types[rnd(sizeof types / sizeof *types)]);
		gen_dirs(b);
		gen_set(b, 1, nfrags);
		sb_putc(b, '\n');
	}
}

/* ---- documents that follow the schema (mostly valid) */
static struct gql_schema *S;
static const struct gql_type *ftype[6]; /* typed fragments T0..T5 and their types */
static int nft;

static void typed_value(struct sb *b, const struct gql_type *t, int depth)
{
	if (t->kind == GQL_K_NON_NULL)
		t = t->of;
	else if (rnd(6) == 0) {
		sb_puts(b, "null");
		return;
	}
	switch (t->kind) {
	case GQL_K_LIST:
		sb_putc(b, '[');
		for (uint32_t i = rnd(3); i > 0 && depth < 3; i--) {
			typed_value(b, t->of, depth + 1);
			sb_putc(b, ' ');
		}
		sb_putc(b, ']');
		break;
	case GQL_K_ENUM:
		sb_puts(b, t->values[rnd(t->nvalues)]->name);
		break;
	case GQL_K_INPUT_OBJECT:
		sb_putc(b, '{');
		for (uint32_t i = 0; i < t->ninputs; i++) {
			const struct gql_input_value *f = t->inputs[i];
			if ((f->type->kind == GQL_K_NON_NULL && !f->defval) || (depth < 2 && rnd(3) == 0)) {
				sb_printf(b, "%s: ", f->name);
				typed_value(b, f->type, depth + 1);
				sb_putc(b, ' ');
			}
		}
		sb_putc(b, '}');
		break;
	default:
		if (t == S->t_int || t == S->t_float)
			sb_printf(b, "%u", rnd(1000));
		else if (t == S->t_boolean)
			sb_puts(b, rnd(2) ? "true" : "false");
		else
			sb_printf(b, "\"s%u\"", rnd(3));
		break;
	}
}

static void typed_set(struct sb *b, const struct gql_type *t, int depth, int minfrag)
{
	sb_putc(b, '{');
	uint32_t n = 1 + rnd(4);
	for (uint32_t i = 0; i < n; i++) {
		sb_putc(b, ' ');
		uint32_t k = rnd(10);
		if (k == 0 && t->npossible > 0) {
			const struct gql_type *p = t->possible[rnd(t->npossible)];
			sb_printf(b, "... on %s ", p->name);
			typed_set(b, p, depth + 1, minfrag);
			continue;
		}
		if (k == 1) {
			int f = minfrag + (int)rnd(6);
			if (f < nft && ftype[f] == t) {
				sb_printf(b, "...T%d", f);
				continue;
			}
		}
		if (t->kind == GQL_K_UNION || t->nfields == 0 || k == 2) {
			sb_puts(b, rnd(2) ? "__typename" : "tn: __typename");
			continue;
		}
		const struct gql_field *f = t->fields[rnd(t->nfields)];
		if (rnd(5) == 0)
			sb_printf(b, "a%u: ", rnd(2));
		sb_puts(b, f->name);
		bool open = false;
		for (uint32_t j = 0; j < f->nargs; j++) {
			const struct gql_input_value *a = f->args[j];
			if ((a->type->kind == GQL_K_NON_NULL && !a->defval) || rnd(4) == 0) {
				sb_printf(b, "%s%s: ", open ? " " : "(", a->name);
				open = true;
				typed_value(b, a->type, 0);
			}
		}
		if (open)
			sb_putc(b, ')');
		const struct gql_type *nt = gql_named_type(f->type);
		if (nt->kind == GQL_K_OBJECT || nt->kind == GQL_K_INTERFACE || nt->kind == GQL_K_UNION) {
			sb_putc(b, ' ');
			if (depth < 4)
				typed_set(b, nt, depth + 1, minfrag);
			else
				sb_puts(b, "{ __typename }");
		}
	}
	sb_puts(b, " }");
}

/* introspection selections for graphql-js's MaxIntrospectionDepthRule: __Type sets nesting the
 * list fields it counts (fields, interfaces, possibleTypes, inputFields) and ofType, directly and
 * through fragments I0..I3 on __Type (Ii spreads only Ij, j > i). Own random state, so the rest
 * of each document is what it was without them. */
static uint64_t irng = 0x2545F4914F6CDD1DULL;
static uint32_t irnd(uint32_t n)
{
	return xorshift(&irng, n);
}

static void intro_type_set(struct sb *b, int depth, int minfrag)
{
	sb_puts(b, "{ name");
	for (uint32_t i = 1 + irnd(2); i > 0; i--) {
		switch (irnd(depth > 3 ? 2 : 9)) {
		case 0: sb_puts(b, " kind"); break;
		case 1:
			if (minfrag < 4)
				sb_printf(b, " ...I%u", minfrag + irnd((uint32_t)(4 - minfrag)));
			break;
		case 2: sb_puts(b, " fields { name type "); intro_type_set(b, depth + 1, minfrag); sb_puts(b, " }"); break;
		case 3: sb_puts(b, " interfaces "); intro_type_set(b, depth + 1, minfrag); break;
		case 4: sb_puts(b, " possibleTypes "); intro_type_set(b, depth + 1, minfrag); break;
		case 5: sb_puts(b, " inputFields { type "); intro_type_set(b, depth + 1, minfrag); sb_puts(b, " }"); break;
		case 6: sb_puts(b, " ofType "); intro_type_set(b, depth + 1, minfrag); break;
		case 7: sb_puts(b, " ... on __Type "); intro_type_set(b, depth + 1, minfrag); break;
		default: sb_printf(b, " f%u: fields { args { type ", irnd(2)); intro_type_set(b, depth + 1, minfrag); sb_puts(b, " } }"); break;
		}
	}
	sb_puts(b, " }");
}

static void intro_doc(struct sb *b)
{
	if (irnd(3) != 0)
		return;
	bool schema = irnd(2);
	sb_puts(b, schema ? "query I { __schema { types " : "query I { __type(name: \"Dog\") ");
	intro_type_set(b, 0, 0);
	sb_puts(b, schema ? " } }\n" : " }\n");
	for (int i = 0; i < 4; i++) {
		sb_printf(b, "fragment I%d on __Type ", i);
		intro_type_set(b, 1, i + 1);
		sb_putc(b, '\n');
	}
}

static void typed_doc(struct sb *b)
{
	nft = (int)rnd(6);
	static const char *const ft[] = { "Dog", "Cat", "Pet", "CatOrDog", "Human", "ComplicatedArgs" };
	for (int i = 0; i < nft; i++)
		ftype[i] = gql_schema_type(S, ft[rnd(6)]);
	sb_puts(b, "query Q ");
	typed_set(b, S->query, 0, 0);
	sb_putc(b, '\n');
	for (int i = 0; i < nft; i++) {
		sb_printf(b, "fragment T%d on %s ", i, ftype[i]->name);
		typed_set(b, ftype[i], 1, i + 1);
		sb_putc(b, '\n');
	}
	intro_doc(b);
}

static void render(const struct gql_errors *e, struct sb *out)
{
	for (const struct gql_error *x = e->head; x; x = x->next) {
		sb_printf(out, "%s @", x->message);
		for (uint32_t i = 0; i < x->nlocs; i++)
			sb_printf(out, "%u:%u ", (unsigned)x->locs[i].line, (unsigned)x->locs[i].col);
		sb_putc(out, '\n');
	}
}

/* --dump N: print the schema and N documents with our errors as JSON lines, for comparing
 * with graphql-js (t/gql_validate_diff.mjs) */
static int dump(struct gql_schema *s, int n)
{
	/* no depth or field budget: graphql-js has none (fragments make deep and wide documents) */
	const struct gql_limits lim = { .max_depth = 1u << 20, .max_fields = 1u << 20 };
	struct arena a;
	struct sb b, doc;
	arena_init(&a);
	sb_init(&b);
	sb_init(&doc);
	jw_cstr(&b, validation_schema_sdl);
	printf("%s\n", sb_str(&b));
	for (int i = 0; i < n; i++) {
		sb_reset(&doc);
		if (i % 2 && !getenv("TYPED"))
			gen_doc(&doc);
		else
			typed_doc(&doc);
		arena_reset(&a);
		struct gql_errors e;
		gql_errors_init(&e, &a);
		e.max = 1000;
		struct gql_document *d = gql_parse(&a, sb_str(&doc), doc.len, &lim, &e);
		if (d == NULL)
			continue;
		gql_validate(s, d, &lim, &a, &e);
		sb_reset(&b);
		sb_puts(&b, "{\"doc\":");
		jw_cstr(&b, sb_str(&doc));
		sb_puts(&b, ",\"errors\":[");
		for (const struct gql_error *x = e.head; x; x = x->next) {
			struct sb m;
			sb_init(&m);
			sb_printf(&m, "%s @", x->message);
			for (uint32_t k = 0; k < x->nlocs; k++)
				sb_printf(&m, "%s%u:%u", k ? "," : "", (unsigned)x->locs[k].line, (unsigned)x->locs[k].col);
			sb_puts(&b, x == e.head ? "" : ",");
			jw_cstr(&b, sb_str(&m));
			sb_free(&m);
		}
		sb_puts(&b, "]}");
		printf("%s\n", sb_str(&b));
	}
	sb_free(&b);
	sb_free(&doc);
	arena_free(&a);
	return 0;
}

int main(int argc, char **argv)
{
	char err[256];
	int n = argc > 1 ? atoi(argv[1]) : 3000;
	if (argc > 2 && strcmp(argv[1], "--dump") == 0) {
		struct gql_schema *ds = gql_schema_parse(validation_schema_sdl, strlen(validation_schema_sdl), err, sizeof err);
		if (ds == NULL)
			return 1;
		S = ds;
		return dump(ds, atoi(argv[2]));
	}
	struct gql_schema *s = gql_schema_parse(validation_schema_sdl, strlen(validation_schema_sdl), err, sizeof err);
	S = s;
	ok(s != NULL, "schema builds (%s)", s ? "ok" : err);
	if (s == NULL)
		return done_testing();
	struct arena a;
	arena_init(&a);
	struct sb doc, r1, r2;
	sb_init(&doc);
	sb_init(&r1);
	sb_init(&r2);
	int parsed = 0, valid = 0, shown = 0, bad_code = 0, bad_loc = 0, unstable = 0, over = 0, slow = 0;
	double worst = 0;
	for (int i = 0; i < n; i++) {
		sb_reset(&doc);
		if (i % 2)
			gen_doc(&doc);
		else
			typed_doc(&doc);
		arena_reset(&a);
		struct gql_errors e;
		gql_errors_init(&e, &a);
		struct gql_document *d = gql_parse(&a, sb_str(&doc), doc.len, NULL, &e);
		if (d == NULL)
			continue;
		parsed++;
		clock_t t0 = clock();
		int nerr = gql_validate(s, d, NULL, &a, &e);
		double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
		if (ms > worst)
			worst = ms;
		if (ms > 20) {
			slow++;
			printf("# slow (%.1f ms): %s\n", ms, sb_str(&doc));
		}
		if (nerr == 0)
			valid++;
		if (nerr > 0 && i % 2 == 0 && getenv("SHOW") && shown++ < 10) {
			printf("# %s# -> %s\n", sb_str(&doc), e.head->message);
		}
		if (nerr < 0 || (uint32_t)nerr != e.n || e.n > 50)
			over++;
		for (const struct gql_error *x = e.head; x; x = x->next) {
			if (x->code == NULL || strcmp(x->code, "GRAPHQL_VALIDATION_FAILED") != 0 || x->message == NULL || !*x->message)
				bad_code++;
			for (uint32_t k = 0; k < x->nlocs; k++)
				if (x->locs[k].line < 1 || x->locs[k].col < 1 || x->locs[k].offset >= doc.len)
					bad_loc++;
		}
		sb_reset(&r1);
		render(&e, &r1);
		struct gql_errors e2;
		gql_errors_init(&e2, &a);
		gql_validate(s, d, NULL, &a, &e2);
		sb_reset(&r2);
		render(&e2, &r2);
		if (strcmp(sb_str(&r1), sb_str(&r2)) != 0) {
			unstable++;
			if (unstable == 1)
				printf("# unstable: %s\n", sb_str(&doc));
		}
	}
	printf("# %d documents, %d parsed, %d valid, worst %.2f ms\n", n, parsed, valid, worst);
	ok(parsed > n / 2, "most generated documents parse (%d)", parsed);
	ok(valid > 0, "some generated documents are valid (%d)", valid);
	is_int(over, 0, "error counts agree and stay within the budget");
	is_int(bad_code, 0, "every error has the validation code and a message");
	is_int(bad_loc, 0, "every location lies inside the document");
	is_int(unstable, 0, "validating twice gives the same errors");
	is_int(slow, 0, "no document takes more than 20 ms");
	sb_free(&doc);
	sb_free(&r1);
	sb_free(&r2);
	arena_free(&a);
	gql_schema_free(s);
	return done_testing();
}
