// extract_common.mjs: what the Node sides of the extraction benches share: t/js's packages, the DOM parsers, page decoding, the CPU clock.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// packages come from t/js (or LARDER_JS_DIR), where package.json pins them
const jsDir = process.env.LARDER_JS_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', 't', 'js');
export const jsRequire = createRequire(join(jsDir, 'package.json'));
// the other extractors only the evaluation runs come from bench/js (LARDER_BENCH_JS_DIR), installed on demand
const benchJsDir = process.env.LARDER_BENCH_JS_DIR || join(dirname(fileURLToPath(import.meta.url)), 'js');
export const benchRequire = createRequire(join(benchJsDir, 'package.json'));

// a function html -> document, on jsdom or linkedom
export function domParser(dom, url) {
	if (dom === 'jsdom') {
		const { JSDOM, VirtualConsole } = jsRequire('jsdom');
		const vc = new VirtualConsole();   // CSS parse errors and the like stay quiet
		return html => new JSDOM(html, { url, virtualConsole: vc }).window.document;
	}
	const { parseHTML } = jsRequire('linkedom');
	return html => parseHTML(html).document;
}

// CPU seconds of the process (user + system, all threads: the garbage collector's work counts),
// as bench/cpu_clock.h measures the C side
export const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

// bytes as text: UTF-8 when they are valid UTF-8, else windows-1252 (the old pages' usual charset)
export function decodeBytes(buf) {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(buf);
	} catch {
		return new TextDecoder('windows-1252').decode(buf);
	}
}

// a page's bytes as text: the charset its <meta> declares in its first 1024 bytes when Node knows
// it, else decodeBytes
export function decodePage(buf) {
	const head = buf.subarray(0, 1024).toString('latin1');
	const m = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i.exec(head);
	if (m && !/^utf-?8$/i.test(m[1])) {
		try {
			return new TextDecoder(m[1].toLowerCase()).decode(buf);
		} catch { /* a label Node does not know */ }
	}
	return decodeBytes(buf);
}
