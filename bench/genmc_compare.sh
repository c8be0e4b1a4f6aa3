#!/bin/bash
# GenMC and lineup side by side on the same bounded clients of three lock-free structures:
# GenMC's SC exploration of the MS queue, Treiber stack and Herlihy-Wing queue clients of its
# test suite (tests/correct/data-structures/{ms-queue,treiber-stack,hw-queue}/variants/main0.c,
# their shape set by the -DCONFIG_* flags those clients read), and lineup's exploration of the
# same algorithms (adapters/verify/, written from the papers) under the same clients; and, as
# a fourth client, GenMC on bench/genmc/ms_queue_paper.c, lineup's verify/ms-queue (the paper's
# MS queue) step for step in C, where the suite's MS queue is CDSChecker's variant. One line
# per client: GenMC's complete and blocked executions and seconds, as it runs by default and
# with -disable-spin-assume (no loop iteration cut short as a blocked execution: the count of
# every execution class of the client as written), and lineup's classes, executions and
# seconds.
#
# Usage: bench/genmc_compare.sh GENMC_CHECKOUT [LINEUP]
#   GENMC_CHECKOUT  a checkout of GenMC (tested with v0.11.0); built out of tree on first use
#   LINEUP          the lineup binary (default: build/bin/lineup beside this script)
# Environment:
#   GENMC_BUILD     where GenMC is built (default: ${TMPDIR:-/tmp}/genmc-build); its `genmc`
#                   is used as it is if present
#   LLVM_CONFIG     llvm-config of the LLVM to build with (default: the newest of Debian's
#                   /usr/lib/llvm-{20..13} with clang beside it)
#   SHAPES          clients to run (default: "suite 2+2 3+3"): "suite" is each test's own
#                   client (ms-queue and hw-queue: 2 threads of enqueue then dequeue, with its
#                   -unroll=3; treiber-stack: 2 pushers, 1 popper; ms-queue (paper): the
#                   2 threads of ms-queue's, without -unroll, which would cut executions short),
#                   "N+M" is N threads that push or enqueue once and M that pop or dequeue once
#   CLIENTS         which of "ms-queue treiber-stack hw-queue ms-queue-paper" to run (default:
#                   all four)
#   BUDGET          lineup's time limit per client (default: 600s)
#   GENMC_TIMEOUT   GenMC's, in seconds (default: 600)
#   GENMC_FLAGS     extra GenMC flags for every run (e.g. -disable-spin-assume)
#   LINEUP_FLAGS    extra flags for lineup verify (e.g. --no-retry-cut: every retry round
#                   explored; by default executions with a round that changed nothing are cut,
#                   the "lineup cut" column)
#   MODEL           sc (default): GenMC -sc, lineup's DPOR; rc11: GenMC -rc11 and lineup
#                   `verify --memory-model c11`, every atomic access seq_cst on both sides
#                   (lineup's verify/ structures are; the suite's clients are compiled with their
#                   MAKE_ALL_SC or MAKE_ACCESSES_SC switch): GenMC's RC11 graphs, lineup's c11
#                   execution graphs (add --psc to LINEUP_FLAGS for seq_cst ordered by psc, which
#                   for all-seq_cst code gives the same graphs in more executions)
# GenMC runs with -disable-estimation (its estimate of the state space before exploring is no
# part of the exploration timed here) and -disable-mm-detector, as its test driver does.
set -u -o pipefail

usage() {
  sed -n '/^# Usage:/,/^# GenMC runs/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
checkout=$(cd "$1" 2>/dev/null && pwd) || { echo "no such checkout: $1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
lineup=${2:-$here/../build/bin/lineup}
[ -x "$lineup" ] || { echo "no lineup binary at $lineup" >&2; exit 2; }
build=${GENMC_BUILD:-${TMPDIR:-/tmp}/genmc-build}
shapes=${SHAPES:-suite 2+2 3+3}
budget=${BUDGET:-600s}
genmc_timeout=${GENMC_TIMEOUT:-600}
model=${MODEL:-sc}
case $model in
  sc) genmc_model=-sc lineup_model=() ;;
  rc11) genmc_model=-rc11 lineup_model=(--memory-model c11) ;;
  *) echo "unknown MODEL: $model (sc or rc11)" >&2; exit 2 ;;
esac
tests=$checkout/tests/correct/data-structures
wanted=${CLIENTS:-ms-queue treiber-stack hw-queue ms-queue-paper}
paper_ms_queue=$here/genmc/ms_queue_paper.c
[ -f "$paper_ms_queue" ] || { echo "no $paper_ms_queue" >&2; exit 2; }
for t in $wanted; do
  case $t in
    ms-queue | treiber-stack | hw-queue | ms-queue-paper) ;;
    *) echo "unknown client in CLIENTS: $t" >&2; exit 2 ;;
  esac
