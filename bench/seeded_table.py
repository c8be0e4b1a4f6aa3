#!/usr/bin/python3
"""Prints the "Found by a generic hunt" table of adapters/seeded/README.md.

  bench/seeded_table.py [--build build] [--seed 1] [--bound 2] [NAME ...]

Hunts every seeded/ structure once with the default strategy (`lineup hunt NAME --budget 60s
--jobs 1 --max-bugs 1 --corpus ""`, shrinking on) and prints one Markdown row each: seconds
and executions to the first violation, its program's number, the bound, the kind of failure,
the shrunk case and its preemptions. NAMEs (e.g. seeded/treiber-aba) limit it to those
structures. A structure declaring its own program shape is hunted in that shape. --bound
hunts at another preemption bound (CB-DPOR alone finds seeded/msqueue-tag-reset-roles only at 3;
the default portfolio finds it at 2 through POS). Run it on an idle machine: the seconds are wall time.
"""
import argparse
import json
import subprocess
import sys


def seeded_names(lineup):
    out = subprocess.run([lineup, "list"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.startswith("seeded/")]


def row(lineup, name, seed, bound):
    run = subprocess.run([lineup, "hunt", name, "--budget", "60s", "--jobs", "1", "--max-bugs",
                          "1", "--corpus", "", "--seed", str(seed), "--bound", str(bound),
                          "--json"],
                         capture_output=True, text=True)
    if run.returncode != 1:
        return f"| `{name}` | not found (exit {run.returncode}) |"
    hunt = json.loads(run.stdout)
    v = hunt["violations"][0]
    # "T0: push(2) pop() | T1: pop() push(1)" -> "push(2) pop() \| pop() push(1)"
    shrunk = r" \| ".join(part.split(": ", 1)[1] for part in v["shrunk_program"].split(" | "))
    return (f"| `{name.removeprefix('seeded/')}` | {v['found_after_seconds']:.2f} | "
            f"{v['program_index'] + 1} | {v['found_after_executions']:,} | {hunt['bound']} | "
            f"{v['kind']} | `{shrunk}` | {v['shrunk_preemptions']} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bound", type=int, default=2)
    parser.add_argument("names", nargs="*", help="structures (default: every seeded/ one)")
    args = parser.parse_args()
    lineup = f"{args.build}/bin/lineup"
    print("| structure | seconds | programs | executions | bound | kind | shrunk case "
          "| its preemptions |")
    print("|---|---:|---:|---:|---:|---|---|---:|")
    for name in args.names or seeded_names(lineup):
        print(row(lineup, name, args.seed, args.bound), flush=True)


if __name__ == "__main__":
    sys.exit(main())
