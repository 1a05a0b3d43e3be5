#!/usr/bin/env python3
"""Builds the strength ladder of docs/STRENGTH.md with `nefer sim --json`.

    python3 scripts/ladder.py [--games 2000] [--threads 2] [--rules KEY ...] [--out FILE]
    python3 scripts/ladder.py --pairs master:expert neural:expert master:random [--rules KEY ...]
    python3 scripts/ladder.py --table [--pairs A:B ...]   # the ladder's rows, or those pairs'
    python3 scripts/ladder.py --luck ...   # also the luck-adjusted score (`nefer sim --luck`)
    python3 scripts/ladder.py --rules hj.walker --option hj.walker.variation=true ...   # a variant
    python3 scripts/ladder.py --out FILE --pooled   # each row of FILE with its seed, then each pair pooled

For every rule set: each level against the one below it and against `random`. Writes one
JSON line per pair to the output (default docs/strength.jsonl, appended), so a long run can be
resumed; `--table` prints the Markdown table from that file, `--first` the first player's
advantage per rule set, pooled over its pairs (seats are swapped in half of each pair's games, so
the players' strengths cancel out of the first seat's rate).

Every rate here is a score: wins and half the draws, over all games, as `nefer study` scores a
match (`nefer_players::chances::Score`). Counting a draw as no win would test a side against 50 %
with its draws held against it: in the Walker variation, where a sixth of the games end in a jam
(C-8), that hides a clear edge, and makes the first player look worse than the second.
"""
import argparse, json, os, subprocess, sys

LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert']
RULES = ['hj.skiryuk', 'hj.washburne', 'hj.walker', 'hj.french', 'senet.kendall', 'senet.school']


def pairs():
    for i in range(1, len(LEVELS)):
        yield LEVELS[i], LEVELS[i - 1]
        if i > 1:
            yield LEVELS[i], 'random'


def wilson(k, n, z=1.959963984540054):
    """The 95 % Wilson score interval of k successes in n trials (as `nefer sim`); k may be
    fractional (half a success for a draw, as `nefer study`)."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, c - h), min(1.0, c + h)


def score(wins, draws, games):
    """A side's score over `games` (wins and half the draws) and its 95 % interval."""
    k = wins + draws / 2
    return (k / games,) + wilson(k, games)


def name(r):
    """A row's rule set as the table shows it: the key, then its options when it has any."""
    return r['rules'] + (' (%s)' % r['options'] if r.get('options') else '')


def verdict(lo, hi, below='no (b better)'):
    """Whether a 95 % interval lies above 50 % ('yes'), below it (`below`), or neither."""
    return 'yes' if lo > 0.5 else (below if hi < 0.5 else 'no')


