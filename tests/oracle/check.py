"""The leak checks: is every text a player receives a function of what that player may know?
A text is checked against the truth of the board files just before (b0) and just after (b1) the
command (contract 8: an event reaches a reader through squares in view just before or just after it)."""
import email
import email.policy
import html
import html.parser
import re

from board import parse_sq, sq_name

SQ_TOKEN = re.compile(r'(?<![A-Za-z0-9#])([A-Z]{1,2}[1-9][0-9]{0,2})(?![A-Za-z0-9])')
OUTSIDE = ' (outside your view)'
VERB_RE = re.compile(r'\b(MOVE|CREATE|DIVIDE|TRANSFER|RADIATE|TELEPORT|PETRIFY|PHASE|CONVERT|REPULSE|FLARE|HOME|'
                     r'ATTRACT|SANCTUARY|CHARGE|PASS|HOLIDAY|GAMBLE)\b')
# a line of the E breakdown ("+2 S1 gold seam on K3"): the reader's own E, changed where their piece stood
EBOOK_LINE = re.compile(r'^[+-][0-9]+ ')
# a stored order's warning about the exterior walls, which round 0 showed everyone and nothing ever changes
EXTERIOR_WARNING = re.compile(r'\bmeets [A-Z]{1,2}[0-9]+ at once \(an exterior wall\)')
HARMLESS = re.compile(r'no piece of yours|(?:is )?not next to (?:one|another) of your Kings|not one of your pieces')
CONTENT = re.compile(r"wall|piece|occupied|phased|empty|floor|King|'s|orphan|special|S\d", re.I)
# "<owner>'s piece SEQ", "<owner>'s new piece SEQ", "<owner>'s King SEQ", "An orphan SEQ"
SEQ_RE = re.compile(r"(?:\b([A-Za-z0-9_.-]+)'s (?:new )?(?:piece|King)|\b[Aa]n orphan(?: piece)?) "
                    r"([A-Z]+[a-z]*)(?=[ .,;:)]|$)")
SHIELD_RE = re.compile(r"(?:\b([A-Za-z0-9_.-]+)'s|[Aa]n orphan|\bA|\ba) (?:piece|King) on ([A-Z]{1,2}[0-9]+) "
                       r"resisted .*shield \(W\)")
OWNER_SQ_RE = re.compile(r"\b([A-Za-z0-9_.-]+)'s (?:new )?(?:piece|King)(?: [A-Z]+[a-z]*)? "
                         r"(?:on|from) ([A-Z]{1,2}[0-9]+)")


class Finding:
    def __init__(self, cls, player, line, fact, source):
        self.cls, self.player, self.line, self.fact, self.source = cls, player, line, fact, source

    def key(self):
        return (self.cls, self.player, self.line)


class Ctx:
    """What player p is entitled to for one command: views before/after, its own order texts."""

    def __init__(self, b0, b1, player, own_orders):
        self.b0, self.b1, self.p = b0, b1, player
        self.seen, self.dec, self.reveal = set(), set(), {}
        for b in (b0, b1):
            if b is None:
                continue
            s, d = b.sight(player)
            self.seen |= s
            self.dec |= d
            self.reveal.update(b.reveals.get(player, {}))
        self.own_orders = [o.upper().lstrip('*').strip() for o in own_orders if o]
        for o in list(self.own_orders):  # "if ... MOVE B2 N" is stored as MOVE B2 N
            m = VERB_RE.search(o)
            if m and m.start() > 0:
                self.own_orders.append(o[m.start():])
        self.piecesless = not any(b.own_pieces(player) for b in (b0, b1) if b is not None)
        # square -> codes of the specials the player saw there in some board state so far (set by the caller):
        # their map may draw and list those out of view (contract 8, ruling 62), and no other
        self.remembered = {}
        self.own_squares = set(t for o in self.own_orders for t in SQ_TOKEN.findall(o))
        self.round0 = any(b is not None and b.phase == 'round0' for b in (b0, b1))
        self.boards = [b for b in (b0, b1) if b is not None]
        self.ended = any(b.phase not in ('round0', 'play') for b in self.boards)
        # contract 11 and once the game has ended the fog lifts (the final sheet and `show` give the
        # whole board, every sequence and the move list); only passwords and addresses stay secret.
        self.fog_lifted = b1 is not None and b1.phase not in ('round0', 'play')

    def phased_enemy(self, sq, owner=None):
        """True when an enemy piece stands phased on sq after the command, and stood there phased (or not at
        all) before: it was never revealed (contract 14.3: an acting phased piece is revealed, so one that is
        gone or unphased afterwards may have been)."""
        def enemy(b):
            q = b.pieces.get(sq) if b else None
            return q if q is not None and q.owner != self.p and (owner is None or q.owner == owner.lower()) else None
        q1, q0 = enemy(self.b1), enemy(self.b0)
        return q1 is not None and q1.phased and (q0 is None or q0.phased)

    def on_board(self, sq):
        return any(b.on_board(*sq) for b in self.boards)


