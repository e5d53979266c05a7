#!/usr/bin/env bash
# Frame rate of the app comparing six runs of the four-bar (issue 32), and what the ghosts cost
# against drawing the same bodies opaque. Usage: scripts/bench_comparison_frames.sh BUILD/articulab [REPEATS]
# Runs under Xvfb at 1280x720, 600 frames per session (`--benchmark-frames`), and prints one line
# per session: the four-bar alone; six runs with ghosts (the default); six runs with the five
# ghosts off (same plots, fewer bodies drawn); a scene of six four-bars drawn opaque (the same 18
# bodies as the ghosts, without the comparison plots). Results: docs/performance.md.
set -euo pipefail
binary=$(realpath "${1:?usage: $0 BUILD/articulab [REPEATS]}")
repeats=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 - "$root/scenes/four_bar.json" "$work/six_four_bars.json" <<'EOF'
import json, sys
scene = json.load(open(sys.argv[1]))
bodies, joints, loops = [], [], []
for k in range(6):  # six copies 1 mm apart along y, so that they cover the pixels the ghosts cover
    suffix = '' if k == 0 else f'_{k}'
    bodies += [dict(b, name=b['name'] + suffix) for b in scene['bodies']]
    for j in scene['joints']:
        copy = dict(j, name=j['name'] + suffix, child=j['child'] + suffix)
        if j['parent'] == 'world':
            copy['position'] = [j['position'][0], 0.001 * k, j['position'][2]]
        else:
            copy['parent'] = j['parent'] + suffix
        joints.append(copy)
    loops += [dict(c, name=c['name'] + suffix, body_a=c['body_a'] + suffix, body_b=c['body_b'] + suffix)
              for c in scene['constraints']]
scene.update(name='six four-bars', bodies=bodies, joints=joints, constraints=loops,
             description='Six copies of the four-bar drawn opaque: the bodies of six compared runs.')
with open(sys.argv[2], 'w') as out:
    json.dump(scene, out, indent=1)
EOF

printf '%s\n' 'compare-add redmax:rk4' 'compare-add redmax:semi-implicit' \
  'compare-add variational-maximal:variational-midpoint' \
  'compare-add variational-minimal:variational-midpoint' 'compare-add baraff:rk4' > "$work/six_runs.txt"
cp "$work/six_runs.txt" "$work/six_runs_no_ghosts.txt"
for n in 1 2 3 4 5; do echo "compare-ghost $n off" >> "$work/six_runs_no_ghosts.txt"; done

session() {  # LABEL ARGS...: one benchmark session, its summary line
  local label=$1; shift
  xvfb-run -a -s "-screen 0 1280x1024x24" "$binary" gui "$@" --size 1280x720 --benchmark-frames 600 \
    --benchmark-output "$work/result.txt" > "$work/log.txt" 2>&1 || { echo "$label: failed"; cat "$work/log.txt"; return 1; }
  echo "$label: $(grep -o 'frames 600.*' "$work/result.txt")"
}

for ((r = 1; r <= repeats; ++r)); do
  session "four-bar alone" "$root/scenes/four_bar.json"
  session "six runs, ghosts on" "$root/scenes/four_bar.json" --script "$work/six_runs.txt"
  session "six runs, ghosts off" "$root/scenes/four_bar.json" --script "$work/six_runs_no_ghosts.txt"
  session "six four-bars opaque" "$work/six_four_bars.json"
done
