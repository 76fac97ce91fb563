/* ast.c: name tables for the syntax tree and schema enums (value kinds, operations, directive locations, type kinds). */
#include "gql/ast.h"
#include "gql/schema.h"

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
