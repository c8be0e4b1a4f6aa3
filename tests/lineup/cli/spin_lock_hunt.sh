#!/usr/bin/env bash
# The default hunt of a structure behind a read-modify-write spin lock. Usage:
#   spin_lock_hunt.sh LIMIT_SECONDS LINEUP ARGS...
# Fails unless LINEUP ARGS --json exits 0 (no violation) within LIMIT_SECONDS (hunt_within.sh),
# no execution ran into the step limit, and spin detection blocked a thread at least once (the
# waiting rounds were recognised as spins).
set -u
limit=$1
shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
HUNT_OUTPUT=$out "$(dirname "$0")/hunt_within.sh" "$limit" 0 '"spin_blocks"' "$@" --json || exit 1
if grep -q "step limit" "$out"; then
  echo "an execution ran into the step limit"
  exit 1
fi
blocks=$(sed -n 's/.*"spin_blocks": \([0-9]*\).*/\1/p' "$out" | head -1)
if [ -z "$blocks" ] || ((blocks == 0)); then
  echo "spin detection blocked no thread"
  cat "$out"
  exit 1
fi
echo "spin detection blocked a thread $blocks times"
