#!/usr/bin/env bash
# docs/distributed.md's Slurm batch script and submit commands, run as written on a
# single-node Slurm cluster (munged, slurmctld, slurmd) started in a temporary folder; only
# the hunt's size is changed (4 array tasks of 10 programs each, on seeded/two-bugs-stack, one
# core each). Checks that every task ran its shard, the dependent job merged their summaries
# and corpora, and the merged result has the programs, executions and distinct bugs of the
# same hunt on one machine. Exits 77 (skipped, with the reason) where the daemons cannot run.
# Usage: slurm_test.sh DOCS_FILE LINEUP_BIN_DIR WORK_DIR
set -uo pipefail
docs=$1 bin_dir=$2 work=$3
programs_per_task=10
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAILED: $*"; exit 1; }
for tool in munged slurmctld slurmd sbatch squeue; do
  command -v "$tool" > /dev/null || skip "$tool is not installed (Debian: slurmd slurmctld slurm-client munge)"
done
[ "$(id -u)" -eq 0 ] || skip "the daemons run as root here, and this is not root"

rm -rf "$work" && mkdir -p "$work"/{munge,state,spool,log,run} || fail "cannot create $work"
cd "$work" && work=$PWD || fail "cannot enter $work"
cleanup() {  # the daemons this script started, by their pid files
  for f in slurmd.pid slurmctld.pid munge/munged.pid; do
    [ -s "$work/$f" ] && kill "$(cat "$work/$f")" 2> /dev/null
  done
}
trap cleanup EXIT

head -c 1024 /dev/urandom > munge/munge.key && chmod 700 munge && chmod 400 munge/munge.key
munged --key-file="$PWD/munge/munge.key" --socket="$PWD/munge/munge.socket" \
  --pid-file="$PWD/munge/munged.pid" --log-file="$PWD/log/munged.log" \
  --seed-file="$PWD/munge/seed" --force || skip "munged does not start: $(cat log/munged.log)"
port=$((20000 + RANDOM % 20000))
cat > slurm.conf << EOF
ClusterName=lineuptest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$PWD/munge/munge.socket
CredType=cred/munge
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$PWD/state
SlurmdSpoolDir=$PWD/spool
SlurmctldPidFile=$PWD/slurmctld.pid
SlurmdPidFile=$PWD/slurmd.pid
SlurmctldLogFile=$PWD/log/slurmctld.log
SlurmdLogFile=$PWD/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=localhost CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$PWD/slurm.conf
slurmctld -f "$SLURM_CONF" || skip "slurmctld does not start: $(tail -3 log/slurmctld.log)"
slurmd -f "$SLURM_CONF" || skip "slurmd does not start: $(tail -3 log/slurmd.log)"
for _ in $(seq 30); do
  sinfo -h -o %t 2> /dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %t | grep -q idle || skip "the node does not come up: $(tail -3 log/slurmd.log)"

# The documented script and commands, as written but for the hunt's size.
blocks=$(awk '/^## Slurm/{on=1} /^## Kubernetes/{on=0} on' "$docs")
script=$(echo "$blocks" | awk 'BEGIN{n=0} /^```/{n++; next} n==1')
submit=$(echo "$blocks" | awk 'BEGIN{n=0} /^```/{n++; next} n==3')
[ -n "$script" ] && [ -n "$submit" ] || fail "no batch script or submit commands in $docs"
echo "$script" | sed -e 's/--array=0-7/--array=0-3/' -e 's/--cpus-per-task=4/--cpus-per-task=1/' \
  -e 's/--time=01:10:00/--time=00:05:00/' -e 's/boost\/queue/seeded\/two-bugs-stack/' \
  -e "s/--budget 1h/--programs $programs_per_task/" > run/hunt.sbatch
cd run && export PATH="$bin_dir:$PATH"
bash -c "$submit" || fail "the submit commands failed"
for _ in $(seq 120); do
  [ -z "$(squeue -h)" ] && break
  sleep 1
done
[ -z "$(squeue -h)" ] || fail "jobs still queued after 120 s: $(squeue)"
result=$(ls hunt-*/result.json 2> /dev/null | head -1)
[ -n "$result" ] || fail "no merged result: $(ls -R; cat ./*.log)"
grep -q '"shards": 4' "$result" || fail "result is not of four shards: $(cat "$result")"
grep -q '"kind": "not linearizable"' "$result" || fail "no violation merged: $(cat "$result")"
ls "$(dirname "$result")"/corpus/*.json > /dev/null 2>&1 || fail "no merged corpus"
cat hunt-*-merge.log
# The same hunt on one machine, one worker per array task: the same programs, executions and
# distinct bugs.
lineup hunt seeded/two-bugs-stack --seed 42 --programs $((4 * programs_per_task)) --jobs 4 \
  --quiet --json --corpus single-corpus > single.json
python3 - "$result" single.json << 'PY' || fail "the array's merged result differs from one machine's"
import json, sys
merged, single = (json.load(open(f)) for f in sys.argv[1:3])
for key in ("programs", "executions"):
    print(key, merged[key], single[key])
    assert merged[key] == single[key], key
bugs = lambda r: sorted(v["kind"] for v in r["violations"])
print("bugs", bugs(merged), bugs(single))
assert bugs(merged) == bugs(single) and len(bugs(single)) >= 2
PY
echo "PASSED: $(grep -c '"kind"' "$result") violations merged from 4 array tasks, as on one machine"