def strip_echo(line, ctx):
    """Drops the echo of the player's own order text (it reveals nothing the player did not write)."""
    u = line
    for pre in ('Your stored order ', 'Result of your last order: ', 'Stored for your next turn: ',
                'Stored orders: ', 'Your stored orders: ', 'Invalid move "'):
        if u.startswith(pre):
            u = u[len(pre):]
    for q in re.findall(r'"([^"]*)"', u):
        if any(q.upper() in o for o in ctx.own_orders):
            u = u.replace('"%s"' % q, ' ' * (len(q) + 2))
    for o in sorted(ctx.own_orders, key=len, reverse=True):
        if o and o in u.upper():
            i = u.upper().index(o)
            u = u[:i] + ' ' * len(o) + u[i + len(o):]
    return u


def own_path(body, before, ctx):
    """True for a square of a "Your piece ... from X to Y" event (a move, a charge leg, a push, a teleport)
    told to a player who still has pieces: X and Y are squares the reader's own piece stood on, so each was
    in its view at the moment of the event (contract 8: just before or just after it), even when the command
    ends with the piece elsewhere (a two-legged CHARGE turns at a square seen only then)."""
    return (body.lstrip().startswith('Your piece') and not ctx.piecesless
            and re.search(r'\b(from|to)$', before) is not None)


def path_squares(lines, ctx):
    """The squares the reader's own pieces stood on during the command, by the text's own "Your piece ...
    from X to Y" lines (pushed onto a special that then fires, teleported away): each was in that piece's
    view at that moment (contract 8), so other lines of the same text may name it."""
    if ctx.piecesless:
        return set()
    found = set()
    for ln in lines:
        m = re.search(r'Your piece\b.*\bfrom ([A-Z]{1,2}[0-9]+) to ([A-Z]{1,2}[0-9]+)\b', ln)
        if m:
            found |= {parse_sq(m.group(1)), parse_sq(m.group(2))}
    return found


def check_event_line(line, ctx, source, out):
    """Square, owner, sequence and code rules for one event or reason line."""
    p = ctx.p
    body = strip_echo(line, ctx)
    echoed = body != line
    body = body.split('e.g.')[0]  # examples in reasons name made-up squares
    for m in SQ_TOKEN.finditer(body):
        tok = m.group(1)
        before = body[:m.start()].rstrip()
        if re.match(r'^S\d{1,2}$', tok) and not re.search(r'\b(on|from|to|at|of|onto|into|and|near)$', before):
            continue  # a special's code (S1..S22), not the square
        sq = parse_sq(tok)
        if sq is None or not ctx.on_board(sq) or sq in ctx.seen or sq in ctx.reveal:
            continue
        if body[m.end():].startswith(OUTSIDE):
            continue
        if tok in ctx.own_squares and echoed and not CONTENT.search(HARMLESS.sub('', body[m.end():])):
            continue  # a square the player named itself, in a reason that tells nothing of its contents
        if own_path(body, before, ctx) or sq in getattr(ctx, 'path', ()):
            continue  # where the reader's own piece went: it stood there, seeing the square, at that moment
        if EBOOK_LINE.match(body) or EXTERIOR_WARNING.search(body):
            continue  # the reader's own E where their piece was (contract 8); exterior walls never change
        if re.search(r'\byou have no piece on$', before) and not CONTENT.search(HARMLESS.sub('', body[m.end():])):
            continue  # says only that the reader has no piece there, which the reader knows
        former = body.lstrip().startswith('Your ') and ctx.piecesless
        out.append(Finding('former-piece' if former else 'square-outside-view', p, line,
                           '%s is not in %s\'s view before or after%s' %
                           (tok, p, ' (no pieces left: told of a former piece)' if former else ''), source))
    for m in SEQ_RE.finditer(body):
        owner, seq = m.group(1), m.group(2)
        if (owner or "").lower() in (p, 'your'):
            continue
        sqs = [parse_sq(t) for t in SQ_TOKEN.findall(body)]
        if any(s in ctx.dec for s in sqs if s):
            continue
        if any(s in ctx.reveal and ctx.reveal[s][1] == seq for s in sqs if s):
            continue
        codes = ''.join(ch for ch in seq if ch.isupper())
        if any(q.sq in ctx.dec and q.codes == codes and (owner is None or q.owner == owner.lower())
               for b in ctx.boards for q in b.pieces.values()):
            continue  # that piece stood decoded in the reader's view before or after (e.g. a capturer's start)
        out.append(Finding('undecoded-sequence', p, line,
                           'sequence %s of %s\'s piece shown without decoding' % (seq, owner or 'an orphan'), source))
    for m in SHIELD_RE.finditer(body):
        owner, sq = m.group(1), parse_sq(m.group(2))
        if (owner or "").lower() in (p,):
            continue
        if sq not in ctx.dec:
            out.append(Finding('code-revealed', p, line, 'W code of an undecoded piece on %s' % m.group(2), source))
    for m in OWNER_SQ_RE.finditer(body):
        owner, sq = m.group(1), parse_sq(m.group(2))
        if (owner or "").lower() in (p, 'your') or sq is None:
            continue
        if body.rstrip().endswith('vanished from sight.') and sq in ctx.seen:
            continue  # PHASE by a piece already phased: as the acting piece it is revealed (contract 14.3), then phases
        if ctx.phased_enemy(sq, owner):
            out.append(Finding('phased-piece', p, line, '%s\'s phased piece on %s' % (owner, m.group(2)), source))


