#!/usr/bin/env python3
"""Fog-of-war leak oracle for genetess (contract 8, 14.3, 4, 9): plays random games through the real binary
and checks that every text each player receives is a function of what that player may know.

    python3 tests/oracle/oracle.py --games N --seed S [--minutes M] [--bin ./genetess] [-v]

Per command: the reply, every new outbox mail, each player's `showas`, and the public `show`, `games`
and `history` are checked against the board files just before and after the command (check.py);
now and then the same command is also run on a copy of $PBMHOME where one fact hidden from a player
was changed, and that player's texts must be byte-identical (differential run). Exit 1 on any leak."""
import argparse
import contextlib
import html
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from board import Board, sq_name  # noqa: E402
from check import Ctx, Finding, check_event_line, check_html, check_text, path_squares, split_mail  # noqa: E402
import gen  # noqa: E402

NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hank']
BUILTIN = {'duel': 2, 'quartet': 4, 'melee': 8}
NOW0 = 1790000000
BLOCKED_RE = re.compile(r'(blocked at )[A-Z]{1,2}[0-9]+( \(outside your view\))')
HASHED_RE = re.compile(r'(Message-ID: <genetess\.[0-9]+\.[0-9]+\.[0-9]+\.)[0-9a-f]{16}|(=_gt_)[0-9a-f]{16}')


def sanctioned(text):
    """text with what contract 8 lets differ between two hidden facts made equal: the square where an order is
    blocked outside the view, the Message-ID's nonce and the MIME boundary's hash of the text."""
    text = BLOCKED_RE.sub(r'\1?\2', text)
    return HASHED_RE.sub(lambda m: (m.group(1) or m.group(2)) + '?', text)

HIDDEN_CLASSES = ('square-outside-view', 'former-piece', 'undecoded-sequence', 'drawn-outside-view', 'piece-outside-view',
                  'remembered-special')


