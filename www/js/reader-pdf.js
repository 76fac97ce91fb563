// reader-pdf.js: a PDF item in the reader: its extracted text is the article (highlights work on it as on any page); above it, a download link and the file itself in a frame of /api/file/ID, loaded only when opened.
import { el } from './ui.js';

// the file's box for item (contentReader PDF), or null for any other item
export function pdfView(item) {
	if (!item || item.contentReader !== 'PDF') return null;
	const src = `/api/file/${encodeURIComponent(item.id)}`;
	const frame = el('iframe', { class: 'pdf-frame', title: `The PDF: ${item.title || 'file'}` });
	const details = el('details', { class: 'pdf-embed' }, el('summary', { text: 'Show the PDF' }), frame);
	// the frame gets its address when first opened, so the reader does not load the whole file up front
	details.addEventListener('toggle', () => { if (details.open && !frame.getAttribute('src')) frame.src = src; });
	return el('section', { class: 'pdf-file', 'aria-label': 'The PDF file' },
		el('p', {},
			el('a', { class: 'pdf-download', href: `${src}?download=1`, download: '' }, 'Download the PDF'),
			' · ',
			el('a', { class: 'pdf-open', href: src, target: '_blank', rel: 'noopener' }, 'Open it in a new tab')),
		el('p', { class: 'hint', text: 'Below is the text read from the file; highlights and notes work on it.' }),
		details);
}
