"""What stepping from Python costs over the C++ loop (docs/python.md, "Overhead").

The standard chain RC-100 on recursive with semi-implicit Euler and the energy watch off, the
configuration of bench/run_bench.cpp's BM_RunStep (h = 1 ms, restarted every 250 steps: semi-
implicit Euler on this chain diverges within a second). Times are CPU times of this process
(time.process_time) and BM_RunStep's cpu_time, so that other processes on a shared machine do
not count; each figure is the best of --repeat measurements.

  step(10_000)  one call of 10_000 steps at h = 0.1 ms (stable for the 1 s simulated; a step
                does the same operations at any h);
  step(250)     BM_RunStep's protocol at h = 1 ms: 40 calls of step(250), a reset() between
                them untimed;
  step(1)       40 x 250 calls of step(1) in a Python loop, the same steps as step(250): the
                difference per call is the overhead of one call.

  PYTHONPATH=build/python /usr/bin/python3 python/bench/run_overhead.py --bench build/bench/articulab_bench
"""

import argparse
import json
import os
import subprocess
import sys
import time

import articulab as al

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STEPS_PER_RUN = 250  # bench/chain_benchmarks.hpp kStepsPerRun
RUNS = 40            # 40 x 250 = 10_000 steps


def chain_run(dt):
    scene = al.load(os.path.join(SOURCE_DIR, "scenes", "chain.json"), n=100)
    return al.Run(scene, "recursive", integrator="semi-implicit", dt=dt, watch_energy=False, on_blow_up="warn")


def one_call(run):
    """CPU seconds per step of one step(10_000) from the initial state."""
    run.reset()
    start = time.process_time()
    run.step(RUNS * STEPS_PER_RUN)
    return (time.process_time() - start) / (RUNS * STEPS_PER_RUN)


def restarted(run, step_call):
    """CPU seconds per step over RUNS restarts of STEPS_PER_RUN steps, the restarts untimed."""
    total = 0.0
    for _ in range(RUNS):
        run.reset()
        start = time.process_time()
        step_call(run)
        total += time.process_time() - start
    return total / (RUNS * STEPS_PER_RUN)


def step_n(run):
    run.step(STEPS_PER_RUN)


def step_one_by_one(run):
    step = run.step
    for _ in range(STEPS_PER_RUN):
        step(1)


def cpp_seconds_per_step(bench, repeat):
    """BM_RunStep/100's best CPU time per step, from the C++ benchmark binary."""
    result = subprocess.run([bench, "--benchmark_filter=^BM_RunStep/100$", "--benchmark_format=json",
                             f"--benchmark_repetitions={repeat}"], capture_output=True, text=True, check=True)
    runs = [b for b in json.loads(result.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    return min(b["cpu_time"] for b in runs) * {"us": 1e-6, "ns": 1e-9, "ms": 1e-3}[runs[0]["time_unit"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", help="the articulab_bench binary (BM_RunStep); without it, Python figures only")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    fine, coarse = chain_run(1e-4), chain_run(1e-3)
    coarse.step(STEPS_PER_RUN)  # warm up
    long_call = min(one_call(fine) for _ in range(args.repeat))
    calls = min(restarted(coarse, step_n) for _ in range(args.repeat))
    single = min(restarted(coarse, step_one_by_one) for _ in range(args.repeat))
    print("RC-100, recursive, semi-implicit, energy watch off; CPU time per step:")
    print(f"  python step(10_000), h = 0.1 ms: {long_call * 1e6:8.3f} us")
    print(f"  python step(250) x 40, h = 1 ms: {calls * 1e6:8.3f} us")
    print(f"  python step(1) x 10_000, h = 1 ms: {single * 1e6:8.3f} us: {(single - calls) * 1e6:.3f} us overhead per call")
    if args.bench:
        cpp = cpp_seconds_per_step(args.bench, args.repeat)
        print(f"  C++ BM_RunStep/100, h = 1 ms:    {cpp * 1e6:8.3f} us")
        print(f"  step(10_000) against BM_RunStep: {100.0 * (long_call / cpp - 1.0):+.2f} %")
        print(f"  step(250) against BM_RunStep:    {100.0 * (calls / cpp - 1.0):+.2f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
