#!/bin/bash
# bench/compare_hunts.sh OLD_LINEUP NEW_LINEUP [PROGRAMS]
#
# For a change that must not change behaviour (a refactoring): hunts every seeded structure and
# a few real ones with both binaries, same seed and program count, one worker, and compares
# what the hunts found and explored: counts, coverage, and each violation's program, kind,
# signature, schedule and shrunk case (timings are left out). Then the other strategies on two
# structures. Structures only NEW knows are left out. Prints "same" or the difference per
# hunt; exits 1 if any differs.
set -uo pipefail
old=${1:?usage: compare_hunts.sh OLD_LINEUP NEW_LINEUP [PROGRAMS]}
new=${2:?usage: compare_hunts.sh OLD_LINEUP NEW_LINEUP [PROGRAMS]}
programs=${3:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

summary() {  # the parts of a `hunt --json` object that must not change
  python3 -c '
import json, sys
d = json.load(sys.stdin)
keys = ["structure", "strategy", "bound", "programs", "executions", "distinct_classes",
        "bound_completed", "bound_covered", "programs_capped", "executions_abandoned",
        "spin_blocks", "forced_timeouts"]
print({k: d.get(k) for k in keys})
for v in d["violations"]:
    print(v["program_index"], v["kind"], v["signature"], v["schedule"], v["shrunk_schedule"],
          v["shrunk_program"], v["results"])'
}

failed=0
compare() {  # compare ARGS...: one hunt with both binaries
  "$old" hunt "$@" --seed 11 --jobs 1 --quiet --json --corpus '' --max-bugs 0 2>/dev/null |
    summary > "$work/old" || true
  "$new" hunt "$@" --seed 11 --jobs 1 --quiet --json --corpus '' --max-bugs 0 2>/dev/null |
    summary > "$work/new" || true
  if [ -s "$work/new" ] && cmp -s "$work/old" "$work/new"; then
    echo "same  $*"
  else
    echo "DIFF  $*"
    diff "$work/old" "$work/new" | head -8
    failed=1
  fi
}

# The seeded structures both binaries know (a structure added since OLD has nothing to match).
seeded=$(comm -12 <("$old" list | awk '/^seeded\// {print $1}' | sort) \
  <("$new" list | awk '/^seeded\// {print $1}' | sort))
for s in $seeded boost/queue cds/msqueue xenium/harris_michael_list_set-ebr; do
  compare "$s" --programs "$programs" --budget 300s
done
for strategy in dpor icb pct random; do
  for s in seeded/treiber-aba boost/queue; do
    compare "$s" --strategy "$strategy" --programs 6 --executions 3000 --budget 300s
  done
done
exit $failed
