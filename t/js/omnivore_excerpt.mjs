// omnivore_excerpt.mjs: cuts the Omnivore SDL excerpt (t/data/omnivore-schema.graphql) out of Omnivore's full schema.
// Usage: node omnivore_excerpt.mjs FULL_SDL [HEADER_FILE] > excerpt
//   FULL_SDL     Omnivore's packages/api/src/generated/schema.graphql, saved whole
//   HEADER_FILE  text printed first (the excerpt's header comment); optional
// Prints Query and Mutation holding only the in-scope root fields (ROOTS), then every type reachable
// from them (field and argument types, input fields, union members, interfaces), each cut verbatim
// from the source text, in the source's order.
// `node omnivore_excerpt.mjs --list FULL_SDL` prints the reachable type names instead, one a line.
import { readFileSync } from 'node:fs';
import { buildSchema, parse, getNamedType, isObjectType, isInterfaceType, isUnionType, isInputObjectType } from 'graphql';

export const ROOTS = [
	['Query', 'me'], ['Query', 'search'], ['Query', 'article'], ['Query', 'updatesSince'],
	['Query', 'articleSavingRequest'], ['Query', 'labels'], ['Query', 'apiKeys'],
	['Mutation', 'saveUrl'], ['Mutation', 'savePage'], ['Mutation', 'setBookmarkArticle'],
	['Mutation', 'setLinkArchived'], ['Mutation', 'updatePage'], ['Mutation', 'saveArticleReadingProgress'],
	['Mutation', 'createLabel'], ['Mutation', 'updateLabel'], ['Mutation', 'deleteLabel'], ['Mutation', 'setLabels'],
	['Mutation', 'createHighlight'], ['Mutation', 'updateHighlight'], ['Mutation', 'deleteHighlight'],
	['Mutation', 'generateApiKey'], ['Mutation', 'revokeApiKey'],
];
const BUILTIN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/* the names of every type reachable from ROOTS in `schema` (built-in scalars left out) */
export function reachable(schema) {
	const seen = new Set();
	const queue = [];
	const add = (t) => {
		const n = getNamedType(t).name;
		if (!seen.has(n)) {
			seen.add(n);
			queue.push(n);
		}
	};
	for (const [root, fname] of ROOTS) {
		const f = schema.getType(root).getFields()[fname];
		if (!f)
			throw new Error(`${root}.${fname} is not in the schema`);
		add(f.type);
		f.args.forEach((a) => add(a.type));
	}
	while (queue.length) {
		const t = schema.getType(queue.shift());
		if (isObjectType(t) || isInterfaceType(t)) {
			for (const f of Object.values(t.getFields())) {
				add(f.type);
				f.args.forEach((a) => add(a.type));
			}
			t.getInterfaces().forEach(add);
		} else if (isUnionType(t)) {
			t.getTypes().forEach(add);
		} else if (isInputObjectType(t)) {
			Object.values(t.getFields()).forEach((f) => add(f.type));
		}
	}
	return [...seen].filter((n) => !BUILTIN.has(n));
}

function main(argv) {
	const list = argv[0] === '--list';
	const args = list ? argv.slice(1) : argv;
	if (args.length < 1 || args.length > 2) {
		console.error('usage: node omnivore_excerpt.mjs [--list] FULL_SDL [HEADER_FILE]');
		process.exit(2);
	}
	const text = readFileSync(args[0], 'utf8');
	const names = new Set(reachable(buildSchema(text)));
	if (list) {
		process.stdout.write([...names].sort().join('\n') + '\n');
		return;
	}
	const doc = parse(text);
	const cut = (node) => text.slice(node.loc.start, node.loc.end);
	const out = [];
	if (args[1])
		out.push(readFileSync(args[1], 'utf8').replace(/\n*$/, '\n'));
	for (const root of ['Query', 'Mutation']) {
		const def = doc.definitions.find((d) => d.kind === 'ObjectTypeDefinition' && d.name.value === root);
		const keep = def.fields.filter((f) => ROOTS.some(([r, n]) => r === root && n === f.name.value));
		out.push(`type ${root} {\n${keep.map((f) => `  ${cut(f)}`).join('\n')}\n}\n`);
	}
	for (const d of doc.definitions)
		if (d.name && names.has(d.name.value) && d.name.value !== 'Query' && d.name.value !== 'Mutation')
			out.push(`${cut(d)}\n`);
	process.stdout.write(out.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`)
	main(process.argv.slice(2));
