# deps.sh: shell functions shared by contrib/quickstart and contrib/test-all (sourced, not run): Debian packages and npm tools.

# debian_packages SECTION...: the packages contrib/debian-packages.txt lists in those sections (build, serve, test),
# one a line; fails on a section the file does not have
debian_packages() {
	_list="$top/contrib/debian-packages.txt"
	for _s in "$@"; do
		grep -q "^\[$_s\][[:space:]]*\$" "$_list" || { echo "$0: no section [$_s] in $_list" >&2; return 1; }
	done
	sed 's/#.*//' "$_list" | awk -v want=" $* " '
		/^[[:space:]]*\[[a-z]+\][[:space:]]*$/ { s = $1; gsub(/[][]/, "", s); on = index(want, " " s " ") > 0; next }
		on { for (i = 1; i <= NF; i++) print $i }'
}

# install_debian_packages SECTION...: apt-get installs what those sections of contrib/debian-packages.txt list and
# is missing (through sudo when not root). Node and npm already present (e.g. from NodeSource) are kept.
install_debian_packages() {
	_want=$(debian_packages "$@") || return 1
	_missing=
	for _p in $_want; do
		case $_p in
		nodejs) command -v node >/dev/null 2>&1 && continue ;;
		npm) command -v npm >/dev/null 2>&1 && continue ;;
		esac
		if ! dpkg-query -W -f '${Status}' "$_p" 2>/dev/null | grep -q 'install ok installed'; then
			_missing="$_missing $_p"
		fi
	done
	[ -n "$_missing" ] || return 0
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "$0: missing packages:$_missing (and no apt-get: install them by hand)" >&2
		return 1
	fi
	_sudo=
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { echo "$0: run as root or install sudo" >&2; return 1; }
		_sudo=sudo
	fi
	echo "$0: installing$_missing"
	$_sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
	# shellcheck disable=SC2086
	$_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $_missing
}

# install_npm_tools: the Node test tools (graphql-http, graphql) listed in t/js/package.json
install_npm_tools() {
	[ -f "$top/t/js/package.json" ] || return 0
	echo "$0: npm test tools in t/js"
	# the committed lockfile pins every version: npm ci installs exactly that, unless node_modules already holds
	# exactly that (npm's own record of what it installed, node_modules/.package-lock.json, names the same
	# versions): a second run then costs nothing and needs no network
	_pin='.packages | del(.[""]) | with_entries(.value |= {version, resolved, integrity})'
	if [ -f "$top/t/js/node_modules/.package-lock.json" ] && command -v jq >/dev/null 2>&1 &&
		[ "$(jq -S "$_pin" "$top/t/js/package-lock.json" 2>/dev/null)" = \
		  "$(jq -S "$_pin" "$top/t/js/node_modules/.package-lock.json" 2>/dev/null)" ]; then
		echo "$0: npm test tools in t/js: already installed as package-lock.json pins them"
		return 0
	fi
	if [ -f "$top/t/js/package-lock.json" ]; then
		(cd "$top/t/js" && npm ci --no-audit --no-fund)
	else
		(cd "$top/t/js" && npm install --no-audit --no-fund)
	fi
}
