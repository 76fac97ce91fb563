# pg_bench_lib.sh: shared by bench/pg-bench and bench/pg-grow (sourced by bash): a durable throwaway PostgreSQL server, larder.conf files, acknowledged saves/s through nginx with CPU per save, and the SQLite / PostgreSQL search table.
# The sourcing script sets srcdir, builddir, prog, secs, conns and children, then calls pgb_setup; it
# leaves a temporary directory in $work, the server in $work/pg (stopped and removed on exit) and larder
# in $larder. pgb_setup's extra arguments are more server settings (-c NAME=VALUE). With $keep set (a
# directory), the server's data directory is $keep/pg (made there the first time, started again after): only
# stopped on exit, not removed, so a later run goes on with its databases.

die() { echo "$prog: $*" >&2; exit 1; }
bail_out() { die "$*"; }

pgb_setup() {
	local tool
	PATH=$PATH:/usr/sbin:/sbin
	for tool in nginx spawn-fcgi wrk curl jq sqlite3; do
		command -v "$tool" >/dev/null 2>&1 || die "$tool not found"
	done
	[ -f "$builddir/Makefile" ] || die "$builddir is not a configured build tree (give -B)"
	builddir=$(cd "$builddir" && pwd)
	grep -q '^#define HAVE_LIBPQ 1' "$builddir/config.h" || die "$builddir was configured without PostgreSQL"
	make -C "$builddir" -s -j"$(nproc)" bench/search_bench src/cmd/graphql.fcgi src/cmd/larder >"$builddir/bench-$prog-make.log" 2>&1 ||
		die "make failed (log: $builddir/bench-$prog-make.log)"
	larder=$builddir/src/cmd/larder

	work=$(mktemp -d "${TMPDIR:-/tmp}/larder-$prog.XXXXXX") || die "mktemp failed"
	chmod 755 "$work"
	. "$srcdir/t/pg_lib.sh"
	. "$srcdir/bench/http_lib.sh"
	trap 'http_stop; pg_down; rm -rf "$work"' EXIT
	trap 'exit 1' INT TERM

	# ---- a durable throwaway server ----
	PG_BIN=$(pg_bindir) || die "no PostgreSQL server programs (Debian: apt install postgresql)"
	PG_AS=
	pg_data=$work/pg/data
	[ -n "${keep:-}" ] && pg_data=$keep/pg
	mkdir -p "$work/pg"
	if [ "$(id -u)" = 0 ]; then chown postgres "$work/pg"; PG_AS="runuser -u postgres --"; fi
	if [ ! -f "$pg_data/PG_VERSION" ]; then
		mkdir -p "$pg_data" && chmod 700 "$pg_data" || die "cannot make $pg_data"
		[ -n "$PG_AS" ] && chown postgres "$pg_data"
		$PG_AS "$PG_BIN/initdb" -D "$pg_data" -A trust -U larder -E UTF8 --locale=C >"$work/initdb.log" 2>&1 ||
			die "initdb failed: $(tail -n 5 "$work/initdb.log")"
	fi
	$PG_AS "$PG_BIN/pg_ctl" -D "$pg_data" -l "$work/pg/server.log" -w -t 600 \
		-o "-c listen_addresses='' -k $work/pg -c shared_buffers=256MB -c max_connections=60 $*" start >/dev/null 2>&1 ||
		die "the server did not start: $(tail -n 5 "$work/pg/server.log")"
}
pg_down() {
	[ -n "${PG_BIN:-}" ] && [ -f "$pg_data/postmaster.pid" ] &&
		$PG_AS "$PG_BIN/pg_ctl" -D "$pg_data" -m fast -w -t 600 stop >/dev/null 2>&1
}
pg_url() { echo "postgresql:///$1?host=$work/pg&user=larder"; }
# psql_do DATABASE ARGS…: psql on one database, stopping at the first error
psql_do() { local db=$1; shift; "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$(pg_url "$db")" "$@"; }
createdb() { psql_do postgres -c "CREATE DATABASE $1" >/dev/null || die "CREATE DATABASE $1 failed"; }
# now: the time in seconds, with nanoseconds, for the scripts' elapsed times
now() { date +%s.%N; }
pg_size() { psql_do postgres -A -t -c "SELECT pg_size_pretty(pg_database_size('$1'))"; }
# conf NAME DATABASE: a larder.conf for one database (the one user's requests at once raised to the processes'
# count: at the default 3 the fourth process's saves were refused with 429)
conf() {
	printf 'database = %s\ndata_dir = %s\nbase_url = http://127.0.0.1\nfetch_in_web = no\nrequests_per_user = %s\n' \
		"$2" "$work/data-$1" "$children" >"$work/$1.conf"
	mkdir -p "$work/data-$1"
	echo "$work/$1.conf"
}
pgb_banner() {
	echo "$prog, $(date -u +%Y-%m-%dT%H:%MZ): $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "SQLite $(sqlite3 --version | cut -d' ' -f1) (WAL, synchronous FULL); $("$PG_BIN/postgres" --version) (fsync on, synchronous_commit on), same machine"
}

