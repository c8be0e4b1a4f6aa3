#!/usr/bin/env bash
# Runs soak.sh SECONDS over STRUCTURES in LANES background lanes, from a copy of the current
# build (rebuilding meanwhile does not disturb them), and appends each finished soak to
# bench/results/soak_SECONDS.csv with the commit of the copy. Returns at once; the lanes' logs
# are in the scratch folder it prints.
# With no STRUCTURE: every registered library and reference structure that has no line in that
# file yet, except those with a known bug (docs/findings.md), which report it instead.
# Usage: bench/soak_lanes.sh SECONDS LANES [STRUCTURE...]   (from the repository, after building)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: bench/soak_lanes.sh SECONDS LANES [STRUCTURE...]" >&2
  exit 2
fi
seconds="$1"
lanes="$2"
shift 2
known_buggy=" cds/optimisticqueue cds/skiplist_set "
results="$PWD/bench/results/soak_${seconds}.csv"
commit=$(git rev-parse --short HEAD)
if ! git diff --quiet HEAD -- . ':!bench/results'; then
  echo "warning: uncommitted changes; the build may not be $commit" >&2
fi
[ -f "$results" ] ||
  echo "structure,strategy,seconds,programs,executions,classes,bound_completed,violations,kinds,commit" \
    > "$results"

structures=("$@")
if [ ${#structures[@]} -eq 0 ]; then
  while read -r s; do
    [[ "$known_buggy" == *" $s "* ]] && continue
    grep -q "^$s," "$results" || structures+=("$s")
  done < <(build/bin/lineup list | awk 'NR>1 && NF>1 && $1 ~ /\// && $1 !~ /^(seeded|seeded-c11|test|my)\// {print $1}')
fi
if [ ${#structures[@]} -eq 0 ]; then
  echo "nothing to soak: every structure has a line in $results"
  exit 0
fi

scratch=$(mktemp -d /tmp/soak.XXXXXX)
mkdir -p "$scratch/bench" "$scratch/build/bin"
cp bench/soak.sh "$scratch/bench/"
cp build/bin/lineup "$scratch/build/bin/"
for ((lane = 0; lane < lanes; ++lane)); do
  mine=()
  for ((i = lane; i < ${#structures[@]}; i += lanes)); do mine+=("${structures[i]}"); done
  [ ${#mine[@]} -eq 0 ] && continue
  # One short append per soak (O_APPEND), so lanes never interleave within a line.
  nohup bash -c '
    for s in "${@:4}"; do
      line=$("$1/bench/soak.sh" "$2" "$s" | tail -n +2)
      [ -n "$line" ] && echo "$line,$3" >> "'"$results"'"
    done' lane "$scratch" "$seconds" "$commit" "${mine[@]}" > "$scratch/lane$lane.log" 2>&1 &
  echo "lane $lane (pid $!): ${mine[*]}"
done
echo "logs in $scratch; results appended to $results"
