#!/usr/bin/env bash
# Refactor safety: records 1 s of every shipped scene on every back-end that runs it, with the
# scene's default integrator, semi-implicit and rk4 (q and qdot every 10th step, 17 digits).
#   bash scripts/record_trajectories.sh OLD_BUILD/articulab before/
#   bash scripts/record_trajectories.sh build/articulab after/
#   python3 scripts/compare_trajectories.py before/ after/
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$1"; OUT="$2"
mkdir -p "$OUT"
for f in "$ROOT"/scenes/*.json; do
  s=$(basename "$f" .json)
  desc=$("$BIN" describe "$f" 2>/dev/null)
  def=$(echo "$desc" | sed -n 's/.*integrator \([a-z0-9-]*\),.*/\1/p' | head -1)
  for b in $(echo "$desc" | sed -n 's/^  \([a-z-]*\): runs this scene.*/\1/p'); do
    for integ in $def semi-implicit rk4; do
      timeout 120 "$BIN" run "$f" --backend "$b" --integrator "$integ" --duration 1 --record q,qd --every 10 --on-blow-up warn \
        --csv "$OUT/$s.$b.$integ.csv" > /dev/null 2>&1
      echo "$s $b $integ $?"
    done
  done
done
