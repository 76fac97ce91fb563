// look-sync.js: the account's theme and contrast (Omnivore's personalization: theme, and highContrastText in its fields) applied to every page and kept in this browser for look.js, so the next page starts in them.
import { gql } from './api.js';

const GET = `{ getUserPersonalization { __typename ... on GetUserPersonalizationSuccess { userPersonalization { theme fields } } } }`;

// applies a theme (System, Light, Sepia, Dark) and contrast (true: high) and keeps them for the next page
export function keepLook(theme, high) {
	const t = String(theme || '').toLowerCase();
	const root = document.documentElement;
	if (['light', 'sepia', 'dark'].includes(t)) root.dataset.theme = t;
	else delete root.dataset.theme;
	if (high) root.dataset.contrast = 'high';
	else delete root.dataset.contrast;
	try {
		window.localStorage.setItem('larder:look', JSON.stringify({ theme: root.dataset.theme || 'system', contrast: high ? 'high' : 'normal' }));
	} catch (e) { /* no storage: this page still has the look */ }
}

// the fields of a personalization as an object (the API gives JSON, as a string or parsed)
export function fieldsOf(p) {
	let f = p && p.fields;
	if (typeof f === 'string') { try { f = JSON.parse(f); } catch (e) { f = null; } }
	return f && typeof f === 'object' ? f : {};
}

// the account's look, asked for once a page knows its user (another device may have changed it)
export async function syncLook() {
	try {
		const p = (await gql(GET)).getUserPersonalization.userPersonalization;
		if (p) keepLook(p.theme, fieldsOf(p).highContrastText === true);
	} catch (e) { /* the kept look stays */ }
}
