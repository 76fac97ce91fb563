# syslog_listen.py: t/admin_errors.sh's stand-in for a syslog daemon: every datagram sent to the socket SOCK is appended to LOG, one a line (FILE.ready once it listens).
import socket
import sys

sock, log = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sock)
open(log + '.ready', 'w').close()
with open(log, 'ab', buffering=0) as f:
    while True:
        f.write(s.recv(65536) + b'\n')
