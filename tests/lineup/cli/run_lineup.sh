# Sourced by the command-line test scripts after they set `lineup` (the command) and `dir` (a
# work folder): fail and run, which checks an exit status and keeps the output in $dir/out.

fail() {
  echo "FAILED: $*"
  exit 1
}
# Runs LINEUP with the arguments after the first, its output in $dir/out; the exit status must
# be the first argument.
run() {
  local expected=$1
  shift
  "$lineup" "$@" >"$dir/out" 2>&1
  local status=$?
  [ "$status" -eq "$expected" ] || { cat "$dir/out"; fail "lineup $*: exit $status, expected $expected"; }
}