done
for t in ms-queue treiber-stack hw-queue; do
  [ -f "$tests/$t/variants/main0.c" ] || { echo "$checkout has no $t client" >&2; exit 2; }
done
command -v jq >/dev/null || { echo "jq is needed" >&2; exit 2; }

# --- GenMC, built once -------------------------------------------------------------------
pick_llvm() {
  if [ -n "${LLVM_CONFIG:-}" ]; then
    echo "$LLVM_CONFIG"
    return
  fi
  local v
  for v in 20 19 18 17 16 15 14 13; do
    if [ -x /usr/lib/llvm-$v/bin/llvm-config ] && [ -x /usr/bin/clang-$v ]; then
      echo /usr/lib/llvm-$v/bin/llvm-config
      return
    fi
  done
}

build_genmc() {
  local config llvm_root flags=()
  config=$(pick_llvm)
  [ -n "$config" ] || {
    echo "no LLVM 13-20 with clang found (Debian: llvm-N-dev clang-N)" >&2
    exit 3
  }
  llvm_root=$("$config" --prefix)
  echo "building GenMC from $checkout in $build with LLVM $("$config" --version)" >&2
  mkdir -p "$build"
  if [ ! -x "$checkout/configure" ]; then
    (cd "$checkout" && autoreconf --install) >"$build/autoreconf.log" 2>&1 ||
      { echo "autoreconf failed: $build/autoreconf.log" >&2; exit 3; }
  fi
  # GenMC asks for C++23 by the value of __cplusplus; g++ 12 compiles it with -std=c++23 but
  # reports 202100L, so the check is answered for it.
  if ! echo '#if __cplusplus < 202302L
#error
#endif' | ${CXX:-g++} -std=c++23 -x c++ -fsyntax-only - 2>/dev/null; then
    flags+=(ax_cv_cxx_compile_cxx23__std_cpp23=yes)
  fi
  # Without -g: debug information is much of the build's time on LLVM's headers.
  (cd "$build" && "$checkout/configure" --with-llvm="$llvm_root" CXXFLAGS="${CXXFLAGS:--O2}" \
    "${flags[@]}") \
    >"$build/configure.log" 2>&1 || { echo "configure failed: $build/configure.log" >&2; exit 3; }
  make -C "$build" -j2 >"$build/make.log" 2>&1 ||
    { echo "GenMC did not build: $build/make.log" >&2; tail -20 "$build/make.log" >&2; exit 3; }
}
[ -x "$build/genmc" ] || build_genmc
genmc=$build/genmc
genmc_version=$("$genmc" "$genmc_model" -disable-estimation -- "$tests/treiber-stack/variants/main0.c" 2>&1 |
  grep -m1 -o 'GenMC v[^ ]* (LLVM [^)]*)' || true)

# --- the clients -------------------------------------------------------------------------
# A client of $wanted as "name|GenMC source|lineup structure".
describe() {
  if [ "$1" = ms-queue-paper ]; then
    echo "ms-queue (paper)|$paper_ms_queue|verify/ms-queue"
  else
    echo "$1|$tests/$1/variants/main0.c|verify/$1"
  fi
}

# Each line: client, GenMC source, lineup structure, shape, GenMC flags, lineup client.
clients() {
  local shape n m t i client flags
  local queue_suite="-- -DCONFIG_QUEUE_WRITERS=0 -DCONFIG_QUEUE_READERS=0 -DCONFIG_QUEUE_RDWR=2"
  local pair="push(1) pop() | push(2) pop()"
  for shape in $shapes; do
    for t in $wanted; do
      if [ "$shape" = suite ]; then
        # As the tests' args.sc.mo.in give them (treiber-stack has none: its defaults);
        # ms-queue (paper) without -unroll, which would cut its retry loops short.
        case $t in
          treiber-stack) echo "$(describe "$t")|suite 2 push+1 pop|--|push(1) | push(2) | pop()" ;;
          ms-queue-paper) echo "$(describe "$t")|suite 2x(enq deq)|$queue_suite|$pair" ;;
          *) echo "$(describe "$t")|suite 2x(enq deq)|-unroll=3 $queue_suite|$pair" ;;
        esac
        continue
      fi
      n=${shape%+*} m=${shape#*+}
      client=""
      for ((i = 1; i <= n; i++)); do client+="${client:+ | }push($i)"; done
      for ((i = 1; i <= m; i++)); do client+="${client:+ | }pop()"; done
      case $t in
        treiber-stack) flags="-DCONFIG_STACK_WRITERS=$n -DCONFIG_STACK_READERS=$m" ;;
        *) flags="-DCONFIG_QUEUE_WRITERS=$n -DCONFIG_QUEUE_READERS=$m -DCONFIG_QUEUE_RDWR=0" ;;
      esac
      echo "$(describe "$t")|$shape|-- $flags|$client"
    done
  done
}

