#!/usr/bin/env bash
# Hunts every library structure lineup ships (Boost.Lockfree, libcds, liburcu, xenium: `lineup
# list` without the reference, seeded and control ones) in c11 mode and prints one line per
# structure: what the hunt reported, by kind, and its last summary line.
# Usage: bench/c11_sweep.sh [-j JOBS] [-s SEED] LINEUP [BUDGET=60s] [EXTRA HUNT ARGUMENTS...]
#   -j JOBS  worker processes of each hunt (--jobs; default 2, the hunt's own default)
#   -s SEED  seed of program generation (--seed; default 1)
# STRUCTURES="a b ..." limits the sweep to those structures; CORPUS=DIR keeps each hunt's
# counterexamples in DIR/<structure> (default: a temporary folder, removed at the end).
# Data races are reported as found unless --ignore-races is among the extra arguments.
set -u
jobs=2 seed=1
while getopts "j:s:" opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) echo "usage: $0 [-j JOBS] [-s SEED] LINEUP [BUDGET] [EXTRA HUNT ARGUMENTS...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
  echo "usage: $0 [-j JOBS] [-s SEED] LINEUP [BUDGET] [EXTRA HUNT ARGUMENTS...]" >&2
  exit 2
fi
lineup=$1 budget=${2:-60s}
shift $(($# < 2 ? $# : 2))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
structures=${STRUCTURES:-$("$lineup" list | awk 'NR > 1 && $1 ~ /^(boost|cds|urcu|xenium)\// {print $1}')}
corpus=${CORPUS:-$work}
echo "# c11 sweep: budget $budget, --jobs $jobs, --seed $seed${*:+, $*}"
printf '%-36s %-40s %s\n' STRUCTURE REPORTED SUMMARY
for s in $structures; do
  out=$("$lineup" hunt "$s" --memory-model c11 --budget "$budget" --quiet --no-shrink \
    --jobs "$jobs" --seed "$seed" --corpus "$corpus/${s//\//-}" "$@" 2>&1)
  kinds=$(grep -oE "^(deadlock|livelock|not linearizable|missing synchronization|data race|hang|crash|use after free|use-after-free)" \
    <<<"$out" | sort | uniq -c | awk '{n = $1; $1 = ""; printf "%s%s x%d", sep, substr($0, 2), n; sep = ", "}')
  printf '%-36s %-40s %s\n' "$s" "${kinds:-none}" "$(grep -E 'VIOLATION|no violation' <<<"$out" | tail -1)"
done
