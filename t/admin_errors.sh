#!/bin/sh
# admin_errors.sh: failures the admin must hear of (a deleted database, a full disk, a read-only database or -shm, a child that cannot start) each end non-zero or in the GraphQL error shape, with the cause, the operation and the file in the log (TAP).
# The server tests run the real programs: larder-serve (nginx, spawn-fcgi), graphql.fcgi under `spawn-fcgi -n` (its
# exit status and stderr are the program's), the larder CLI. The full disk is a 2 MB tmpfs mounted in a user and
# mount namespace (`unshare -rm`); where the kernel refuses one, those checks are skipped. File modes mean nothing
# to root: run as root, the read-only checks run the programs as uid 65534 (setpriv).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-adm.XXXXXX") || exit 1
chmod 0755 "$tmp"
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/serve_lib.sh"
serve_need nginx spawn-fcgi curl sqlite3
unset LARDER_TEST_PG_HOST LARDER_CONFIG # the files of a SQLite library are what this test is about
fcgi=$builddir/src/cmd/graphql.fcgi
spawn=$(command -v spawn-fcgi)

# save KEY PATH UUID: saveUrl of https://example.com/PATH through the server; the answer in $body
save() {
	body=$(curl -s -H "Authorization: $1" -H 'Content-Type: application/json' --data \
		"{\"query\":\"mutation { saveUrl(input:{url:\\\"https://example.com/$2\\\", clientRequestId:\\\"$3\\\", source:\\\"api\\\"}) { __typename ... on SaveError { errorCodes } } }\"}" \
		"http://127.0.0.1:$port/api/graphql")
}
tap_context() { printf 'body: %s\n' "${body-}"; }

# --- a database deleted under a running server ----------------------------------------------------------------
serve_start
serve_user_key key alice
save "$key" one 11111111-1111-4111-8111-111111111111
is "a save before" '{"data":{"saveUrl":{"__typename":"SaveSuccess"}}}' "$body"
rm "$data/larder.db"
save "$key" two 11111111-1111-4111-8111-111111111112
is "database deleted: the answer keeps the GraphQL error shape" "saving failed: database error" \
	"$(printf '%s' "$body" | jq -r '.errors[0].message')"
unlike "database deleted: the answer names no path" "$data|larder\\.db" "$body"
log=$(cat "$data/logs/graphql.log")
like "database deleted: the log names the database, the operation and the cause" \
	"^graphql\\.fcgi: database $data/larder\\.db: starting a transaction failed: the database file was deleted or moved" "$log"
"$serve" --stop --data "$data" >/dev/null 2>&1
started=

# --- a full disk ------------------------------------------------------------------------------------------------
# in_ns SCRIPT: sh -c SCRIPT in a new user and mount namespace with a 2 MB tmpfs on $tmp/full
mkdir "$tmp/full"
cat >"$tmp/full.conf" <<CONF
database = $tmp/full/larder.db
data_dir = $tmp/full
argon2_t_cost = 1
argon2_memory_kib = 64
CONF
in_ns() { unshare -rm sh -c "mount -t tmpfs -o size=2m tmpfs '$tmp/full' && $1"; }
if ! command -v unshare >/dev/null 2>&1 || ! in_ns true 2>/dev/null; then
	skip "no user namespace with a tmpfs here (unshare -rm)" 6
