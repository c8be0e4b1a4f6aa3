#!/bin/bash
# bench/startup_pair.sh OLD_LINEUP NEW_LINEUP [PAIRS]
#
# Start-up of two lineup binaries side by side: the wall time, start to exit, of one tiny hunt
# (`hunt ref/queue --programs 1 --executions 10 --jobs 1`), OLD and NEW alternating PAIRS times
# (default 7), medians and the median of the pairs' ratios as Markdown table rows. Two rows:
# a hunter already checked (its hidden-access scan kept in the cache folder by an unmeasured
# run before), and a hunter's first hunt (an empty cache folder for every run). Each binary
# runs with a cache folder of its own under a temporary folder, so the user's is not touched.
set -uo pipefail
old=${1:?usage: startup_pair.sh OLD_LINEUP NEW_LINEUP [PAIRS]}
new=${2:?usage: startup_pair.sh OLD_LINEUP NEW_LINEUP [PAIRS]}
pairs=${3:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$old" "$new" "$pairs" "$work" <<'EOF'
import os, shutil, statistics, subprocess, sys, time

old, new, pairs, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
args = ["hunt", "ref/queue", "--programs", "1", "--executions", "10", "--jobs", "1", "--quiet",
        "--corpus", ""]

def run(binary, cache):
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    start = time.perf_counter()
    subprocess.run([binary] + args, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start

def row(label, checked):
    times = {"old": [], "new": []}
    ratios = []
    for who, binary in (("old", old), ("new", new)):
        run(binary, os.path.join(work, who))  # warms the page cache (and fills the cache folder)
    for _ in range(pairs):
        pair = {}
        for who, binary in (("old", old), ("new", new)):
            cache = os.path.join(work, who)
            if not checked:
                shutil.rmtree(cache, ignore_errors=True)
            pair[who] = run(binary, cache)
            times[who].append(pair[who])
        ratios.append(pair["new"] / pair["old"])
    o, n = statistics.median(times["old"]), statistics.median(times["new"])
    print("| %s | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %.2f (%.2f-%.2f) |" % (
        label, o, min(times["old"]), max(times["old"]), n, min(times["new"]),
        max(times["new"]), statistics.median(ratios), min(ratios), max(ratios)))

print("| start-up (%d pairs) | old s, median (min-max) | new s | new / old, median of pairs |"
      % pairs)
print("|---|---:|---:|---:|")
row("hunter already checked", True)
row("first hunt (empty cache)", False)
EOF
