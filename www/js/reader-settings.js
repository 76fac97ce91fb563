// reader-settings.js: the reader's text settings (font, size, column width, line height, theme), applied through CSS variables and kept per user with get/setUserPersonalization.
import { gql } from './api.js';
import { say } from './ui.js';

const GET = `{ getUserPersonalization { __typename ... on GetUserPersonalizationSuccess { userPersonalization { theme fontSize fontFamily margin fields } }
	... on GetUserPersonalizationError { errorCodes message } } }`;
const SET = `mutation P($input: SetUserPersonalizationInput!) { setUserPersonalization(input: $input) { __typename
	... on SetUserPersonalizationSuccess { updatedUserPersonalization { id } } ... on SetUserPersonalizationError { errorCodes message } } }`;

// fontSize is in px, margin is the width of the text column in px, lineHeight (in fields) is in percent
const DEFAULTS = { fontFamily: 'serif', fontSize: 18, margin: 720, lineHeight: 170, theme: 'System' };
const FONTS = {
	serif: 'Charter, "Bitstream Charter", "Iowan Old Style", Georgia, serif',
	sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
	mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};
const SAVE_AFTER_MS = 600;

const $ = (id) => document.getElementById(id);
const cur = { ...DEFAULTS };
let timer = null;

function apply() {
	const s = document.documentElement.style;
	s.setProperty('--reader-font', FONTS[cur.fontFamily] || FONTS.serif);
	s.setProperty('--reader-size', `${cur.fontSize}px`);
	s.setProperty('--reader-width', `${cur.margin}px`);
	s.setProperty('--reader-line', String(cur.lineHeight / 100));
	const theme = String(cur.theme || '').toLowerCase();
	if (['light', 'sepia', 'dark'].includes(theme)) document.documentElement.dataset.theme = theme;
	else delete document.documentElement.dataset.theme;
}

function showControls() {
	$('set-font').value = FONTS[cur.fontFamily] ? cur.fontFamily : 'serif';
	$('set-size').value = cur.fontSize;
	$('set-width').value = cur.margin;
	$('set-line').value = cur.lineHeight;
	for (const r of document.querySelectorAll('input[name="theme"]')) r.checked = r.value === cur.theme;
	$('size-out').textContent = `${cur.fontSize}px`;
	$('width-out').textContent = `${cur.margin}px`;
	$('line-out').textContent = (cur.lineHeight / 100).toFixed(1);
}

function save() {
	clearTimeout(timer);
	timer = setTimeout(async () => {
		const { lineHeight, ...rest } = cur;
		try {
			await gql(SET, { input: { ...rest, fields: { ...cur.fields, lineHeight } } });
			say($('settings-status'), 'Saved.');
		} catch (e) { say($('settings-status'), `Could not save: ${e.message}`, true); }
	}, SAVE_AFTER_MS);
}

const clampInt = (v, lo, hi, dflt) => (Number.isFinite(+v) && v !== null ? Math.min(hi, Math.max(lo, Math.round(+v))) : dflt);

// the user's settings, applied before the article shows; the defaults when there are none or the call fails
export async function load() {
	try {
		const p = (await gql(GET)).getUserPersonalization.userPersonalization || {};
		let fields = p.fields;
		if (typeof fields === 'string') { try { fields = JSON.parse(fields); } catch (e) { fields = null; } }
		cur.fields = fields && typeof fields === 'object' ? fields : {};
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
}
