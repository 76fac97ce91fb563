// introspection.mjs: checks our introspected schema with graphql-js and against Omnivore's types; prints TAP.
// Usage: node introspection.mjs query                 -> prints the JSON request body to send
//        node introspection.mjs check RESULT OMNIVORE -> TAP; RESULT is the response (raw JSON or
//                                                        CGI output: headers, blank line, body),
//                                                        OMNIVORE the SDL excerpt to match
import { readFileSync } from 'node:fs';
import {
	getIntrospectionQuery, buildClientSchema, buildSchema, printSchema, assertValidSchema,
	isObjectType, isInterfaceType, isUnionType, isEnumType, isInputObjectType, isScalarType,
	isNonNullType, getNamedType,
} from 'graphql';

/* the root fields in scope (INTERFACE.md); t/js/omnivore_excerpt.mjs cuts the excerpt for the same list */
const ROOTS = [
	['Query', 'me'], ['Query', 'search'], ['Query', 'article'], ['Query', 'updatesSince'],
	['Query', 'articleSavingRequest'], ['Query', 'labels'], ['Query', 'apiKeys'],
	['Mutation', 'saveUrl'], ['Mutation', 'savePage'], ['Mutation', 'setBookmarkArticle'],
	['Mutation', 'setLinkArchived'], ['Mutation', 'updatePage'], ['Mutation', 'saveArticleReadingProgress'],
	['Mutation', 'createLabel'], ['Mutation', 'updateLabel'], ['Mutation', 'deleteLabel'], ['Mutation', 'setLabels'],
	['Mutation', 'createHighlight'], ['Mutation', 'updateHighlight'], ['Mutation', 'deleteHighlight'],
	['Mutation', 'generateApiKey'], ['Mutation', 'revokeApiKey'],
];
const QUERY_OPTIONS = { specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true };

