#!/bin/bash
# scripts/tidy.sh BUILD_DIR: clang-tidy (.clang-tidy) on lineup's own sources, with the
# compile commands of BUILD_DIR; exits non-zero listing every finding. Tests, benchmarks,
# adapters of other libraries and the runtime (see .clang-tidy) are not checked.
set -euo pipefail
build=${1:?usage: scripts/tidy.sh BUILD_DIR}
cd "$(dirname "$0")/.."
[ -f "$build/compile_commands.json" ] || { echo "tidy: no $build/compile_commands.json" >&2; exit 2; }
mapfile -t sources < <(git ls-files 'engine/*.cpp' 'lineup/*.cpp' 'checker/*.cpp' \
  'generator/*.cpp' 'specs/*.cpp' | grep -v '^engine/runtime/')
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The compile commands are g++'s: its include folder (libbacktrace's header) is added, and the
# warning options clang does not know (-Wno-restrict) are not findings.
printf '%s\n' "${sources[@]}" |
  xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet \
    "--extra-arg=-isystem$(gcc -print-file-name=include)" \
    --extra-arg=-Wno-unknown-warning-option > "$log" 2>/dev/null || true
if grep -E '(warning|error):' "$log"; then
  echo "tidy: findings above (${#sources[@]} files checked)" >&2
  exit 1
fi
echo "tidy: ${#sources[@]} files, no findings"