# cpu_snap: "PID COMMAND TICKS" (user + system clock ticks) for every running process, and the machine's.
# A process that is not this run's (its PostgreSQL server, nginx, graphql.fcgi pool, or their children) is
# named "other" so a busy neighbour is seen as such.
cpu_snap() {
	local f comm rest pid mine
	mine=" $(head -n 1 "$pg_data/postmaster.pid" 2>/dev/null) $(cat "$work/nginx.pid" "$work/graphql.pid" 2>/dev/null | tr '\n' ' ') "
	for f in /proc/[0-9]*/stat; do
		read -r rest 2>/dev/null <"$f" || continue
		pid=${f#/proc/}; pid=${pid%/stat}
		comm=${rest#*(}; comm=${comm%%)*}
		set -- ${rest##*) }
		case "$comm $mine" in
		kworker*|ksoftirqd*) comm=kernel ;;
		*" $pid "*|*" $2 "*) ;;
		*) comm=other ;;
		esac
		echo "$pid ${comm// /_} $((${12} + ${13}))"
	done
	awk '/^cpu / { print "machine (machine)", $2 + $3 + $4 + $7 + $8 }' /proc/stat
}
# cpu_per_save NAME SAVES: "graphql.fcgi 0.31 ms, postgres 0.52 ms, …": CPU per answered save by program, over
# the wrk run (processes alive at both ends of it; wrk's own time and the kernel's outside processes are only in
# "all", the whole machine's)
cpu_per_save() {
	awk -v n="$2" -v hz="$(getconf CLK_TCK)" 'NR == FNR { a[$1 " " $2] = $3; next } ($1 " " $2) in a { t[$2] += $3 - a[$1 " " $2] }
		END { for (c in t) if (c != "(machine)" && t[c] * 1000 / hz / n >= 0.01) printf "%s %.2f\n", c, t[c] * 1000 / hz / n
		      printf "all %.2f\n", t["(machine)"] * 1000 / hz / n }' "$work/$1.cpu0" "$work/$1.cpu1" |
		sort -k2 -rn | awk '{ printf "%s%s %s ms", (NR > 1 ? ", " : ""), $1, $2 }'
}