class Game:
    """One random game in its own $PBMHOME; every command goes through run()."""

    def __init__(self, binary, seed, log, opts):
        self.bin, self.seed, self.log, self.opts = binary, seed, log, opts
        self.rng = random.Random(seed)
        self.home = tempfile.mkdtemp(prefix='oracle-')
        self.now = NOW0
        self.ncmd = 0
        self.texts = 0
        self.findings = []     # confirmed leaks
        self.unconfirmed = []  # findings from commands with several actions (intermediate views unknown)
        self.board_no = '101'
        self.cmdlog = []
        self.saw = {}          # player -> {square: {special codes}}: every special seen there in a board file's state

    def env(self, home=None, **extra):
        e = {k: v for k, v in os.environ.items() if k not in ('SENDER', 'PBMSENDMAIL', 'INPUTFILE', 'PBMFROM')}
        e['PBMHOME'] = home or self.home
        e['GENETESS_NOW'] = str(self.now)
        e.update(extra)
        return e

    def exe(self, args, home=None, **extra):
        r = subprocess.run([self.bin] + args, env=self.env(home, **extra), capture_output=True, text=True,
                           errors='replace', timeout=60)
        return r.returncode, r.stdout + r.stderr

    def board_path(self, home=None):
        return os.path.join(home or self.home, 'games', 'Genetess', self.board_no)

    def board(self, home=None):
        # a board whose game ended more than 14 days of game time ago is archived, possibly by the very
        # command that ended it (a Cleanup processing an old deadline): read it there too
        archived = os.path.join(home or self.home, 'games', 'Genetess-archive', self.board_no)
        for path in (self.board_path(home), archived):
            try:
                with open(path) as f:
                    b = Board(f.read())
                b.read_moves(os.path.dirname(path))
                return b
            except FileNotFoundError:
                continue
        return None

    def outbox(self, home=None):
        d = os.path.join(home or self.home, 'outbox')
        return set(os.listdir(d)) if os.path.isdir(d) else set()

    def mails(self, names, home=None):
        out = []
        for n in sorted(names):
            with open(os.path.join(home or self.home, 'outbox', n), errors='replace') as f:
                out.append(f.read())
        return out

    # ---- setup ----
    def setup(self):
        n = self.rng.randint(2, 8)
        self.users = self.rng.sample(NAMES, n)
        self.pw, self.addr = {}, {}
        for u in self.users:
            self.pw[u] = 'pw' + ''.join(self.rng.choice('abcdefghjkmnpqrstuvwxyz23456789') for _ in range(8))
            self.addr[u] = '%s.%d@mail%d.example' % (u, self.rng.randint(100, 999), self.rng.randint(10, 99))
            self.exe(['signup', u, self.pw[u], self.addr[u]])
        fits = [m for m, k in BUILTIN.items() if k >= n]
        args = ['--seed=%d' % self.rng.randint(1, 10 ** 9)]
        if self.rng.random() < 0.5:
            name = 'gen%d' % self.rng.randint(1, 10 ** 6)
            os.makedirs(os.path.join(self.home, 'maps'), exist_ok=True)
            with open(os.path.join(self.home, 'maps', name + '.map'), 'w') as f:
                f.write(gen.gen_map(self.rng, name, self.rng.randint(n, 8)))
            args.append('--map=' + name)
        else:
            args.append('--map=' + self.rng.choice(fits))
            args.append('--start-e=%d' % self.rng.choice([5, 30, 300]))
        args.append('--gamble=' + self.rng.choice(['both', 'none', 'position', 'order', 'none']))
        if self.rng.random() < 0.3:
            args.append('--max-timeouts=2')
        rc, out = self.exe(['challenge'] + args + self.users)
        self.secrets = [(k, v, u) for u in self.users for k, v in (('password', self.pw[u]), ('address', self.addr[u]))]
        if rc != 0:
            raise RuntimeError('challenge failed: %s\n%s' % (args, out))
        self.cmdlog.append('challenge ' + ' '.join(args + self.users))
        return True

    # ---- commands ----
    def pick_command(self, b):
        rng = self.rng
        alive = [u for u in b.players if b.status.get(u) in ('active', 'eliminated')]
        r = rng.random()
        if r < 0.04:
            self.now += rng.choice([3600, 80 * 3600, 20 * 86400])
            return None, ['Cleanup'], None
        if r < 0.06 and alive:
            u = rng.choice(alive)
            return u, ['resign', b.number, u, self.pw[u]], None
        if r < 0.09:
            u = rng.choice(self.users)
            return u, ['chat', b.number, u, self.pw[u]], 'hello from %s\n' % u
        if r < 0.11:
            u = rng.choice(self.users)
            return u, ['quiet', b.number, u, self.pw[u], rng.choice(['on', 'off'])], None
        if r < 0.12:
            u = rng.choice(self.users)
            return u, ['move', b.number, u, 'wrong' + self.pw[u][2:], 'PASS'], None
        if b.phase == 'round0':
            u = rng.choice(b.players)
            return u, ['move', b.number, u, self.pw[u], gen.gamble_for(rng, b, u, len(b.players))], None
        mover = b.to_move()
        u = mover if (rng.random() < 0.8 and mover) else rng.choice(alive or b.players)
        orders = [gen.order_for(rng, b, u)]
        while rng.random() < 0.25:
            orders.append(('*' if rng.random() < 0.4 else '') + gen.order_for(rng, b, u))
        verb = 'queue' if rng.random() < 0.05 else 'move'
        return u, [verb, b.number, u, self.pw[u], ' / '.join(orders)], None

    def run(self, sender, args, body, home=None):
        """Runs one command; returns (reply, {player: [mail texts]})."""
        before = self.outbox(home)
        extra = {}
        if body is not None:
            path = os.path.join(home or self.home, 'body.txt')
            with open(path, 'w') as f:
                f.write(body)
            extra['INPUTFILE'] = path
        rc, out = self.exe(args, home, **extra)
        if rc >= 3 or rc < 0:
            print('genetess exit status %d (seed %d, command #%d: %s): %s' % (rc, self.seed, self.ncmd, ' '.join(args),
                                                                            out.strip()[-300:]), file=sys.stderr)
        mails = {}
        for m in self.mails(self.outbox(home) - before, home):
            to = re.search(r'^To: (.*)$', m, re.M)
            for u in self.users:
                if to and self.addr[u] in to.group(1):
                    mails.setdefault(u, []).append(m)
        return out, mails

    def showas(self, u, home=None):
        return self.exe(['showas', u, self.pw[u], self.board_no], home)[1]

    def map_of(self, u, home=None):
        """u's map (contract 8): the terrain as u knows it, compared in differential runs only (it draws every
        square: the out-of-view ones as u last saw them)."""
        return self.exe(['map', self.board_no, u, self.pw[u]], home)[1]

    def step(self):
        b0 = self.board()
        if b0 is None or b0.phase not in ('round0', 'play'):
            return False
        sender, args, body = self.pick_command(b0)
        diff = None
        if self.rng.random() < self.opts.diff and b0.phase == 'play':
            diff = self.prepare_diff(b0, sender)
        self.do(sender, args, body, diff, b0)
        return True

    def do(self, sender, args, body=None, diff=None, b0=None):
        """Runs one command (and its differential twin when diff is given), checking every text."""
        b0 = b0 or self.board()
        self.ncmd += 1
        self.now += 60
        self.cmdlog.append(' '.join(a if ' ' not in a else '"%s"' % a for a in args) + '  [now=%d]' % self.now)
        if diff:
            shutil.rmtree(self.home + '.pre', ignore_errors=True)
            shutil.copytree(self.home, self.home + '.pre')
        reply, mails = self.run(sender, args, body)
        b1 = self.board()
        self.check_command(b0, b1, sender, args, reply, mails)
        if diff:
            self.run_diff(diff, b0, b1, sender, args, body, reply, mails)
        return reply, mails

    def own_orders(self, u, b0, b1, sender, args):
        o = []
        if sender == u and len(args) > 4 and args[0] in ('move', 'queue'):
            o += [x.strip() for x in args[4].split('/')]
        for b in (b0, b1):
            if b:
                o += b.queue.get(u, [])
                o += b.results.get(u, [])  # the result line a sheet repeats: the player's earlier order, told then
        if b1:
            for ln in b1.moves[len(b0.moves) if b0 else 0:]:
                w = ln.split(' ', 2)
                if len(w) == 3 and w[1] == u:
                    o.append(re.sub(r' \((Auto|Failed)\)$', '', w[2]))
        return o

    def multi_action(self, b0, b1):
        """True when the command may have run several actions (intermediate views unknown): not exactly one
        new history line, or a new turn began for a player standing on a special (it fired)."""
        if b1 is None or b0 is None:
            return True
        if len(b1.moves) - len(b0.moves) != 1:
            return True
        if (b0.round, b0.seat, b0.phase) == (b1.round, b1.seat, b1.phase):
            return False
        mover = b1.to_move()
        return any(p.owner == mover and p.sq in b.specials for b in (b0, b1) for p in b.pieces.values())

    def remember(self, b):
        """Adds the specials each player sees in board state b to self.saw (contract 8: their map remembers what
        they saw; round 0 shows no special, and once the game has ended the fog has lifted)."""
        if b is None or b.phase != 'play':
            return
        for u in b.players:
            seen = b.sight(u)[0]
            mine = self.saw.setdefault(u, {})
            for sq, line in b.specials.items():
                if sq in seen:
                    mine.setdefault(sq, set()).add(int(line.split()[0][1:]))

    def check_command(self, b0, b1, sender, args, reply, mails):
        out = []
        multi = self.multi_action(b0, b1)
        self.remember(b0)
        self.remember(b1)
        queued = {(o.lstrip('*'), q) for b in (b0, b1) if b for q, os_ in b.queue.items() for o in os_}
        for u in self.users:
            own = self.own_orders(u, b0, b1, sender, args)
            ctx = Ctx(b0, b1, u, own)
            ctx.remembered = self.saw.get(u, {})
            mine = {o.upper().lstrip('*').strip() for o in own}
            secrets = self.secrets + [('queue', o, q) for o, q in queued
                                      if q != u and len(o) > 6 and ' ' in o and
                                      not any(m in o.upper() or o.upper() in m for m in mine)]
            known = set((b0.news.get(u, []) if b0 else []) + (b1.news.get(u, []) if b1 else []))
            old = b0.news.get(u, []) if b0 else []
            ctx.path = path_squares(b1.news.get(u, []) if b1 else [], ctx)
            for it in (b1.news.get(u, []) if b1 else []):
                if it not in old:
                    check_event_line(it, ctx, 'news entry', out)
            texts = [('reply', reply)] if u == sender else []
            for m in mails.get(u, []):
                text, html_doc = split_mail(m)
                texts += [('mail', text)] + ([('mail-html', html_doc)] if html_doc is not None else [])
            if b1 is not None and b1.phase in ('round0', 'play'):
                texts.append(('showas', self.showas(u)))
            for src, t in texts:
                self.texts += 1
                (check_html if src == 'mail-html' else check_text)(t, ctx, src, out, secrets, known)
        if sender is None or self.rng.random() < 0.2:
            self.check_public(b0, b1, out)
        for f in out:
            f.seed, f.cmd, f.args = self.seed, self.ncmd, ' '.join(args)
            if multi and f.cls in HIDDEN_CLASSES + ('phased-piece', 'code-revealed'):
                self.unconfirmed.append(f)
            else:
                self.findings.append(f)

    def check_public(self, b0, b1, out):
        if b1 is None or b1.phase not in ('round0', 'play'):
            return
        ctx = Ctx(b0, b1, '-public-', [])
        for args in (['show', self.board_no], ['games'], ['history']):
            t = self.exe(args)[1]
            self.texts += 1
            check_text(t, ctx, ' '.join(args), out, self.secrets, set())
        site = self.home + '.site'  # the public web site (contract 16): every page of it but the built-in
        self.exe(['web', site])     # maps' (help <map>'s pictures, the same on every server)
        rels = sorted(os.path.relpath(os.path.join(top, f), site) for top, _, files in os.walk(site)
                      for f in files if f.endswith('.html') and f != 'maps.html' and os.path.basename(top) != 'm')
        for rel in rels:
            with open(os.path.join(site, rel), encoding='utf-8', errors='replace') as f:
                doc = f.read()
            self.texts += 1
            check_html(doc, ctx, 'web ' + rel, out, self.secrets, set())
            check_text(html.unescape(re.sub(r'<[^>]*>', '', doc)), ctx, 'web ' + rel, out, self.secrets, set())

    # ---- differential runs ----
    def prepare_diff(self, b0, sender):
        rng = self.rng
        u = sender if sender and rng.random() < 0.6 else rng.choice(self.users)
        seen, dec = b0.sight(u)
        cands = []
        for p in b0.pieces.values():
            if p.owner == u:
                continue
            if (p.sq not in seen or p.phased) and 'K' not in p.codes:
                cands.append(('remove', p))
            if p.sq not in seen and not p.phased:
                cands.append(('phase', p))
            if p.sq not in dec and not p.phased:
                cands.append(('reseq', p))
        floor = [(c, r) for r in range(b0.h) for c in range(b0.w)
                 if b0.terrain(c, r) == '.' and (c, r) not in seen and (c, r) not in b0.pieces
                 and (c, r) not in b0.specials]
        if floor:
            cands.append(('wall', rng.choice(floor)))
        # a special no player sees: its twin has none there (u may remember one there from earlier: both do)
        unseen = [sq for sq in sorted(b0.specials) if not any(sq in b0.sight(v)[0] for v in b0.players)]
        if unseen:
            sq = rng.choice(unseen)
            cands.append(('special', (sq, b0.specials[sq])))
        if not cands:
            return None
        kind = rng.choice(sorted({k for k, _ in cands}))  # each kind of fact as often as the others
        obj = rng.choice([o for k, o in cands if k == kind])
        return (u, kind, obj)

    @staticmethod
    def mutate(text, kind, obj):
        lines = text.split('\n')
        if kind == 'wall':
            c, r = obj
            i = lines.index('(map') + 1 + r
            lines[i] = lines[i][:c] + '+' + lines[i][c + 1:]
            return '\n'.join(lines)
        if kind == 'special':  # the line as (specials holds it; gone (or moved: no such line) means no claim
            s = lines.index('(specials') if '(specials' in lines else -1
            e = lines.index(')', s) if s >= 0 else -1
            if s < 0 or obj[1] not in lines[s + 1:e]:
                return None
            del lines[lines.index(obj[1], s + 1, e)]
            return '\n'.join(lines)
        old = '%s %s %s' % (sq_name(*obj.sq), obj.owner, obj.seq)
        if old not in lines:
            return None
        i = lines.index(old)
        if kind == 'remove':
            del lines[i]
        elif kind == 'phase':
            codes, marks = obj.codes, ''.join(ch for ch in obj.seq if ch.islower())
            lines[i] = '%s %s %s' % (sq_name(*obj.sq), obj.owner, codes + ''.join(sorted(set(marks + 'r'))))
        elif kind == 'reseq':
            marks = ''.join(ch for ch in obj.seq if ch.islower())
            lines[i] = '%s %s %s' % (sq_name(*obj.sq), obj.owner, ''.join(sorted(obj.codes + 'A')) + marks)
        return '\n'.join(lines)

    def run_diff(self, diff, b0, b1, sender, args, body, reply, mails):
        u, kind, obj = diff
        home2 = tempfile.mkdtemp(prefix='oracle-diff-')
        try:
            self.now -= 0
            shutil.rmtree(home2)
            shutil.copytree(self.home + '.pre', home2)
            with open(self.board_path(home2)) as f:
                t0 = f.read()
            t0m = self.mutate(t0, kind, obj)
            if t0m is None:
                return
            with open(self.board_path(home2), 'w') as f:
                f.write(t0m)
            reply2, mails2 = self.run(sender, args, body, home2)
            b1m = self.board(home2)
            if b1 is None or b1m is None:
                return
            if b1.phase not in ('round0', 'play') or b1m.phase not in ('round0', 'play'):
                return  # the game ended: the final sheet lifts the fog (contract 11), every fact is told
            expect = self.mutate(b1.text, kind, obj)
            strip = lambda t: t.split('\n(initial')[0] if t else t  # noqa: E731
            same = expect is not None and strip(expect) == strip(b1m.text)
            hidden_phased = kind == 'remove' and obj.phased  # an invisible piece there or not
            rng_same = b1.ents.get('random') == b1m.ents.get('random')
            if not same and not (hidden_phased and rng_same and self.untouched(u, b1, b1m)):
                return  # the command interacted with the fact: no claim
            sq = fact_sq(kind, obj)
            if not hidden_phased and (sq in b1.sight(u)[0] or sq in b1m.sight(u)[0]):
                return  # the fact came into view: the texts may differ
            after = b1.pieces.get(sq) if hidden_phased else None
            if after is not None and after.owner == obj.owner and not after.phased and sq in b1.sight(u)[0]:
                return  # the rules revealed the piece where u sees (rulings 49 and 60): it is a seen fact now
            a = [reply if u == sender else ''] + mails.get(u, []) + [self.showas(u), self.map_of(u)]
            b = [reply2 if u == sender else ''] + mails2.get(u, []) + [self.showas(u, home2), self.map_of(u, home2)]
            # contract 8 names the square where an order is blocked outside the view ("blocked at M3 (outside
            # your view)"): a hidden piece that stops it there is sanctioned to show by that square
            # ... and the Message-ID hash and MIME boundary, both hashed from the text, change with it: any
            # other difference of the text still shows in the text itself
            a, b = [sanctioned(t) for t in a], [sanctioned(t) for t in b]
            if a != b:
                if not same:
                    kind = 'phased-inferable'  # a phased piece changed what u sees, u's pieces untouched
                line = first_diff(a, b)
                f = Finding('differential-' + kind, u, line,
                            'changing a hidden fact (%s %s) changed %s\'s texts' %
                            (kind, sq_name(*fact_sq(kind, obj)), u), 'differential')
                f.seed, f.cmd, f.args = self.seed, self.ncmd, ' '.join(args)
                self.findings.append(f)
        finally:
            shutil.rmtree(home2, ignore_errors=True)

    @staticmethod
    def untouched(u, b1, b1m):
        """True when u's pieces and E are the same in both outcomes (u did not run into the fact)."""
        own = lambda b: sorted((q.sq, q.seq) for q in b.pieces.values() if q.owner == u)  # noqa: E731
        i = b1.players.index(u) if u in b1.players else -1
        return own(b1) == own(b1m) and (i < 0 or b1.energy[i] == b1m.energy[i])

    def play(self, max_cmds):
        self.setup()
        while self.ncmd < max_cmds:
            if not self.step():
                break

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)
        shutil.rmtree(self.home + '.pre', ignore_errors=True)
        shutil.rmtree(self.home + '.site', ignore_errors=True)


