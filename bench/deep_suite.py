#!/usr/bin/python3
"""Time to bug on the deep seeded suite, per strategy (the table "Deep suite" of bench/results.md).

  bench/deep_suite.py [--build build] [--cutoff 60] [--seeds 1] [--out bench/results]
                      [--strategies NAME ...]

The deep bugs need more than the default program or bound: a fourth call in a thread, a fourth
thread, or a third preemption (adapters/seeded/README.md). Each is hunted in the shape it
declares with `lineup hunt BUG --strategy S --budget CUTOFF --jobs 1 --max-bugs 1 --no-shrink`
(the default strategy, portfolio, and the others alone) and stressed on real threads with
`lineup_stress` in the same shape. Prints a Markdown table: per strategy, bugs found, the median
seconds to the first violation (a run that found nothing counts as the cut-off, so a median
above it means half were missed) and its ratio to the default's; writes every run to
deep_suite.csv. Two runs go side by side, one per core. `--strategies` runs only the rows named
(the first of them is then the one the others are compared with).
"""
import argparse
import concurrent.futures
import csv
import json
import os
import statistics
import subprocess

# name, threads, calls: the shape each declares (Structure::shape), which stress must be told.
DEEP = [
    ("seeded/hazard-stack-no-revalidate", 3, 4),
    ("seeded/hazard-slots-wrap", 4, 3),
    ("seeded/treiber-tag-wrap", 3, 4),
    ("seeded/hazard-msqueue-no-revalidate", 3, 4),
    ("seeded/hazard-msqueue-tail-no-revalidate", 3, 4),
    ("seeded/msqueue-tag-reset-roles", 3, 3),
]
STRATEGIES = [  # name, hunt arguments (None: stress)
    ("portfolio (default)", []),
    ("portfolio --bias-classes", ["--bias-classes"]),
    ("cbdpor", ["--strategy", "cbdpor"]),
    ("icb", ["--strategy", "icb"]),
    ("gambit", ["--strategy", "gambit"]),
    ("pct3", ["--strategy", "pct", "--depth", "3"]),
    ("pos", ["--strategy", "pos"]),
    ("surw", ["--strategy", "surw"]),
    ("random", ["--strategy", "random"]),
    ("stress", None),
]


def run(args, bug, threads, calls, strategy, extra, seed):
    budget = f"{args.cutoff}s"
    if extra is None:
        command = [os.path.join(args.build, "bin", "lineup_stress"), bug, "--budget", budget,
                   "--seed", str(seed), "-t", str(threads), "-c", str(calls)]
    else:
        command = [os.path.join(args.build, "bin", "lineup"), "hunt", bug, "--json", "-q",
                   "--jobs", "1", "--corpus", "", "--no-shrink", "--budget", budget, "--seed",
                   str(seed), "--max-bugs", "1"] + extra
    out = subprocess.run(command, capture_output=True, text=True)
    row = {"bug": bug, "strategy": strategy, "seed": seed}
    if out.returncode < 0:  # stress: the bug crashed the process, as a user's test would
        return row | {"found": True, "seconds": None, "kind": f"crash (signal {-out.returncode})"}
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed ({out.returncode}): {out.stderr[-500:]}")
    r = json.loads(out.stdout)
    v = r["violations"][0] if r["violations"] else None
    if v is None:
        return row | {"found": False, "seconds": args.cutoff, "kind": ""}
    seconds = v.get("found_after_seconds", v.get("seconds"))
    return row | {"found": True, "seconds": seconds, "kind": v["kind"]}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--build", default="build")
    p.add_argument("--cutoff", type=int, default=60)
    p.add_argument("--seeds", type=int, default=1)
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    p.add_argument("--strategies", nargs="+", help="only these rows of the table")
    args = p.parse_args()
    strategies = [(s, a) for s, a in STRATEGIES if not args.strategies or s in args.strategies]
    jobs = [(b, t, c, s, a, seed) for b, t, c in DEEP for s, a in strategies
            for seed in range(1, args.seeds + 1)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(lambda j: run(args, *j), jobs))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "deep_suite.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    medians = {}
    for s, _ in strategies:
        mine = [r for r in rows if r["strategy"] == s]
        # A crash under stress has no time of its own: the run's whole cut-off bounds it.
        times = [r["seconds"] if r["seconds"] is not None else args.cutoff for r in mine]
        medians[s] = (sum(r["found"] for r in mine), len(mine), statistics.median(times))
    base = medians[strategies[0][0]][2]
    print(f"Cut-off {args.cutoff} s per run, seeds 1-{args.seeds}, one worker per hunt.\n")
    print("| strategy | found | median seconds to bug | / default |")
    print("|---|---:|---:|---:|")
    for s, (found, n, median) in medians.items():
        ratio = median / base if base > 0 else float("inf")
        print(f"| {s} | {found}/{n} | {median:.2f} | {ratio:.1f}x |")


if __name__ == "__main__":
    main()
