#!/usr/bin/env bash
# A hunt cut short. Usage: interrupted_hunt.sh LINEUP SIGNAL STATUS CORPUS JOBS
# Hunts seeded/publish-before-write (a bug found in its first second) with a budget far longer
# than the test may take, waits until the corpus holds the bug's file, and sends SIGNAL:
#   INT, TERM: the hunt must stop, print the report, sum up, say it was interrupted, and exit
#              with STATUS (130, 143);
#   KILL:      nothing can be printed, but the file must be there and readable.
set -u
lineup=$1 sig=$2 want=$3 dir=$4 jobs=$5
rm -rf "$dir"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$lineup" hunt seeded/publish-before-write --budget 1h --jobs "$jobs" --quiet --corpus "$dir" \
  >"$out" 2>&1 &
pid=$!
for _ in $(seq 1500); do
  compgen -G "$dir/*.json" >/dev/null && break
  sleep 0.2
done
kill -"$sig" "$pid"
wait "$pid"
status=$?
fail() {
  echo "$1"
  cat "$out"
  exit 1
}
[ "$status" = "$want" ] || fail "exit status $status, expected $want"
if [ "$sig" != KILL ]; then
  for line in "not linearizable" "schedule: s" "archived: $dir/" "interrupted by SIG$sig"; do
    grep -qF "$line" "$out" || fail "expected '$line' in the output"
  done
  # With several workers each may have found a violation of its own before the signal.
  grep -qE "^[1-9][0-9]* VIOLATIONS? found" "$out" || fail "expected 'N VIOLATION(S) found'"
fi
listing=$("$lineup" corpus list "$dir") || fail "corpus list failed: $listing"
grep -q "unreadable" <<<"$listing" && fail "an unreadable file: $listing"
grep -q "not linearizable" <<<"$listing" || fail "no violation in the corpus: $listing"
exit 0
