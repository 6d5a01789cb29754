#!/usr/bin/env python3
"""Hand-made scenarios, one per known leak class: each sets up a tiny map, plays a few commands through
the real binary with the oracle watching, and asserts the oracle flags the class it is about.

    python3 tests/oracle/scenarios.py [--bin ./genetess]

Exit 0 when the oracle flags every scenario's class (the program still leaks), 1 when a scenario is
not flagged (either the leak is fixed, or the oracle is blind to it). Once the leaks are fixed, run it
with --expect-clean: then every scenario must come out without any finding."""
import argparse
import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle import Game  # noqa: E402

GRID = """############
#..........#
#..........#
#..........#
#..........#
#..........#
#..........#
############"""


class Scenario(Game):
    def __init__(self, binary, players, lines):
        opts = types.SimpleNamespace(diff=0)
        super().__init__(binary, 1, None, opts)
        self.users = players
        self.pw = {u: 'pw%s42x' % u for u in players}
        self.addr = {u: '%s@scen.example' % u for u in players}
        for u in players:
            self.exe(['signup', u, self.pw[u], self.addr[u]])
        os.makedirs(os.path.join(self.home, 'maps'))
        with open(os.path.join(self.home, 'maps', 'scen.map'), 'w') as f:
            f.write('name scen\ngrid\n%s\nend\n%s\nparam start-e 100\n' % (GRID, '\n'.join(lines)))
        rc, out = self.exe(['challenge', '--seed=5', '--gamble=none', '--map=scen'] + players)
        if rc:
            raise RuntimeError(out)
        self.secrets = [(k, v, u) for u in players for k, v in (('password', self.pw[u]), ('address', self.addr[u]))]

    def move(self, u, order, diff=None):
        return self.do(u, ['move', self.board_no, u, self.pw[u], order], diff=diff)

    def classes(self, player):
        return {f.cls for f in self.findings if f.player == player}


def transfer_outside_view(b):
    """An event about a square outside the reader's view names that square and its owner."""
    s = Scenario(b, ['alice', 'bob'], ['start GPC1 B2 K', 'start GPC2 K7 K',
                                       'piece GPC1 C4 AADDJ', 'piece GPC2 H4 A'])
    s.move('alice', 'TRANSFER C4 D H4')
    return s, 'bob', 'square-outside-view'


def former_pieces(b):
    """A resigned player, who has no pieces left, is told what happened to its former pieces."""
    s = Scenario(b, ['alice', 'bob', 'carol'], ['start GPC1 B2 K', 'start GPC2 K2 K', 'start GPC3 K7 K',
                                                'piece GPC1 C4 A', 'piece GPC2 D4 AB'])
    s.do('bob', ['resign', s.board_no, 'bob', s.pw['bob']])
    s.move('alice', 'MOVE C4 E')
    return s, 'bob', 'former-piece'


def shield_code(b):
    """'resisted ... with its shield (W)' tells the reader an undecoded enemy piece holds W."""
    s = Scenario(b, ['alice', 'bob'], ['start GPC1 B2 K', 'start GPC2 K7 K',
                                       'piece GPC1 C4 AT', 'piece GPC2 C5 AW'])
    s.move('alice', 'REPULSE C4')
    return s, 'alice', 'code-revealed'


def phased_s2_block(b):
    """An S2 wall that is not built tells the reader a phased piece stands on its target: ruling 49 makes it
    plain, the blocked wall reveals the piece where the reader sees it, so the oracle finds nothing."""
    s = Scenario(b, ['alice', 'bob'], ['start GPC1 B2 K', 'start GPC2 K7 K',
                                       'piece GPC1 C4 AD', 'piece GPC2 E4 AR', 'piece GPC2 J6 A',
                                       'special S2 J6 targets=E4 occupied=block'])
    s.move('alice', 'PASS')
    s.move('bob', 'PHASE E4')  # bob's piece on the S2 target is phased now
    b0 = s.board()
    s.move('alice', 'PASS', diff=('alice', 'remove', b0.pieces[(4, 3)]))
    return s, 'alice', 'differential-phased-inferable'


def phased_s13_relocate(b):
    """S13 (onto=occupied) counts a phased piece's square as occupied: where the specials land tells the
    reader whether a phased piece stands somewhere."""
    s = Scenario(b, ['alice', 'bob'], ['start GPC1 B2 K', 'start GPC2 K7 K',
                                       'piece GPC1 F5 ADDD', 'piece GPC2 E4 AR', 'piece GPC2 J6 A',
                                       'special S13 J6 onto=occupied', 'special S1 B7', 'special S5 C7',
                                       'special S14 D7'])
    s.move('alice', 'PASS')
    s.move('bob', 'PHASE E4')
    b0 = s.board()
    s.move('alice', 'PASS', diff=('alice', 'remove', b0.pieces[(4, 3)]))
    return s, 'alice', 'differential-phased-inferable'


MAP_HEAD = 'Your map of Genetess board 101 (alice, Move #3):\n'