def pooled_row(rules, a, b, seed, games, wins, draws):
    s, lo, hi = score(wins, draws, games)
    print('| %s | %s | %s | %s | %d | %d | %.1f %% | %.1f – %.1f %% | %s |' % (
        rules, a, b, seed, games, draws, 100 * s, 100 * lo, 100 * hi, verdict(lo, hi)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', default='target/release/nefer')
    ap.add_argument('--games', type=int, default=2000)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--rules', nargs='*', default=RULES)
    ap.add_argument('--levels', nargs='*', default=None, help='only pairs whose stronger side is one of these')
    ap.add_argument('--pairs', nargs='*', default=None,
                    help='A:B pairs to measure instead of the ladder (e.g. master:expert)')
    ap.add_argument('--option', action='append', default=[], metavar='NAME=VALUE',
                    help='a rule option for every game (repeatable), as `nefer sim --option`')
    ap.add_argument('--out', default='docs/strength.jsonl')
    ap.add_argument('--table', action='store_true')
    ap.add_argument('--first', action='store_true')
    ap.add_argument('--pooled', action='store_true',
                    help="print each row with its seed, then each pair's rows pooled (one sample "
                         "of several seeds, fixed before it ran)")
    ap.add_argument('--luck', action='store_true',
                    help="measure with `nefer sim --luck` (player a's luck-adjusted score too); "
                         "with --table, show it")
    a = ap.parse_args()
    done = set()
    rows = []
    if os.path.exists(a.out):
        for line in open(a.out):
            r = json.loads(line)
            rows.append(r)
            done.add((name(r), r['a']['player_level'], r['b']['player_level'], r['games'],
                      'luck_adjusted' in r))
    if a.first:
        print("| rule set | games | draws | first player's score | 95 % interval | significant? |")
        print('|---|---|---|---|---|---|')
        pooled = {}
        for r in rows:
            g, w, d = pooled.get(name(r), (0, 0, 0))
            pooled[name(r)] = (g + r['games'], w + r['first_seat']['wins'], d + r['draws'])
        for rules, (g, w, d) in pooled.items():
            s, lo, hi = score(w, d, g)
            sig = verdict(lo, hi, below='yes (second better)')
            print('| %s | %d | %d | %.1f %% | %.1f – %.1f %% | %s |' % (rules, g, d, 100 * s, 100 * lo, 100 * hi, sig))
        return
    if a.pooled:
        print("| rule set | a | b | seed | games | draws | a's score | 95 % interval | significant? |")
        print('|---|---|---|---|---|---|---|---|---|')
        pooled = {}
        for r in rows:
            k = (name(r), r['a']['player_level'], r['b']['player_level'])
            g, w, d, seeds = pooled.get(k, (0, 0, 0, []))
            pooled[k] = (g + r['games'], w + r['a']['wins'], d + r['draws'], seeds + [str(r['seed'])])
            pooled_row(name(r), r['a']['player_level'], r['b']['player_level'], str(r['seed']),
                       r['games'], r['a']['wins'], r['draws'])
        for (rules, x, y), (g, w, d, seeds) in pooled.items():
            pooled_row(rules, x, y, '**' + ' + '.join(seeds) + '**', g, w, d)
        return
    if a.table:
        luck = ' luck-adjusted score, 95 % interval | significant? |' if a.luck else ''
        print("| rule set | a | b | games | draws | a's score | 95 % interval | significant? |" + luck + ' seconds |')
        print('|---|---|---|---|---|---|---|---|%s---|' % ('---|---|' if a.luck else ''))
        # Group by rule set (in order of first appearance): rows re-measured later are appended.
        first = {}
        for r in rows:
            first.setdefault(name(r), len(first))
        wanted = {tuple(p.split(':', 1)) for p in a.pairs} if a.pairs else set(pairs())
        # A pair measured again (after a change of a level) is shown with its last measurement.
        last = {(name(r), r['a']['player_level'], r['b']['player_level']): r for r in rows}
        for r in sorted(last.values(), key=lambda r: first[name(r)]):
            if (r['a']['player_level'], r['b']['player_level']) not in wanted:
                continue
            s, lo, hi = score(r['a']['wins'], r['draws'], r['games'])
            sig = verdict(lo, hi)
            cells = ''
            if a.luck:
                l = r.get('luck_adjusted')
                if l:
                    llo, lhi = l['adjusted_ci95']
                    lsig = verdict(llo, lhi)
                    cells = ' %.1f %% [%.1f – %.1f] | %s |' % (100 * l['adjusted'], 100 * llo, 100 * lhi, lsig)
                else:
                    cells = ' — | — |'
            print('| %s | %s | %s | %d | %d | %.1f %% | %.1f – %.1f %% | %s |%s %.0f |' % (
                name(r), r['a']['player_level'], r['b']['player_level'], r['games'], r['draws'],
                100 * s, 100 * lo, 100 * hi, sig, cells, r['seconds']))
        return
    options = ','.join(a.option)
    for rules in a.rules:
        key = rules + (' (%s)' % options if options else '')
        todo = [tuple(p.split(':', 1)) for p in a.pairs] if a.pairs else list(pairs())
        for strong, weak in todo:
            if a.levels and strong not in a.levels:
                continue
            if (key, strong, weak, a.games, a.luck) in done:
                continue
            cmd = [a.bin, 'sim', '--rules', rules, '--a', strong, '--b', weak, '--games', str(a.games),
                   '--seed', str(a.seed), '--threads', str(a.threads), '--json'] + (['--luck'] if a.luck else [])
            for o in a.option:
                cmd += ['--option', o]
            out = subprocess.run(cmd, capture_output=True, text=True)
            if out.returncode != 0:
                print('failed: %s\n%s' % (' '.join(cmd), out.stderr), file=sys.stderr)
                continue
            r = json.loads(out.stdout)
            r['a']['player_level'] = strong
            r['b']['player_level'] = weak
            with open(a.out, 'a') as f:
                f.write(json.dumps(r) + '\n')
            print('%s %s vs %s: %.3f [%.3f, %.3f] in %.0f s' % (key, strong, weak, r['a']['win_rate'],
                  r['a']['ci95'][0], r['a']['ci95'][1], r['seconds']), flush=True)


if __name__ == '__main__':
    main()
