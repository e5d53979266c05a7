#!/usr/bin/env bash
# Articulab developer entry point.
#   scripts/dev.sh app [ARGS]   install dependencies, build, start the app (default scene)
#   scripts/dev.sh test         install dependencies, build, run every test (ctest)
#   scripts/dev.sh sanitize     build the tests with ASan+UBSan, run them, fuzz the loader for 60 s
#   scripts/dev.sh bench        build and run the benchmarks
#   scripts/dev.sh deps         only install the Debian packages
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JOBS="${JOBS:-$(nproc)}"
PACKAGES=(build-essential cmake pkg-config libimgui-dev libglfw3-dev python3-glad libglm-dev libeigen3-dev
  libtinyobjloader-dev libspdlog-dev nlohmann-json3-dev libstb-dev libcairo2-dev libgtest-dev
  libbenchmark-dev ninja-build clang-14 libclang-rt-14-dev xvfb xauth poppler-utils libfcl-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
  pybind11-dev python3-numpy python3-pytest python3-matplotlib libtinyxml2-dev libassimp-dev libmujoco-dev
  slurm-wlm munge)

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_build() {  # configure_build DIR [cmake args...]
  local dir="$1"; shift
  # Ninja for a new build directory: it compiles a target's sources while the libraries it links
  # are still being built, so both cores stay busy. An existing directory keeps its generator.
  local generator=()
  [ -f "$dir/CMakeCache.txt" ] || generator=(-G Ninja)
  cmake -S "$ROOT" -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j "$JOBS"
}

# The scene loader's libFuzzer target for FUZZ_SECONDS (default 60) from the shipped scenes; a
# finding (crash, sanitizer report, an exception other than SceneError) fails with the input
# saved as DIR/fuzz/crash-* (replay: DIR/tests/scene_loader_fuzzer DIR/fuzz/crash-...).
fuzz_loader() {  # fuzz_loader BUILD_DIR
  local work="$1/fuzz"
  rm -rf "$work/corpus" && mkdir -p "$work/corpus"
  cp "$ROOT"/scenes/*.json "$work/corpus/"
  (cd "$work" && "$1/tests/scene_loader_fuzzer" -max_total_time="${FUZZ_SECONDS:-60}" -timeout=60 \
    -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 corpus)
}

case "${1:-}" in
  deps) install_deps ;;
  app)
    shift
    install_deps
    configure_build "$ROOT/build"
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      echo "No display found (DISPLAY is unset): the app's first look as a table instead of the window."
      exec "$ROOT/build/articulab" compare "$ROOT/scenes/four_bar.json" --runs "variational-maximal,baraff:semi-implicit" "$@"
    fi
    exec "$ROOT/build/articulab" gui "$@"
    ;;
  test)
    install_deps
    configure_build "$ROOT/build"
    cd "$ROOT/build" && ctest --output-on-failure -j "$JOBS"
    ;;
  sanitize)
    install_deps
    # clang 14: the instrumented build compiles in about 0.6 of gcc 12's time, and a second compiler.
    # ARTICULAB_LIBFUZZER adds the loader's libFuzzer target (coverage on engine/io only).
    configure_build "$ROOT/build-asan" -DARTICULAB_SANITIZE=ON -DARTICULAB_LIBFUZZER=ON -DARTICULAB_BENCH=OFF \
      -DARTICULAB_GUI=OFF -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
    (cd "$ROOT/build-asan" && ctest --output-on-failure -j "$JOBS")
    fuzz_loader "$ROOT/build-asan"
    ;;
  bench)
    install_deps
    configure_build "$ROOT/build"
    "$ROOT/build/bench/articulab_bench" "${@:2}"
    ;;
  *) sed -n '2,8p' "$0"; exit 2 ;;
esac