else
	# one namespace: the library made, kept open by a reader (so its -wal and -shm stay, as under a server), the
	# disk filled, then the CLI and graphql.fcgi (as CGI) write
	in_ns "
		L='$larder -c $tmp/full.conf'
		\$L init && \$L user add alice && \$L key create alice --name k >'$tmp/full.key' || exit 9
		{ echo 'SELECT count(*) FROM users;'; while [ ! -e '$tmp/full.done' ]; do sleep 0.1; done; } | sqlite3 '$tmp/full/larder.db' >/dev/null &
		while [ ! -e '$tmp/full/larder.db-shm' ]; do sleep 0.05; done
		dd if=/dev/zero of='$tmp/full/filler' bs=4k 2>/dev/null
		\$L user add carol >'$tmp/full.out' 2>'$tmp/full.err'; echo \$? >'$tmp/full.rc'
		q='{\"query\":\"mutation { saveUrl(input:{url:\\\"https://example.com/f\\\", clientRequestId:\\\"21111111-1111-4111-8111-111111111111\\\", source:\\\"api\\\"}) { __typename } }\"}'
		printf '%s' \"\$q\" | env -i PATH=\"\$PATH\" LARDER_CONFIG='$tmp/full.conf' GATEWAY_INTERFACE=CGI/1.1 \
			REQUEST_METHOD=POST CONTENT_TYPE=application/json CONTENT_LENGTH=\${#q} SCRIPT_NAME=/api/graphql \
			REQUEST_URI=/api/graphql REMOTE_ADDR=127.0.0.1 HTTP_AUTHORIZATION=\$(cat '$tmp/full.key') \
			'$fcgi' >'$tmp/full.cgi' 2>'$tmp/full.cgierr'
		rm -f '$tmp/full/filler'
		\$L user show carol >/dev/null 2>&1; echo \$? >'$tmp/full.carol'
		touch '$tmp/full.done'; wait
	"
	is "full disk: larder user add exits 1" 1 "$(cat "$tmp/full.rc" 2>/dev/null)"
	# the account and its saved searches are one transaction: the disk may fill at either write or at the commit
	like "full disk: user add says the cause" \
		"(adding a user|saving the default searches|committing) failed: database or disk is full \\(SQLITE_FULL" \
		"$(cat "$tmp/full.err")"
	is "full disk: no user carol was made" 1 "$(cat "$tmp/full.carol" 2>/dev/null)"
	body=$(sed '1,/^\r\{0,1\}$/d' "$tmp/full.cgi")
	is "full disk: the save keeps the GraphQL error shape" "saving failed: database error" \
		"$(printf '%s' "$body" | jq -r '.errors[0].message')"
	unlike "full disk: the answer names no path" "$tmp" "$body"
	like "full disk: graphql.fcgi's log names the database and the cause" \
		"^graphql\\.fcgi: database $tmp/full/larder\\.db: .* failed: database or disk is full \\(SQLITE_FULL" \
		"$(cat "$tmp/full.cgierr")"
fi

# --- children that cannot start, under spawn-fcgi -n (the program's own exit status and stderr) ---------------------
# as_app: run as a user that file modes bind (uid 65534 when this test runs as root)
as_app=
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null 2>&1 && as_app="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
st=$tmp/st
mkdir -p "$st/data"
cat >"$st/larder.conf" <<CONF
database = $st/data/larder.db
data_dir = $st/data
argon2_t_cost = 1
argon2_memory_kib = 64
CONF
[ "$(id -u)" = 0 ] && chown -R 65534:65534 "$st"
# child CONF: graphql.fcgi under spawn-fcgi -n on a socket of its own; sets rc and err
child() {
	rm -f "$st/s.sock"
	LARDER_CONFIG=$1 $as_app "$spawn" -n -s "$st/s.sock" -- "$fcgi" </dev/null >"$st/out" 2>"$st/err"
	rc=$?
	err=$(cat "$st/err")
}
child "$st/larder.conf"
isnt "no database: the child exits non-zero" 0 "$rc"
like "no database: it says why" "^graphql\\.fcgi: cannot start: database $st/data/larder\\.db not initialised: run larder init" "$err"

$as_app "$larder" -c "$st/larder.conf" init >/dev/null 2>"$st/err" || bail_out "larder init: $(cat "$st/err")"
# a database left at an older schema (its version set back on a copy)
mkdir "$st/old" && cp "$st/data/larder.db" "$st/old/" && sed "s#$st/data#$st/old#g" "$st/larder.conf" >"$st/old.conf"
[ "$(id -u)" = 0 ] && chown -R 65534:65534 "$st/old"
$as_app sqlite3 "$st/old/larder.db" 'PRAGMA user_version = 16'
child "$st/old.conf"
isnt "old schema: the child exits non-zero" 0 "$rc"
like "old schema: it says why" "^graphql\\.fcgi: cannot start: database .* has schema version 16, this larder needs [0-9]+: run larder init" "$err"

{ cat "$st/larder.conf"; echo "argon2_t_cost = 2"; } >"$st/twice.conf"
child "$st/twice.conf"
isnt "a key set twice: the child exits non-zero" 0 "$rc"
like "a key set twice: it says which and where" "^graphql\\.fcgi: cannot start: .*twice\\.conf.*'argon2_t_cost' set twice" "$err"

# spawn-fcgi's default (forking) mode points the child's stderr at /dev/null and says "child spawned successfully":
# the child's reason then goes to syslog. In a user and mount namespace, /dev/log is a socket of our own.
if ! command -v python3 >/dev/null 2>&1 || ! unshare -rm true 2>/dev/null; then
	skip "no python3 or no user namespace for a /dev/log of our own" 2
