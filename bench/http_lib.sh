# http_lib.sh: shared by the HTTP benchmarks (sourced by bash scripts): FastCGI pools under spawn-fcgi behind a private nginx, and wrk runs with CPU accounting.
# The sourcing script sets srcdir, work (a private directory), children, conns and prog (a name for
# messages), and defines die(). Pools: http_pool NAME PROGRAM [ENV=VALUE...]; then http_nginx_start
# routes /api/graphql to the pool named graphql and /NAME to every other pool, and sets $port.

http_pools=
http_pool() {
	local name=$1 program=$2
	shift 2
	env "$@" spawn-fcgi -s "$work/$name.sock" -M 0666 -F "$children" -P "$work/$name.pid" -- "$program" \
		>>"$work/spawn.log" 2>&1 || die "spawn-fcgi $name failed: $(cat "$work/spawn.log")"
	http_pools="$http_pools $name"
}

# stops nginx and every pool (safe to call twice)
http_stop() {
	local name pid
	if [ -f "$work/nginx.pid" ]; then
		pid=$(cat "$work/nginx.pid" 2>/dev/null)
		[ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null
		rm -f "$work/nginx.pid"
	fi
	local pids= tries=0
	for name in $http_pools; do
		[ -f "$work/$name.pid" ] || continue
		for pid in $(cat "$work/$name.pid"); do kill "$pid" 2>/dev/null && pids="$pids $pid"; done
		rm -f "$work/$name.pid"
	done
	# wait for the children to be gone (up to 5 s), so the next pool can take the same socket
	while [ -n "$pids" ] && [ $tries -lt 50 ]; do
		local alive=
		for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive="$alive $pid"; done
		pids=$alive
		[ -n "$pids" ] && sleep 0.1
		tries=$((tries + 1))
	done
	for name in $http_pools; do rm -f "$work/$name.sock"; done
	sleep 0.1
}

http_write_nginx_conf() {
	local name path params='
			fastcgi_param QUERY_STRING $query_string;
			fastcgi_param REQUEST_METHOD $request_method;
			fastcgi_param CONTENT_TYPE $content_type;
			fastcgi_param CONTENT_LENGTH $content_length;
			fastcgi_param REQUEST_URI $request_uri;
			fastcgi_param DOCUMENT_URI $document_uri;
			fastcgi_param SERVER_PROTOCOL $server_protocol;
			fastcgi_param REQUEST_SCHEME $scheme;
			fastcgi_param GATEWAY_INTERFACE CGI/1.1;
			fastcgi_param SERVER_SOFTWARE nginx;
			fastcgi_param REMOTE_ADDR $remote_addr;
			fastcgi_param REMOTE_PORT $remote_port;
			fastcgi_param SERVER_ADDR $server_addr;
			fastcgi_param SERVER_PORT $server_port;
			fastcgi_param SERVER_NAME $server_name;'
	{
		printf '%s\n' "# nginx.conf for bench/$prog (generated)" "worker_processes 1;" "pid $work/nginx.pid;" \
			"error_log $work/nginx-error.log warn;" "events { worker_connections 1024; }" "http {" \
			"	access_log off;" "	client_body_temp_path $work/tmp/body;" "	fastcgi_temp_path $work/tmp/fastcgi;" \
			"	proxy_temp_path $work/tmp/proxy;" "	uwsgi_temp_path $work/tmp/uwsgi;" "	scgi_temp_path $work/tmp/scgi;" \
			"	server {" "		listen 127.0.0.1:$1;" "		server_name localhost;"
		for name in $http_pools; do
			path=/$name
			[ "$name" = graphql ] && path=/api/graphql
			printf '%s\n' "		location = $path {" "			fastcgi_pass unix:$work/$name.sock;" \
				"			fastcgi_param SCRIPT_NAME $path;$params" "		}"
		done
		printf '\t}\n}\n'
	} >"$work/nginx.conf"
}

# starts nginx on a free random port: sets $port
http_nginx_start() {
	local p
	port=
	mkdir -p "$work/tmp"
	for _ in 1 2 3 4 5 6 7 8; do
		p=$((20000 + RANDOM % 40000))
		http_write_nginx_conf "$p"
		if nginx -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" 2>>"$work/nginx-start.log"; then
			port=$p
			return 0
		fi
	done
	die "nginx did not start: $(tail -n 5 "$work/nginx-start.log" "$work/nginx-error.log" 2>/dev/null)"
}

# CPU ticks (user + system) used so far by the given pids
cpu_ticks() {
	local pid sum=0 t
	for pid in "$@"; do
		t=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2>/dev/null) || continue
		sum=$((sum + ${t:-0}))
	done
	echo "$sum"
}
nginx_pids() {
	local master f
	master=$(cat "$work/nginx.pid")
	echo "$master"
	for f in /proc/[0-9]*/stat; do
		awk -v m="$master" '{ pid = $1; sub(/^.*\) /, ""); if ($2 == m) print pid }' "$f" 2>/dev/null
	done
}
hz=$(getconf CLK_TCK)

# wrk_run URL SECONDS POOL [LUA-SCRIPT]: "requests/s latency-avg latency-max fcgi-cpu-us/req
# nginx-cpu-us/req" of one wrk run against URL served by POOL; nothing when it failed (reason on
# stderr). Without a script wrk sends GETs.
wrk_run() {
	local url=$1 secs=$2 pool=$3 script=${4:-} out f0 f1 n0 n1 ng
	ng=$(nginx_pids)
	f0=$(cpu_ticks $(cat "$work/$pool.pid")) n0=$(cpu_ticks $ng)
	if ! out=$(wrk -t2 -c"$conns" -d"${secs}s" ${script:+-s "$script"} "$url" 2>&1); then
		echo "$prog: wrk failed: $out" >&2
		return 1
	fi
	f1=$(cpu_ticks $(cat "$work/$pool.pid")) n1=$(cpu_ticks $ng)
	case $out in
	*Non-2xx*|*'Socket errors'*)
		echo "$prog: wrk saw errors from $url: $(printf '%s' "$out" | grep -E 'Non-2xx|Socket')" >&2
		return 1 ;;
	esac
	printf '%s\n' "$out" | awk -v fc=$((f1 - f0)) -v nc=$((n1 - n0)) -v hz="$hz" '
		/^ +Latency/ { avg = $2; max = $4 }
		/requests in/ { n = $1 }
		/^Requests\/sec:/ { rps = $2 }
		END { if (rps != "" && n > 0) printf "%s %s %s %.1f %.1f\n", rps, avg, max, fc * 1e6 / hz / n, nc * 1e6 / hz / n }'
}
