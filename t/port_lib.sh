# port_lib.sh: rand_port, the loopback port a test's own server listens on (sourced by serve_lib.sh, webserver_lib.sh, files_db.sh).
# The ports are 20000..32767: below the kernel's ephemeral range (32768..60999), from which every outgoing connection
# and listen(0) of the other tests running at the same time take theirs (a port chosen there was now and then taken
# by one of those: nginx "Address already in use"). A caller still tries another when its server cannot bind.
rand_port() { echo $((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 12768)); }
