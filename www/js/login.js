// login.js: the login page: carries ?redirect= into the form (same-site paths only) and explains ?error=.
const MESSAGES = {
	invalid: 'Wrong username or password.',
	'signup-disabled': 'Signing up is disabled on this server; ask its administrator for an account.',
};
const GENERIC = 'Logging in failed; please try again.';

// a path on this site ("/home", "/api/save?url=…"), never another origin ("//evil", "https://…")
export function sameSitePath(p) {
	if (typeof p !== 'string' || !p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\')) return null;
	if (/[\u0000-\u001f]/.test(p)) return null;
	return p;
}

const params = new URLSearchParams(location.search);
const redirect = sameSitePath(params.get('redirect')) || '/home';
document.getElementById('redirect').value = redirect;

const error = params.get('error');
if (error) {
	const box = document.getElementById('login-error');
	box.textContent = Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : GENERIC;
	box.hidden = false;
}
const user = params.get('username');
if (user) document.getElementById('username').value = user;