# ---- saves/s: saveUrl of distinct URLs (https://siteT.example/a/N) through nginx, $children graphql.fcgi processes ----
# save_run NAME CONF KEY COUNT-SQL: prints "saves/s answered stored"; COUNT-SQL (run by eval after the run)
# counts the saved URLs, and must find at least as many as wrk saw answered
save_run() {
	local out sent rps stored
	cat >"$work/save.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["authorization"] = "$3"
local threads = 0
function setup(thread)
	thread:set("tid", threads)
	threads = threads + 1
end
local n = 0
function request()
	n = n + 1
	return wrk.format(nil, nil, nil, string.format(
		'{"query":"mutation { saveUrl(input: {url: \\\\"https://site%d.example/a/%d\\\\", source: \\\\"bench\\\\", clientRequestId: \\\\"\\\\"}) { __typename } }"}',
		tid, n))
end
LUA
	http_pools=
	http_pool graphql "$builddir/src/cmd/graphql.fcgi" LARDER_CONFIG="$2"
	http_nginx_start
	out=$(curl -s -m 10 -H 'content-type: application/json' -H "authorization: $3" \
		--data '{"query":"mutation { saveUrl(input: {url: \"https://check.example/\", source: \"bench\", clientRequestId: \"\"}) { __typename } }"}' \
		"http://127.0.0.1:$port/api/graphql")
	case $out in *SaveSuccess*) ;; *) die "$1: saveUrl does not answer SaveSuccess: $out" ;; esac
	cpu_snap >"$work/$1.cpu0"
	out=$(wrk -t2 -c"$conns" -d"${secs}s" -s "$work/save.lua" "http://127.0.0.1:$port/api/graphql" 2>&1) || die "wrk failed: $out"
	cpu_snap >"$work/$1.cpu1"
	case $out in *Non-2xx*|*'Socket errors'*) die "$1: wrk saw errors: $(printf '%s' "$out" | grep -E 'Non-2xx|Socket')" ;; esac
	sent=$(printf '%s\n' "$out" | awk '/requests in/ { print $1 }')
	rps=$(printf '%s\n' "$out" | awk '/^Requests\/sec:/ { printf "%.0f", $2 }')
	http_stop
	stored=$(eval "$4")
	[ "$stored" -ge "$sent" ] || die "$1: fewer items stored ($stored) than saves answered ($sent)"
	echo "$rps $sent $stored"
}
# saves_report SQLITE-RESULT PG-RESULT: the saves/s lines and the ratio (each result "saves/s answered stored")
saves_report() {
	local s_rps s_sent s_stored p_rps p_sent p_stored ratio
	read -r s_rps s_sent s_stored <<<"$1"
	read -r p_rps p_sent p_stored <<<"$2"
	printf '   SQLite      %6d saves/s (%d answered, %d stored)\n' "$s_rps" "$s_sent" "$s_stored"
	printf '   PostgreSQL  %6d saves/s (%d answered, %d stored)\n' "$p_rps" "$p_sent" "$p_stored"
	ratio=$(awk -v a="$p_rps" -v b="$s_rps" 'BEGIN { printf "%.2f", a / b }')
	echo "   CPU per save (ms; 'all' is the whole machine, kernel included):"
	echo "     SQLite:     $(cpu_per_save sqlite-saves "$s_sent")"
	echo "     PostgreSQL: $(cpu_per_save pg-saves "$p_sent")"
	printf '   ratio PostgreSQL / SQLite: %s (target >= 3: %s)\n' "$ratio" "$(awk -v r="$ratio" 'BEGIN { print (r >= 3) ? "met" : "MISSED" }')"
}

# search_table QUERIES SQLITE-OUT PG-OUT: search_bench's two outputs side by side, p50 / p99 and the ratio
search_table() {
	printf '   %-44s %19s   %19s   %s\n' "store_search, 20 items ($1 queries)" "SQLite p50 / p99" "PostgreSQL p50 / p99" "p50 ratio"
	paste -d'|' <(grep ' p50 ' "$2") <(grep ' p50 ' "$3") | awk -F'|' '{
		split($1, a, / +p50 +| ms +p99 +| ms +mean/); split($2, b, / +p50 +| ms +p99 +| ms +mean/)
		sub(/^ +/, "", a[1]); if (a[1] == "") a[1] = "  the same, with totalCount (-t)"
		printf "   %-44s %7.2f / %7.2f ms   %7.2f / %7.2f ms   %5.1fx\n", a[1], a[2], a[3], b[2], b[3], b[2] / (a[2] > 0 ? a[2] : 0.01) }'
}

# pgb_statements DATABASE SAVES: pg_stat_statements over the saves run (the wrk run and the checks around it):
# each statement's calls, planning and execution time per save (wall time inside the server, so a busy machine
# inflates them alike), the costliest first; the statements of triggers are counted apart from their caller's
pgb_statements() {
	echo "   the server's statements during PostgreSQL's saves, per answered save (pg_stat_statements; nested ones indented by 'top'):"
	psql_do "$1" -A -t -F ' ' -v n="$2" <<'SQL' | awk '{ printf "     %5.2f calls %7.1f us plan %7.1f us run  %s  %s\n", $1, $2, $3, $4, substr($0, index($0, $5)) }'
SELECT round(calls::numeric / :n, 2), round((total_plan_time * 1000 / :n)::numeric, 1),
       round((total_exec_time * 1000 / :n)::numeric, 1), CASE WHEN toplevel THEN 'top' ELSE '   ' END,
       left(regexp_replace(query, '\s+', ' ', 'g'), 100)
FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND calls >= :n / 2
ORDER BY total_plan_time + total_exec_time DESC LIMIT 25
SQL
}
