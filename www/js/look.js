// look.js: the theme and contrast the user chose, set on the page before it is first drawn (a plain script in each page's head, so no page flashes light first), from what this browser kept of the account's choice (look-sync.js keeps it).
(function () {
	try {
		var look = JSON.parse(window.localStorage.getItem('larder:look') || '{}');
		var root = document.documentElement;
		if (look.theme === 'light' || look.theme === 'sepia' || look.theme === 'dark') root.setAttribute('data-theme', look.theme);
		if (look.contrast === 'high') root.setAttribute('data-contrast', 'high');
	} catch (e) { /* no storage: the system's look */ }
}());
