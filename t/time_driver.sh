#!/bin/sh
# time_driver.sh: wraps automake's test driver (Makefile.am's LOG_DRIVER) and adds the test's wall time to its .trs, as ":elapsed-seconds: N" (automake's harness ignores fields it does not know; contrib/test-all reads them).
trs=
prev=
for a in "$@"; do
	[ "$prev" = --trs-file ] && trs=$a
	prev=$a
done
start=$(date +%s.%N)
"$@"
rc=$?
end=$(date +%s.%N)
[ -n "$trs" ] && [ -f "$trs" ] && awk -v s="$start" -v e="$end" 'BEGIN { printf ":elapsed-seconds: %.1f\n", e - s }' >>"$trs"
exit $rc
