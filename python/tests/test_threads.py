# Runs on several threads: step() releases the GIL, runs of one shared Scene on two threads give
# the sequential results bitwise, a Run busy on one thread refuses calls from another, and a long
# step lets Ctrl-C through.
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import articulab as al
from conftest import scene_path


def final_state(run, steps):
    run.step(steps)
    return run.q, run.qd, run.body_poses, run.energy.total


def test_two_runs_on_two_threads_equal_sequential_runs():
    scene = al.load(scene_path("four_bar.json"))
    configurations = [("baraff", "rk4"), ("variational-maximal", "variational-trapezoid")]
    sequential = [final_state(al.Run(scene, b, integrator=i), 2000) for b, i in configurations]
    runs = [al.Run(scene, b, integrator=i) for b, i in configurations]
    with ThreadPoolExecutor(max_workers=2) as pool:
        parallel = list(pool.map(final_state, runs, [2000, 2000]))
    for (q, qd, poses, energy), (pq, pqd, pposes, penergy) in zip(sequential, parallel):
        assert np.array_equal(q, pq) and np.array_equal(qd, pqd) and np.array_equal(poses, pposes)
        assert energy == penergy


# While one thread steps, this one keeps running Python: the GIL is released.
def test_step_releases_the_gil():
    run = al.Run(al.load(scene_path("chain.json"), n=40), "recursive", integrator="rk4", dt=1e-4)
    started = threading.Event()

    def step():
        started.set()
        run.step(20_000)

    worker = threading.Thread(target=step)
    worker.start()
    started.wait()
    spins = 0
    while worker.is_alive():
        spins += 1
    worker.join()
    assert run.step_count == 20_000
    assert spins > 1000


def test_a_run_busy_on_another_thread_refuses_calls():
    run = al.Run(al.load(scene_path("chain.json"), n=40), "recursive", integrator="rk4", dt=1e-4)
    worker = threading.Thread(target=run.step, args=(20_000,))
    worker.start()
    refused = 0
    while worker.is_alive():
        try:
            run.q
        except RuntimeError as error:
            assert "another thread" in str(error)
            refused += 1
    worker.join()
    assert refused > 0
    assert run.step_count >= 20_000


# A long step(n) takes the GIL back between chunks of steps: Ctrl-C (SIGINT) stops it with
# KeyboardInterrupt.
def test_ctrl_c_interrupts_a_long_step():
    code = ("import sys, articulab as al\n"
            "run = al.Run(al.load(sys.argv[1], n=40), 'recursive', integrator='rk4', dt=1e-5, duration=1e3)\n"
            "print('stepping', flush=True)\n"
            "run.step(10**8)\n")
    process = subprocess.Popen([sys.executable, "-c", code, scene_path("chain.json")], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "stepping"
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=30)
    finally:
        process.kill()
    assert "KeyboardInterrupt" in errors
