#!/usr/bin/env bash
# Hunts each named structure (default: every registered one that is not seeded/ or test/) for
# SECONDS with the default strategy, one worker, from a scratch directory (no corpus files are
# kept), and prints one CSV line per structure:
#   structure,strategy,seconds,programs,executions,classes,bound_completed,violations,kinds
# Usage: bench/soak.sh [SECONDS] [STRUCTURE...]   (run from the repository, after building)
# Extra hunt flags per structure come from SOAK_FLAGS_<name with / and - as _>, e.g.
#   SOAK_FLAGS_boost_queue="--threads 4" bench/soak.sh 60 boost/queue
set -euo pipefail
cd "$(dirname "$0")/.."
lineup="$PWD/build/bin/lineup"
seconds="${1:-60}"
shift || true
structures=("$@")
if [ ${#structures[@]} -eq 0 ]; then
  mapfile -t structures < <("$lineup" list | awk 'NR>1 && $1 ~ /\// && $1 !~ /^(seeded|seeded-c11|test|my)\// {print $1}')
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "structure,strategy,seconds,programs,executions,classes,bound_completed,violations,kinds"
for s in "${structures[@]}"; do
  var="SOAK_FLAGS_${s//[\/-]/_}"
  read -r -a extra <<< "${!var:-}"
  out="$scratch/out.json"
  (cd "$scratch" && "$lineup" hunt "$s" --budget "${seconds}s" --jobs 1 --quiet --no-shrink \
     --max-bugs 0 --json "${extra[@]}" > "$out" 2>/dev/null) || true
  python3 - "$out" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{\n"):]) if "{\n" in text else None
if j is None:
    print("unreadable result", file=sys.stderr); sys.exit(0)
kinds = sorted({v["kind"] for v in j["violations"]})
print(",".join(str(x) for x in [j["structure"], j["strategy"], round(j["seconds"], 1), j["programs"],
      j["executions"], j["distinct_classes"], j["bound_completed"], len(j["violations"]),
      "|".join(kinds)]))
PY
done
