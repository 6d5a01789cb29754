"""Black-box model of a Genetess board file (README "The board file", contract 10) and of what a player
may see (contract 8, 14.3). Used by oracle.py; knows nothing of the C sources."""
import os
import re

SQ_RE = re.compile(r'^([A-Z]+)([0-9]+)$')


def col_name(c):
    s = ''
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(65 + r) + s
    return s


def col_index(name):
    n = 0
    for ch in name:
        n = n * 26 + (ord(ch) - 64)
    return n - 1


def sq_name(c, r):
    return '%s%d' % (col_name(c), r + 1)


def parse_sq(s):
    m = SQ_RE.match(s.upper())
    if not m:
        return None
    return col_index(m.group(1)), int(m.group(2)) - 1


def parse_entries(text):
    """GameFile entries: name -> list of item lines (multi-line) or [rest] (one-line)."""
    ents, lines, i = {}, text.split('\n'), 0
    while i < len(lines):
        ln = lines[i]
        i += 1
        if not ln.startswith('('):
            continue
        if ln.endswith(')') and ' ' in ln or re.match(r'^\([a-z]+\)$', ln):
            name, _, rest = ln[1:-1].partition(' ')
            ents[name] = ('one', rest)
            continue
        name, items = ln[1:].strip(), []
        while i < len(lines) and lines[i] != ')':
            it = lines[i]
            items.append(it[1:] if it.startswith('\\') else it)
            i += 1
        i += 1
        ents[name] = ('multi', items)
    return ents


class Piece:
    __slots__ = ('sq', 'owner', 'seq')

    def __init__(self, sq, owner, seq):
        self.sq, self.owner, self.seq = sq, owner, seq

    @property
    def codes(self):
        return ''.join(ch for ch in self.seq if ch.isupper())

    @property
    def phased(self):
        return 'r' in self.seq


class Board:
    def __init__(self, text):
        self.text = text
        e = parse_entries(text)
        self.ents = e
        self.number = e['number'][1].strip()
        self.params = dict(kv.split('=', 1) for kv in e['params'][1].split() if '=' in kv)
        t = e['turn'][1].split()
        self.phase, self.round, self.seat = t[0], int(t[1]), int(t[2])
        self.players = e['players'][1].split()
        self.energy = [int(x) for x in e['energy'][1].split()]
        self.status = {}
        for ln in e['status'][1]:
            w = ln.split()
            self.status[w[0]] = w[1]
        self.grid = e['map'][1]
        self.h, self.w = len(self.grid), max(len(r) for r in self.grid)
        self.pieces = {}
        for ln in e['pieces'][1]:
            sq, owner, seq = ln.split()
            self.pieces[parse_sq(sq)] = Piece(parse_sq(sq), owner, seq)
        self.specials = {}
        for ln in e.get('specials', ('multi', []))[1]:
            w = ln.split()
            self.specials[parse_sq(w[1])] = ln
        self.full = {}      # player -> decoded?
        self.reveals = {}   # player -> {sq: (owner, seq, label)}
        for ln in e.get('views', ('multi', []))[1]:
            w = ln.split()
            if w[1] == 'full':
                self.full[w[0]] = w[2] == 'decoded'
            elif w[1] == 'reveal':
                self.reveals.setdefault(w[0], {})[parse_sq(w[2])] = (w[3], w[4], w[5])
        self.queue = {}
        for ln in e.get('queue', ('multi', []))[1]:
            who, _, order = ln.partition(' ')
            self.queue.setdefault(who, []).append(order)
        self.news, self.results = {}, {}
        for ln in e.get('news', ('multi', []))[1]:
            who, _, item = ln.partition(' ')
            if item.startswith('!result '):  # the result line of the last sheet (contract 10): no event
                self.results.setdefault(who, []).append(item[len('!result '):])
                continue
            if item.startswith('!new '):
                continue
            for tag in ('!ran ', '!failed ', '!dropped '):  # an item's kind before its text (contract 10)
                if item.startswith(tag):
                    item = item[len(tag):]
                    break
            self.news.setdefault(who, []).append(item)
        mv = e.get('moves', ('multi', []))
        self.moves = mv[1] if mv[0] == 'multi' else []
        # "(moves <n>.moves <count>)": the lines are in the move list file (contract 10); read_moves fills them
        self.moves_file = None
        if mv[0] != 'multi':
            name, _, count = str(mv[1]).partition(' ')
            self.moves_file, self.moves_count = name, int(count)

    def read_moves(self, directory):
        """Loads the first moves_count lines of the move list file found in directory (or the other of
        games/Genetess and its archive: a killed archive may leave it behind)."""
        if self.moves_file is None:
            return
        other = directory[:-len('-archive')] if directory.endswith('-archive') else directory + '-archive'
        for d in (directory, other):
            try:
                with open(os.path.join(d, self.moves_file)) as f:
                    self.moves = f.read().split('\n')[:self.moves_count]
                return
            except FileNotFoundError:
                continue
        self.result = e.get('result', ('one', ''))[1]
        self.gambles = e.get('gambles', ('multi', []))[1]

    def terrain(self, c, r):
        if 0 <= r < self.h and 0 <= c < len(self.grid[r]):
            return self.grid[r][c]
        return ' '

    def on_board(self, c, r):
        return 0 <= r < self.h and 0 <= c < self.w and self.terrain(c, r) != ' '

    def orphan(self, p):
        s = self.status.get(p.owner, 'active')
        return s in ('resigned', 'forfeited') or (s == 'eliminated' and 'P' not in p.codes)

    def controls(self, player, p):
        return p.owner == player and not self.orphan(p)

    def to_move(self):
        if self.phase != 'play' or not self.players:
            return None
        return self.players[self.seat] if self.seat < len(self.players) else None

    def sight(self, player):
        """(seen, decoded): sets of squares player may see / read sequences on (contract 8)."""
        seen, dec = set(), set()
        st = self.status.get(player, 'active')
        if st in ('resigned', 'forfeited'):
            return seen, dec
        every = {(c, r) for r in range(self.h) for c in range(self.w) if self.on_board(c, r)}
        if self.phase == 'round0':
            return every, set()
        if player in self.full:
            seen |= every
            if self.full[player]:
                dec |= every
        for p in self.pieces.values():
            if not self.controls(player, p):
                continue
            rad = 1 + 2 * p.codes.count('D')
            c0, r0 = p.sq
            for r in range(max(0, r0 - rad), min(self.h, r0 + rad + 1)):
                for c in range(max(0, c0 - rad), min(self.w, c0 + rad + 1)):
                    if self.on_board(c, r):
                        seen.add((c, r))
                        if 'F' in p.codes:
                            dec.add((c, r))
        return seen, dec

    def own_pieces(self, player):
        return [p for p in self.pieces.values() if self.controls(player, p)]

    def empty_floor(self, sq):
        return self.terrain(*sq) == '.' and sq not in self.pieces