def parse_events(lines, i):
    """Items of a 'Since your last sheet:' section starting at lines[i]; returns (items, next index)."""
    items = []
    while i < len(lines) and lines[i].strip():
        ln = lines[i]
        if ln.startswith('    ') and items:
            items[-1] += ' ' + ln.strip()
        else:
            items.append(ln.strip())
        i += 1
    return items, i


BOARD_ROW = re.compile(r'^( *)(\d+) (.*) (\d+)$')
HEADER = re.compile(r'^ +[A-Z](?: [A-Z ])*$')
LEGEND = re.compile(r'^  ([A-Z]{1,3}[0-9]{1,4}) +(\S+) +(\S+)(  \(seen at (\S+)\))?(  \(orphan\))?$')


def cname_at(first, last, x):
    """The column name above position x of a strip: its one or two header lines read down."""
    return ((first[x] if x < len(first) else ' ') + (last[x] if x < len(last) else ' ')).strip()


def check_drawing(lines, i, ctx, source, out, anywhere=''):
    """A board strip starting with header line(s) at lines[i]; returns the index after it. A symbol in anywhere
    (the reader's map: terrain as they know it) may stand on any square."""
    hdr = [lines[i]]
    j = i + 1
    if j < len(lines) and HEADER.match(lines[j]):
        hdr.append(lines[j])
        j += 1
    last = hdr[-1]
    first = hdr[0] if len(hdr) == 2 else ''
    while j < len(lines):
        m = BOARD_ROW.match(lines[j])
        if not m or m.group(2) != m.group(4):
            break
        row = int(m.group(2)) - 1
        start = len(m.group(1)) + len(m.group(2)) + 1
        cells = m.group(3)
        for k in range(0, len(cells), 2):
            ch = cells[k]
            x = start + k
            if ch == ' ' or ch in anywhere:
                continue
            if ch == REMEMBERED_MARK and anywhere:  # the reader's map: a special they saw there earlier
                sq = parse_sq(cname_at(first, last, x) + str(row + 1))
                if sq not in ctx.remembered:
                    out.append(Finding('remembered-special', p_of(ctx), lines[j],
                                       '%s drawn as a remembered special, never seen there' % sq_name(*sq), source))
                continue
            cname = cname_at(first, last, x)
            if not cname.isalpha():
                continue
            sq = parse_sq(cname + str(row + 1))
            if sq not in ctx.seen and sq not in ctx.reveal:
                out.append(Finding('drawn-outside-view', p_of(ctx), lines[j],
                                   '%s drawn as %r but not in view' % (sq_name(*sq), ch), source))
            elif ch.islower() and not ctx.round0 and sq not in ctx.reveal and ctx.phased_enemy(sq):
                out.append(Finding('phased-piece', p_of(ctx), lines[j],
                                   'phased enemy piece drawn on %s' % sq_name(*sq), source))
        j += 1
    while j < len(lines) and HEADER.match(lines[j]):
        j += 1
    return j


