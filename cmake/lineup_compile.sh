#!/bin/bash
# lineup_compile.sh COMPILER ARGS...: the compiler launcher of lineup_add_structure
# (cmake/Lineup.cmake). Compiles as told, keeping the assembly the compiler writes
# (-save-temps=obj; a second compile with -S for clang), and adds to the object a section `.lineup_asm` listing each instruction of
# inline assembly that has a memory operand: "FUNCTION<TAB>FILE:LINE<TAB>INSTRUCTION" a line,
# the function being the symbol the code ended up in after inlining. The pre-hunt check reads
# the section from the linked module (engine/diagnostics/instrumented_code.h): such an
# instruction reads or writes memory without a hook. Compiles that make no object (-E, -S,
# preprocessing only) run unchanged.
set -uo pipefail
object=""
compiles=0
args=("$@")
for ((i = 1; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    -c) compiles=1 ;;
    -o) object="${args[i + 1]:-}" ;;
  esac
done
if ((compiles == 0)) || [ -z "$object" ]; then
  exec "$@"
fi
assembly="${object%.o}.s"
temps=("$assembly" "${object%.o}.ii" "${object%.o}.i")
cleanup() { rm -f "${temps[@]}" "$object.asm"; }
trap cleanup EXIT
case "$(basename "$1")" in
  *clang*)
    # clang would name its temporaries after the source and warn assembling its own output:
    # the assembly comes from a second compile instead.
    "$@" || exit $?
    asm_args=()
    for ((i = 0; i < ${#args[@]}; i++)); do
      case "${args[i]}" in
        -o) asm_args+=(-o "$assembly"); ((i++)) ;;
        -c) asm_args+=(-S) ;;
        -MD | -MMD) ;;
        -MF | -MT | -MQ) ((i++)) ;;
        *) asm_args+=("${args[i]}") ;;
      esac
    done
    "${asm_args[@]}" 2>/dev/null || exit 0
    ;;
  *) "$@" -save-temps=obj || exit $? ;;
esac
[ -f "$assembly" ] || exit 0
awk '
  # Where the code is: g++ names the asm statement after #APP ("# 12 \"file\" 1"); clang only
  # through the last .loc before it.
  !inside && /^[ \t]*\.file[ \t]+[0-9]+[ \t]+"/ {
    rest = $0; name = ""
    while (match(rest, /"[^"]*"/)) {
      name = substr(rest, RSTART + 1, RLENGTH - 2); rest = substr(rest, RSTART + RLENGTH)
    }
    files[$2] = name
    next
  }
  !inside && /^[ \t]*\.loc[ \t]/ { file = files[$2]; line = $3; next }
  /^[ \t]*#APP/ { inside = 1; next }
  /^[ \t]*#NO_APP/ { inside = 0; next }
  !inside && /^[A-Za-z_$][^ \t:]*:([ \t]*#.*)?$/ {
    function_name = substr($0, 1, index($0, ":") - 1); next
  }
  inside && /^# [0-9]+ "/ {
    split($0, part, " ")
    file = part[3]; gsub(/"/, "", file)
    line = part[2]
    next
  }
  inside {
    text = $0
    sub(/^[ \t]+/, "", text); sub(/[ \t]+$/, "", text)
    if (text == "" || text ~ /^[#.]/ || text ~ /:$/) next
    gsub(/\t/, " ", text)
    split(text, word, " ")
    # Not memory accesses; and the atomic instructions the disassembly finds at their address.
    if (word[1] ~ /^(lea|nop|prefetch|lock|xchg|cmpxchg|xadd)/) next
    if (index(text, "(") == 0) next
    # Stack memory of the thread itself (a local the compiler put in memory for an rm operand).
    if (text ~ /\(%rsp[,)]/ || text ~ /\(%esp[,)]/) next
    printf "%s\t%s:%s\t%s\n", function_name, file, line, text
  }
' "$assembly" > "$object.asm" || exit 0
if [ -s "$object.asm" ]; then
  objcopy --add-section ".lineup_asm=$object.asm" --set-section-flags .lineup_asm=readonly,contents \
    "$object" || exit $?
fi
