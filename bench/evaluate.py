#!/usr/bin/python3
"""Regenerates the strategy comparison of bench/results.md (van den Hooff 2014 chapter 6 on our suite).

  bench/evaluate.py [--quick] [--build build] [--out bench/results]

Runs, with `lineup hunt` and `lineup_stress` from the build folder:
  time to bug   every seeded bug x strategy (portfolio, cbdpor, gambit, dpor, icb, pct d=3/5/7,
                random, pos, surw, stress),
                several seeds, each run cut off at a budget;
  efficiency    executions per distinct equivalence class per program, after a fixed number
                of executions per program, for each strategy on correct and buggy structures;
  curve         distinct classes against executions on one linked set (libcds's Michael list
                if registered);
  throughput    executions/s per strategy on the 3x3 Boost queue, split into engine, checker
                and program set-up time, and the cost of phase 1.
Writes CSV and JSON into --out, PNG plots (matplotlib), and the tables between the
<!-- results --> markers of bench/results.md. Two runs go side by side (one per core); every
hunt itself runs one worker.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import platform
import statistics
import subprocess
import sys
import time

STRATEGIES = [  # name, hunt arguments
    ("portfolio", ["--strategy", "portfolio"]),
    ("cbdpor", ["--strategy", "cbdpor"]),
    ("gambit", ["--strategy", "gambit"]),
    ("dpor", ["--strategy", "dpor"]),
    ("icb", ["--strategy", "icb"]),
    ("pct3", ["--strategy", "pct", "--depth", "3"]),
    ("pct5", ["--strategy", "pct", "--depth", "5"]),
    ("pct7", ["--strategy", "pct", "--depth", "7"]),
    ("random", ["--strategy", "random"]),
    ("pos", ["--strategy", "pos"]),
    ("surw", ["--strategy", "surw"]),
    ("stress", None),
]
RANDOMIZED = {"portfolio", "gambit", "pct3", "pct5", "pct7", "random", "pos", "surw", "stress"}


def run_json(command):
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed ({out.returncode}): {out.stderr[-500:]}")
    return json.loads(out.stdout)


def hunt(args, structure, extra):
    return run_json([os.path.join(args.build, "bin", "lineup"), "hunt", structure, "--json", "-q",
                     "--jobs", "1", "--corpus", "", "--no-shrink"] + extra)


def structures(args):
    out = subprocess.run([os.path.join(args.build, "bin", "lineup"), "list"], capture_output=True,
                         text=True, check=True).stdout
    names = []
    for line in out.splitlines()[1:]:
        if not line.strip() or line.startswith("built-in"):
            break
        names.append(line.split()[0])
    return names


def time_to_bug(args, bug, strategy, hunt_args, seed):
    budget = f"{args.cutoff}s"
    if hunt_args is None:
        command = [os.path.join(args.build, "bin", "lineup_stress"), bug, "--budget", budget,
                   "--seed", str(seed)]
        start = time.monotonic()
        out = subprocess.run(command, capture_output=True, text=True)
        if out.returncode < 0:
            # The bug crashed the process (a double free on real threads), as it would crash a
            # user's stress test: found, after the wall time of the run; executions unknown.
            return {"bug": bug, "strategy": strategy, "seed": seed, "found": True,
                    "seconds": time.monotonic() - start, "executions": -1,
                    "kind": f"crash (signal {-out.returncode})"}
        if out.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} failed ({out.returncode}): "
                               f"{out.stderr[-500:]}")
        r = json.loads(out.stdout)
        v = r["violations"][0] if r["violations"] else None
        return {"bug": bug, "strategy": strategy, "seed": seed, "found": v is not None,
                "seconds": v["seconds"] if v else r["seconds"],
                "executions": v["executions"] if v else r["executions"], "kind": v["kind"] if v else ""}
    r = hunt(args, bug, hunt_args + ["--budget", budget, "--seed", str(seed), "--max-bugs", "1"])
    v = r["violations"][0] if r["violations"] else None
    return {"bug": bug, "strategy": strategy, "seed": seed, "found": v is not None,
            "seconds": v["found_after_seconds"] if v else r["seconds"],
            "executions": v["found_after_executions"] if v else r["executions"],
            "kind": v["kind"] if v else ""}


def efficiency(args, structure, strategy, hunt_args):
    r = hunt(args, structure, hunt_args + ["--programs", str(args.programs), "--executions",
                                           str(args.executions), "--budget", "1h", "--max-bugs",
                                           "0", "--per-program"])
    return [{"structure": structure, "strategy": strategy, "program": p[0], "executions": p[1],
             "classes": p[2]} for p in r["per_program"] if p[2] > 0]


def curve(args, structure, strategy, hunt_args):
    r = hunt(args, structure, hunt_args + ["--programs", "1", "--executions",
                                           str(args.curve_executions), "--budget", "1h",
                                           "--curve", str(max(1, args.curve_executions // 50))])
    return [{"strategy": strategy, "executions": e, "classes": c} for e, c in r.get("curve", [])]


def throughput(args, strategy, hunt_args):
    r = hunt(args, "boost/queue", hunt_args + ["--budget", f"{args.throughput_seconds}s"])
    engine = r["seconds"] - r["setup_seconds"] - r["checker_seconds"]
    return {"strategy": strategy, "executions_per_second": r["executions"] / r["seconds"],
            "engine_seconds": engine, "checker_seconds": r["checker_seconds"],
            "setup_seconds": r["setup_seconds"], "seconds": r["seconds"]}


def phase1_cost(args):
    model = hunt(args, "boost/queue", ["--programs", "5", "--executions", "2000", "--budget", "1h"])
    serial = hunt(args, "boost/queue", ["--programs", "5", "--executions", "2000", "--budget", "1h",
                                        "--spec", "serial"])
    return (serial["checker_seconds"] - model["checker_seconds"]) / 5


def write_csv(path, rows):
    if not rows:
        return
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def plots(out, ttb, eff, cur):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bugs = sorted({r["bug"] for r in ttb})
    names = [s for s, _ in STRATEGIES]
    fig, ax = plt.subplots(figsize=(max(8, len(bugs) * 1.2), 5))
    width = 0.8 / len(names)
    for i, s in enumerate(names):
        ys = []
        for b in bugs:
            runs = [r for r in ttb if r["bug"] == b and r["strategy"] == s]
            found = [r["seconds"] for r in runs if r["found"]]
            ys.append(statistics.median(found) if len(found) * 2 > len(runs) else float("nan"))
        ax.bar([x + i * width for x in range(len(bugs))], ys, width, label=s)
    ax.set_yscale("log")
    ax.set_ylabel("median seconds to first violation")
    ax.set_title("missing bar: not found in most runs", fontsize=9)
    ax.set_xticks([x + 0.4 for x in range(len(bugs))])
    ax.set_xticklabels([b.replace("seeded/", "") for b in bugs], rotation=30, ha="right")
    ax.legend(ncol=4, fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "time_to_bug.png"), dpi=110)

    fig, ax = plt.subplots(figsize=(7, 5))
    for s in names:
        ratios = sorted(r["executions"] / r["classes"] for r in eff if r["strategy"] == s)
        if ratios:
            ax.step(ratios, [(i + 1) / len(ratios) for i in range(len(ratios))], where="post",
                    label=s)
    ax.set_xscale("log")
    ax.set_xlabel("executions per distinct class (per program)")
    ax.set_ylabel("fraction of programs")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "efficiency_cdf.png"), dpi=110)

    fig, ax = plt.subplots(figsize=(7, 5))
    for s in names:
        pts = [(r["executions"], r["classes"]) for r in cur if r["strategy"] == s]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], label=s)
    ax.set_xlabel("executions")
    ax.set_ylabel("distinct classes")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "exploration_curve.png"), dpi=110)


def tables(ttb, eff, thr, phase1, machine, args, curve_structure):
    names = [s for s, _ in STRATEGIES]
    bugs = sorted({r["bug"] for r in ttb})
    lines = [f"Machine: {machine}. Settings: cut-off {args.cutoff} s per run, seeds "
             f"{args.seeds}, {args.programs} programs x {args.executions} executions for "
             f"efficiency, {args.throughput_seconds} s throughput runs"
             + (" (--quick)" if args.quick else "") + ".", "",
             "Median seconds to the first violation [spread over seeds] (runs that found it / runs):",
             "",
             "| bug | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    found_by = {s: 0 for s in names}
    ratios = {s: [] for s in names}
    for b in bugs:
        cells = []
        cb = [r["seconds"] for r in ttb if r["bug"] == b and r["strategy"] == "cbdpor" and r["found"]]
        for s in names:
            runs = [r for r in ttb if r["bug"] == b and r["strategy"] == s]
            found = [r["seconds"] for r in runs if r["found"]]
            if len(found) > 1:
                cells.append(f"{statistics.median(found):.3g} [{min(found):.2g}-{max(found):.2g}] "
                             f"({len(found)}/{len(runs)})")
            elif found:
                cells.append(f"{found[0]:.3g} ({len(found)}/{len(runs)})")
            else:
                cells.append(f"- (0/{len(runs)})")
            if len(found) * 2 > len(runs):
                found_by[s] += 1
                if cb:
                    ratios[s].append(statistics.median(found) / max(statistics.median(cb), 1e-6))
        lines.append(f"| {b.replace('seeded/', '')} | " + " | ".join(cells) + " |")
    lines += ["", "Bugs found (in most runs) per strategy, and the median over bugs of "
              "time-to-bug / CB-DPOR's time-to-bug:", "",
              "| strategy | bugs found | median time ratio vs cbdpor |", "|---|---|---|"]
    for s in names:
        ratio = f"{statistics.median(ratios[s]):.3g}x" if ratios[s] else "-"
        lines.append(f"| {s} | {found_by[s]}/{len(bugs)} | {ratio} |")
    lines += ["", "Executions per distinct equivalence class, median over programs "
              f"({args.executions} executions per program at most):", "",
              "| strategy | correct structures | seeded (buggy) structures |", "|---|---|---|"]
    for s in names:
        if s == "stress":
            continue
        ok = [r["executions"] / r["classes"] for r in eff
              if r["strategy"] == s and not r["structure"].startswith("seeded/")]
        bad = [r["executions"] / r["classes"] for r in eff
               if r["strategy"] == s and r["structure"].startswith("seeded/")]
        lines.append(f"| {s} | {statistics.median(ok):.3g} | "
                     f"{statistics.median(bad):.3g} |" if ok and bad else f"| {s} | - | - |")
    lines += ["", "Throughput on boost/queue (3 threads x 3 calls, one worker), and where the "
              "time goes:", "", "| strategy | executions/s | engine | checker | set-up |",
              "|---|---|---|---|---|"]
    for t in thr:
        total = t["seconds"]
        lines.append(f"| {t['strategy']} | {t['executions_per_second']:,.0f} | "
                     f"{100 * t['engine_seconds'] / total:.0f}% | "
                     f"{100 * t['checker_seconds'] / total:.0f}% | "
                     f"{100 * t['setup_seconds'] / total:.1f}% |")
    lines += ["", f"Phase 1 (all serial orders, run twice) costs {phase1 * 1000:.0f} ms per "
              "3x3 program on boost/queue.", "",
              f"Plots: `results/time_to_bug.png`, `results/efficiency_cdf.png`, "
              f"`results/exploration_curve.png` ({curve_structure}); data: `results/*.csv`, "
              "`results/results.json`."]
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="a few minutes: fewer seeds, shorter runs")
    p.add_argument("--build", default="build")
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    args = p.parse_args()
    args.seeds = 1 if args.quick else 3
    args.cutoff = 3 if args.quick else 8
    args.programs = 3 if args.quick else 8
    args.executions = 1000 if args.quick else 3000
    args.curve_executions = 5000 if args.quick else 20000
    args.throughput_seconds = 2 if args.quick else 8
    os.makedirs(args.out, exist_ok=True)
    start = time.time()
    names = structures(args)
    bugs = [n for n in names if n.startswith("seeded/")]
    correct = [n for n in names if n.startswith(("boost/", "ref/"))][:4]
    # A correct linked set: the curve's program must run its whole budget, and a search
    # stops at a violation (cds/skiplist_set has one: docs/findings.md).
    curve_structure = next((n for n in ("cds/michael_list", "ref/set") if n in names),
                           "boost/queue")

    jobs = [(b, s, a, seed) for b in bugs for s, a in STRATEGIES for seed in range(1, args.seeds + 1)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        ttb = list(pool.map(lambda j: time_to_bug(args, *j), jobs))
        eff_jobs = [(st, s, a) for st in correct + bugs for s, a in STRATEGIES if a is not None]
        eff = [row for rows in pool.map(lambda j: efficiency(args, *j), eff_jobs) for row in rows]
        cur = [row for rows in pool.map(lambda j: curve(args, curve_structure, *j),
                                        [(s, a) for s, a in STRATEGIES if a is not None])
               for row in rows]
    # Throughput runs alone, one at a time: they measure speed.
    thr = [throughput(args, s, a) for s, a in STRATEGIES if a is not None]
    phase1 = phase1_cost(args)

    machine = (f"{platform.machine()}, {os.cpu_count()} cores, "
               f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, "
               f"{platform.platform()}")
    write_csv(os.path.join(args.out, "time_to_bug.csv"), ttb)
    write_csv(os.path.join(args.out, "efficiency.csv"), eff)
    write_csv(os.path.join(args.out, "exploration_curve.csv"), cur)
    write_csv(os.path.join(args.out, "throughput.csv"), thr)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"machine": machine, "quick": args.quick, "time_to_bug": ttb, "efficiency": eff,
                   "curve": cur, "throughput": thr, "phase1_seconds_per_program": phase1,
                   "minutes": (time.time() - start) / 60}, f, indent=1)
    plots(args.out, ttb, eff, cur)
    table = tables(ttb, eff, thr, phase1, machine, args, curve_structure)
    results = os.path.join(os.path.dirname(__file__), "results.md")
    text = open(results).read()
    begin, end = "<!-- results -->", "<!-- /results -->"
    text = text[:text.index(begin) + len(begin)] + "\n" + table + "\n" + text[text.index(end):]
    tmp = results + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, results)
    print(table)
    print(f"\n{(time.time() - start) / 60:.1f} minutes", file=sys.stderr)


if __name__ == "__main__":
    main()
