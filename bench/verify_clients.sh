#!/usr/bin/env bash
# `lineup verify` on the push/pop clients of issue 47: boost/queue, boost/stack, cds/msqueue
# and cds/treiber_stack, each with N pushing and N popping threads of one call each
# (--roles push=N,pop=N; pushes of 1..N), for N in SIZES. Prints one markdown row per run:
# classes, executions, seconds and the verdict ("linearizable" when verified; "not completed"
# when the budget ran out, with the estimated whole search in executions, ">=" when it is a
# lower estimate (see README, Verifying a client); "violation" is a
# finding, with the archived counterexample under a temporary folder that is kept then).
# Usage: bench/verify_clients.sh LINEUP [BUDGET=120s] [SIZES="2 3 4"] [STRUCTURES...]
set -u
lineup=$1 budget=${2:-120s} sizes=${3:-2 3 4}
shift $(($# < 3 ? $# : 3))
structures=("$@")
[ ${#structures[@]} -gt 0 ] || structures=(boost/queue boost/stack cds/msqueue cds/treiber_stack)
work=$(mktemp -d)
found=0
echo "| structure | client | classes | executions | seconds | verdict |"
echo "|---|---|---:|---:|---:|---|"
for n in $sizes; do
  for s in "${structures[@]}"; do
    json=$("$lineup" verify "$s" --roles "push=$n,pop=$n" --budget "$budget" --json \
      --corpus "$work/${s//\//-}" 2>"$work/stderr")
    status=$?
    if ! jq -e . >/dev/null 2>&1 <<<"$json"; then
      echo "| \`$s\` | $n+$n | | | | lineup failed (exit $status): $(tail -1 "$work/stderr") |"
      continue
    fi
    verdict=$(jq -r '.verdict' <<<"$json")
    if [ "$verdict" = "not completed" ]; then
      estimate=$(printf '%.2g' "$(jq -r '.estimated_executions' <<<"$json")")
      lower=$(jq -r 'if .estimate_is_lower then ">= " else "" end' <<<"$json")
      verdict="not completed (estimated whole: $lower$estimate executions)"
    elif [ "$verdict" = "violation" ]; then
      found=1
      verdict="violation: $(jq -r '.violation.kind + ", " + (.violation.archived // "")' <<<"$json")"
    fi
    jq -r --arg s "$s" --arg n "$n" --arg v "$verdict" \
      '"| `\($s)` | \($n)+\($n) | \(.classes) | \(.executions) | \(.seconds * 100 | round / 100) | \($v) |"' \
      <<<"$json"
  done
done
if [ "$found" -eq 0 ]; then rm -rf "$work"; else echo "counterexamples kept in $work" >&2; fi
