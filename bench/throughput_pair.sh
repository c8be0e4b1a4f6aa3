#!/bin/bash
# bench/throughput_pair.sh OLD_LINEUP NEW_LINEUP [SECONDS] [ROUNDS]
#
# Executions per second and the share of hunt time spent in the linearizability check, for
# two lineup binaries side by side: each row's hunts (one worker, 3x3 programs, the given
# budget) alternate OLD, NEW, OLD, NEW, ... ROUNDS times, and the medians are printed as a
# Markdown table row. On a shared machine the ratio column is the figure to read.
set -uo pipefail
old=${1:?usage: throughput_pair.sh OLD_LINEUP NEW_LINEUP [SECONDS] [ROUNDS]}
new=${2:?usage: throughput_pair.sh OLD_LINEUP NEW_LINEUP [SECONDS] [ROUNDS]}
seconds=${3:-4}
rounds=${4:-3}

one() {  # binary structure strategy accesses -> "executions/s check-share"
  local flags=()
  [ "$4" = atomics ] && flags=(--atomics-only)
  "$1" hunt "$2" --strategy "$3" "${flags[@]}" --jobs 1 --budget "${seconds}s" --json --quiet \
    --corpus "" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["executions"] / d["seconds"], d["checker_seconds"] / d["seconds"])'
}

echo "| structure | strategy | accesses | before exec/s | after exec/s | ratio | check before | check after |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for structure in ref/queue boost/queue cds/michael_list; do
  for strategy in cbdpor dpor portfolio random pct; do
    for accesses in all atomics; do
      rows=()
      for ((r = 0; r < rounds; ++r)); do
        rows+=("old $(one "$old" "$structure" "$strategy" "$accesses")")
        rows+=("new $(one "$new" "$structure" "$strategy" "$accesses")")
      done
      printf '%s\n' "${rows[@]}" | python3 -c '
import statistics, sys
runs = {"old": [], "new": []}
for line in sys.stdin:
    who, rate, share = line.split()
    runs[who].append((float(rate), float(share)))
med = {w: (statistics.median(r for r, _ in v), statistics.median(s for _, s in v))
       for w, v in runs.items()}
(o, os_), (n, ns) = med["old"], med["new"]
print("| %s | %s | %s | %s | %s | %.2fx | %.1f%% | %.1f%% |" % (
    sys.argv[1], sys.argv[2], sys.argv[3], format(round(o), ","), format(round(n), ","),
    n / o, 100 * os_, 100 * ns))' "$structure" "$strategy" "$accesses"
    done
  done
done
