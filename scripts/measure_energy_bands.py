#!/usr/bin/env python3
"""The energy band of every integrator of every back-end on shipped scenes (docs/backends.md,
"What each integrator preserves"). For each run of DURATION seconds at the scene's dt it prints
the largest |E - E0| in the first second and in the last second, and E - E0 at the end, each
relative to the run's largest kinetic energy (as `articulab run` prints them; every 10th step).
With "work" after the scenes, E - E0 - W in place of E - E0 (W: the CSV's work column, the work
of the forces that do work; a run where W is not known prints "W not known").

usage: measure_energy_bands.py ARTICULAB OUT.txt DURATION scene1.json,scene2.json,... [work]
"""
import csv
import os
import subprocess
import sys
import tempfile

INTEGRATORS = [("redmax", ["implicit", "semi-implicit", "rk4"]), ("recursive", ["implicit", "semi-implicit", "rk4"]),
               ("baraff", ["semi-implicit", "rk4"]),
               ("variational-maximal", ["variational", "variational-trapezoid", "variational-midpoint"]),
               ("variational-minimal", ["variational-midpoint"])]
SCENES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenes")


def measure(binary, scene, backend, integrator, duration, csv_path, with_work=False):
    command = ["nice", "-n", "10", binary, "run", os.path.join(SCENES, scene), "--backend", backend,
               "--integrator", integrator, "--duration", str(duration), "--csv", csv_path, "--every", "10"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=40)
    except subprocess.TimeoutExpired:
        return "TIMEOUT"
    if done.returncode != 0 or not os.path.exists(csv_path):
        return "FAIL " + ((done.stderr.strip().splitlines() or ["?"])[-1][:150])
    rows = list(csv.DictReader(open(csv_path)))
    t = [float(r["t [s]"]) for r in rows]
    energy = [float(r["total [J]"]) for r in rows]
    if with_work:
        work = [float(r["work [J]"]) for r in rows]
        if any(w != w for w in work):
            return "W not known"
        energy = [e - w for e, w in zip(energy, work)]
    largest_kinetic = max(max(float(r["kinetic [J]"]) for r in rows), 1e-12)
    e0 = energy[0]
    first = max(abs(e - e0) for s, e in zip(t, energy) if s <= 1.0) / largest_kinetic
    last = max(abs(e - e0) for s, e in zip(t, energy) if s >= t[-1] - 1.0) / largest_kinetic
    return "first=%.3g last=%.3g end=%+.3g" % (first, last, (energy[-1] - e0) / largest_kinetic)


def main():
    binary, out, duration, scenes = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4].split(",")
    with_work = len(sys.argv) > 5 and sys.argv[5] == "work"
    with open(out, "a") as result, tempfile.TemporaryDirectory() as work:
        for scene in scenes:
            for backend, integrators in INTEGRATORS:
                for integrator in integrators:
                    csv_path = os.path.join(work, "%s-%s.csv" % (backend, integrator))
                    line = measure(binary, scene, backend, integrator, duration, csv_path, with_work)
                    print(scene, backend, integrator, line, file=result, flush=True)


if __name__ == "__main__":
    main()
