// gql_validate_diff.mjs: compares Larder's validation errors with graphql-js's on generated documents.
// Usage: t/gql_validate_stress --dump N | node t/gql_validate_diff.mjs   (needs graphql in t/js/node_modules)
// Prints TAP: one test per difference class; exits non-zero on unexplained differences.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), 'js', 'package.json'));
const { buildSchema, parse, validate } = require('graphql');

/* Known, deliberate differences: our AST has no location for operation, fragment and spread
 * names (we point at the definition or the "..."), and suggestions are optional. */
function norm(e) {
	e = e.replace(/ Did you mean [^@]*\? @/, ' @');
	if (/^(There can be only one (operation|fragment) named|Unknown fragment )/.test(e))
		e = e.replace(/ @.*$/, ' @-');
	return e;
}

const lines = readFileSync(0, 'utf8').split('\n').filter(Boolean);
const schema = buildSchema(JSON.parse(lines[0]));
let docs = 0, same = 0;
const diffs = [];
for (const line of lines.slice(1)) {
	const { doc, errors } = JSON.parse(line);
	docs++;
	let theirs;
	try {
		theirs = validate(schema, parse(doc), undefined, { maxErrors: 1000 })
			.map(e => `${e.message} @${(e.locations || []).map(l => `${l.line}:${l.column}`).join(',')}`);
	} catch (e) {
		theirs = [`THROW ${e.message}`];
	}
	let a = [...new Set(errors.map(norm))].sort(), b = [...new Set(theirs.map(norm))].sort();
	/* With fragment cycles graphql-js skips some field comparisons (its memo of fragment
	 * pairs is shared by all field sets); such documents are invalid anyway. */
	if (b.some(x => x.includes(' within itself'))) {
		a = a.filter(x => !x.startsWith('Fields "'));
		b = b.filter(x => !x.startsWith('Fields "'));
	}
	if (theirs.length && theirs[0].startsWith('THROW')) continue; /* graphql-js gave up on this one */
	const onlyOurs = a.filter(x => !b.includes(x)), onlyTheirs = b.filter(x => !a.includes(x));
	if (onlyOurs.length === 0 && onlyTheirs.length === 0) { same++; continue; }
	diffs.push({ doc, onlyOurs, onlyTheirs });
}
console.log(`# ${docs} documents, ${same} with the same errors`);
for (const d of diffs.slice(0, Number(process.env.SHOWN || 5))) {
	console.log('# ---\n# ' + d.doc.replace(/\n/g, '\n# '));
	for (const x of d.onlyOurs) console.log('#  ours:   ' + x);
	for (const x of d.onlyTheirs) console.log('#  theirs: ' + x);
}
console.log(`${diffs.length === 0 ? 'ok' : 'not ok'} 1 - same errors as graphql-js (${diffs.length} documents differ)`);
console.log('1..1');
process.exitCode = diffs.length === 0 ? 0 : 1; /* not process.exit: the report above is written out in full first */
