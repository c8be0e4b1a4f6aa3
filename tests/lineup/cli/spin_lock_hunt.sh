#!/usr/bin/env bash
# The default hunt of a structure behind a read-modify-write spin lock. Usage:
#   spin_lock_hunt.sh LIMIT_SECONDS LINEUP ARGS...
# Runs LINEUP ARGS --json and fails unless the hunt exits 0 (no violation), no execution ran
# into the step limit, spin detection blocked a thread at least once (the waiting rounds were
# recognised as spins), and the hunt ended within LIMIT_SECONDS of wall time (its budget, the
# stated grace and a margin for a loaded machine: a bound on how long it may run at all).
set -u
limit=$1
shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s%N)
"$@" --json >"$out" 2>&1
status=$?
took_ms=$((($(date +%s%N) - start) / 1000000))
fail() {
  echo "$1"
  cat "$out"
  exit 1
}
[ "$status" = 0 ] || fail "exit status $status, expected 0"
if grep -q "step limit" "$out"; then fail "an execution ran into the step limit"; fi
blocks=$(sed -n 's/.*"spin_blocks": \([0-9]*\).*/\1/p' "$out" | head -1)
[ -n "$blocks" ] || fail "no spin_blocks in the JSON summary"
((blocks > 0)) || fail "spin detection blocked no thread"
((took_ms <= limit * 1000)) || fail "took $took_ms ms, more than $limit s"
echo "spin detection blocked a thread $blocks times; took $took_ms ms"
