"""Compares two folders of trajectories from record_trajectories.sh: per run, whether the q and
qdot columns are bitwise equal, within 1e-9, or moved further (with the largest difference)."""
import collections
import csv
import glob
import os
import sys

before, after = sys.argv[1], sys.argv[2]
verdicts = []
for path in sorted(glob.glob(os.path.join(before, '*.csv'))):
    name = os.path.basename(path)[:-4]
    other = os.path.join(after, os.path.basename(path))
    if not os.path.exists(other):
        verdicts.append((name, 'missing', None))
        continue
    a, b = list(csv.reader(open(path))), list(csv.reader(open(other)))
    if len(a) != len(b):
        verdicts.append((name, 'length %d vs %d' % (len(a), len(b)), None))
        continue
    # By title: a column added elsewhere (e.g. work) leaves the q and qdot columns comparable.
    columns = [(i, b[0].index(title)) for i, title in enumerate(a[0]) if title.startswith('q') and title in b[0]]
    worst, bitwise = 0.0, True
    for row_a, row_b in zip(a[1:], b[1:]):
        for i, j in columns:
            bitwise &= row_a[i] == row_b[j]
            worst = max(worst, abs(float(row_a[i]) - float(row_b[j])))
    verdicts.append((name, 'bitwise' if bitwise else ('<1e-9' if worst < 1e-9 else 'moved'), worst))
for name, verdict, worst in verdicts:
    print('%-55s %-10s %s' % (name, verdict, '' if worst is None else '%.2e' % worst))
print(dict(collections.Counter(v for _, v, _ in verdicts)))
