#!/usr/bin/env bash
# Every structure a hunter ships passes the pre-hunt check: a one-execution hunt of each is
# never refused (exit 2) and never claims no bound for code it could not see. Usage:
#   no_structure_refused.sh LINEUP
set -u
lineup=$1
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
export XDG_CACHE_HOME=$cache
structures=$("$lineup" list --all | awk '$1 ~ /\// {print $1}')
if [ -z "$structures" ]; then
  echo "lineup list --all printed no structure"
  exit 1
fi
failed=0
for s in $structures; do
  out=$("$lineup" hunt "$s" --programs 1 --executions 1 --jobs 1 --quiet --corpus "" 2>&1)
  status=$?
  if [ $status -eq 2 ] || grep -q "no bound claimed" <<<"$out"; then
    echo "== $s (exit $status)"
    echo "$out" | head -20
    failed=1
  fi
done
exit $failed