# A picture of the whole terrain may draw every square, terrain only: a New sheet's picture of the board as
# the game starts (contract 14.9, ruling 55: the start terrain is public), with the start labels. A piece's
# letter, '@', '*' or 'o' drawn in it is a leak. The reader's map (contract 8), on every sheet in play but the
# New one, as `map` sends it, draws the terrain of every square (out of view as the reader last saw it: so
# compared differentially, never against the view) and, as the sheet's picture does, the pieces and specials
# in view: those are checked as a drawing (check_map_picture); a special the reader saw earlier ('$', and the
# list below the map) only where the oracle saw the reader see one (Ctx.remembered).
START_PICTURE = 'The whole board at the start: the terrain and the start squares (no pieces).'
MAP_TITLE = 'Your map of Genetess board '
MAP_TERRAIN = ' #+.:x'
REMEMBERED_MARK = '$'
# the reader's map lists the specials they saw and see no more: "S2 (Wall Creation) seen on B5", wrapped
REMEMBERED_LIST = 'Specials you saw earlier, out of your view now: '
REMEMBERED_ITEM = re.compile(r'\bS(\d+) \([^)]*\) seen on ([A-Z]{1,2}[0-9]+)')
TERRAIN_PICTURES = ((START_PICTURE, ' #+.G123456789', 'neither terrain nor a start label'),)


def check_map_picture(lines, j, ctx, source, out):
    """The reader's map from its first header at lines[j] (strips apart by a blank line): terrain anywhere,
    any other symbol only where the reader sees (check_drawing); returns the index after it."""
    while j < len(lines) and HEADER.match(lines[j]):
        j = check_drawing(lines, j, ctx, source, out, MAP_TERRAIN)
        if j + 1 < len(lines) and not lines[j].strip() and HEADER.match(lines[j + 1]):
            j += 1
    return j


def check_terrain_picture(lines, j, p, source, out, allowed, what):
    """A terrain picture from its first header at lines[j] (strips apart by a blank line) to the blank line
    that ends it; returns the index after it."""
    while j < len(lines):
        if not lines[j].strip():
            if j + 1 < len(lines) and HEADER.match(lines[j + 1]):
                j += 1
                continue
            break
        m = BOARD_ROW.match(lines[j])
        if m and m.group(2) == m.group(4):
            for ch in m.group(3)[::2]:
                if ch not in allowed:
                    out.append(Finding('drawn-outside-view', p, lines[j], 'a picture of the whole terrain draws %r, %s'
                                       % (ch, what), source))
        j += 1
    return j


def p_of(ctx):
    return ctx.p


def check_remembered_list(lines, i, ctx, source, out):
    """The map's list of remembered specials from lines[i] (its continuation lines indented): each one the reader
    saw there, with that code; returns the index after it."""
    text, j = lines[i], i + 1
    while j < len(lines) and lines[j].startswith('    '):
        text += ' ' + lines[j].strip()
        j += 1
    for m in REMEMBERED_ITEM.finditer(text):
        code, sq = int(m.group(1)), parse_sq(m.group(2))
        if code not in ctx.remembered.get(sq, ()):
            out.append(Finding('remembered-special', ctx.p, m.group(0),
                               'S%d listed as seen on %s, never seen there' % (code, m.group(2)), source))
    return j


def check_legend_line(m, line, ctx, source, out):
    sqs, owner, seq, seen_at = m.group(1), m.group(2), m.group(3), m.group(5)
    p = ctx.p
    if owner == p or ctx.round0:
        return
    sq = parse_sq(sqs)
    if seen_at:
        if sq not in ctx.reveal:
            out.append(Finding('reveal-not-granted', p, line, 'reveal on %s not in views entry' % sqs, source))
        return
    if sq not in ctx.seen:
        out.append(Finding('piece-outside-view', p, line, '%s\'s piece on %s not in view' % (owner, sqs), source))
        return
    if 'r' in seq or ctx.phased_enemy(sq):
        out.append(Finding('phased-piece', p, line, 'phased piece on %s listed' % sqs, source))
    if seq != '?' and sq not in ctx.dec:
        out.append(Finding('undecoded-sequence', p, line, 'sequence %s on %s shown undecoded' % (seq, sqs), source))


