#!/usr/bin/python3
"""End-to-end checks of the interactive app, run under Xvfb by ctest (standard library only).

Each case runs `articulab gui --script ...` (and, for the session, the headless CLI) and checks
what a user would see: the screenshot shows the scene, the CSV matches a headless run of the
same scene and settings, the exported SVG/PDF/PNG figures are valid and show every series,
broken and diverging scenes produce the documented messages without crashing.
"""
import argparse
import csv
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message)
    return condition


# ---------------------------------------------------------------- PNG decoding (8-bit RGB/RGBA)

def read_png(path):
    """Returns (width, height, channels, bytearray of rows without filter bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(path + ": unsupported PNG layout (depth %d, colour type %d)" % (depth, colour))
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(height * stride)
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = prev[i]
                c = prev[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return width, height, channels, out


def pixels(png):
    width, height, channels, data = png
    for i in range(0, width * height * channels, channels):
        yield data[i], data[i + 1], data[i + 2]


def colour_histogram(png):
    counts = {}
    for rgb in pixels(png):
        counts[rgb] = counts.get(rgb, 0) + 1
    return counts


def fraction_unlike(png, reference, tolerance=40):
    width, height = png[0], png[1]
    far = sum(1 for rgb in pixels(png) if sum(abs(a - b) for a, b in zip(rgb, reference)) > tolerance)
    return far / float(width * height)


def count_near(png, colour, tolerance=60):
    return sum(1 for rgb in pixels(png) if sum(abs(a - b) for a, b in zip(rgb, colour)) <= tolerance)


def check_shows_scene(path, what, min_colours=16):
    if not check(os.path.exists(path), what + ": " + path + " was not written"):
        return
    png = read_png(path)
    histogram = colour_histogram(png)
    background = max(histogram, key=histogram.get)
    fraction = fraction_unlike(png, background)
    print("%s: %dx%d, %d colours, %.2f%% of pixels unlike the background %s" %
          (what, png[0], png[1], len(histogram), 100 * fraction, background))
    check(fraction > 0.003, what + ": the image is (almost) blank")
    check(len(histogram) > min_colours, what + ": too few colours for a rendered scene")


# ---------------------------------------------------------------- running the app

def run(args, what):
    print("$ " + " ".join(args))
    result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=240)
    print(result.stdout[-3000:])
    print(result.stderr[-3000:], file=sys.stderr)
    check(result.returncode >= 0, what + ": the process crashed (signal %d)" % -result.returncode)
    return result


def run_script(opts, name, text, extra=()):
    path = os.path.join(opts.out_dir, name + ".txt")
    with open(path, "w") as f:
        f.write(text)
    return run([opts.exe, "gui", *extra, "--script", path], name), path


def run_interactive(opts, name, args, seconds=8):
    """An interactive session (no script) for `seconds`, then closed; its exit code (None when it
    stayed open) and its log."""
    log_path = os.path.join(opts.out_dir, name + ".log")
    with open(log_path, "w") as log:
        app = subprocess.Popen([opts.exe, "gui", *args], stdout=log, stderr=subprocess.STDOUT)
        try:
            code = app.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            code = None
            app.terminate()
            app.wait(timeout=10)
    with open(log_path) as log:
        return code, log.read()


def read_csv(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    header = [re.sub(r"\s*\[.*\]$", "", cell) for cell in rows[0]]
    return rows[0], [dict(zip(header, map(float, row))) for row in rows[1:]]


# ---------------------------------------------------------------- cases

def case_scripted_session(opts):
    out = opts.out_dir
    script = f"""# a user session: load, configure, run, export, edit, run again
load scenes/chain.json n=5
backend redmax
integrator rk4
dt 0.001
run-frames 120
export-csv {out}/session.csv
export-plots {out}/session_plots
panels off
overlay grid off
screenshot {out}/view.png
panels on
overlay grid on
screenshot-window {out}/window.png
set-joint 0 damping 0.1
set-joint 1 damping 0.1
set-body 2 mass 2
set-gravity 0 0 -9.81
run-frames 30
export-csv {out}/after_edits.csv
quit
"""
    result, _ = run_script(opts, "session", script)
    if not check(result.returncode == 0, "the scripted session must exit with 0"):
        return
    check("completed" in result.stdout, "the session reports completion")
    check_shows_scene(f"{out}/view.png", "3D view screenshot")
    check_shows_scene(f"{out}/window.png", "window screenshot")

    header, gui = read_csv(f"{out}/session.csv")
    check(header[:5] == ["t [s]", "kinetic [J]", "potential [J]", "total [J]", "drift_position [m]"],
          "CSV header with units: %s" % header)
    steps = 120 * round(1 / (60 * 0.001))
    check(abs(gui[-1]["t"] - steps * 0.001) < 1e-9, "scripted time is frames x steps-per-frame x dt: %g" % gui[-1]["t"])
    check(all(b["t"] > a["t"] for a, b in zip(gui, gui[1:])), "CSV time increases")
    duration = "%.6f" % gui[-1]["t"]
    cli = run([opts.exe, "run", "scenes/chain.json", "--set", "n=5", "--backend", "redmax", "--integrator", "rk4",
               "--dt", "0.001", "--duration", duration, "--csv", f"{out}/cli.csv"], "headless run")
    if check(cli.returncode == 0, "the headless CLI run succeeds"):
        _, reference = read_csv(f"{out}/cli.csv")
        energy_rows_match(gui, reference, "the GUI's CSV vs the headless run", tolerance=1e-9)

    _, edited = read_csv(f"{out}/after_edits.csv")
    after = [row for row in edited if row["t"] > gui[-1]["t"] + 1e-9]
    check(len(after) > 100, "samples recorded after the edits")
    increases = [b["total"] - a["total"] for a, b in zip(after, after[1:]) if b["total"] > a["total"] + 1e-9]
    check(not increases, "with joint damping the total energy never increases (dE/dt = -qd^T D qd)")

    try:
        root = ET.parse(f"{out}/session_plots.svg").getroot()
        check(root.tag.endswith("svg"), "SVG root element is <svg> (got %s)" % root.tag)
    except (ET.ParseError, OSError) as e:
        check(False, "SVG parses as XML: %s" % e)
    with open(f"{out}/session_plots.pdf", "rb") as f:
        pdf = f.read()
    check(pdf.startswith(b"%PDF-"), "PDF starts with %PDF")
    check(pdf.rstrip().endswith(b"%%EOF"), "PDF ends with %%EOF")
    if shutil.which("pdftoppm"):
        rendered = run(["pdftoppm", "-png", "-r", "40", "-singlefile", f"{out}/session_plots.pdf",
                        f"{out}/pdf_page"], "pdftoppm")
        if check(rendered.returncode == 0, "pdftoppm renders the PDF"):
            check(count_near(read_png(f"{out}/pdf_page.png"), (44, 160, 44)) > 20, "the PDF shows the total energy")
    plot = read_png(f"{out}/session_plots.png")
    for name, colour in (("kinetic", (31, 119, 181)), ("potential", (255, 127, 13)), ("total", (44, 160, 44)),
                         ("drift", (214, 38, 41))):
        n = count_near(plot, colour)
        print("plot PNG: %d pixels of the %s series colour" % (n, name))
        check(n > 100, "the plot PNG shows the %s series" % name)


def case_compare_backends(opts):
    """The four-bar on redmax compared with baraff on one plot, without drift control: each
    run's columns equal a headless run of that back-end alone."""
    out = opts.out_dir
    with open("scenes/four_bar.json") as f:
        scene = json.load(f)
    scene["simulation"]["drift_control"] = "none"
    free = f"{out}/four_bar_free.json"
    with open(free, "w") as f:
        json.dump(scene, f)
    script = f"""load scenes/four_bar.json
backend redmax
integrator semi-implicit
drift-control none
compare nonsense-is-refused-below
"""
    result, _ = run_script(opts, "compare_refused", script + "quit\n")
    check(result.returncode == 1 and "unknown back-end 'nonsense-is-refused-below'" in result.stderr,
          "an unknown comparison back-end is refused with its name: %s" % result.stderr.strip())
    script = script.replace("compare nonsense-is-refused-below", "compare baraff") + f"""run-frames 60
export-csv {out}/compare.csv
export-plots {out}/compare_plots
screenshot-window {out}/compare_window.png
panels off
screenshot {out}/compare_view.png
quit
"""
    result, _ = run_script(opts, "compare", script)
    if not check(result.returncode == 0, "the comparison session must exit with 0: %s" % result.stderr.strip()):
        return
    header, gui = read_csv(f"{out}/compare.csv")
    for column in ("total_baraff [J]", "drift_position_baraff [m]", "drift_rotation_baraff [rad]"):
        check(column in header, "CSV has the comparison column %s: %s" % (column, header))
    duration = "%.6f" % gui[-1]["t"]
    for backend, column in (("redmax", "drift_position"), ("baraff", "drift_position_baraff")):
        cli = run([opts.exe, "run", free, "--backend", backend, "--integrator", "semi-implicit", "--dt", "0.001",
                   "--duration", duration, "--csv", f"{out}/cli_{backend}.csv"], "headless run on " + backend)
        if not check(cli.returncode == 0, "the headless run on %s succeeds" % backend):
            continue
        _, reference = read_csv(f"{out}/cli_{backend}.csv")
        by_time = {round(row["t"], 9): row for row in reference}
        pairs = [(row[column], by_time[round(row["t"], 9)]["drift_position"]) for row in gui
                 if round(row["t"], 9) in by_time]
        worst = max(abs(a - b) for a, b in pairs)
        print("%s drift vs headless run: %d rows, worst difference %.3g m" % (backend, len(pairs), worst))
        check(len(pairs) >= len(gui) - 1, "every sample of the %s run appears in the headless run" % backend)
        check(worst <= 1e-12, "the %s drift equals the headless run's (worst %.3g m)" % (backend, worst))
    last = gui[-1]
    print("final drift: redmax %.3g m, baraff %.3g m" % (last["drift_position"], last["drift_position_baraff"]))
    check(last["drift_position_baraff"] > 1e-7, "without drift control Baraff's joints drift apart")
    purple = count_near(read_png(f"{out}/compare_plots.png"), (148, 102, 189))
    print("plot PNG: %d pixels of the comparison colour" % purple)
    check(purple > 100, "the exported plot shows the comparison series")
    check_shows_scene(f"{out}/compare_window.png", "window screenshot while comparing")
    ghost = count_near(read_png(f"{out}/compare_view.png"), (148, 102, 189), tolerance=40)
    print("3D view: %d pixels of the comparison run's outline" % ghost)
    check(ghost > 100, "the 3D view outlines the comparison run's bodies")


