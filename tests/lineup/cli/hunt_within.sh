#!/usr/bin/env bash
# A hunt must end in time whatever the structure does. Usage:
#   hunt_within.sh LIMIT_SECONDS STATUS MESSAGE LINEUP ARGS...
# Runs LINEUP ARGS, and fails unless it exits with STATUS, prints MESSAGE, and ends within
# LIMIT_SECONDS of wall time (the budget, the shrink budget and the stated grace, with a
# margin for a loaded machine: this is a bound on how long the hunt may run at all, not a
# measure of speed). With HUNT_OUTPUT=FILE in the environment the output is kept in FILE, for
# a caller's further checks.
set -u
limit=$1 want=$2 message=$3
shift 3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s%N)
"$@" >"$out" 2>&1
status=$?
took_ms=$((($(date +%s%N) - start) / 1000000))
fail() {
  echo "$1"
  cat "$out"
  exit 1
}
[ "$status" = "$want" ] || fail "exit status $status, expected $want"
grep -qF "$message" "$out" || fail "expected '$message' in the output"
((took_ms <= limit * 1000)) || fail "took $took_ms ms, more than $limit s"
echo "took $took_ms ms"
if [ -n "${HUNT_OUTPUT:-}" ]; then cp "$out" "$HUNT_OUTPUT"; fi
exit 0