SPECIAL_LINE = re.compile(r'^  ([A-Z]{1,3}[0-9]{1,4}) +S\d+ ')
SKIP_SECTIONS = ('Parameters:', 'Codes on offer', 'Scores so far:', 'Players', 'Key:', 'Final scores',
                 'Score', 'Start squares')


def check_text(text, ctx, source, out, secrets, known_news):
    """Runs every rule over one text received by ctx.p."""
    p = ctx.p
    if ctx.fog_lifted:
        secrets = [x for x in secrets if x[0] in ('password', 'address')]
    for kind, value, owner in secrets:
        if owner != p and value and re.search(r'(?<![A-Za-z0-9])' + re.escape(value) + r'(?![A-Za-z0-9])', text):
            out.append(Finding('secret-' + kind, p, value, '%s of %s' % (kind, owner), source))
    lines = text.split('\n')
    if ctx.fog_lifted:
        return
    ctx.path = path_squares(lines, ctx)
    others = [o for _, _, o in secrets if o != p]
    for ln in lines:
        for o in set(others):
            if re.search(r'(?<![A-Za-z0-9])%s(?![A-Za-z0-9])' % re.escape(o), ln, re.I):
                w = re.escape(o)
                if re.search(r'GAMBLE \d+E|\bstaked? \d', ln, re.I):
                    out.append(Finding('secret-gamble', p, ln, '%s\'s gamble' % o, source))
                elif not ctx.ended and re.search(r'\b%s\b[^,.;]{0,20}\bGPC\d+|\bGPC\d+[^,.;]{0,12}\b%s\b' % (w, w),
                                                 ln, re.I):
                    out.append(Finding('secret-start', p, ln, '%s\'s start' % o, source))
    i, skipping = 0, False
    while i < len(lines):
        ln = lines[i]
        if not ln.strip():
            skipping = False
            i += 1
            continue
        if ln.startswith(REMEMBERED_LIST) and not ctx.round0:
            i = check_remembered_list(lines, i, ctx, source, out)
            continue
        if skipping or ln.startswith(SKIP_SECTIONS) or ln.startswith('genetess move') or \
                ln.startswith(('From:', 'To:', 'Date:', 'Subject:', 'Your start:', 'Deadline:')):
            skipping = skipping or ln.startswith(SKIP_SECTIONS)
            i += 1
            continue
        if ln.startswith('Since your last sheet:'):
            items, i = parse_events(lines, i + 1)
            for it in items:
                if it not in known_news:
                    check_event_line(it, ctx, source, out)
            continue
        if ln.startswith(MAP_TITLE) and i + 1 < len(lines) and HEADER.match(lines[i + 1]):
            i = check_map_picture(lines, i + 1, ctx, source, out)
            continue
        pic = [t for t in TERRAIN_PICTURES if ln.startswith(t[0])]
        if pic and i + 1 < len(lines) and HEADER.match(lines[i + 1]):
            i = check_terrain_picture(lines, i + 1, p, source, out, pic[0][1], pic[0][2])
            continue
        if HEADER.match(ln) and i + 1 < len(lines) and (BOARD_ROW.match(lines[i + 1]) or HEADER.match(lines[i + 1])):
            i = check_drawing(lines, i, ctx, source, out)
            continue
        sm = SPECIAL_LINE.match(ln)
        if sm:
            if parse_sq(sm.group(1)) not in ctx.seen and not ctx.round0:
                out.append(Finding('special-outside-view', p, ln, 'special on %s not in view' % sm.group(1), source))
            i += 1
            continue
        m = LEGEND.match(ln)
        if m:
            check_legend_line(m, ln, ctx, source, out)
            i += 1
            continue
        if ln.startswith(('Specials:', 'Pieces:')):
            i += 1
            continue
        if not ctx.round0 and not any(k.startswith(ln.strip()) for k in known_news):
            check_event_line(ln.strip(), ctx, source, out)
        i += 1


# ---- the HTML part of a sheet mail (html.c) ----

def split_mail(raw):
    """A mail as (text, html): text its headers and its text/plain body (the first part of a
    multipart/alternative sheet), html the decoded text/html part or None."""
    msg = email.message_from_string(raw, policy=email.policy.default)
    head = raw.split('\n\n', 1)[0]
    if msg.get_content_type() != 'multipart/alternative':
        return raw, None
    text = html_doc = ''
    for part in msg.iter_parts():
        if part.get_content_type() == 'text/plain':
            text = part.get_content()
        elif part.get_content_type() == 'text/html':
            html_doc = part.get_content()
    return head + '\n\n' + text, html_doc


