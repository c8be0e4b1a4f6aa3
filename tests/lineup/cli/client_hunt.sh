#!/bin/bash
# A violation found with a client (seeded/publish-before-write, whose pop may return a value
# not written yet) is archived with the client; shrinking it, by `lineup shrink` and by the
# hunt itself, keeps every call of the client and the argument it gives (push(3)): only the
# argument it leaves out changes, to the first of the structure's values. The archived case
# replays. Usage: client_hunt.sh LINEUP WORK_DIR
set -u
lineup=$1 dir=$2
client='push() push(3) | pop() pop()'
rm -rf "$dir" && mkdir -p "$dir"

# shellcheck source=run_lineup.sh
source "$(dirname "$0")/run_lineup.sh"
# The one file of corpus folder $1.
one_file() {
  local files=("$1"/*.json)
  [ ${#files[@]} -eq 1 ] && [ -f "${files[0]}" ] || fail "expected one file in $1: ${files[*]}"
  echo "${files[0]}"
}
# File $1 records the client, and its program is one of the client's.
of_the_client() {
  jq -e --arg client "$client" '.client == $client' "$1" >/dev/null ||
    fail "$1 does not record the client: $(jq -c .client "$1")"
  jq -e '.program.init == [] and (.program.threads | length) == 2 and
         (.program.threads[0] | length) == 2 and (.program.threads[0][0] | test("^push\\([0-9]+\\)$")) and
         .program.threads[0][1] == "push(3)" and .program.threads[1] == ["pop()", "pop()"]' \
    "$1" >/dev/null || fail "$1's program is not the client's: $(jq -c .program "$1")"
}

run 1 hunt seeded/publish-before-write --client "$client" --jobs 1 --max-bugs 1 --budget 120s \
  --quiet --no-shrink --corpus "$dir/unshrunk"
file=$(one_file "$dir/unshrunk")
of_the_client "$file"

cp "$file" "$dir/before.json"
run 0 shrink "$file"
grep -q "^shrunk: not linearizable in seeded/publish-before-write: T0: push(1) push(3) | T1: pop() pop();" "$dir/out" ||
  { cat "$dir/out"; fail "lineup shrink did not keep the client's calls"; }
! grep -q "dropped" "$dir/out" || { cat "$dir/out"; fail "lineup shrink dropped a call"; }
# The shrunk case is a new file beside the input (same bug, so the input must not hide it),
# and the input is left as it was.
shrunk=$(sed -n 's/^written to //p' "$dir/out")
[ -f "$shrunk" ] && [ "$shrunk" != "$file" ] || { cat "$dir/out"; fail "lineup shrink wrote no new file"; }
cmp -s "$file" "$dir/before.json" || fail "lineup shrink changed its input $file"
jq -e '.program.threads[0][0] == "push(1)"' "$shrunk" >/dev/null ||
  fail "$shrunk is not the shrunk case: $(jq -c .program "$shrunk")"
# Shrinking it again finds nothing smaller and writes nothing.
run 0 shrink "$shrunk"
grep -q "^already minimal: $shrunk is unchanged" "$dir/out" || { cat "$dir/out"; fail "a minimal case was archived again"; }
[ "$(ls "$dir/unshrunk"/*.json | wc -l)" -eq 2 ] || fail "expected the input and the shrunk case in $dir/unshrunk"

run 1 hunt seeded/publish-before-write --client "$client" --jobs 1 --max-bugs 1 --budget 120s \
  --quiet --corpus "$dir/shrunk"
file=$(one_file "$dir/shrunk")
of_the_client "$file"
jq -e '.original != null and .program.threads[0][0] == "push(1)"' "$file" >/dev/null ||
  fail "the hunt did not shrink $file within the client: $(jq -c '{program, original}' "$file")"

run 1 replay "$file"
grep -q "reproduced: not linearizable" "$dir/out" || { cat "$dir/out"; fail "no replay"; }
echo "ok"
