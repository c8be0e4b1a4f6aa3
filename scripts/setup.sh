#!/usr/bin/env bash
# Installs lineup's build dependencies (scripts/packages.txt) from Debian packages; with
# --tests also what some tests and CI's checks run (scripts/test-packages.txt: a browser for
# the HTML report test, Slurm for the distributed-hunt test, clang-format and clang-tidy).
# The build alone needs only the first list, so a first hunt need not wait for the second.
set -euo pipefail
cd "$(dirname "$0")"
lists=(packages.txt)
case "${1:-}" in
  "") ;;
  --tests) lists+=(test-packages.txt) ;;
  *)
    echo "usage: scripts/setup.sh [--tests]" >&2
    exit 2
    ;;
esac
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends $(cat "${lists[@]}")
