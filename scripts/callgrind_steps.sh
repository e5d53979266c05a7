#!/usr/bin/env bash
# Instructions per step on the standard chain (scenes/chain.json), counted by callgrind: the
# difference of a 30-step and a 10-step run over 20, so loading and set-up are not counted.
# Repeatable on a loaded machine, unlike wall time; use it to compare two builds:
#   bash scripts/callgrind_steps.sh build/articulab > after.txt
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="${1:-$ROOT/build/articulab}"
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" run "$ROOT/scenes/chain.json" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for spec in "redmax semi-implicit" "redmax implicit-springs" "recursive semi-implicit" "recursive implicit-springs" \
            "recursive rk4" "baraff semi-implicit"; do
  set -- $spec
  for n in 10 100 200; do
    short=$(count --set n="$n" --backend "$1" --integrator "$2" --dt 0.001 --duration 0.01)
    long=$(count --set n="$n" --backend "$1" --integrator "$2" --dt 0.001 --duration 0.03)
    echo "$1 $2 n=$n $(((long - short) / 20))"
  done
done