let n = 0;
let failed = 0;
const esc = (s) => String(s).replace(/#/g, '\\#').replace(/\s+/g, ' ');
function ok(cond, name, diag) {
	n++;
	if (cond) {
		console.log(`ok ${n} - ${esc(name)}`);
	} else {
		failed++;
		console.log(`not ok ${n} - ${esc(name)}`);
		for (const line of [].concat(diag || []))
			console.log(`#   ${line}`);
	}
	return cond;
}
function bail(msg) {
	console.log(`Bail out! ${msg}`);
	process.exit(1);
}

const mode = process.argv[2];
if (mode === 'query') {
	process.stdout.write(JSON.stringify({ query: getIntrospectionQuery(QUERY_OPTIONS), operationName: 'IntrospectionQuery' }));
	process.exit(0);
}
if (mode !== 'check' || process.argv.length !== 5) {
	console.error('usage: node introspection.mjs query | check RESULT OMNIVORE_SDL');
	process.exit(2);
}

/* ---- the response ---- */
let raw = readFileSync(process.argv[3], 'utf8');
let status = 200;
if (!raw.trimStart().startsWith('{')) {
	/* CGI output: header lines, a blank line, the body */
	const m = /\r?\n\r?\n/.exec(raw);
	if (!m)
		bail(`no blank line after the CGI headers in: ${raw.slice(0, 200)}`);
	const head = raw.slice(0, m.index);
	raw = raw.slice(m.index + m[0].length);
	const st = /^Status:\s*(\d+)/im.exec(head);
	if (st)
		status = Number(st[1]);
}
ok(status === 200, 'introspection answers HTTP 200', `status ${status}`);
let result;
try {
	result = JSON.parse(raw);
} catch (e) {
	bail(`response is not JSON (${e.message}): ${raw.slice(0, 200)}`);
}
ok(result && typeof result.data === 'object' && result.data && result.data.__schema,
	'response has data.__schema', JSON.stringify(result).slice(0, 300));
ok(!('errors' in result), 'response has no errors key', JSON.stringify(result.errors || null).slice(0, 300));
if (!result.data || !result.data.__schema)
	bail('nothing to check without data.__schema');

let ours;
try {
	ours = buildClientSchema(result.data);
	ok(true, 'buildClientSchema accepts the introspection result');
} catch (e) {
	ok(false, 'buildClientSchema accepts the introspection result', e.message);
	bail('cannot go on without a client schema');
}
try {
	assertValidSchema(ours);
	ok(true, 'assertValidSchema passes on the client schema');
} catch (e) {
	ok(false, 'assertValidSchema passes on the client schema', e.message);
}
{
	/* printing and re-reading the schema must give the same schema back */
	let sdl = '';
	let again = '';
	try {
		sdl = printSchema(ours);
		again = printSchema(buildSchema(sdl));
	} catch (e) {
		again = `error: ${e.message}`;
	}
	ok(sdl.length > 0 && sdl === again, 'printSchema output builds again into the same schema',
		again.startsWith('error') ? again : 'printed SDL differs after a round trip');
}
ok(ours.getQueryType() && ours.getQueryType().name === 'Query', 'query root type is Query');
ok(ours.getMutationType() && ours.getMutationType().name === 'Mutation', 'mutation root type is Mutation');

/* ---- comparison with Omnivore's types ---- */
const omni = buildSchema(readFileSync(process.argv[4], 'utf8'));
const kindOf = (t) => isScalarType(t) ? 'SCALAR' : isObjectType(t) ? 'OBJECT' : isInterfaceType(t) ? 'INTERFACE'
	: isUnionType(t) ? 'UNION' : isEnumType(t) ? 'ENUM' : isInputObjectType(t) ? 'INPUT_OBJECT' : '?';
const KIND_WORDS = { SCALAR: 'a scalar', OBJECT: 'an object type', INTERFACE: 'an interface', UNION: 'a union',
	ENUM: 'an enum', INPUT_OBJECT: 'an input object', '?': 'unknown' };
const depr = (x) => x.deprecationReason != null ? ` @deprecated(reason: ${JSON.stringify(x.deprecationReason)})` : '';
const argSig = (a) => `${a.name}: ${a.type}${a.defaultValue !== undefined ? ` = ${JSON.stringify(a.defaultValue)}` : ''}${depr(a)}`;
const fieldSig = (f) => `${f.name}${f.args && f.args.length ? `(${f.args.map(argSig).join(', ')})` : ''}: ${f.type}${depr(f)}`;
/* same type, default value and deprecation (an argument or an input field) */
const inputMatches = (o, m) => m && String(m.type) === String(o.type) &&
	JSON.stringify(m.defaultValue) === JSON.stringify(o.defaultValue) && (m.deprecationReason ?? null) === (o.deprecationReason ?? null);

/* a field matches when the type and deprecation are the same, every Omnivore argument is there with
 * the same type and default, and no extra argument of ours is required */
function fieldMatches(of, mf) {
	if (!mf || String(of.type) !== String(mf.type) || (of.deprecationReason ?? null) !== (mf.deprecationReason ?? null))
		return false;
	for (const oa of of.args) {
		const ma = mf.args.find((a) => a.name === oa.name);
		if (!inputMatches(oa, ma))
			return false;
	}
	for (const ma of mf.args)
		if (!of.args.find((a) => a.name === ma.name) && isNonNullType(ma.type) && ma.defaultValue === undefined)
			return false;
	return true;
}

const queue = [];
const seen = new Set();
function reach(t) {
	const named = getNamedType(t);
	if (!seen.has(named.name)) {
		seen.add(named.name);
		queue.push(named.name);
	}
}

for (const [root, fname] of ROOTS) {
	const of = omni.getType(root).getFields()[fname];
	if (!of)
		bail(`${root}.${fname} is not in the Omnivore excerpt: regenerate it with t/js/omnivore_excerpt.mjs`);
	const mt = root === 'Query' ? ours.getQueryType() : ours.getMutationType();
	const mf = mt ? mt.getFields()[fname] : undefined;
	ok(fieldMatches(of, mf), `${root}.${fname} matches Omnivore`,
		[`omnivore: ${fieldSig(of)}`, `larder:   ${mf ? fieldSig(mf) : '(missing)'}`]);
	reach(of.type);
	for (const a of of.args)
		reach(a.type);
}

while (queue.length) {
	const name = queue.shift();
	const ot = omni.getType(name);
	const mt = ours.getType(name);
	if (isScalarType(ot) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(name))
		continue;
	if (!ok(mt && kindOf(mt) === kindOf(ot), `${name} is ${KIND_WORDS[kindOf(ot)]}`,
		[`omnivore: ${kindOf(ot)} ${name}`, `larder:   ${mt ? `${kindOf(mt)} ${name}` : '(missing)'}`]))
		continue;
	if (isObjectType(ot) || isInterfaceType(ot)) {
		const ofs = ot.getFields();
		const mfs = mt.getFields();
		for (const fname of Object.keys(ofs)) {
			const of = ofs[fname];
			const mf = mfs[fname];
			ok(fieldMatches(of, mf), `${name}.${fname} matches Omnivore`,
				[`omnivore: ${fieldSig(of)}`, `larder:   ${mf ? fieldSig(mf) : '(missing)'}`]);
			reach(of.type);
			for (const a of of.args)
				reach(a.type);
		}
		const oi = ot.getInterfaces().map((i) => i.name).sort().join(', ');
		const mi = mt.getInterfaces().map((i) => i.name).sort().join(', ');
		if (oi)
			ok(oi.split(', ').every((i) => mi.split(', ').includes(i)), `${name} implements ${oi}`,
				[`omnivore: ${oi}`, `larder:   ${mi || '(none)'}`]);
	} else if (isUnionType(ot)) {
		const om = ot.getTypes().map((t) => t.name).sort().join(' | ');
		const mm = mt.getTypes().map((t) => t.name).sort().join(' | ');
		ok(om === mm, `${name} has the members ${om}`, [`omnivore: ${om}`, `larder:   ${mm}`]);
		for (const t of ot.getTypes())
			reach(t);
	} else if (isEnumType(ot)) {
		const val = (v) => `${v.name}${depr(v)}`;
		const ov = ot.getValues().map(val).sort().join(' ');
		const mv = mt.getValues().map(val).sort().join(' ');
		ok(ov === mv, `${name} has the values ${ov}`, [`omnivore: ${ov}`, `larder:   ${mv}`]);
	} else if (isInputObjectType(ot)) {
		const ofs = ot.getFields();
		const mfs = mt.getFields();
		for (const fname of Object.keys(ofs)) {
			const of = ofs[fname];
			const mf = mfs[fname];
			ok(inputMatches(of, mf), `${name}.${fname} matches Omnivore`,
				[`omnivore: ${argSig(of)}`, `larder:   ${mf ? argSig(mf) : '(missing)'}`]);
			reach(of.type);
		}
		for (const fname of Object.keys(mfs)) {
			const mf = mfs[fname];
			if (!ofs[fname] && isNonNullType(mf.type) && mf.defaultValue === undefined)
				ok(false, `${name}.${fname} is an extra required input field`, [`larder:   ${argSig(mf)}`]);
		}
	}
}
console.log(`1..${n}`);
if (failed)
	console.log(`# ${failed} of ${n} checks failed`);