def fact_sq(kind, obj):
    """The square of a differential run's hidden fact."""
    return obj if kind == 'wall' else obj[0] if kind == 'special' else obj.sq


def first_diff(a, b):
    la, lb = '\n'.join(a).split('\n'), '\n'.join(b).split('\n')
    first = None
    for x, y in zip(la, lb):
        if x != y:
            # a Message-ID hashes its mail's text: show the line that made it differ, if there is one
            if first is None:
                first = '%s  <->  %s' % (x, y)
            if not x.startswith('Message-ID:'):
                return '%s  <->  %s' % (x, y)
    if first:
        return first
    return '(lengths differ)'


def report(findings, label):
    by = {}
    for f in findings:
        by.setdefault(f.cls, []).append(f)
    for cls in sorted(by):
        f = by[cls][0]
        print('%s %s: %d; e.g. seed %d command #%d (%s), player %s, %s: %r -- reveals: %s' %
              (label, cls, len(by[cls]), f.seed, f.cmd, f.args, f.player, f.source, f.line, f.fact))
    return by


def play_one(job):
    """One game (a worker's unit): (seed, commands, texts, findings, unconfirmed, error, command log), or
    None when the run's time was up before it started."""
    binary, gseed, o, deadline = job
    if deadline and time.time() > deadline:
        return None
    g = Game(binary, gseed, None, o)
    error = None
    try:
        g.play(o.commands)
    except Exception as ex:  # an oracle or harness failure must not lose the other games' findings
        error = 'oracle error in game seed %d at command #%d: %r' % (gseed, g.ncmd, ex)
    finally:
        g.close()
    return (gseed, g.ncmd, g.texts, g.findings, g.unconfirmed, error, g.cmdlog if o.replay is not None else [])


