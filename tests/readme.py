#!/usr/bin/env python3
"""The README's walkthrough, run as written: the commands of its transcript (between the lines
'<!-- transcript' and '<!-- /transcript -->' of README.md: in its indented blocks, a line '$ command', then
the output shown) run one after the other in one shell, in the repository's top directory (./genetess is
the program just built), from a clean environment; each command's output (stdout and stderr) must match
what the README shows, where a line '...' stands for any number of lines and dates ('2026-11-29 00:37')
may differ. 'make' is not run: the program is built already.

    python3 tests/readme.py            # compare; exit 1 on a difference, with the first one shown
    python3 tests/readme.py --update   # rewrite the README's outputs from the program's (make readme-transcript)

--update keeps the shape of each output: a block without '...' becomes the whole new output; with '...',
each part between them keeps its length and is found again in the new output by its first line (or the
words before its first ':'), the first part at the start and the last part at the end of the output."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, 'README.md')
DATE = re.compile(r'\b\d{4}-\d\d-\d\d \d\d:\d\d\b')
ELLIPSIS = '...'


def parse(lines):
    """The transcript of README lines: [(command, [expected lines], (first, end) line index range of the
    expected lines)], in order."""
    start = next(i for i, ln in enumerate(lines) if ln.startswith('<!-- transcript'))
    end = next(i for i, ln in enumerate(lines) if ln.startswith('<!-- /transcript'))
    items, cur = [], None
    for i in range(start + 1, end):
        ln = lines[i]
        nxt = lines[i + 1] if i + 1 < end else ''
        if ln.startswith('    $ '):
            cur = [ln[6:], [], i + 1]
            items.append(cur)
        elif cur is not None and ln.startswith('    '):
            cur[1].append(ln[4:])
        elif cur is not None and ln.strip() == '' and nxt.startswith('    ') and not nxt.startswith('    $ '):
            cur[1].append('')  # a blank line inside an output
        else:
            cur = None
    return [(c, exp, (first, first + len(exp))) for c, exp, first in items]


def run_all(commands):
    """Runs the commands in one shell, in ROOT, from a clean environment; returns each one's output lines."""
    mark = '@@readme-%d@@' % os.getpid()
    script = []
    for k, c in enumerate(commands):
        script.append("printf '%s %d\\n'" % (mark, k))
        if c.strip() != 'make':
            script.append('%s 2>&1' % c)
    env = {k: v for k, v in os.environ.items()
           if k not in ('PBMHOME', 'SENDER', 'PBMSENDMAIL', 'INPUTFILE', 'GENETESS_NOW', 'MESSAGEID', 'PBMFROM')}
    home = tempfile.mkdtemp(prefix='readme-')
    env['TMPDIR'] = home  # mktemp -d makes the game's home here, removed below
    try:
        out = subprocess.run(['sh', '-c', '\n'.join(script)], cwd=ROOT, env=env, capture_output=True,
                             text=True).stdout
    finally:
        subprocess.run(['rm', '-rf', home])
    outs = [[] for _ in commands]
    k = -1
    for ln in out.split('\n'):
        m = re.match(re.escape(mark) + r' (\d+)$', ln)
        if m:
            k = int(m.group(1))
        elif k >= 0:
            outs[k].append(ln)
    for o in outs:
        while o and o[-1] == '':
            o.pop()
    return [[ln.replace(home, '$TMPDIR') for ln in o] for o in outs]


def norm(ln):
    return DATE.sub('YYYY-MM-DD hh:mm', ln.rstrip())


def parts(expected):
    """The expected lines split at '...' lines: (parts, leading '...', trailing '...')."""
    ps, cur = [], []
    for ln in expected:
        if ln.strip() == ELLIPSIS:
            ps.append(cur)
            cur = []
        else:
            cur.append(ln)
    ps.append(cur)
    return ps


def find(actual, part, frm):
    """The first index >= frm where the lines of part stand in actual (normalized), or -1."""
    n = len(part)
    want = [norm(x) for x in part]
    for j in range(frm, len(actual) - n + 1):
        if [norm(x) for x in actual[j:j + n]] == want:
            return j
    return -1


def matches(expected, actual):
    """True when actual fits expected, '...' standing for any lines (leftmost placement of each part)."""
    ps = parts(expected)
    if len(ps) == 1:
        return [norm(x) for x in expected] == [norm(x) for x in actual]
    first, last, middle = ps[0], ps[-1], ps[1:-1]
    if [norm(x) for x in actual[:len(first)]] != [norm(x) for x in first]:
        return False
    pos = len(first)
    for p in middle:
        j = find(actual, p, pos)
        if j < 0:
            return False
        pos = j + len(p)
    return len(actual) - len(last) >= pos and \
        [norm(x) for x in actual[len(actual) - len(last):]] == [norm(x) for x in last]


def anchor(ln):
    return ln.split(':')[0] if ':' in ln else ln


def reshape(expected, actual):
    """The new expected lines for actual, keeping expected's '...' shape (see the module's text)."""
    ps = parts(expected)
    if len(ps) == 1:
        return list(actual)
    out = list(actual[:len(ps[0])])
    pos = len(ps[0])
    for p in ps[1:-1]:
        out.append(ELLIPSIS)
        j = find(actual, p, pos)
        if j < 0 and p:
            j = next((k for k in range(pos, len(actual)) if anchor(actual[k]) == anchor(p[0])), -1)
        if j < 0:
            print('readme: cannot place "%s"; kept as it was' % (p[0] if p else ''), file=sys.stderr)
            out += p
            continue
        out += actual[j:j + len(p)]
        pos = j + len(p)
    out.append(ELLIPSIS)
    last = ps[-1]
    out += actual[len(actual) - len(last):] if last else []
    return out


def main():
    update = '--update' in sys.argv[1:]
    with open(README) as f:
        lines = f.read().split('\n')
    items = parse(lines)
    outs = run_all([c for c, _, _ in items])
    bad, differ = 0, set()
    for k, ((cmd, exp, (a, b)), act) in enumerate(zip(items, outs)):
        if cmd.strip() == 'make':
            continue
        if not matches(exp, act):
            bad += 1
            differ.add(k)
            if not update:
                print('readme: "$ %s" printed:\n%s\n--- where README.md shows (lines %d-%d):\n%s' %
                      (cmd, '\n'.join('    ' + x for x in act), a + 1, b, '\n'.join('    ' + x for x in exp)))
    if update:
        for idx in range(len(items) - 1, -1, -1):  # from the end, so that earlier line numbers hold
            cmd, exp, (a, b) = items[idx]
            if idx not in differ:
                continue  # what still matches stays as it is (its dates too)
            new = reshape(exp, outs[idx])
            lines[a:b] = [('    ' + x).rstrip() if x else '' for x in new]
        with open(README, 'w') as f:
            f.write('\n'.join(lines))
        print('readme: %d of %d outputs rewritten' % (bad, len(items)))
        return 0
    print('readme: %d commands of the README\'s transcript, %d differ' % (len(items), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
