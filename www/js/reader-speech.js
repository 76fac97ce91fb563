// reader-speech.js: read aloud: the article spoken sentence by sentence with the browser's speech synthesis, from the first sentence in view, the sentence being read marked (CSS custom highlight) and kept in view; Listen starts and pauses, Esc stops.
const $ = (id) => document.getElementById(id);
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, figcaption, td, th, dt, dd';

let sentences = [];   // [{ range, text }] in reading order
let at = 0;           // the sentence being read (or to read next)
let playing = false;
let lang = '';
let onState = () => {};

// the text nodes of a block element as one string, white space runs made one space (a line break of the markup is
// no sentence break), with each character's node and offset
function blockText(block) {
	const at = [];
	let text = '';
	let space = true;
	const walk = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (n.parentElement && n.parentElement.closest(BLOCKS) !== block) continue;   // a nested block reads on its own
		for (let i = 0; i < n.data.length; i++) {
			const white = /\s/.test(n.data[i]);
			if (white && space) continue;
			at.push([n, i]);
			text += white ? ' ' : n.data[i];
			space = white;
		}
	}
	return { text, at };
}

// the article's sentences, each with the DOM range it covers (Intl.Segmenter's sentences, in the article's language)
export function sentencesOf(root, language) {
	const out = [];
	const seg = 'Segmenter' in Intl ? new Intl.Segmenter(language || undefined, { granularity: 'sentence' }) : null;
	for (const block of root.querySelectorAll(BLOCKS)) {
		const { text, at } = blockText(block);
		const parts = seg ? [...seg.segment(text)].map((s) => [s.index, s.segment]) : [[0, text]];
		for (const [index, segment] of parts) {
			const lead = segment.length - segment.trimStart().length;
			const body = segment.trim();
			if (!/[\p{L}\p{N}]/u.test(body)) continue;
			const start = at[index + lead], end = at[index + lead + body.length - 1];
			const range = document.createRange();
			range.setStart(start[0], start[1]);
			range.setEnd(end[0], end[1] + 1);
			out.push({ range, text: body.replace(/\s+/g, ' ') });
		}
	}
	return out;
}

function mark(i) {
	if (!window.CSS || !CSS.highlights) return;
	if (i < 0 || i >= sentences.length) { CSS.highlights.delete('speaking'); return; }
	CSS.highlights.set('speaking', new Highlight(sentences[i].range));
	const r = sentences[i].range.getBoundingClientRect();
	if (r.top < 60 || r.bottom > window.innerHeight - 80) {
		window.scrollBy({ top: r.top - window.innerHeight / 3, behavior: 'smooth' });
	}
}

function speakFrom(i) {
	if (i >= sentences.length) { stop(); return; }
	at = i;
	const u = new SpeechSynthesisUtterance(sentences[i].text);
	if (lang) u.lang = lang;
	u.onstart = () => { mark(i); onState('speaking', i); };
	u.onend = () => { if (playing && at === i) speakFrom(i + 1); };
	u.onerror = (e) => {
		if (e.error === 'interrupted' || e.error === 'canceled') return;
		stop();
		onState('failed', e.error);
	};
	window.speechSynthesis.speak(u);
}

// the first sentence whose text is in view
function firstInView() {
	const i = sentences.findIndex((s) => s.range.getBoundingClientRect().bottom > 60);
	return i < 0 ? 0 : i;
}

export function isPlaying() { return playing; }

// Listen: starts where the reader is, pauses, and goes on from the same sentence
export function toggle(root, language) {
	if (!('speechSynthesis' in window)) { onState('failed', 'unsupported'); return; }
	if (playing) {
		playing = false;
		window.speechSynthesis.cancel();
		onState('paused', at);
		return;
	}
	if (!sentences.length || root.dataset.spoken !== '1') {
		sentences = sentencesOf(root, language);
		root.dataset.spoken = '1';
		at = firstInView();
	}
	lang = language || '';
	playing = true;
	window.speechSynthesis.cancel();
	speakFrom(at);
}

export function stop() {
	const was = playing;
	playing = false;
	if ('speechSynthesis' in window) window.speechSynthesis.cancel();
	mark(-1);
	if (was) onState('stopped', at);
}

// setup(onChange(state, detail)): told of 'speaking' (sentence index), 'paused', 'stopped', 'failed' (why)
export function setup(onChange) {
	onState = onChange;
	window.addEventListener('pagehide', stop);
}
