// tap.mjs: the TAP helpers of the Chromium tests: ok, is, note, and finish (the plan, then exit 1 when a test failed).
let n = 0, failed = 0;

// one test line; diag (when given and the test failed) follows as '#' lines
export function ok(cond, name, diag) {
	n++;
	console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${name}`);
	if (!cond) {
		failed++;
		if (diag !== undefined && diag !== '') for (const l of String(diag).split('\n')) console.log(`#   ${l}`);
	}
	return cond;
}
// got and want compared as JSON
export const is = (got, want, name) => ok(JSON.stringify(got) === JSON.stringify(want), name, `got:  ${JSON.stringify(got)}\nwant: ${JSON.stringify(want)}`);
export const note = (s) => console.log(`# ${s}`);
export function finish() {
	console.log(`1..${n}`);
	process.exit(failed ? 1 : 0);
}
