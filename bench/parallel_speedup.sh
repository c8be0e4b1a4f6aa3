#!/usr/bin/env bash
# Executions/s of `lineup hunt` with 1 worker and with N workers (default: the number of
# cores), measured back to back on the same structure and budget; prints both and the ratio.
#   bench/parallel_speedup.sh [build/bin/lineup] [structure] [seconds]
set -euo pipefail
lineup=${1:-build/bin/lineup}
structure=${2:-boost/queue}
seconds=${3:-20}
jobs=$(nproc)
rate() {
  "$lineup" hunt "$structure" --budget "${seconds}s" --jobs "$1" --json -q --corpus "" |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["executions"] / r["seconds"])'
}
one=$(rate 1)
many=$(rate "$jobs")
python3 - "$one" "$many" "$jobs" <<'PY'
import sys
one, many, jobs = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
print(f"--jobs 1: {one:,.0f} executions/s")
print(f"--jobs {jobs}: {many:,.0f} executions/s")
print(f"speed-up: {many / one:.2f}x")
PY