FOUR_BAR_RUNS = ["redmax:rk4", "redmax:semi-implicit", "variational-maximal:variational-midpoint",
                 "variational-minimal:variational-midpoint"]


def case_compare_runs(opts):
    """Five runs of the four-bar on four back-ends compared in the app (issue 32): the exported
    comparison series equal `articulab compare`'s to 1e-12, the figure's legend names every run
    with its back-end, integrator and step, the 3D view shows the other runs as ghosts."""
    out = opts.out_dir
    adds = "".join("compare-add %s\n" % run for run in FOUR_BAR_RUNS)
    script = f"""load scenes/four_bar.json
backend baraff
integrator semi-implicit
{adds}run-frames 60
export-comparison {out}/runs_comparison.csv
export-csv {out}/runs.csv
export-plots {out}/runs_plots
energy-view change
export-plots {out}/runs_change
screenshot-window {out}/runs_window.png
panels off
screenshot {out}/runs_view.png
compare-ghost 1 off
compare-ghost 2 off
compare-ghost 3 off
compare-ghost 4 off
screenshot {out}/runs_view_no_ghosts.png
quit
"""
    result, _ = run_script(opts, "compare_runs", script)
    if not check(result.returncode == 0, "the five-run session must exit with 0: %s" % result.stderr.strip()[-500:]):
        return
    header, gui = read_csv(f"{out}/runs_comparison.csv")
    duration = "%.6f" % gui[-1]["t"]
    runs = ",".join(["baraff:semi-implicit"] + FOUR_BAR_RUNS)
    cli = run([opts.exe, "compare", "scenes/four_bar.json", "--runs", runs, "--duration", duration,
               "--csv-dir", f"{out}/cli_runs", "--figure", f"{out}/cli_runs.svg"], "articulab compare")
    if not check(cli.returncode == 0, "articulab compare of the five runs succeeds"):
        return
    cli_header, reference = read_csv(f"{out}/cli_runs/comparison.csv")
    check(header == cli_header, "the app's comparison columns are the CLI's: %s vs %s" % (header, cli_header))
    by_time = {round(row["t"], 9): row for row in reference}
    worst, pairs = 0.0, 0
    for row in gui:
        other = by_time.get(round(row["t"], 9))
        if other is None:
            continue
        for name, value in row.items():
            if name == "t" or name not in other:
                continue
            if math.isnan(value) and math.isnan(other[name]):
                continue
            worst = max(worst, abs(value - other[name]))
            pairs += 1
    print("app vs compare CLI: %d values, worst difference %.3g" % (pairs, worst))
    check(pairs >= (len(gui) - 1) * (len(header) - 1), "every app sample is in the CLI's series")
    check(worst <= 1e-12, "the app's comparison series equals the CLI's (worst %.3g)" % worst)
    texts = svg_texts(f"{out}/runs_plots.svg")
    print("SVG text: %s" % texts[:40])
    for label in ("baraff semi-implicit, dt 0.001 s", "redmax rk4, dt 0.001 s", "redmax semi-implicit, dt 0.001 s",
                  "variational-maximal variational-midpoint, dt 0.001 s",
                  "variational-minimal variational-midpoint, dt 0.001 s"):
        check(label in texts, "the figure's legend names the run '%s'" % label)
    check(any(t.startswith("Difference to baraff") for t in texts), "the figure has the difference pane")
    check(any(t.startswith("Energy error |E - E0| / K_max") for t in texts),
          "the energy pane shows |E - E0| / K_max by default in a comparison")
    check(any(t.startswith("Energy change E - E0") for t in svg_texts(f"{out}/runs_change.svg")),
          "energy-view change shows E - E0")
    check("1e-13" in texts or "1e-14" in texts or "1e-12" in texts,
          "the drift and difference axes are logarithmic down to rounding (1e-12 .. 1e-14 ticks)")
    for name in ("runs_plots.png", "runs_change.png", "runs_window.png"):
        check_shows_scene(f"{out}/{name}", name)
    ghosts = count_near(read_png(f"{out}/runs_view.png"), (255, 127, 13), tolerance=60)
    plain = count_near(read_png(f"{out}/runs_view_no_ghosts.png"), (255, 127, 13), tolerance=60)
    print("3D view: %d pixels near the third run's orange with ghosts, %d without" % (ghosts, plain))
    check(ghosts > plain + 100, "the 3D view draws the comparison runs as ghosts in their colours")


def svg_texts(path):
    root = ET.parse(path).getroot()
    return [el.text or "" for el in root.iter() if el.tag.endswith("text")]


def saturated_bbox_fraction(pngs, min_saturation=60):
    """Fraction of the image covered by the box around strongly coloured pixels (the bodies;
    the background, shadows and anchors are grey) in any of the images (a swept box)."""
    xs, ys = [], []
    for png in pngs:
        saturated_pixels(png, min_saturation, xs, ys)
    if not xs:
        return 0.0
    width, height = pngs[0][0], pngs[0][1]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) / float(width * height)


def saturated_pixels(png, min_saturation, xs, ys):
    width, height, channels, data = png
    for y in range(0, height, 2):
        row = y * width * channels
        for x in range(0, width, 2):
            r, g, b = data[row + x * channels:row + x * channels + 3]
            if max(r, g, b) - min(r, g, b) >= min_saturation:
                xs.append(x)
                ys.append(y)


