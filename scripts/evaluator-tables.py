#!/usr/bin/env python3
"""Prints the Markdown tables of docs/EVALUATOR.md from what the repository holds:

    python3 scripts/evaluator-tables.py weights        # the shipped networks, from their headers
    python3 scripts/evaluator-tables.py calibration    # docs/calibration/*.json (nefer calibrate --json)
"""
import glob, json, os, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


def header(path):
    data = open(path, 'rb').read()
    head = data[:data.index(b'\nweights:\n')].decode()
    return dict(line.split(': ', 1) if ': ' in line else (line.rstrip(':'), '') for line in head.splitlines()[1:])


def weights():
    print('| file | rule set | options | inputs | hidden | games | seed | seconds | command |')
    print('|---|---|---|---|---|---|---|---|---|')
    for p in sorted(glob.glob(os.path.join(ROOT, 'crates/nefer-players/weights/*.nnw'))):
        h = header(p)
        print('| `%s` | %s | %s | %s | %s | %s | %s | %s | `%s` |' % (
            os.path.basename(p), h['rules'], h['options'] or '(defaults)', h['inputs'], h['hidden'],
            h['games'], h['seed'], h['seconds'], h['command']))


def calibration():
    print('| rule set | games | positions | Brier | ECE | mean abs. difference from the exact tables | diagram |')
    print('|---|---|---|---|---|---|---|')
    for p in sorted(glob.glob(os.path.join(ROOT, 'docs/calibration/*.json'))):
        c = json.load(open(p))
        name = os.path.basename(p)[:-5]
        mae = '%.4f' % c['exact_mae'] if c['exact_mae'] is not None else '—'
        print('| %s%s | %d | %d | %.4f | %.4f | %s | [svg](calibration/%s.svg) |' % (
            c['rules'], ' (%s)' % c['options'] if c['options'] else '', c['games'], c['positions'],
            c['brier'], c['ece'], mae, name))


if __name__ == '__main__':
    {'weights': weights, 'calibration': calibration}[sys.argv[1]]()