else
	touch "$tmp/null"
	unshare -rm sh -c "
		mount --bind /dev/null '$tmp/null' && mount -t tmpfs tmpfs /dev && touch /dev/null &&
			mount --bind '$tmp/null' /dev/null || { echo 'cannot make a /dev of our own' >&2; exit 9; }
		python3 '$srcdir/t/syslog_listen.py' /dev/log '$tmp/syslog' & lp=\$!
		while [ ! -e '$tmp/syslog.ready' ]; do sleep 0.05; done
		LARDER_CONFIG='$st/twice.conf' '$spawn' -s '$tmp/f.sock' -F 1 -- '$fcgi' >'$tmp/spawn.out' 2>&1
		i=0; while ! grep -q 'cannot start' '$tmp/syslog' && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
		kill \$lp
	" 2>"$tmp/ns.err"
	like "spawn-fcgi without -n: the child's reason reaches syslog" \
		"graphql\\.fcgi\\[[0-9]+\\]: cannot start: .*'argon2_t_cost' set twice" "$(cat "$tmp/syslog" "$tmp/ns.err" 2>&1)"
	unlike "spawn-fcgi without -n: not a word of it on spawn-fcgi's own output" "cannot start" "$(cat "$tmp/spawn.out")"
fi

if [ "$(id -u)" = 0 ] && [ -z "$as_app" ]; then
	skip "running as root without setpriv: file modes cannot be tested" 12
else
	chmod 0444 "$st/data/larder.db"
	child "$st/larder.conf"
	isnt "read-only database: the child exits non-zero" 0 "$rc"
	like "read-only database: it names the file and its mode" \
		"^graphql\\.fcgi: cannot start: the database $st/data/larder\\.db \\(mode 0444, .*give the user the programs run as write access" "$err"
	# SQLite gives a new -shm the database's mode: a reader of the read-only file leaves a read-only -shm behind
	$as_app sqlite3 "$st/data/larder.db" 'SELECT count(*) FROM users' >/dev/null 2>&1
	[ -e "$st/data/larder.db-shm" ] || { touch "$st/data/larder.db-shm"; chmod 0444 "$st/data/larder.db-shm"; }
	chmod 0660 "$st/data/larder.db"
	child "$st/larder.conf"
	isnt "-shm left read-only after the fix: the child exits non-zero" 0 "$rc"
	like "-shm left read-only: it names the file, its mode and the fix" \
		"^graphql\\.fcgi: cannot start: the shared-memory index $st/data/larder\\.db-shm \\(mode 0444,.*chmod it as the database" "$err"
	chmod 0660 "$st/data/larder.db-shm" "$st/data/larder.db-wal" 2>/dev/null
	chmod 0555 "$st/data"
	child "$st/larder.conf"
	isnt "read-only folder: the child exits non-zero" 0 "$rc"
	like "read-only folder: it says the -wal and -shm need it" \
		"^graphql\\.fcgi: cannot start: the database's folder $st/data \\(mode 0555.*-wal and -shm" "$err"
	chmod 0755 "$st/data"
	mkdir "$st/files" && chmod 0555 "$st/files"
	{ cat "$st/larder.conf"; echo "files_dir = $st/files"; } >"$st/files.conf"
	child "$st/files.conf"
	isnt "read-only files_dir: the child exits non-zero" 0 "$rc"
	like "read-only files_dir: it names the key" "^graphql\\.fcgi: cannot start: files_dir $st/files \\(mode 0555" "$err"
	# a data_dir not made yet is made when first needed: only a folder it cannot be made in stops the programs
	mkdir "$st/ro" && chmod 0555 "$st/ro"
	{ grep -v '^data_dir' "$st/larder.conf"; echo "data_dir = $st/ro/data"; } >"$st/dd.conf"
	child "$st/dd.conf"
	isnt "data_dir that cannot be made: the child exits non-zero" 0 "$rc"
	like "data_dir that cannot be made: it says where" "^graphql\\.fcgi: cannot start: data_dir $st/ro/data does not exist and cannot be made: $st/ro cannot be written" "$err"
	# larder worker makes the same check
	$as_app "$larder" -c "$st/files.conf" worker --once >"$st/out" 2>"$st/err"
	rc=$?
	isnt "larder worker: read-only files_dir: exits non-zero" 0 "$rc"
	like "larder worker: says why" "^larder: worker cannot start: files_dir $st/files" "$(cat "$st/err")"
fi
chmod -R u+w "$tmp" 2>/dev/null
done_testing