SCENARIOS = [transfer_outside_view, former_pieces, shield_code, phased_s2_block, phased_s13_relocate]


def synthetic(b):
    """Texts no correct program sends, fed straight to the checks: each rule must fire."""
    from check import Ctx, check_text
    s = Scenario(b, ['alice', 'bob'], ['start GPC1 B2 K', 'start GPC2 K7 K',
                                       'piece GPC1 C4 A', 'piece GPC2 D4 AD', 'piece GPC2 H4 AR'])
    s.move('alice', 'PASS')
    s.move('bob', 'PHASE H4')
    b0 = s.board()
    ctx = Ctx(b0, b0, 'alice', [])
    texts = [
        ('piece-outside-view', 'Pieces:\n  K7    bob     ?\n'),
        ('undecoded-sequence', 'Pieces:\n  D4    bob     AD\n'),
        ('phased-piece', 'Since your last sheet:\n  Bob\'s piece on H4 moved.\n'),
        ('drawn-outside-view', '  J K L\n6 . . . 6\n7 . . # 7\n  J K L\n'),
        # the reader's map may draw every square, but terrain only
        ('drawn-outside-view', 'Your map of Genetess board 101 (alice, Move #3):\n'
                               '  J K L\n6 . : x 6\n7 . b # 7\n  J K L\n'),
        # the New sheet's start picture may draw every square, but terrain and start labels only
        ('drawn-outside-view', 'The whole board at the start: the terrain and the start squares (no pieces).\n'
                               '  J K L\n6 . 1 . 6\n7 . b # 7\n  J K L\n'),
        ('secret-password', 'Bob said %s\n' % s.pw['bob']),
        ('secret-address', 'Bob is %s\n' % s.addr['bob']),
        ('square-outside-view', 'Since your last sheet:\n  A piece moved from J2 to J3.\n'),
        ('code-revealed', "Bob's piece on D4 resisted radiation with its shield (W).\n"),
        ('secret-queue', 'Bob will MOVE D4 N next.\n'),
        ('secret-gamble', 'bob: GAMBLE 2E on GPC1\n'),
        ('secret-start', 'bob starts on GPC2\n'),
        ('special-outside-view', 'Specials:\n  J6    S2   gate\n'),
        # the reader's map remembers only the specials the reader saw (alice never saw J6)
        ('remembered-special', MAP_HEAD + '  J K L\n6 . : $ 6\n7 . : # 7\n  J K L\n'),
        ('remembered-special', MAP_HEAD + 'Specials you saw earlier, out of your view now: S1 (E Bonus) seen on C4,\n'
                               '    S2 (Wall Creation) seen on L6\n'),
        # the tester's capture class: the capturer's sequence told to the victim without decoding
        ('undecoded-sequence', "Since your last sheet:\n  Your piece A on C4 was captured by bob's piece AD.\n"),
    ]
    bad = []
    for cls, t in texts:
        out = []
        check_text(t, ctx, 'synthetic', out, s.secrets + [('queue', 'MOVE D4 N', 'bob')], set())
        if cls not in {f.cls for f in out}:
            bad.append(cls)
    # ... and once she saw S2 on L6 (and S1 on C4, in view): the same texts are her memory, nothing to flag
    ctx.remembered = {(11, 5): {2}, (2, 3): {1}}
    for cls, t in texts:
        out = []
        if cls == 'remembered-special':
            check_text(t, ctx, 'synthetic', out, s.secrets, set())
            if out:
                bad.append('remembered-special (flagged what alice saw: %s)' % out[0].fact)
    s.close()
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'genetess'))
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('--expect-clean', action='store_true',
                    help='after the leaks are fixed: every scenario must come out with no finding at all')
    o = ap.parse_args(argv)
    bad = 0
    for fn in SCENARIOS:
        s = None
        try:
            s, who, cls = fn(os.path.abspath(o.bin))
            got = s.classes(who) | {f.cls for f in s.unconfirmed if f.player == who}
            every = {f.cls for f in s.findings + s.unconfirmed}
            ok = not every if o.expect_clean else cls in got
            print('%s %s: expects %s for %s; oracle found %s' % ('ok ' if ok else 'NOT', fn.__name__,
                                                                  'nothing' if o.expect_clean else cls, who,
                                                                  sorted(every) or 'nothing'))
            if o.verbose or not ok:
                for c in s.cmdlog:
                    print('    $ genetess ' + c)
                for f in s.findings + s.unconfirmed:
                    print('    %s %s [%s] %r -- %s' % (f.cls, f.player, f.source, f.line, f.fact))
            bad += not ok
        finally:
            if s:
                s.close()
    missed = synthetic(os.path.abspath(o.bin))
    print('%s synthetic texts: %s' % ('NOT' if missed else 'ok ', 'missed ' + ', '.join(missed) if missed else
                                     'every rule fires'))
    return 1 if bad or missed else 0


if __name__ == '__main__':
    sys.exit(main())
