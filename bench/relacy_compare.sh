#!/bin/sh
# Relacy next to lineup on the same kind of program: three threads making three calls each on
# a mutex-guarded std::deque queue, interleavings picked at random. Relacy runs the harness
# in bench/relacy/ (built here against the Relacy checkout given, which is never part of this
# repository); lineup hunts ref/queue with --strategy random --atomics-only on one worker,
# so that only lock operations are scheduling points for both, and lineup also judges every
# execution for linearizability. Prints executions (iterations) per second for both.
#
# usage: bench/relacy_compare.sh RELACY_DIR [SECONDS] [LINEUP_BINARY] [ROUNDS]
#   RELACY_DIR     a checkout of https://github.com/dvyukov/relacy (its relacy/ folder)
#   SECONDS        lineup's budget, default 20; Relacy runs as many iterations as lineup
#                  managed in that time, so both run for a similar while
#   LINEUP_BINARY  default build/bin/lineup
#   ROUNDS         default 1. Each round runs lineup then Relacy and prints their ratio; with
#                  several, the median ratio follows. On a shared machine the rate drifts
#                  from minute to minute, and a ratio of two runs next to each other is
#                  steadier than either rate.
set -eu
relacy=${1:?usage: bench/relacy_compare.sh RELACY_DIR [SECONDS] [LINEUP_BINARY] [ROUNDS]}
seconds=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
lineup=${3:-$here/../build/bin/lineup}
rounds=${4:-1}
[ -f "$relacy/relacy/relacy.hpp" ] || { echo "no relacy/relacy.hpp under $relacy" >&2; exit 2; }
[ -x "$lineup" ] || { echo "no lineup binary at $lineup (build it first)" >&2; exit 2; }
case $rounds in '' | *[!0-9]* | 0) echo "ROUNDS must be a positive number" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CXX:-g++} -O2 -std=c++17 -I "$relacy" "$here/relacy/mutex_queue.cpp" -o "$work/relacy_mutex_queue"

: >"$work/ratios"
round=1
while [ "$round" -le "$rounds" ]; do
  "$lineup" hunt ref/queue --strategy random --atomics-only --jobs 1 --budget "${seconds}s" \
    --json --quiet --corpus "" >"$work/lineup.json" || true
  rate=$(python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
print('%d %.0f %.1f' % (d['executions'], d['executions'] / d['seconds'], 100 * d['checker_seconds'] / d['seconds']))
" "$work/lineup.json")
  set -- $rate
  echo "lineup: $1 executions in ${seconds} s ($2 executions/s, $3% of it in the linearizability check)"
  "$work/relacy_mutex_queue" "$1" | tee "$work/relacy.txt"
  python3 -c "
import re, sys
relacy = float(re.search(r'\((\d+) iterations/s', open(sys.argv[1]).read()).group(1))
print('lineup / relacy: %.2f' % (float(sys.argv[2]) / relacy))
" "$work/relacy.txt" "$2" | tee -a "$work/ratios"
  round=$((round + 1))
done
if [ "$rounds" -gt 1 ]; then
  python3 -c "
import statistics, sys
r = [float(l.split()[-1]) for l in open(sys.argv[1])]
print('median lineup / relacy over %d rounds: %.2f' % (len(r), statistics.median(r)))
" "$work/ratios"
fi
