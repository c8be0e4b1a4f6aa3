#!/usr/bin/env bash
# Known data races acknowledged one at a time. Usage: race_suppression.sh LINEUP WORK_DIR
# seeded-c11/relaxed-publish-queue links nodes with a relaxed store, so in c11 mode a pop's read
# of a node races with the push that wrote it (two_lock_queue.h). Without a suppression the
# race is reported; with --suppress-race two_lock_queue.h it is not, the summary counts the
# races let pass, and the hunt goes on to the bug behind them (not linearizable), archived with
# the suppression so that its replay reproduces it. A pattern that matches nothing suppresses
# nothing.
set -u
lineup=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
fail() {
  echo "$1"
  cat "$work/out"
  exit 1
}
hunt() {
  # A fixed number of programs, not a short budget: on a loaded machine the budget may end
  # before the first program does.
  "$lineup" hunt seeded-c11/relaxed-publish-queue --memory-model c11 --programs 4 --budget 5m \
    --jobs 1 --quiet --corpus "$work/$1" "${@:2}" >"$work/out" 2>&1
}

hunt plain
grep -q "^data race: " "$work/out" || fail "without a suppression: no data race reported"

hunt suppressed --suppress-race two_lock_queue.h
grep -q "^data race: " "$work/out" && fail "a suppressed race was reported"
grep -qE "^data races suppressed: [1-9][0-9]* \(--suppress-race 'two_lock_queue.h'\)$" "$work/out" ||
  fail "no count of the suppressed races"
grep -q "^not linearizable: " "$work/out" || fail "the bug behind the race was not found"
for file in "$work"/suppressed/*.json; do
  grep -q '"race_suppressions"' "$file" || fail "$file does not record the suppression"
  "$lineup" replay "$file" >"$work/out" 2>&1
  grep -q "^reproduced: not linearizable" "$work/out" || fail "$file does not reproduce"
done

hunt unmatched --suppress-race no_such_file.h
grep -q "^data race: " "$work/out" || fail "a pattern matching nothing suppressed a race"
grep -q "^data races suppressed: 0 " "$work/out" || fail "no zero count for a pattern matching nothing"
echo "suppressed, counted, archived and replayed; unsuppressed races still reported"
