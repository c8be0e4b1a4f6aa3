#!/usr/bin/env bash
# Hunts every library structure lineup ships (Boost.Lockfree, libcds, liburcu, xenium: `lineup
# list` without the reference, seeded and control ones) in c11 mode and prints one line per
# structure: what the hunt reported, by kind, and its last summary line.
# Usage: bench/c11_sweep.sh LINEUP [BUDGET=60s] [EXTRA HUNT ARGUMENTS...]
# STRUCTURES="a b ..." limits the sweep to those structures; CORPUS=DIR keeps each hunt's
# counterexamples in DIR/<structure> (default: a temporary folder, removed at the end).
# Data races are reported as found unless --ignore-races is among the extra arguments.
set -u
lineup=$1 budget=${2:-60s}
shift $(($# < 2 ? $# : 2))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
structures=${STRUCTURES:-$("$lineup" list | awk 'NR > 1 && $1 ~ /^(boost|cds|urcu|xenium)\// {print $1}')}
corpus=${CORPUS:-$work}
printf '%-36s %-40s %s\n' STRUCTURE REPORTED SUMMARY
for s in $structures; do
  out=$("$lineup" hunt "$s" --memory-model c11 --budget "$budget" --quiet --no-shrink \
    --corpus "$corpus/${s//\//-}" "$@" 2>&1)
  kinds=$(grep -oE "^(deadlock|livelock|not linearizable|data race|hang|crash|use after free)" \
    <<<"$out" | sort | uniq -c | awk '{n = $1; $1 = ""; printf "%s%s x%d", sep, substr($0, 2), n; sep = ", "}')
  printf '%-36s %-40s %s\n' "$s" "${kinds:-none}" "$(grep -E 'VIOLATION|no violation' <<<"$out" | tail -1)"
done