# GenMC on one client's source: "complete blocked seconds" (- for a run that did not finish).
run_genmc() {
  local source=$1 flags=$2 out all_sc=""
  # Under RC11 the suite's clients are compiled all seq_cst, as lineup's structures are.
  if [ "$model" = rc11 ]; then
    all_sc=$(grep -ho -m1 'MAKE_ALL_SC\|MAKE_ACCESSES_SC' "$(dirname "$source")"/../*.c 2>/dev/null |
      head -1)
    all_sc=${all_sc:+-D$all_sc}
  fi
  # shellcheck disable=SC2086  # the flags are words
  out=$(timeout "$genmc_timeout" "$genmc" "$genmc_model" -disable-mm-detector -disable-estimation \
    ${GENMC_FLAGS:-} ${flags%%--*} -- ${flags#*--} $all_sc "$source" 2>&1)
  local status=$?
  local complete blocked seconds
  complete=$(sed -n 's/.*Number of complete executions explored: \([0-9]*\).*/\1/p' <<<"$out")
  blocked=$(sed -n 's/.*Number of blocked executions seen: \([0-9]*\).*/\1/p' <<<"$out")
  seconds=$(sed -n 's/.*Total wall-clock time: \([0-9.]*\)s.*/\1/p' <<<"$out")
  if [ $status -ne 0 ] || [ -z "$complete" ]; then
    echo "GenMC on $source ($flags) did not finish (status $status):" >&2
    tail -5 <<<"$out" >&2
    echo "- - -"
    return
  fi
  echo "$complete ${blocked:-0} $seconds"
}

# lineup on one client: "classes executions seconds verdict". `lineup verify` where this
# lineup has it, else a hunt of that one program with DPOR (no preemption bound).
# (`lineup --help` lists its subcommands; an unknown one's --help prints the top help.)
if "$lineup" verify --help 2>&1 | grep -q -- '--client'; then
  lineup_mode=verify
else
  lineup_mode="hunt --strategy dpor"
fi
run_lineup() {
  local structure=$1 client=$2 json
  if [ "$lineup_mode" = verify ]; then
    # shellcheck disable=SC2086 # LINEUP_FLAGS is a list of flags
    json=$("$lineup" verify "$structure" --client "$client" --budget "$budget" \
      "${lineup_model[@]}" ${LINEUP_FLAGS:-} --json 2>/dev/null)
  else
    json=$("$lineup" hunt "$structure" --client "$client" --strategy dpor --programs 1 \
      --executions 4000000000 --budget "$budget" --jobs 1 --quiet --corpus "" --json 2>/dev/null)
  fi
  jq -r '[(.classes // .distinct_classes), .executions, (.seconds * 100 | round / 100),
          (.verdict // (if (.violations | length) > 0 then "violation"
                        elif .client_exhausted == false or .programs_capped > 0
                             or .interrupted_by != "" then "not completed"
                        else "clean" end)), (.retry_cuts // 0)] | map(tostring) | join(" ")' \
    <<<"$json" 2>/dev/null || echo "- - - error -"
}

echo "GenMC: ${genmc_version:-$genmc}, $genmc_model ${GENMC_FLAGS:-}"
echo "lineup: $lineup $lineup_mode ${lineup_model[*]} ${LINEUP_FLAGS:-}, budget $budget; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
echo
fmt="| %-16s | %-18s | %17s | %8s | %20s | %8s | %14s | %17s | %10s | %8s | %-13s |\n"
printf "$fmt" client shape "GenMC compl.+blk." "GenMC s" "GenMC no spin-assume" "GenMC s" \
  "lineup classes" "lineup executions" "lineup cut" "lineup s" "lineup verdict"
printf "$fmt" --- --- ---: ---: ---: ---: ---: ---: ---: ---: ---
while IFS='|' read -r test source structure shape flags client; do
  read -r complete blocked gseconds < <(run_genmc "$source" "$flags")
  read -r complete_na blocked_na gseconds_na < <(GENMC_FLAGS="${GENMC_FLAGS:-} -disable-spin-assume" \
    run_genmc "$source" "$flags")
  read -r classes executions lseconds verdict cut < <(run_lineup "$structure" "$client")
  printf "$fmt" "$test" "$shape" "$complete + $blocked" "$gseconds" "$complete_na + $blocked_na" \
    "$gseconds_na" "$classes" "$executions" "$cut" "$lseconds" "$verdict"
done < <(clients)
