#!/bin/sh
# pg_lib.sh: a throwaway PostgreSQL server for a test: initdb and pg_ctl on a Unix socket in a temporary directory (no TCP port), stopped by pg_stop; without the server programs the test says SKIP.
# pg_start: starts it and sets PG_URL (postgresql://…) and PG_DIR; the caller's EXIT trap calls pg_stop.
# Run as root (a container), the server runs as the `postgres` user, since initdb refuses root.

# a test of the PostgreSQL backend says SKIP and ends when larder was built without it (configure --with-postgresql)
pg_need_libpq() {
	grep -q '^#define HAVE_LIBPQ 1' "$top_builddir/config.h" 2>/dev/null ||
		{ echo "1..0 # SKIP larder built without PostgreSQL (configure --with-postgresql)"; exit 0; }
}

# the directory of initdb and pg_ctl: $PG_BINDIR, Debian's /usr/lib/postgresql/N/bin (newest), or $PATH
pg_bindir() {
	for _d in ${PG_BINDIR:-} $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
		[ -x "$_d/initdb" ] && [ -x "$_d/pg_ctl" ] && { echo "$_d"; return 0; }
	done
	_i=$(command -v initdb 2>/dev/null) && { dirname "$_i"; return 0; }
	return 1
}

pg_start() {
	PG_BIN=$(pg_bindir) || { echo "1..0 # SKIP no PostgreSQL server programs (initdb; Debian: apt install postgresql)"; exit 0; }
	PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/larder-pg.XXXXXX") || bail_out "mktemp failed"
	PG_AS=
	if [ "$(id -u)" = 0 ]; then
		id postgres >/dev/null 2>&1 || { echo "1..0 # SKIP running as root without a postgres user for the server"; exit 0; }
		chown postgres "$PG_DIR"
		PG_AS="runuser -u postgres --"
	fi
	$PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U larder -E UTF8 --locale=C --no-sync >"$PG_DIR/initdb.log" 2>&1 ||
		bail_out "initdb failed: $(tail -n 5 "$PG_DIR/initdb.log")"
	$PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
		-o "-c listen_addresses='' -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
		start >/dev/null 2>&1 || bail_out "the PostgreSQL server did not start: $(tail -n 5 "$PG_DIR/server.log")"
	PG_URL="postgresql:///postgres?host=$PG_DIR&user=larder"
}

# stops the server (fast) and removes its directory
pg_stop() {
	[ -n "${PG_DIR:-}" ] || return 0
	[ -f "$PG_DIR/data/postmaster.pid" ] && $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
	rm -rf "$PG_DIR"
	PG_DIR=
}

# pg_fresh_database: with LARDER_TEST_PG_HOST set (t/pg_e2e.sh runs a test so: its throwaway server's socket
# folder), a new database on that server, its URL on stdout; nothing when unset. "Bail out!" and 1 on failure.
pg_fresh_database() {
	[ -n "${LARDER_TEST_PG_HOST:-}" ] || return 0
	_db=t_$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
	_out=$(psql -q -X -h "$LARDER_TEST_PG_HOST" -U larder -d postgres -c "CREATE DATABASE $_db" 2>&1) ||
		{ echo "Bail out! cannot create a PostgreSQL database: $_out"; return 1; }
	echo "postgresql:///$_db?host=$LARDER_TEST_PG_HOST&user=larder"
}

# db_sql TARGET SQL: SQL run on a test's library, its rows printed as the sqlite3 CLI prints them (columns joined
# by '|', NULL as nothing, no header): psql for a postgresql:// URL, else sqlite3 on the file (a lock waited for
# up to 5 s). A comparison is a boolean on PostgreSQL ('t'): a check wanting 1 or 0 casts it (CAST(x AS INTEGER)).
db_sql() {
	if db_pg "$1"; then psql -X -A -t -q -F '|' -v ON_ERROR_STOP=1 -d "$1" -c "$2"
	else sqlite3 -cmd '.timeout 5000' "$1" "$2"; fi
}

# db_pg TARGET: true when TARGET is a PostgreSQL URL (a check about the SQLite file itself is skipped then)
db_pg() { case $1 in postgresql://* | postgres://*) return 0 ;; esac; return 1; }

# db_tables TARGET: the library's own tables by name, one a line (not SQLite's internal ones, not the search index:
# FTS5's virtual table, PostgreSQL's tsvector table, nor PostgreSQL's larder_schema version table)
db_tables() {
	if db_pg "$1"; then
		db_sql "$1" "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'
			AND table_type = 'BASE TABLE' AND table_name NOT IN ('item_search', 'larder_schema') ORDER BY 1"
	else
		db_sql "$1" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
			AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
	fi
}

# db_dump TARGET: every table of db_tables, "== name" then its rows ordered by their first two columns (the
# first, for a table of one), in one run of the client (a psql started for each of some 40 tables took a
# PostgreSQL run seconds a dump)
db_dump() {
	if db_pg "$1"; then
		_cols="SELECT table_name, count(*) FROM information_schema.columns WHERE table_schema = 'public' GROUP BY 1"
	else
		_cols="SELECT m.name, (SELECT count(*) FROM pragma_table_info(m.name)) FROM sqlite_master m WHERE m.type = 'table'
			AND m.name NOT LIKE 'sqlite_%' AND m.sql NOT LIKE 'CREATE VIRTUAL%'"
	fi
	_ncols=$(db_sql "$1" "$_cols") || return 1
	_script=$(db_tables "$1" | while read -r _t; do
		_order="1, 2"
		[ "$(printf '%s\n' "$_ncols" | sed -n "s/^$_t|//p")" = 1 ] && _order=1
		if db_pg "$1"; then printf '\\echo == %s\nSELECT * FROM "%s" ORDER BY %s;\n' "$_t" "$_t" "$_order"
		else printf '.print "== %s"\nSELECT * FROM "%s" ORDER BY %s;\n' "$_t" "$_t" "$_order"; fi
	done)
	if db_pg "$1"; then printf '%s\n' "$_script" | psql -X -A -t -q -F '|' -v ON_ERROR_STOP=1 -d "$1" -f -
	else printf '%s\n' "$_script" | sqlite3 -bail -cmd '.timeout 5000' "$1"; fi
}

# db_cli: the command-line client db_sql needs for this run (psql under t/pg_e2e.sh, else sqlite3), for a
# test's list of required commands
db_cli() { if [ -n "${LARDER_TEST_PG_HOST:-}" ]; then echo psql; else echo sqlite3; fi; }
