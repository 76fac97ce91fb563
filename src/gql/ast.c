/* ast.c: name tables for the syntax tree and schema enums, and printing values as GraphQL text. */
#include "gql/ast.h"
#include "gql/schema.h"
#include "util/arena.h"
#include "util/jsonw.h"
#include "util/sb.h"

const char *const gql_value_kind_names[GQL_V__MAX] = {
	"NULL", "INT", "FLOAT", "STRING", "BOOLEAN", "ENUM", "LIST", "OBJECT", "VARIABLE",
};

const char *const gql_op_kind_names[GQL_OP__MAX] = { "query", "mutation", "subscription" };

const char *const gql_dir_loc_names[GQL_DL__MAX] = {
	"QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
	"INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION",
	"ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT",
	"INPUT_FIELD_DEFINITION",
};

const char *const gql_type_kind_names[GQL_K__MAX] = {
	"SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL",
};

static void write_string(struct sb *b, const char *p, uint32_t len)
{
	sb_putc(b, '"');
	for (uint32_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)p[i];
		switch (ch) {
		case '"': sb_puts(b, "\\\""); break;
		case '\\': sb_puts(b, "\\\\"); break;
		case '\n': sb_puts(b, "\\n"); break;
		case '\r': sb_puts(b, "\\r"); break;
		case '\t': sb_puts(b, "\\t"); break;
		case '\b': sb_puts(b, "\\b"); break;
		case '\f': sb_puts(b, "\\f"); break;
		default:
			if (ch < 0x20 || ch == 0x7f)
				sb_printf(b, "\\u%04X", ch);
			else
				sb_putc(b, (char)ch);
		}
	}
	sb_putc(b, '"');
}

/* a name (an enum value, an object field's name): quoted in JSON, as it is in GraphQL */
static void write_name(struct sb *b, const char *name, bool json)
{
	if (json)
		jw_cstr(b, name);
	else
		sb_puts(b, name);
}

/* a value as GraphQL text, or (json) as JSON: enum values as strings, names quoted, no spaces */
static void write_value(struct sb *b, const struct gql_value *v, int depth, bool json)
{
	if (depth > 64) {
		sb_puts(b, json ? "null" : "...");
		return;
	}
	switch (v->kind) {
	case GQL_V_NULL: sb_puts(b, "null"); break;
	case GQL_V_INT:
	case GQL_V_FLOAT:
		if (v->raw)
			sb_puts(b, v->raw);
		else if (v->kind == GQL_V_INT)
			sb_put_int(b, v->u.i);
		else
			jw_double(b, v->u.f);
		break;
	case GQL_V_STRING:
		if (json)
			jw_string(b, v->u.s.p, v->u.s.len);
		else
			write_string(b, v->u.s.p, v->u.s.len);
		break;
	case GQL_V_BOOLEAN: sb_puts(b, v->u.b ? "true" : "false"); break;
	case GQL_V_ENUM: write_name(b, v->u.name, json); break;
	case GQL_V_VARIABLE:
		if (json)
			sb_puts(b, "null");
		else
			sb_printf(b, "$%s", v->u.name);
		break;
	case GQL_V_LIST:
		sb_putc(b, '[');
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			sb_puts(b, i == 0 ? "" : json ? "," : ", ");
			write_value(b, v->u.list.items[i], depth + 1, json);
		}
		sb_putc(b, ']');
		break;
	case GQL_V_OBJECT:
		sb_putc(b, '{');
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			sb_puts(b, i == 0 ? "" : json ? "," : ", ");
			write_name(b, v->u.obj.fields[i].name, json);
			sb_puts(b, json ? ":" : ": ");
			write_value(b, v->u.obj.fields[i].value, depth + 1, json);
		}
		sb_putc(b, '}');
		break;
	default:
		sb_puts(b, json ? "null" : "?");
	}
}

void gql_value_write(struct sb *b, const struct gql_value *v)
{
	write_value(b, v, 0, false);
}

void gql_value_write_json(struct sb *b, const struct gql_value *v)
{
	write_value(b, v, 0, true);
}

const char *gql_value_print(struct arena *a, const struct gql_value *v)
{
	struct sb b;
	sb_init(&b);
	b.max = 4096;
	write_value(&b, v, 0, false);
	const char *r = sb_error(&b) ? NULL : arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return r ? r : "(value)";
}