def run_games(o, t0):
    """Yields play_one's results in the order the games end: --jobs processes side by side."""
    deadline = t0 + o.minutes * 60 if o.minutes > 0 else 0
    binary = os.path.abspath(o.bin)
    if o.replay is not None:
        seeds = iter([o.replay])
    elif deadline:
        seeds = (o.seed * 100003 + i for i in range(10 ** 9))
    else:
        seeds = (o.seed * 100003 + i for i in range(o.games))
    jobs = ((binary, s, o, deadline) for s in seeds)
    parallel = o.jobs > 1 and o.replay is None
    with multiprocessing.Pool(o.jobs) if parallel else contextlib.nullcontext() as pool:  # the pool ends on exit
        for r in pool.imap_unordered(play_one, jobs, chunksize=1) if parallel else map(play_one, jobs):
            if r is None:
                return
            yield r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--games', type=int, default=10)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--minutes', type=float, default=0)
    ap.add_argument('--jobs', type=int, default=1, help='games played side by side (processes)')
    ap.add_argument('--commands', type=int, default=60, help='commands per game (at most)')
    ap.add_argument('--diff', type=float, default=0.15, help='share of commands also run differentially')
    ap.add_argument('--bin', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'genetess'))
    ap.add_argument('--replay', type=int, help='play only the game with this seed and print its commands')
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('--all', action='store_true', help='list every finding, not one per class')
    o = ap.parse_args(argv)
    t0 = time.time()
    games = cmds = texts = errors = 0
    found, unconf = [], []
    for gseed, ncmd, ntexts, findings, unconfirmed, error, cmdlog in run_games(o, t0):
        if error:
            errors += 1
            print(error, file=sys.stderr)
        if o.all:
            for label, fs in (('LEAK', findings), ('unconfirmed', unconfirmed)):
                for f in fs:
                    print('  %s seed %d cmd #%d %s %s [%s] %r -- %s' % (label, gseed, f.cmd, f.cls, f.player, f.source,
                                                                       f.line, f.fact), flush=True)
        games += 1
        cmds += ncmd
        texts += ntexts
        found += findings
        unconf += unconfirmed
        if o.verbose or o.replay is not None:
            print('game seed %d: %d commands, %d leaks, %d unconfirmed' % (gseed, ncmd, len(findings),
                                                                          len(unconfirmed)))
            if o.replay is not None:
                for i, c in enumerate(cmdlog):
                    print('  #%d %s' % (i, c))
                for f in findings + unconfirmed:
                    print('  cmd #%d %s %s [%s] %r -- %s' % (f.cmd, f.cls, f.player, f.source, f.line, f.fact))
    by = report(found, 'LEAK')
    report(unconf, 'unconfirmed (several actions in one command)')
    print('oracle: %d games, %d commands, %d texts checked, %d leaks (%s), %d unconfirmed, %d oracle errors, %.0fs' %
          (games, cmds, texts, len(found), ', '.join('%s %d' % (k, len(v)) for k, v in sorted(by.items())) or 'none',
           len(unconf), errors, time.time() - t0))
    return 1 if found or errors else 0


if __name__ == '__main__':
    sys.exit(main())