class _SheetHTML(html.parser.HTMLParser):
    """The board's characters [(char, class)] (its <pre class="board">: "i" inside an <i>, "" in no element), the
    legend, the events and the whole-sheet text of an HTML part."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.board, self.legend, self.events, self.sheet = [], '', [], ''
        self.cur, self.buf, self.in_board, self.cls = None, [], False, ''

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.in_board:
            self.cls = a.get('class') or '' if tag == 'b' else 'i'
        elif tag == 'pre' and a.get('class') == 'board':
            self.in_board = True
        elif tag == 'pre' or tag == 'li':
            self.cur, self.buf = (tag, a.get('class')), []

    def handle_endtag(self, tag):
        if self.in_board:
            self.in_board, self.cls = tag != 'pre', ''
            return
        if not self.cur or tag != self.cur[0]:
            return
        t = ''.join(self.buf)
        if tag == 'li':
            self.events.append(t)
        elif self.cur[1] == 'legend':
            self.legend = t
        elif self.cur[1] != 'map':  # the reader's map draws every square: compared differentially, as `map`
            self.sheet = t
        self.cur = None

    def handle_data(self, data):
        if self.in_board:
            self.board += [(ch, self.cls) for ch in data]
        elif self.cur:
            self.buf.append(data)


_BOARD_ROW = re.compile(r'^ *(\d+) (.*) (\d+)$')


def html_board_squares(board):
    """[(square name, symbol, class)] of every square an HTML board draws, named by its axes (the column names
    above the rows, one or two lines read down; each row's number); ' ' a square not drawn."""
    lines = [[]]
    for ch, cls in board:
        if ch == '\n':
            lines.append([])
        else:
            lines[-1].append((ch, cls))
    text = [''.join(ch for ch, _ in line) for line in lines]
    rows = [i for i, m in enumerate(map(_BOARD_ROW.match, text)) if m and m.group(1) == m.group(3)]
    heads, out = text[:rows[0]] if rows else [], []
    for i in rows:
        m = _BOARD_ROW.match(text[i])
        for k in range(m.start(2), m.end(2)):
            col = ''.join(h[k] if k < len(h) else ' ' for h in heads).strip()
            out.append((col + m.group(1), lines[i][k][0], lines[i][k][1]))
    return out


def check_html(doc, ctx, source, out, secrets, known_news):
    """The HTML part: its board's squares as check_drawing's, its legend, events and whole sheet as check_text's."""
    p = _SheetHTML()
    p.feed(doc)
    p.close()
    for sqs, ch, cls in html_board_squares(p.board):
        if ch == ' ':
            continue
        sq = parse_sq(sqs)
        line = '%s %r (HTML board, class %r)' % (sqs, ch, cls)
        if cls == 'i':
            out.append(Finding('drawn-outside-view', ctx.p, line, 'a symbol in an unseen run on %s' % sqs, source))
        if ctx.fog_lifted:
            continue
        if sq not in ctx.seen and sq not in ctx.reveal:
            out.append(Finding('drawn-outside-view', ctx.p, line, '%s drawn as %r but not in view' % (sqs, ch), source))
        elif ch.islower() and not ctx.round0 and sq not in ctx.reveal and ctx.phased_enemy(sq):
            out.append(Finding('phased-piece', ctx.p, line, 'phased enemy piece drawn on %s' % sqs, source))
    events = 'Since your last sheet:\n' + ''.join('  %s\n' % e for e in p.events) if p.events else ''
    text = p.sheet + '\n' + p.legend + '\n' + events
    check_text(text, ctx, source, out, secrets, known_news)
    rest = html.unescape(re.sub(r'<[^>]*>', ' ', doc))  # every text of the document: the secrets too
    for kind, value, owner in secrets:
        if ctx.fog_lifted and kind not in ('password', 'address'):
            continue
        if owner != ctx.p and value and re.search(r'(?<![A-Za-z0-9])' + re.escape(value) + r'(?![A-Za-z0-9])', rest) \
                and not any(f.cls == 'secret-' + kind and f.line == value for f in out):
            out.append(Finding('secret-' + kind, ctx.p, value, '%s of %s (HTML)' % (kind, owner), source))