def case_view_and_labels(opts):
    """The default scene, the windmill and the four-bar fill the 3D view with the floor below
    them; after a live back-end switch the exported plots credit each stretch to its back-end,
    with the title and labels as SVG <text>."""
    out = opts.out_dir
    shots = ""
    for name, scene in (("default", "double_pendulum"), ("windmill", "windmill"), ("four_bar", "four_bar")):
        # The bodies alone (no floor, no axes) every half second for two seconds: the box they
        # sweep is what the framing promises to fill.
        bodies = "".join(f"run-frames 30\nscreenshot {out}/{name}_bodies{i}.png\n" for i in range(4))
        shots += f"""load scenes/{scene}.json
run-frames 30
screenshot {out}/{name}.png
overlay grid off
overlay shadows off
{bodies}overlay grid on
overlay shadows on
"""
    script = shots + f"""screenshot-window {out}/four_bar_window.png
load scenes/chain.json n=5
backend recursive
integrator rk4
run-frames 40
backend redmax
run-frames 40
export-plots {out}/switched
quit
"""
    result, _ = run_script(opts, "view_and_labels", script)
    if not check(result.returncode == 0, "the session must exit with 0: %s" % result.stderr.strip()):
        return
    log = (result.stdout + result.stderr).splitlines()
    check(any("[info]" in line and "redundant" in line for line in log) and
          not any("[warning]" in line and "redundant" in line for line in log),
          "the four-bar's redundant loop row is logged as information, not as a warning")
    for name in ("default", "windmill", "four_bar"):
        png = read_png(f"{out}/{name}.png")
        width, height = png[0], png[1]
        check_shows_scene(f"{out}/{name}.png", name + " 3D view")
        swept = [read_png(f"{out}/{name}_bodies{i}.png") for i in range(4)]
        bodies = saturated_bbox_fraction(swept)
        print("%s: the bodies' box over 2 s covers %.1f%% of the %dx%d view (%.1f%% at t = 1 s)" %
              (name, 100 * bodies, width, height, 100 * saturated_bbox_fraction(swept[:1])))
        check(bodies >= 0.15, "%s: the mechanism covers at least 15%% of the view (%.1f%%)" % (name, 100 * bodies))
        # The floor: the bottom tenth of the view is floor, not background sky.
        sky = (189, 201, 217)
        bottom = (width, height // 10, 3, png[3][-(height // 10) * width * png[2]:]) if png[2] == 3 else None
        if bottom:
            floor = fraction_unlike(bottom, sky, tolerance=30)
            print("%s: %.0f%% of the bottom tenth is floor" % (name, 100 * floor))
            check(floor > 0.5, name + ": the floor shows below the mechanism")
        anchors = count_near(png, (62, 62, 70), tolerance=30)
        print("%s: %d pixels of world-anchor colour" % (name, anchors))
        check(anchors >= 5, name + ": the world anchors are drawn")
    check(read_png(f"{out}/four_bar_window.png")[0] == 1280, "the window screenshot is 1280 wide")
    with open(f"{out}/switched.svg") as f:
        svg = f.read()
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        check(False, "the SVG parses: %s" % e)
        return
    texts = [el.text or "" for el in root.iter() if el.tag.endswith("text")]
    print("SVG text: %s" % texts[:12])
    check(any("chain" in t and "n = 5" in t and "recursive, then redmax" in t for t in texts),
          "the SVG title names the scene, n and both back-ends in order: %s" % texts[:2])
    check(any("drift control" in t for t in texts), "the SVG subtitle names the drift control")
    check(any(re.search(r"recursive 0-0\.6\d* s, redmax 0\.6\d*-1\.3\d* s", t) for t in texts),
          "the subtitle gives each back-end's stretch of time")
    check("recursive" in texts and "redmax" in texts, "each plot labels its segments with the back-end")
    check("kinetic" in texts and "potential" in texts, "the legend is text")


def brightness_spread(png, min_saturation=60):
    """Spread of the brightness (max channel) over the strongly coloured pixels (the bodies):
    the 5th to 95th percentile, and the number of distinct levels. A lit body shades its faces
    (tens of levels apart); an unlit one is flat."""
    width, height, channels, data = png
    levels = []
    for y in range(0, height, 2):
        row = y * width * channels
        for x in range(0, width, 2):
            r, g, b = data[row + x * channels:row + x * channels + 3]
            if max(r, g, b) - min(r, g, b) >= min_saturation:
                levels.append(max(r, g, b))
    if not levels:
        return 0, 0
    levels.sort()
    return levels[int(0.95 * (len(levels) - 1))] - levels[int(0.05 * (len(levels) - 1))], len(set(levels))


# name, file, least fraction of the view the bodies' box covers over a second (framed)
IMPORTED_MODELS = (("ur5_like", "tests/engine/io/import/data/ur5_like/ur5_like.urdf", 0.0),
                   ("quadruped", "tests/engine/io/import/data/quadruped.xml", 0.15))


def case_imported_models(opts):
    """A URDF arm and an MJCF quadruped open in the app by their file extension and run; the 3D
    view shows their bodies inside the view and lit (faces shaded), the quadruped framed (its
    bodies' box covers at least 15 % of the view)."""
    out = opts.out_dir
    script = ""
    for name, path, _ in IMPORTED_MODELS:
        bodies = "".join(f"run-frames 20\nscreenshot {out}/{name}_bodies{i}.png\n" for i in range(3))
        script += f"""load {path}
run-frames 20
screenshot {out}/{name}.png
screenshot-window {out}/{name}_window.png
overlay grid off
overlay shadows off
{bodies}overlay grid on
overlay shadows on
"""
    result, _ = run_script(opts, "imported_models", script + "quit\n")
    if not check(result.returncode == 0, "the session must exit with 0: %s" % result.stderr.strip()[-500:]):
        return
    log = result.stdout + result.stderr
    check("[error]" not in log, "no error in the session's log")
    for name, path, framed in IMPORTED_MODELS:
        check(os.path.basename(path) in log, name + ": the log names the model file it opened")
        check_shows_scene(f"{out}/{name}.png", name + " 3D view")
        check_shows_scene(f"{out}/{name}_window.png", name + " window")
        swept = [read_png(f"{out}/{name}_bodies{i}.png") for i in range(3)]
        xs, ys = [], []
        for png in swept:
            saturated_pixels(png, 60, xs, ys)
        width, height = swept[0][0], swept[0][1]
        check(len(xs) > 50 and min(xs) > 0 and min(ys) > 0 and max(xs) < width - 2 and max(ys) < height - 2,
              name + ": the bodies are drawn inside the view")
        covered = saturated_bbox_fraction(swept)
        print("%s: the bodies' box over 1 s covers %.1f%% of the view" % (name, 100 * covered))
        check(covered >= framed, "%s: framed: the bodies' box covers at least %.0f%% of the view (%.1f%%)" %
              (name, 100 * framed, 100 * covered))
        spread, levels = brightness_spread(read_png(f"{out}/{name}.png"))
        print("%s: body brightness spread %d over %d levels" % (name, spread, levels))
        check(spread >= 25 and levels >= 12, "%s: the bodies are lit (shaded faces): spread %d, %d levels" %
              (name, spread, levels))


def case_every_scene(opts):
    """Every scene of scenes/ opens in the app on every back-end that `articulab describe` says
    runs it, runs 20 frames without diverging and shows its bodies in the 3D view."""
    out = opts.out_dir
    lines, shots = [], []
    for name in sorted(f for f in os.listdir("scenes") if f.endswith(".json")):
        described = run([opts.exe, "describe", "scenes/" + name], "describe " + name)
        backends = re.findall(r"^  ([a-z]+): runs this scene", described.stdout, re.M)
        check(backends, name + ": at least one back-end runs it")
        for backend in backends:
            shot = f"{out}/{name[:-5]}_{backend}.png"
            lines += ["load scenes/" + name, "backend " + backend, "run-frames 20", "screenshot " + shot]
            shots.append((shot, name + " on " + backend))
    result, _ = run_script(opts, "every_scene", "panels off\n" + "\n".join(lines) + "\nquit\n",
                           extra=("--size", "400x300"))
    if not check(result.returncode == 0, "every scene runs on its back-ends: %s" % result.stderr.strip()):
        return
    print("%d scene and back-end pairs" % len(shots))
    check(len(shots) >= 50, "the scenes and back-ends were all listed")
    for shot, what in shots:
        check_shows_scene(shot, what, min_colours=6)  # a lone box at 400 x 300 shows about a dozen


BANNER = (115, 18, 18)


def case_broken_scene(opts):
    out = opts.out_dir
    result, _ = run_script(opts, "expect_error", f"""load scenes/chain.json n=3
run-frames 10
expect-error tests/app/gui/data/broken_scene.json
screenshot-window {out}/banner.png
run-frames 10
""")
    check(result.returncode == 0, "expect-error on a broken scene succeeds and the session goes on")
    check(re.search(r"expected error: tests/app/gui/data/broken_scene.json: /joints/0/type: unknown joint type \"hinge\"",
                    result.stdout), "the loader's message (file: pointer: message) is shown")
    if os.path.exists(f"{out}/banner.png"):
        n = count_near(read_png(f"{out}/banner.png"), BANNER, 30)
        print("banner pixels: %d" % n)
        check(n > 2000, "a visible error banner is drawn")

    result, path = run_script(opts, "load_broken", "load tests/app/gui/data/broken_scene.json\n")
    check(result.returncode == 1, "loading a broken scene in a script fails with exit code 1")
    check(path + ":1: load: tests/app/gui/data/broken_scene.json: /joints/0/type:" in result.stderr,
          "the failure names the script line and the scene field")

    result, _ = run_script(opts, "start_broken", "quit\n", extra=("tests/app/gui/data/broken_scene.json",))
    check(result.returncode == 1 and "/joints/0/type" in result.stderr, "a broken start-up scene is reported")

    # Interactive (no script): the window opens on the default scene, the error in the banner.
    code, text = run_interactive(opts, "interactive_broken", ["tests/app/gui/data/broken_scene.json"])
    check(code is None, "the app stays open on a broken start-up scene (exit code %s)" % code)
    check("the app opened the default scene" in text and "/joints/0/type" in text,
          "the banner names the default scene and the loader's message: %s" % text.strip()[-300:])
    check("first look" not in text, "a scene that did not load gets no first-look comparison")

    # Interactive without a scene: the first look, the four-bar compared on two back-ends.
    code, text = run_interactive(opts, "interactive_first_look", [])
    check(code is None, "the app stays open on its first look (exit code %s)" % code)
    check("first look: " in text and "four_bar.json" in text and "baraff:semi-implicit" in text
          and "could not add" not in text,
          "the first look compares the four-bar with baraff:semi-implicit: %s" % text.strip()[-300:])


def case_diverging_scene(opts):
    out = opts.out_dir
    result, _ = run_script(opts, "expect_divergence", f"""load tests/app/gui/data/diverging_chain.json
expect-divergence 100
screenshot-window {out}/diverged.png
""")
    check(result.returncode == 0, "expect-divergence succeeds on the diverging chain")
    pattern = (r"expected divergence: Simulation diverged and was paused: back-end redmax \(semi-implicit\), "
               r"step \d+ \(t = [0-9.e+-]+ s\): (.*(energy|not finite|non-finite).*)")
    match = re.search(pattern, result.stdout)
    check(match, "the message names the back-end, the step and the quantity")
    if os.path.exists(f"{out}/diverged.png"):
        check(count_near(read_png(f"{out}/diverged.png"), BANNER, 30) > 2000, "the divergence is shown in a banner")

    result, path = run_script(opts, "run_diverging", "load tests/app/gui/data/diverging_chain.json\nrun-frames 100\n")
    check(result.returncode == 1, "an unexpected divergence fails the script")
    check(path + ":2: run-frames: Simulation diverged" in result.stderr, "the failure says the simulation diverged")


def case_bad_parameters(opts):
    cases = [
        ("set-body 1 mass -1", "set-body: mass must be > 0 kg (got -1)"),
        ("dt 0", "dt: step size must be > 0 s (got 0)"),
        ("dt -0.001", "dt: step size must be > 0 s (got -0.001)"),
        ("set-joint 0 stiffness -5", "set-joint: stiffness must be >= 0 (got -5)"),
        ("set-joint 0 damping -0.1", "set-joint: damping must be >= 0 (got -0.1)"),
        ("set-joint 9 damping 1", "set-joint: joint index 9 is out of range"),
        ("integrator euler", "integrator: unknown integrator 'euler'"),
        ("backend nope", "backend: unknown back-end 'nope'"),
        ("set-ground-friction -2", "set-ground-friction: friction coefficient must be >= 0 (got -2)"),
        ("set-body 0 friction -0.5", "set-body: friction coefficient must be >= 0 (got -0.5)"),
        ("set-body 0 colour 1", "set-body: unknown body field 'colour' (expected mass or friction)"),
        ("set-joint -1 damping 1", "set-joint: joint index must be a whole number >= 0 (got -1)"),
        ("set-joint 4294967296 damping 1", "set-joint: joint index must be a whole number >= 0 (got 4294967296)"),
        ("set-body -2 mass 1", "set-body: body index must be a whole number >= 0 (got -2)"),
    ]
    for index, (command, message) in enumerate(cases):
        result, path = run_script(opts, "bad_%d" % index, "load scenes/chain.json n=3\n" + command + "\n")
        check(result.returncode == 1, "'%s' fails the script" % command)
        check(path + ":2: " + message in result.stderr, "'%s' reports: %s" % (command, message))
    result, path = run_script(opts, "typo", "load scenes/chain.json\nrun-frame 10\n")
    check(result.returncode == 1 and path + ":2: unknown command 'run-frame'" in result.stderr,
          "a misspelt command is reported before anything runs")


def case_benchmark(opts):
    out = opts.out_dir
    result = run([opts.exe, "gui", "scenes/chain.json", "--set", "n=5", "--benchmark-frames", "20",
                  "--benchmark-output", f"{out}/bench.txt"], "benchmark")
    check(result.returncode == 0, "the benchmark mode exits with 0")
    pattern = r"frames 20, mean [0-9.]+ ms, p95 [0-9.]+ ms, max [0-9.]+ ms, [0-9.]+ FPS"
    check(re.search(pattern, result.stdout), "the benchmark prints mean/p95 frame time and FPS")
    with open(f"{out}/bench.txt") as f:
        check(re.search(pattern, f.read()), "the benchmark writes its result to --benchmark-output")


def case_slow_step(opts):
    """A step that takes 3 s (the test hook test-step-delay): the window keeps drawing while it
    runs, a back-end switch issued meanwhile takes effect right after it, and quitting inside
    such a step does not hang."""
    out = opts.out_dir
    script = f"""load scenes/chain.json n=3
backend redmax
test-step-delay 3
play
draw-frames 30
backend recursive
expect-backend redmax
screenshot-window {out}/stepping.png
wait-steps 1 20
expect-backend recursive
test-step-delay 0
draw-frames 10
test-step-delay 2
wait-steps 1 20
draw-frames 5
quit
"""
    import time
    start = time.monotonic()
    result, _ = run_script(opts, "slow_step", script)
    wall = time.monotonic() - start
    if not check(result.returncode == 0, "the slow-step session exits with 0: %s" % result.stderr.strip()):
        return
    match = re.search(r"drew 30 frames, (\d+) while a step ran: median ([0-9.]+) ms, frames \d+, mean ([0-9.]+) ms, "
                      r"p95 ([0-9.]+) ms, max ([0-9.]+) ms", result.stdout)
    if check(match, "draw-frames reports the frame times during the step"):
        during, median, p95, worst = int(match.group(1)), float(match.group(2)), float(match.group(4)), float(match.group(5))
        print("frames during the 3 s step: %d, median %.1f ms, p95 %.1f ms, max %.1f ms" % (during, median, p95, worst))
        check(during >= 10, "frames were drawn while the step ran (%d of 30)" % during)
        # On a loaded 2-core machine single frames can be slow; a UI waiting for the step would
        # show frames of seconds.
        check(median < 50.0, "frames keep drawing during the step: median %.1f ms < 50 ms" % median)
        check(worst < 1000.0, "no frame waited for the step: longest %.1f ms" % worst)
    log = result.stdout + result.stderr
    check("switching to back-end recursive: takes effect after the running step" in log, "the log says the switch waits")
    check("the step is abandoned" in log, "quitting inside the second slow step abandons it after the grace")
    check_shows_scene(f"{out}/stepping.png", "window during a slow step")
    print("session wall time %.1f s" % wall)
    check(wall < 25.0, "the session (two slow steps, quit inside the second) is short: %.1f s" % wall)


def red_muscle_pixels(png):
    """Pixels of a lit, fully active muscle, light or shaded: saturated red (the bones are orange
    or blue, the resting muscle grey-blue)."""
    return sum(1 for r, g, b in pixels(png) if r > 90 and g < 50 and b < 50)


def case_muscles(opts):
    """The muscle arm: set-muscle drives the biceps (drawn red once active, gone with the
    overlay off), the CSV has the muscle columns with E - W constant, the plots show the balance
    and the muscle forces, and an excitation outside [0, 1] is refused naming the command."""
    out = opts.out_dir
    script = f"""load tests/app/gui/data/muscle_arm.json
run-frames 1
camera -1.5708 0.1 1.1
run-frames 30
screenshot {out}/before.png
set-muscle 0 excitation 1
run-frames 40
screenshot {out}/active.png
screenshot-window {out}/window.png
muscle-colour force
screenshot {out}/force.png
overlay muscles off
screenshot {out}/hidden.png
overlay muscles on
muscle-colour activation
set-muscle 0 excitation schedule
run-frames 10
export-csv {out}/muscles.csv
export-plots {out}/muscle_plots
quit
"""
    result, _ = run_script(opts, "muscles", script)
    if not check(result.returncode == 0, "the muscle session must exit with 0: %s" % result.stderr.strip()):
        return
    check_shows_scene(f"{out}/window.png", "window with the muscle panel")
    counts = {name: red_muscle_pixels(read_png(f"{out}/{name}.png")) for name in ("before", "active", "force", "hidden")}
    print("red muscle pixels: %s" % counts)
    check(counts["active"] > 1000, "the active biceps is drawn red (%d pixels)" % counts["active"])
    check(counts["before"] < counts["active"] / 4, "at excitation 0.05 the biceps is not red")
    check(counts["force"] > 500, "coloured by force the loaded biceps is red too")
    check(counts["hidden"] < counts["active"] / 10, "with the muscles overlay off no muscle is drawn")

    header, rows = read_csv(f"{out}/muscles.csv")
    for column in ("biceps_excitation [1]", "biceps_activation [1]", "biceps_force [N]", "biceps_length [m]",
                   "biceps_velocity [m/s]", "triceps_force [N]", "muscle_power [W]", "muscle_work [J]",
                   "total_minus_muscle_work [J]"):
        check(column in header, "CSV column %s" % column)
    edit = 31 * round(1 / (60 * 0.001)) * 0.001
    held = [row for row in rows if edit + 1e-9 < row["t"] < edit + 40 * 17e-3 - 1e-9]
    check(held and all(row["biceps_excitation"] == 1.0 for row in held), "the edited excitation is in the CSV")
    check(rows[-1]["biceps_excitation"] == 0.05, "set-muscle ... schedule restores the scene's 0.05")
    balance = [row["total_minus_muscle_work"] for row in rows]
    energy = [row["total"] for row in rows]
    print("E range %.4g J, E - W range %.3g J" % (max(energy) - min(energy), max(balance) - min(balance)))
    check(max(energy) - min(energy) > 1.0, "the muscles change the total energy")
    check(max(balance) - min(balance) < 5e-3, "E - W stays constant (range %.3g J)" % (max(balance) - min(balance)))
    plot = read_png(f"{out}/muscle_plots.png")
    check(count_near(plot, (227, 120, 194)) > 100, "the exported plot shows total - muscle work")
    with open(f"{out}/muscle_plots.svg") as f:
        svg = f.read()
    for text in ("Muscle force", "biceps", "triceps", "muscle work"):
        check(text in svg, "the SVG names %s" % text)

    result, path = run_script(opts, "muscle_refused", "load tests/app/gui/data/muscle_arm.json\nset-muscle 0 excitation 1.5\n")
    message = path + ":2: set-muscle: muscle 0: excitation 1.5 is outside [0, 1]"
    check(result.returncode == 1 and message in result.stderr, "an excitation outside [0, 1] is refused: %s" %
          result.stderr.strip()[-300:])
    result, path = run_script(opts, "muscle_index", "load tests/app/gui/data/muscle_arm.json\nset-muscle 5 excitation 0.5\n")
    check(result.returncode == 1 and "set-muscle: muscle index 5 is out of range (the scene has 2 muscles, 0 to 1)"
          in result.stderr, "an unknown muscle index is refused with the count")


def case_history(opts):
    """The history: scrubbed back to t = 0.5 s the view shows the past (the timeline and the plot
    cursor with it), and a run resumed there retraces the first run: the exported series of the
    resumed run equals the first one's row for row."""
    out = opts.out_dir
    script = f"""load scenes/double_pendulum.json
run-frames 60
export-csv {out}/first.csv
screenshot {out}/live.png
history view 0.5
draw-frames 2
screenshot {out}/past.png
screenshot-window {out}/past_window.png
history resume
run-frames 30
export-csv {out}/second.csv
history limits 0 0
quit
"""
    result, path = run_script(opts, "history", script)
    check(result.returncode == 1 and path + ":12: history: history memory cap must be between 1 and 1e6 MB, got 0" in
          result.stderr, "a memory cap of 0 MB is refused naming the command: %s" % result.stderr.strip()[-300:])
    check_shows_scene(f"{out}/past_window.png", "window showing the history")
    for when in ("-5", "1000"):  # outside the history (from t = 0): refused, not clamped
        result, path = run_script(opts, "history_outside", "load scenes/double_pendulum.json\nrun-frames 60\n"
                                  "history view " + when + "\n")
        check(result.returncode == 1 and re.search(path + r":3: history: history view: t = " + re.escape(when) +
                                                   r" s is outside the history, which holds t = 0 to [0-9.]+ s",
                                                   result.stderr),
              "history view %s is refused with the history's extent: %s" % (when, result.stderr.strip()[-300:]))
    live, past = pixels(read_png(f"{out}/live.png")), pixels(read_png(f"{out}/past.png"))
    changed = sum(1 for a, b in zip(live, past) if a != b)
    check(changed > 2000, "the view at t = 0.5 s differs from the live one (%d pixels)" % changed)
    _, first = read_csv(f"{out}/first.csv")
    _, second = read_csv(f"{out}/second.csv")
    times = [row["t"] for row in second]
    check(all(b > a for a, b in zip(times, times[1:])), "the resumed series has each time once, in order")
    check(second[-1]["t"] > 0.99, "the resumed run went on to t = %.3f s" % second[-1]["t"])
    common = min(len(first), len(second))
    same = all(first[i] == second[i] for i in range(common))
    check(same and common > 900, "the resumed run retraces the first: %d rows equal" % common)


def case_inspector(opts):
    """A scripted click on a body drawn in the window selects it: the log names it, the 3D view
    outlines it in yellow and the inspector shows it; select by name, and bad names refused."""
    out = opts.out_dir
    result, _ = run_script(opts, "inspector_find", f"""load scenes/double_pendulum.json
run-frames 1
screenshot-window {out}/find.png
quit
""")
    if not check(result.returncode == 0, "the first session must exit with 0: %s" % result.stderr.strip()):
        return
    png = read_png(f"{out}/find.png")
    width = png[0]
    blue = [i for i, (r, g, b) in enumerate(pixels(png)) if b > r + 80 and b > g + 40 and i % width < 840]
    if not check(len(blue) > 500, "the blue link is drawn (%d pixels)" % len(blue)):
        return
    x, y = blue[len(blue) // 2] % width, blue[len(blue) // 2] // width
    result, _ = run_script(opts, "inspector", f"""load scenes/double_pendulum.json
run-frames 1
click {x} {y}
draw-frames 2
screenshot-window {out}/selected.png
click 5 700
select link1
select nothing
quit
""")
    log = result.stdout + result.stderr
    check(re.search(r"click at \(%d, %d\): body \w+" % (x, y), log) is not None, "the click selects a body: %s" % log[-400:])
    check("click at (5, 700): no body" in log, "a click on the floor selects nothing")
    check("inspecting body 1 (link1)" in log, "select by name")
    check(result.returncode == 1 and "select: no body 'nothing'" in result.stderr, "an unknown body is refused")
    outline = count_near(read_png(f"{out}/selected.png"), (255, 217, 51), 40)
    check(outline > 50, "the selected body is outlined in yellow (%d pixels)" % outline)
    check_hover(opts, x, y)
    check_inspected_wrench(opts)
    check_inspected_contacts(opts)


def read_json(path):
    with open(path) as f:
        return json.load(f)


def check_hover(opts, x, y):
    """The body under the mouse (script command hover) is outlined in cyan, distinct from the
    selection's yellow; hovering the selected body draws only the selection."""
    out = opts.out_dir
    result, _ = run_script(opts, "inspector_hover", f"""load scenes/double_pendulum.json
run-frames 1
draw-frames 2
screenshot-window {out}/plain.png
hover {x} {y}
draw-frames 2
screenshot-window {out}/hovered.png
click {x} {y}
draw-frames 2
screenshot-window {out}/hovered_selected.png
hover 5 700
quit
""")
    log = result.stdout + result.stderr
    if not check(result.returncode == 0, "the hover session must exit with 0: %s" % result.stderr.strip()[-300:]):
        return
    hovered = re.search(r"hover at \(%d, %d\): body (\w+)" % (x, y), log)
    clicked = re.search(r"click at \(%d, %d\): body (\w+)" % (x, y), log)
    check(hovered is not None and clicked is not None and hovered.group(1) == clicked.group(1),
          "hover names the body a click there selects: %s" % log[-400:])
    check("hover at (5, 700): no body" in log, "hovering the floor highlights nothing")
    cyan = (0, 255, 255)
    plain, lit, both = (count_near(read_png(f"{out}/{name}.png"), cyan, 60) for name in ("plain", "hovered", "hovered_selected"))
    print("cyan pixels: %d plain, %d hovered, %d hovered and selected" % (plain, lit, both))
    check(lit > plain + 50, "the hovered body is outlined in cyan (%d pixels, %d without hover)" % (lit, plain))
    check(both < plain + 10, "the selected body's outline is yellow, not cyan (%d cyan pixels)" % both)
    yellow = count_near(read_png(f"{out}/hovered.png"), (255, 217, 51), 40)
    check(yellow < 10, "hover alone selects nothing (%d yellow pixels)" % yellow)


def check_inspected_wrench(opts):
    """single_pendulum.json (1 kg box, centre l = 0.05 m below a frictionless hinge about y): the
    joint wrench the inspector shows has along the link m (omega^2 l + g u_z), u the unit vector
    from the centre to the pivot (Newton along the link, closed form: no qddot in it), and no
    moment about the hinge axis beyond the O(h) of the step's discrete qddot."""
    out = opts.out_dir
    result, _ = run_script(opts, "inspector_wrench", f"""load scenes/single_pendulum.json
run-frames 12
select link0
export-inspection {out}/pendulum.json
select none
export-inspection {out}/nothing.json
quit
""")
    check(result.returncode == 1 and "export-inspection: no body selected" in result.stderr,
          "export-inspection without a selection is refused: %s" % result.stderr.strip()[-300:])
    if not check(os.path.exists(f"{out}/pendulum.json"), "the inspection was written"):
        return
    b = read_json(f"{out}/pendulum.json")
    wrench = b.get("joint_wrench")
    if not check(wrench is not None, "the inspection has the joint wrench"):
        return
    centre, pivot, force = b["position"], wrench["point"], wrench["force"]
    arm = [p - c for p, c in zip(pivot, centre)]
    l = sum(a * a for a in arm) ** 0.5
    u = [a / l for a in arm]
    omega = b["qd"][0]
    expected = b["mass"] * (omega * omega * l + 9.81 * u[2])
    along = sum(f * e for f, e in zip(force, u))
    print("pendulum at t = %.3f s: q %.4f, omega %.4f, l %.4f, force along the link %.10f N (closed form %.10f)" %
          (b["t"], b["q"][0], omega, l, along, expected))
    check(abs(l - 0.05) < 1e-9, "the joint is 0.05 m from the centre (%.12f)" % l)
    check(abs(omega) > 0.1, "the pendulum swings (omega %.4f rad/s)" % omega)
    check(abs(along - expected) < 1e-9 * abs(expected), "the hinge force along the link is m (omega^2 l + g u_z): "
          "%.12f against %.12f N" % (along, expected))
    hinge = wrench["moment"][1]
    check(abs(hinge) < 0.01 * b["mass"] * 9.81 * l, "no moment about the hinge axis (%.3g N m)" % hinge)


def check_inspected_contacts(opts):
    """box_stack.json at rest: the middle box's contacts (with the bottom box below it and the top
    box on it) sum to its weight m g upwards, and its free joint transmits nothing; scrubbed back
    in the history, the inspection is that of the state shown."""
    out = opts.out_dir
    result, _ = run_script(opts, "inspector_contacts", f"""load scenes/box_stack.json
run-frames 6
select middle
export-inspection {out}/middle.json
draw-frames 2
screenshot-window {out}/contacts.png
history view 0.05
export-inspection {out}/middle_past.json
quit
""")
    if not check(result.returncode == 0, "the contact session must exit with 0: %s" % result.stderr.strip()[-300:]):
        return
    b = read_json(f"{out}/middle.json")
    weight = b["mass"] * 9.81
    withs = sorted(set(c["with"] for c in b["contacts"]))
    print("middle box: %d contacts with %s, sum %s N, weight %.4f N" % (len(b["contacts"]), withs, b["contact_sum"], weight))
    check(withs == ["bottom", "top"], "the middle box touches the bottom and the top box (%s)" % withs)
    summed = [sum(c["normal_force"] * c["normal"][k] + c["friction"][k] for c in b["contacts"]) for k in range(3)]
    check(all(abs(a - e) < 1e-9 * weight for a, e in zip(summed, b["contact_sum"])), "the sum is the contacts' sum")
    check(abs(b["contact_sum"][2] - weight) < 1e-6 * weight and abs(b["contact_sum"][0]) + abs(b["contact_sum"][1]) < 1e-6 * weight,
          "the contacts carry the middle box's weight %.4f N: %s" % (weight, b["contact_sum"]))
    force = b["joint_wrench"]["force"]
    check(sum(f * f for f in force) ** 0.5 < 1e-6 * weight, "the free joint transmits no force: %s" % force)
    check_shows_scene(f"{out}/contacts.png", "box stack with the inspector")
    past = read_json(f"{out}/middle_past.json")
    print("at the history time %.3f s: %d contacts, sum %s N" % (past["t"], len(past["contacts"]), past["contact_sum"]))
    check(past["t"] < 0.06 and past["contacts"] and abs(past["contact_sum"][2] - weight) < 1e-6 * weight,
          "scrubbed back, the inspector shows the contacts of the state shown (t = %.3f s)" % past["t"])


# ---------------------------------------------------------------- video (app/video)

def probe_video(opts, path, frames_to_png):
    """Decodes path with libavformat (video_probe); returns its JSON summary, the frames written as PNGs."""
    args = [opts.probe, path]
    for index, png in frames_to_png:
        args += ["--frame", str(index), "--png", png]
    result = run(args, "video_probe")
    if not check(result.returncode == 0, "%s decodes: %s" % (path, result.stderr.strip()[-300:])):
        return None
    return json.loads(result.stdout)


def mean_abs_difference(a, b):
    total = sum(abs(x - y) for x, y in zip(a[3], b[3]))
    return total / float(len(a[3]))


def case_video(opts):
    """articulab record writes an H.264 MP4 that libavformat decodes: round(duration * fps) = 30
    frames of 320x240 at 30 fps (frame k shows t = k/30 s, so the last is t = 29/30 s), a frame
    shows the scene and matches the PNG sequence written beside it, the pendulum moves between
    the first and the last frame; bad output paths and sizes are refused with the reason."""
    out = opts.out_dir
    video, frames = f"{out}/run.mp4", f"{out}/frames"
    shutil.rmtree(frames, ignore_errors=True)
    result = run([opts.exe, "record", "scenes/double_pendulum.json", "--duration", "1", "--fps", "30", "--size",
                  "320x240", "--out", video, "--png-dir", frames], "record")
    if not check(result.returncode == 0, "record exits with 0: %s" % result.stderr.strip()[-400:]):
        return
    check("wrote 30 frames (320x240, 30 fps) to " + os.path.abspath(video) + " (H.264 (libx264))" in result.stdout,
          "the status names the frames, the size and the whole path: " + result.stdout.strip())
    info = probe_video(opts, video, [(0, f"{out}/decoded_0.png"), (29, f"{out}/decoded_29.png")])
    if info is None:
        return
    check(info["frames"] == 30, "30 frames decoded (got %d)" % info["frames"])
    check((info["width"], info["height"]) == (320, 240), "320x240 (got %dx%d)" % (info["width"], info["height"]))
    check(info["codec"] == "h264", "H.264 (got %s)" % info["codec"])
    check(abs(info["fps"] - 30) < 1e-6, "30 fps (got %g)" % info["fps"])
    check_shows_scene(f"{out}/decoded_29.png", "decoded frame 29")
    first, last = read_png(f"{out}/decoded_0.png"), read_png(f"{out}/decoded_29.png")
    check(mean_abs_difference(first, last) > 0.5, "the pendulum moves between frames 0 and 29 (mean difference %.2f)" %
          mean_abs_difference(first, last))
    png = read_png(os.path.join(frames, "frame_00029.png"))
    difference = mean_abs_difference(png, last)
    print("decoded frame 29 against the PNG frame 29: mean difference %.2f per channel" % difference)
    check(difference < 4.0, "the decoded frame matches the PNG of the same frame (mean difference %.2f)" % difference)
    check(not os.path.exists(os.path.join(frames, "frame_00030.png")), "no 31st PNG frame")
    result = run([opts.exe, "record", "scenes/double_pendulum.json", "--duration", "1", "--out",
                  "/proc/articulab_nowhere/run.mp4"], "record to an unwritable path")
    check(result.returncode == 2 and "/proc/articulab_nowhere/run.mp4: cannot write the file" in result.stderr,
          "an unwritable path is refused: " + result.stderr.strip()[-300:])
    result = run([opts.exe, "record", "scenes/double_pendulum.json", "--size", "321x240", "--out", video], "odd size")
    check(result.returncode == 2 and "--size: video size must be WIDTHxHEIGHT with even sides" in result.stderr,
          "an odd size is refused: " + result.stderr.strip()[-300:])
    result = run([opts.exe, "record", "scenes/double_pendulum.json", "--duration", "1"], "no output")
    check(result.returncode == 2 and "give --out FILE.mp4" in result.stderr, "no output is refused")
    result = run([opts.exe, "record", "tests/app/gui/data/diverging_chain.json", "--duration", "3", "--size", "320x240",
                  "--out", f"{out}/diverged.mp4"], "diverging scene")
    check(result.returncode == 3 and "articulab record: the simulation diverged before t = " in result.stderr and
          "keeping the 1 frames recorded so far" in result.stderr, "a diverging scene exits with 3, keeping the frames")
    info = probe_video(opts, f"{out}/diverged.mp4", [])
    check(info is not None and info["frames"] == 1, "the diverged run's file is finished and decodes: %s" % info)


def case_video_png(opts):
    """The PNG fallback: --png-dir alone writes round(0.5 s * 20 fps) = 10 frames of 320x240 that
    show the scene, and nothing else; --out without a video encoder falls back to PNGs; MPEG-4
    part 2 where there is no H.264 encoder."""
    out = opts.out_dir
    frames = f"{out}/frames"
    shutil.rmtree(frames, ignore_errors=True)
    result = run([opts.exe, "record", "scenes/double_pendulum.json", "--duration", "0.5", "--fps", "20", "--size",
                  "320x240", "--png-dir", frames], "record PNG")
    if not check(result.returncode == 0, "record --png-dir exits with 0: %s" % result.stderr.strip()[-400:]):
        return
    names = sorted(os.listdir(frames))
    check(names == ["frame_%05d.png" % i for i in range(10)], "frames 0 to 9 written (got %s)" % names[:12])
    png = read_png(os.path.join(frames, "frame_00009.png"))
    check((png[0], png[1]) == (320, 240), "PNG frames are 320x240 (got %dx%d)" % (png[0], png[1]))
    check_shows_scene(os.path.join(frames, "frame_00009.png"), "PNG frame 9")
    check(mean_abs_difference(read_png(os.path.join(frames, "frame_00000.png")), png) > 0.5, "the frames differ")
    # Without a video encoder (ARTICULAB_VIDEO_ENCODER=none) --out falls back to OUT_frames/ and says so;
    # with MPEG-4 part 2 forced the video decodes as mpeg4.
    fallback = f"{out}/fallback_frames"
    shutil.rmtree(fallback, ignore_errors=True)
    env = dict(os.environ, ARTICULAB_VIDEO_ENCODER="none")
    args = [opts.exe, "record", "scenes/double_pendulum.json", "--duration", "0.2", "--fps", "20", "--size", "320x240"]
    result = subprocess.run(args + ["--out", f"{out}/fallback.mp4"], env=env, capture_output=True, text=True, timeout=240)
    check(result.returncode == 0 and "has no H.264 or MPEG-4 encoder" in result.stderr and
          "writing a PNG sequence to " + os.path.abspath(fallback) + " instead" in result.stderr,
          "no encoder: the PNG fallback is announced: " + result.stderr.strip()[-400:])
    check(sorted(os.listdir(fallback)) == ["frame_%05d.png" % i for i in range(4)] if os.path.isdir(fallback) else False,
          "no encoder: 4 PNG frames in " + fallback)
    env["ARTICULAB_VIDEO_ENCODER"] = "mpeg4"
    result = subprocess.run(args + ["--out", f"{out}/mpeg4.mp4"], env=env, capture_output=True, text=True, timeout=240)
    check(result.returncode == 0 and "(MPEG-4 part 2 (mpeg4))" in result.stdout, "MPEG-4 forced: " + result.stdout)
    info = probe_video(opts, f"{out}/mpeg4.mp4", [(3, f"{out}/mpeg4_3.png")])
    if info is not None:
        check(info["codec"] == "mpeg4" and info["frames"] == 4, "MPEG-4 part 2 video of 4 frames: %s" % info)
        check_shows_scene(f"{out}/mpeg4_3.png", "MPEG-4 frame 3")


def case_video_session(opts):
    """The app's recorder in a scripted session: recording during run-frames writes a frame per
    1/30 s of simulated time (the count in the status line equals the decoded count); recording
    while the history is played back (whole window, 1280x720) follows the shown time; 'record
    history' records the whole history; the live run on the physics thread records too; an
    unwritable path fails the script with the reason."""
    out = opts.out_dir
    script = f"""load scenes/double_pendulum.json
record start {out}/session.mp4 fps=30 size=320x240
run-frames 60
record stop
screenshot {out}/view.png
history view 0.2
record start {out}/history.mp4 fps=30 window
draw-frames 1
history view 0.3
draw-frames 1
history view 0.5
draw-frames 1
record stop
record history {out}/whole_history.mp4 fps=30 size=320x240
history live
play
record start {out}/live.mp4 fps=30 size=320x240
wait-steps 300
record stop
pause
record start /proc/articulab_nowhere/session.mp4
quit
"""
    result, path = run_script(opts, "video_session", script)
    check(result.returncode == 1 and path + ":21: record: /proc/articulab_nowhere/session.mp4: cannot write the file" in
          result.stderr, "an unwritable path fails the script with the reason: " + result.stderr.strip()[-300:])
    written = re.findall(r"^wrote (\d+) frames \((\d+)x(\d+), 30 fps\) to (\S+)", result.stdout, re.MULTILINE)
    if not check(len(written) == 4, "four recordings reported: %s" % result.stdout[-600:]):
        return
    check(written[0][3] == os.path.abspath(f"{out}/session.mp4"), "the status shows the whole path")
    info = probe_video(opts, f"{out}/session.mp4", [(0, f"{out}/session_0.png"), (int(written[0][0]) - 1,
                                                                                   f"{out}/session_last.png")])
    if info is None:
        return
    check(info["frames"] == int(written[0][0]) and 30 <= info["frames"] <= 32,
          "about 1 s at 30 fps: %d frames decoded, %s written" % (info["frames"], written[0][0]))
    check((info["width"], info["height"]) == (320, 240), "the session video is 320x240")
    check_shows_scene(f"{out}/session_last.png", "last frame of the session video")
    # History from the keyframe at 0.196 s to the one at 0.5 s: a frame every 1/30 s, so 10.
    history = probe_video(opts, f"{out}/history.mp4", [(0, f"{out}/history_0.png")])
    if history is None:
        return
    check(history["frames"] == 10 and written[1][0] == "10", "10 frames of the history (got %d)" % history["frames"])
    check((history["width"], history["height"]) == (1280, 720), "the whole window: 1280x720 (got %dx%d)" %
          (history["width"], history["height"]))
    check_shows_scene(f"{out}/history_0.png", "whole-window frame of the history")
    # The whole history, first keyframe to last: floor((last - first) * 30) + 1 frames.
    span = re.search(r"recording the history from t = ([\d.]+) s to ([\d.]+) s", result.stdout + result.stderr)
    if not check(span is not None, "the log gives the history's span"):
        return
    expected = int((float(span.group(2)) - float(span.group(1))) * 30 + 1e-6) + 1
    whole = probe_video(opts, f"{out}/whole_history.mp4", [(expected - 1, f"{out}/whole_history_last.png")])
    if whole is None:
        return
    check(whole["frames"] == expected == int(written[2][0]), "the whole history: %d frames decoded, %d expected, %s "
          "written" % (whole["frames"], expected, written[2][0]))
    check_shows_scene(f"{out}/whole_history_last.png", "last frame of the whole history")
    # The live run on the physics thread (real time, so the count varies): 300 steps of 1 ms are
    # about 0.3 s, about 10 frames; the file holds as many as the status says.
    live = probe_video(opts, f"{out}/live.mp4", [])
    if live is not None:
        check(live["frames"] == int(written[3][0]) >= 5, "the live recording: %d frames decoded, %s written" %
              (live["frames"], written[3][0]))


def case_files(opts):
    """File > Open... through the file dialog, Export to... with a path chosen there, and the
    recent scenes kept across sessions (in XDG_CONFIG_HOME, set by main() to the output folder)."""
    out = opts.out_dir
    script = f"""browse open scenes
screenshot-window {out}/open_dialog.png
browse enter ..
browse enter scenes
browse name four_bar.json
browse ok
run-frames 10
expect-backend variational-maximal
browse export {out}
browse name run1
browse ok
load scenes/double_pendulum.json
set-body 0 mass 2
set-joint 0 damping 0.3
undo
undo
redo
undo
recent
quit
"""
    result, _ = run_script(opts, "files", script)
    if not check(result.returncode == 0, "the session must exit with 0: %s" % result.stderr.strip()[-500:]):
        return
    scenes = os.path.abspath("scenes")
    check(f"browse: {scenes} (" in result.stdout, "the dialog lists the scenes directory as an absolute path")
    check_shows_scene(f"{out}/open_dialog.png", "window with the open dialog")
    for ext in ("csv", "png", "svg", "pdf"):
        check(os.path.getsize(f"{out}/run1.{ext}") > 0, "the export wrote run1." + ext)
    _, rows = read_csv(f"{out}/run1.csv")
    check(len(rows) >= 10, "the exported CSV holds the four-bar's run (%d rows)" % len(rows))
    expected = [os.path.join(scenes, "double_pendulum.json"), os.path.join(scenes, "four_bar.json")]
    listed = re.findall(r"^recent \d+: (.*)$", result.stdout, re.M)
    check(listed[:2] == expected, "recent scenes, most recent first: %s" % listed[:3])
    store = os.path.join(os.environ["XDG_CONFIG_HOME"], "articulab", "recent_scenes.txt")
    check(os.path.exists(store), "the recent scenes are kept in " + store)
    again, _ = run_script(opts, "files_again", "recent\nquit\n")
    # The next session opens the default scene (the four-bar), which comes first; the rest stays.
    check(re.findall(r"^recent \d+: (.*)$", again.stdout, re.M)[:2] == expected[::-1],
          "the next session lists the same recent scenes, its default scene first")
    # A directory that does not exist fails the command with the dialog's reason.
    bad, _ = run_script(opts, "files_bad", "browse open scenes\nbrowse enter no_such_dir\nquit\n")
    check(bad.returncode != 0 and "no_such_dir" in bad.stderr + bad.stdout,
          "entering a missing directory fails, naming it")


def energy_rows_match(rows, reference, what, tolerance=1e-12):
    """Every sample of rows at a time of reference has the same energies (relative tolerance)."""
    by_time = {round(row["t"], 9): row for row in reference}
    matched, worst = 0, 0.0
    for row in rows:
        ref = by_time.get(round(row["t"], 9))
        if ref is None:
            continue
        matched += 1
        for column in ("kinetic", "potential", "total"):
            worst = max(worst, abs(row[column] - ref[column]) / (1.0 + abs(ref[column])))
    print("%s: %d matched rows, worst relative difference %.3g" % (what, matched, worst))
    check(matched >= len(rows) - 1 and matched > 10, what + ": every sample time appears in the reference")
    check(worst < tolerance, what + ": the energies are the same (worst %.3g)" % worst)


def case_save_scene(opts):
    """File > Save scene as: edit a chain made from a template (one link's mass, a joint spring,
    gravity), save it through the dialog, open the saved file in the app and run it; both runs
    and `articulab run` of the saved file give the same energies."""
    out = os.path.abspath(opts.out_dir)
    saved = f"{out}/chain_edited.json"
    for name in os.listdir(out):  # scenes saved by an earlier run of this case
        if name.endswith(".json"):
            os.remove(os.path.join(out, name))
    script = f"""load scenes/chain.json n=5
backend redmax
integrator rk4
dt 0.002
set-body 2 mass 2.5
set-joint 1 stiffness 3
set-gravity 0.5 0 -9.81
run-frames 40
export-csv {out}/edited.csv
browse save {out}
screenshot-window {out}/save_dialog.png
browse ok
save-scene {out}/chain_pose.json pose
load {saved}
expect-backend redmax
run-frames 40
export-csv {out}/reloaded.csv
screenshot {out}/reloaded.png
quit
"""
    result, _ = run_script(opts, "save_scene", script)
    if not check(result.returncode == 0, "the session must exit with 0: %s" % result.stderr.strip()[-500:]):
        return
    check(f"saved the scene to {out}/chain_pose.json" in result.stdout, "the status names the whole path")
    check_shows_scene(f"{out}/save_dialog.png", "window with the save dialog")
    check_shows_scene(f"{out}/reloaded.png", "the saved scene opened in the app")
    with open(saved) as f:
        scene = json.load(f)
    masses = [body["mass"] for body in scene["bodies"]]
    check(masses == [1, 1, 2.5, 1, 1], "the saved scene has every link, link2 with its new mass: %s" % masses)
    check(scene["joints"][1].get("stiffness") == 3, "the joint spring is saved")
    check(scene["gravity"] == [0.5, 0, -9.81], "gravity is saved")
    check(scene["simulation"]["backend"] == "redmax" and scene["simulation"]["integrator"] == "rk4" and
          scene["simulation"]["dt"] == 0.002, "the back-end, integrator and dt in use are saved")
    with open(f"{out}/chain_pose.json") as f:
        check(json.load(f)["joints"][0]["q0"] != scene["joints"][0]["q0"], "pose: the current q becomes q0")
    # The edited run's sample at t = 0 was recorded when the scene opened, before the edits.
    _, edited = read_csv(f"{out}/edited.csv")
    edited = [row for row in edited if row["t"] > 0]
    _, reloaded = read_csv(f"{out}/reloaded.csv")
    energy_rows_match(reloaded, edited, "the saved scene in the app vs the edited run")
    duration = "%.6f" % edited[-1]["t"]
    cli = run([opts.exe, "run", saved, "--duration", duration, "--csv", f"{out}/cli.csv"], "headless run")
    if check(cli.returncode == 0, "articulab run of the saved scene succeeds"):
        _, reference = read_csv(f"{out}/cli.csv")
        energy_rows_match(edited, reference, "the edited run vs articulab run of the saved scene")
    # Save on an existing file asks first: the dialog's first ok fails, naming the file.
    again, _ = run_script(opts, "save_scene_again", f"load {saved}\nbrowse save {out}\nbrowse ok\nquit\n")
    check(again.returncode != 0 and "press Save again" in again.stdout + again.stderr,
          "saving over an existing file asks before overwriting it")


def amber_centroid(png, colour=(250, 200, 90), left=860):
    """Mean pixel position of the plot cursor's amber right of x = left (the plots column)."""
    width = png[0]
    xs, ys = [], []
    for i, rgb in enumerate(pixels(png)):
        x, y = i % width, i // width
        if x > left and sum(abs(a - b) for a, b in zip(rgb, colour)) <= 40:
            xs.append(x)
            ys.append(y)
    return (sum(xs) / len(xs), sum(ys) / len(ys)) if xs else None


def case_plots(opts):
    """Plot any channel: panes of catalogue channels (a phase plot among them) on the muscle
    four-bar and on a box resting on a slope (contacts); each exported column equals the column of the same name that `articulab run
    --record` writes for the same scene, dt and steps; the window shows the panes; bad channel
    names and pane numbers are refused with the reason."""
    out = opts.out_dir
    script = f"""load scenes/muscle_four_bar.json
plot-add qd_hip_front_0 vs q_hip_front_0
plot-add front_out_force
plot-add body_lower_front_vz
plot-add drift_toe_position
plot-add Lx
plot-add q_nope_0
run-frames 60
export-channels {out}/channels_1.csv
screenshot-window {out}/panes.png
history view 0.4
draw-frames 2
screenshot-window {out}/panes_past.png
quit
"""
    result, path = run_script(opts, "plots", script)
    check(result.returncode == 1 and path + ":7: plot-add: unknown channel 'q_nope_0'" in result.stderr,
          "an unknown channel is refused, named: %s" % result.stderr.strip()[-300:])
    script = script.replace("plot-add q_nope_0\n", "")
    result, _ = run_script(opts, "plots", script, ["--size", "1280x1000"])
    if not check(result.returncode == 0, "the plots session must exit with 0"):
        return
    check_shows_scene(f"{out}/panes.png", "window with plot panes")
    # The other groups, eight panes (the most there are) at a time, the last one removed and added
    # again; the contact channels on a box held by friction on a slope (four contacts).
    muscle_four_bar, box = "scenes/muscle_four_bar.json", "scenes/box_slope_stick.json"
    batches = [(muscle_four_bar, ["qdd_knee_front_0", "front_out_activation", "front_in_length", "muscle_power",
                                  "drift_knee_back_rotation", "py", "body_lower_back_z", "body_upper_front_wx"]),
               (muscle_four_bar, ["iterations", "residual", "contact_count", "contact_normal_force", "kinetic",
                                  "total", "drift_position", "qd_knee_back_0"]),
               (box, ["contact_count", "contact_normal_force", "contact_friction_x", "contact_friction_y",
                      "contact_iterations", "contact_change", "body_box_vx", "qdd_float_0"])]
    for k, (scene, batch) in enumerate(batches, start=2):
        text = "load %s\n" % scene + "".join("plot-add %s\n" % name for name in batch)
        text += "plot-remove 8\nplot-add %s\nrun-frames 60\nexport-channels %s/channels_%d.csv\nquit\n" % (batch[-1], out, k)
        result, _ = run_script(opts, "plots_%d" % k, text)
        check(result.returncode == 0, "plots session %d exits with 0" % k)

    references = {}
    for k, scene in enumerate([muscle_four_bar] + [scene for scene, _ in batches], start=1):
        header, gui = read_csv(f"{out}/channels_{k}.csv")
        if scene not in references:
            duration = "%.6f" % gui[-1]["t"]
            name = os.path.splitext(os.path.basename(scene))[0]
            cli = run([opts.exe, "run", scene, "--dt", "0.001", "--duration", duration, "--record",
                       "q,qd,qdd,solver,body,joint_drift,loop_drift,contacts", "--csv", f"{out}/cli_{name}.csv"],
                      "headless run")
            if not check(cli.returncode == 0, "the headless CLI run succeeds"):
                return
            references[scene] = read_csv(f"{out}/cli_{name}.csv")
        cli_header, reference = references[scene]
        print("export %d columns: %s" % (k, header))
        check(header[0] == "t [s]" and len(header) > 5 and all(column in cli_header for column in header),
              "every exported column is a CLI column, same name and unit: %s" % header)
        by_time = {round(row["t"], 9): row for row in reference}
        matched, worst, worst_column = 0, 0.0, ""
        for row in gui:
            ref = by_time.get(round(row["t"], 9))
            if ref is None:
                continue
            matched += 1
            for column, value in row.items():
                difference = abs(value - ref[column]) / (1.0 + abs(ref[column]))
                if difference > worst:
                    worst, worst_column = difference, column
        print("export %d vs headless run: %d of %d rows matched, worst relative difference %.3g (%s)" %
              (k, matched, len(gui), worst, worst_column))
        check(len(gui) > 200 and matched == len(gui), "every exported keyframe time is a row of the headless run")
        check(worst < 1e-9, "each channel equals the CLI's column (worst %.3g in %s)" % (worst, worst_column))
    _, contacts = read_csv(f"{out}/channels_4.csv")
    check(all(row["contact_count"] == 4 for row in contacts[1:]) and contacts[-1]["contact_normal_force"] > 1.0,
          "the box on the slope has four contacts pressing on the ground")

    # The phase pane's dot (amber) marks the state shown: the newest one live, t = 0.4 s when scrubbed.
    live, past = amber_centroid(read_png(f"{out}/panes.png")), amber_centroid(read_png(f"{out}/panes_past.png"))
    print("phase plot dot: live at %s, scrubbed at %s" % (live, past))
    check(live is not None and past is not None and abs(live[0] - past[0]) > 30,
          "scrubbing the history moves the phase plot's dot")
    result, path = run_script(opts, "plots_bad_pane", "load scenes/muscle_four_bar.json\nplot-remove 3\n")
    check(result.returncode == 1 and "no plot pane 3 (there are 0, numbered from 1)" in result.stderr,
          "removing a missing pane is refused: %s" % result.stderr.strip()[-300:])


def panel_background_fraction(png, x0, x1, y0, y1, colour=(15, 15, 15), tolerance=12):
    """The share of pixels in [x0, x1) x [y0, y1) of the panels' background colour (ImGui's dark
    window background over the cleared framebuffer)."""
    width, _, channels, data = png
    near, total = 0, 0
    for y in range(int(y0), int(y1), 4):
        for x in range(int(x0), int(x1), 4):
            i = (y * width + x) * channels
            near += sum(abs(data[i + k] - colour[k]) for k in range(3)) <= tolerance
            total += 1
    return near / max(total, 1)


def inside(rect, area, slack=0):
    """True when rect (x, y, width, height) lies inside area, give or take slack pixels."""
    return (rect["x"] >= area["x"] - slack and rect["y"] >= area["y"] - slack and
            rect["x"] + rect["width"] <= area["x"] + area["width"] + slack and
            rect["y"] + rect["height"] <= area["y"] + area["height"] + slack)


def check_plot_panes(layout, what, least_graph, panes=3):
    """The plot panes stack inside the plots area, each graph at least least_graph px tall and
    all of one height; each pane's title and labels lie inside it (nothing cut); the time axis
    is labelled once, under the bottom pane. Returns the graph heights."""
    plots, stack = layout["plots"], layout.get("plot_panes", [])
    heights = [p["graph"]["height"] for p in stack]
    print("%s: %d plot panes, graphs %s px tall in a plots area of %d px" % (what, len(stack), heights, plots["height"]))
    if not check(len(stack) == panes, "%s: %d plot panes drawn" % (what, panes)):
        return heights
    check(min(heights) >= least_graph, "%s: every graph is at least %d px tall: %s" % (what, least_graph, heights))
    check(max(heights) - min(heights) <= 1, "%s: the graphs share the height equally: %s" % (what, heights))
    for i, pane in enumerate(stack):
        check(inside(pane["pane"], plots), "%s: pane %d lies inside the plots area: %s" % (what, i + 1, pane["pane"]))
        for part in ("title", "graph", "labels"):
            check(inside(pane[part], pane["pane"]), "%s: pane %d's %s lies inside the pane (not cut): %s in %s" %
                  (what, i + 1, part, pane[part], pane["pane"]))
        below = pane["labels"]["y"] + pane["labels"]["height"] > pane["graph"]["y"] + pane["graph"]["height"] + 2
        check(below == (i == len(stack) - 1), "%s: pane %d %s the time axis labels" %
              (what, i + 1, "has" if i == len(stack) - 1 else "leaves to the bottom pane"))
        if i > 0:
            above = stack[i - 1]["pane"]
            check(pane["pane"]["y"] >= above["y"] + above["height"], "%s: pane %d starts below pane %d" % (what, i + 1, i))
    return heights


def case_layout(opts):
    """The window's space at 1280x720, 1920x1080 and 2560x1440: the 3D view and the plots grow
    with the window (a column of about 420 px and plots of at least 35 % of the height at
    1920x1080, the controls open); the three comparison plots' graphs share the plots' height
    (at least 70, 130 and 170 px at the three sizes, 100 px at UI scale 1.5 with every title and
    label inside its pane); the screenshots show it; the UI scale makes text and minimum sizes
    larger; the scene browser filters by name and description."""
    out = opts.out_dir
    columns = {}
    # The least graph height of the three comparison plots (energy, drift, difference) at each size.
    least_graphs = {(1280, 720): 70, (1920, 1080): 130, (2560, 1440): 170}
    for width, height in [(1280, 720), (1920, 1080), (2560, 1440)]:
        size = "%dx%d" % (width, height)
        script = f"""load scenes/four_bar.json
compare baraff
run-frames 90
export-layout {out}/layout_{size}.json
screenshot-window {out}/window_{size}.png
quit
"""
        result, _ = run_script(opts, "layout_" + size, script, ["--size", size])
        if not check(result.returncode == 0, size + ": the layout session exits with 0"):
            continue
        layout = read_json(f"{out}/layout_{size}.json")
        view, plots, controls = layout["view"], layout["plots"], layout["controls"]
        columns[size] = plots["width"]
        print("%s: 3D view %dx%d (%.0f %% of the width, %.0f %% of the area), plots %dx%d (%.0f %% of the height), "
              "controls %dx%d" % (size, view["width"], view["height"], 100 * view["width_share"],
                                  100 * view["width_share"] * view["height_share"], plots["width"], plots["height"],
                                  100 * plots["height_share"], controls["width"], controls["height"]))
        check(layout["window"] == [width, height], size + ": the window has the size asked for")
        check(view["width_share"] >= 0.6, size + ": the 3D view has at least 60 % of the width")
        check(plots["height_share"] >= 0.35, size + ": the plots have at least 35 % of the height")
        check(controls["height"] >= 120, size + ": the controls keep at least 120 px")
        check_plot_panes(layout, size, least_graphs[(width, height)])
        png = read_png(f"{out}/window_{size}.png")
        check((png[0], png[1]) == (width, height), size + ": the screenshot is the whole window")
        check_shows_scene(f"{out}/window_{size}.png", size + " window")
        # The pixels agree with the layout: the column is panel background, the 3D view is not.
        top = layout["menu_height"]
        in_view = panel_background_fraction(png, 0, view["width"], top, height)
        in_column = panel_background_fraction(png, view["width"], width, top, height)
        print("%s: panel background in the 3D view %.0f %%, in the column %.0f %%" % (size, 100 * in_view, 100 * in_column))
        check(in_view < 0.1 and in_column > 0.3, size + ": the screenshot's column is where the layout says")
    if len(columns) == 3:
        check(abs(columns["1920x1080"] - 420) <= 10, "the column is about 420 px at 1920x1080: %d" % columns["1920x1080"])
        check(columns["1280x720"] == 420 and columns["1920x1080"] < columns["2560x1440"],
              "the column keeps the controls' 420 px and grows with the window beyond: %s" % columns)

    # UI scale 1.5: a taller menu bar (the font) and a wider minimum column, the plots' labels
    # whole and their graphs still tall; the scene browser filtered.
    script = f"""load scenes/four_bar.json
compare baraff
run-frames 90
ui-scale 1.5
scene-browser on chain
draw-frames 3
export-layout {out}/layout_scaled.json
screenshot-window {out}/window_scaled.png
ui-scale 1
draw-frames 2
screenshot-window {out}/browser.png
ui-scale 0.2
"""
    result, path = run_script(opts, "layout_scaled", script, ["--size", "1920x1080"])
    check(result.returncode == 1 and path + ":12: ui-scale: expected 'monitor' or a scale in [0.5, 3], got '0.2'"
          in result.stderr, "a UI scale out of range is refused: %s" % result.stderr.strip()[-300:])
    scaled = read_json(f"{out}/layout_scaled.json")
    print("UI scale 1.5: menu bar %d px, column %d px" % (scaled["menu_height"], scaled["plots"]["width"]))
    check(scaled["ui_scale"] == 1.5 and scaled["menu_height"] >= 30, "UI scale 1.5: the menu bar is 1.5 times as tall")
    check(scaled["plots"]["width"] == 630, "UI scale 1.5: the column keeps its minimum width times 1.5 (630 px)")
    check_plot_panes(scaled, "UI scale 1.5", 100)
    check_shows_scene(f"{out}/window_scaled.png", "window at UI scale 1.5")
    check_shows_scene(f"{out}/browser.png", "window with the scene browser")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exe", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--probe", help="video_probe (tests/app/video/video_probe.cpp), for the video cases")
    parser.add_argument("case", choices=["scripted_session", "broken_scene", "diverging_scene", "bad_parameters",
                                         "view_and_labels",
                                         "benchmark", "compare_backends", "compare_runs", "every_scene", "slow_step", "muscles",
                                         "history", "inspector", "video", "video_png", "video_session", "files",
                                         "save_scene", "plots", "imported_models", "layout"])
    opts = parser.parse_args()
    os.makedirs(opts.out_dir, exist_ok=True)
    # The app keeps its recent scenes in the user's configuration directory: the test's own.
    os.environ["XDG_CONFIG_HOME"] = os.path.join(os.path.abspath(opts.out_dir), "config")
    os.chdir(opts.source_dir)
    globals()["case_" + opts.case](opts)
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
