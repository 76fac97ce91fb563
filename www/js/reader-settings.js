// reader-settings.js: the reader's text settings (font, size, column width, line height, justified text, theme, high contrast), applied through CSS variables and kept per user with get/setUserPersonalization (theme and contrast for every page: look-sync.js).
import { gql } from './api.js';
import { say } from './ui.js';
import { keepLook, fieldsOf } from './look-sync.js';

const GET = `{ getUserPersonalization { __typename ... on GetUserPersonalizationSuccess { userPersonalization { theme fontSize fontFamily margin fields } }
	... on GetUserPersonalizationError { errorCodes message } } }`;
const SET = `mutation P($input: SetUserPersonalizationInput!) { setUserPersonalization(input: $input) { __typename
	... on SetUserPersonalizationSuccess { updatedUserPersonalization { id } } ... on SetUserPersonalizationError { errorCodes message } } }`;

// fontSize is in px, margin is the width of the text column in px, lineHeight (in fields) is in percent
const DEFAULTS = { fontFamily: 'serif', fontSize: 18, margin: 720, lineHeight: 170, theme: 'System', justifyText: false, highContrastText: false };
// every stack ends in fonts made for Chinese, Japanese and Korean, so an article in those scripts is set in one
const CJK_SERIF = '"Noto Serif CJK SC", "Noto Serif CJK JP", "Source Han Serif", "Songti SC", "Hiragino Mincho ProN", SimSun';
const CJK_SANS = '"Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic"';
const FONTS = {
	serif: `Charter, "Bitstream Charter", "Iowan Old Style", Georgia, ${CJK_SERIF}, serif`,
	sans: `system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", ${CJK_SANS}, sans-serif`,
	humanist: `"Atkinson Hyperlegible", Verdana, "DejaVu Sans", Tahoma, ${CJK_SANS}, sans-serif`,
	slab: `"Roboto Slab", "Zilla Slab", Rockwell, "DejaVu Serif", ${CJK_SERIF}, serif`,
	'cjk-serif': `${CJK_SERIF}, Georgia, serif`,
	'cjk-sans': `${CJK_SANS}, system-ui, sans-serif`,
	mono: `ui-monospace, "SFMono-Regular", Menlo, Consolas, ${CJK_SANS}, monospace`,
};
const SAVE_AFTER_MS = 600;

const $ = (id) => document.getElementById(id);
const cur = { ...DEFAULTS };
let timer = null;   // a save waiting (null: none)

function apply() {
	const s = document.documentElement.style;
	s.setProperty('--reader-font', FONTS[cur.fontFamily] || FONTS.serif);
	s.setProperty('--reader-size', `${cur.fontSize}px`);
	s.setProperty('--reader-width', `${cur.margin}px`);
	s.setProperty('--reader-line', String(cur.lineHeight / 100));
	document.documentElement.dataset.justify = cur.justifyText ? 'on' : 'off';
	keepLook(cur.theme, cur.highContrastText);
}

function showControls() {
	$('set-font').value = FONTS[cur.fontFamily] ? cur.fontFamily : 'serif';
	$('set-size').value = cur.fontSize;
	$('set-width').value = cur.margin;
	$('set-line').value = cur.lineHeight;
	for (const r of document.querySelectorAll('input[name="theme"]')) r.checked = r.value === cur.theme;
	$('set-justify').checked = cur.justifyText;
	$('set-contrast').checked = cur.highContrastText;
	$('size-out').textContent = `${cur.fontSize}px`;
	$('width-out').textContent = `${cur.margin}px`;
	$('line-out').textContent = (cur.lineHeight / 100).toFixed(1);
}

async function send(keepalive) {
	timer = null;
	const { lineHeight, justifyText, highContrastText, fields, ...rest } = cur;
	try {
		await gql(SET, { input: { ...rest, fields: { ...fields, lineHeight, justifyText, highContrastText } } }, { keepalive });
		say($('settings-status'), 'Saved.');
	} catch (e) { say($('settings-status'), `Could not save: ${e.message}`, true); }
}

// saved a moment after the last change; a change not yet saved when the page is left is sent as it goes
function save() {
	clearTimeout(timer);
	say($('settings-status'), '');
	timer = setTimeout(() => send(false), SAVE_AFTER_MS);
}
window.addEventListener('pagehide', () => {
	if (timer === null) return;
	clearTimeout(timer);
	send(true);
});

const clampInt = (v, lo, hi, dflt) => (Number.isFinite(+v) && v !== null ? Math.min(hi, Math.max(lo, Math.round(+v))) : dflt);

// the user's settings, applied before the article shows; the defaults when there are none or the call fails
export async function load() {
	try {
		const p = (await gql(GET)).getUserPersonalization.userPersonalization || {};
		cur.fields = fieldsOf(p);
		cur.justifyText = cur.fields.justifyText === true;
		cur.highContrastText = cur.fields.highContrastText === true;
		if (p.fontFamily) cur.fontFamily = p.fontFamily;
		if (p.theme) cur.theme = p.theme;
		cur.fontSize = clampInt(p.fontSize, 12, 32, DEFAULTS.fontSize);
		cur.margin = clampInt(p.margin, 320, 1200, DEFAULTS.margin);
		cur.lineHeight = clampInt(cur.fields.lineHeight, 100, 250, DEFAULTS.lineHeight);
	} catch (e) { /* the defaults */ }
	apply();
}

export const isOpen = () => !$('reader-settings').hidden;
export function close() {
	$('reader-settings').hidden = true;
	$('settings-button').setAttribute('aria-expanded', 'false');
}
export function toggle() {
	if (isOpen()) { close(); return; }
	showControls();
	$('reader-settings').hidden = false;
	$('settings-button').setAttribute('aria-expanded', 'true');
	$('set-font').focus();
}

export function setup() {
	$('settings-button').addEventListener('click', toggle);
	$('settings-close').addEventListener('click', () => { close(); $('settings-button').focus(); });
	const on = (id, key, conv) => $(id).addEventListener('input', (ev) => {
		cur[key] = conv(ev.target.value);
		showControls();
		apply();
		save();
	});
	on('set-font', 'fontFamily', String);
	on('set-size', 'fontSize', Number);
	on('set-width', 'margin', Number);
	on('set-line', 'lineHeight', Number);
	for (const r of document.querySelectorAll('input[name="theme"]')) on(r.id, 'theme', String);
	for (const [id, key] of [['set-justify', 'justifyText'], ['set-contrast', 'highContrastText']]) {
		$(id).addEventListener('change', (ev) => {
			cur[key] = ev.target.checked;
			apply();
			save();
		});
	}
}
