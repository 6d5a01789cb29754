#!/usr/bin/env python3
"""browser (make check-browser): a real browser draws a sheet's HTML part as the player sees it. Plays a small
game with the real binary, takes the HTML part of sheet mails, renders each with Debian's headless chromium to
a PNG (read with zlib and struct only), and asks the same browser where it put every character of the board
(a copy of the document with a measuring script, --dump-dom). Then each square of the board, named by the
board's own axes, must show its colour in the screenshot: a player's pieces their palette colour, walls,
interior walls and specials theirs, the floor white, and every square of a run of unseen squares the unseen
grey -- sampled left and right of its letter, inside the square html.c draws (a character's advance moved a
quarter of it to the left, so the letter stands in the middle). The axes must line up with the squares
(each column's name above its squares, in every row) and show no colour; the squares must be the text part's
(mailcheck's comparison); another player's colour shows nowhere while their pieces are out of view.

Usage: GENETESS=path/to/genetess python3 tests/browser.py   (needs chromium; installs nothing; BROWSER_KEEP=DIR
keeps the screenshots in DIR)"""
import email
import email.policy
import html
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mailcheck import BOARD_ROW, SheetHTML, text_cells  # noqa: E402

G = os.path.abspath(os.environ.get("GENETESS", "./genetess"))
NOW = 1800000000
# html.c's colours: player 0 (alice), player 1 (bob), unseen squares, walls, interior walls, specials, floor
ALICE, BOB, UNSEEN, WALL = (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0xC8, 0xC8, 0xC8), (0x33, 0x33, 0x33)
IWALL, SPECIAL, WHITE = (0x8C, 0x8C, 0x8C), (0xE0, 0xD8, 0xFF), (0xFF, 0xFF, 0xFF)
ORPHAN = (0x00, 0x00, 0x00)
COLOUR = {"a": ALICE, "b": BOB, "o": ORPHAN, " ": UNSEEN, "#": WALL, "+": IWALL, "*": SPECIAL, ".": WHITE}
TINY = """name tiny
grid
#########
#.......#
#.+.....#
#########
end
start GPC1 B2
start GPC2 H3
special S1 G3 e=1 text="Gold seam"
param start-e 9
param deadline 10
"""
# Appended to a copy of a sheet: where chromium lays out each character of the board (comments are not text).
MEASURE = """<script>
(function () {
  var pre = document.querySelector("pre.board"), out = [], r = document.createRange(), n;
  var w = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  while ((n = w.nextNode()))
    for (var k = 0; k < n.data.length; k++) {
      r.setStart(n, k);
      r.setEnd(n, k + 1);
      var b = r.getBoundingClientRect();
      out.push([b.left, b.top, b.width, b.height]);
    }
  var t = document.createElement("textarea");
  t.id = "geometry";
  t.textContent = JSON.stringify(out);
  document.body.appendChild(t);
})();
</script>
"""
WINDOW = "--window-size=1000,1600"


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), "PNG depth %d colour type %d" % (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def near(p, colour, tol=3):
    return all(abs(p[k] - colour[k]) <= tol for k in range(3))


def patches(img, colour, tol=3, least=40):
    """The number of 4-connected patches of colour (within tol) of at least least pixels."""
    w, h, rows = img
    seen = [[False] * w for _ in range(h)]
    count = 0
    for y in range(h):
        for x in range(w):
            if seen[y][x] or not near(rows[y][x], colour, tol):
                continue
            stack, size = [(x, y)], 0
            seen[y][x] = True
            while stack:
                cx, cy = stack.pop()
                size += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] and near(rows[ny][nx], colour, tol):
                        seen[ny][nx] = True
                        stack.append((nx, ny))
            count += size >= least
    return count


def sheet_parts(path):
    with open(path, "rb") as f:
        msg = email.message_from_bytes(f.read(), policy=email.policy.default)
    parts = {p.get_content_type(): p.get_content() for p in msg.iter_parts()}
    return parts["text/plain"], parts["text/html"]


def chromium_run(chromium, html_doc, work, name, *args):
    """Runs headless chromium on html_doc (written to work/name.html) with args; its stdout."""
    page = os.path.join(work, name + ".html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(html_doc)
    return subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--force-device-scale-factor=1", "--force-color-profile=srgb", WINDOW] + list(args) +
                          ["file://" + page], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120,
                          check=False).stdout.decode("utf-8", "replace")


def shoot(chromium, html_doc, work, name):
    png = os.path.join(work, name + ".png")
    chromium_run(chromium, html_doc, work, name, "--screenshot=" + png)
    if not os.path.exists(png):
        raise SystemExit("browser: chromium wrote no screenshot for %s" % name)
    if os.environ.get("BROWSER_KEEP"):
        shutil.copy(png, os.environ["BROWSER_KEEP"])
    return read_png(png)


def geometry(chromium, html_doc, work, name):
    """[(left, top, width, height)] of each character of the board as chromium lays it out."""
    out = chromium_run(chromium, html_doc.replace("</body>", MEASURE + "</body>"), work, name + "-measure",
                       "--dump-dom")
    start = out.find('<textarea id="geometry">')
    if start < 0:
        raise SystemExit("browser: chromium measured nothing for %s" % name)
    start += len('<textarea id="geometry">')
    return json.loads(html.unescape(out[start:out.index("</textarea>", start)]))


def board_lines(doc, geom):
    """The board's lines, each [(character, class, rect)], its characters read as mailcheck reads them."""
    p = SheetHTML()
    p.feed(doc)
    p.close()
    chars = [(ch, cls) for ch, cls in p.board or []]
    if len(chars) != len(geom):
        raise SystemExit("browser: %d characters in the board, %d measured" % (len(chars), len(geom)))
    lines = [[]]
    for (ch, cls), rect in zip(chars, geom):
        if ch == "\n":
            lines.append([])
        else:
            lines[-1].append((ch, cls, rect))
    return lines


def sample(img, rect, at):
    """The colour at the vertical middle of rect, at fraction at of its width from its left edge."""
    w, h, rows = img
    x, y = int(round(rect[0] + at * rect[2])), int(round(rect[1] + rect[3] / 2))
    return rows[y][x] if 0 <= x < w and 0 <= y < h else None


def look_at_squares(img, lines):
    """Every square's colour left and right of its letter, and the axes (white there, each column's name over
    its squares): (problems, squares, unseen squares, names and numbers on the axes) looked at."""
    problems, squares, unseen, axis = [], 0, 0, 0
    text = ["".join(ch for ch, _, _ in line) for line in lines]
    rows = [i for i, m in enumerate(map(BOARD_ROW.match, text)) if m and m.group(1) == m.group(3)]
    heads = [i for i in range(len(text)) if i not in rows and text[i].strip()]
    top = [h for h in heads if h < rows[0]]

    def look(ch, rect, want, name):
        for at in (-0.12, 0.68):  # html.c's square: the advance moved a quarter left; the letter in its middle
            got = sample(img, rect, at)
            if got is None or not near(got, want):
                problems.append("%s %r: %r at %.2f of its width, want %r" % (name, ch, got, at, want))

    for i in rows:
        m = BOARD_ROW.match(text[i])
        for k, (ch, cls, rect) in enumerate(lines[i]):
            if not m.start(2) <= k < m.end(2):
                axis += ch != " "
                look(ch, rect, WHITE, "the axis of row " + m.group(1))
                continue
            squares += 1
            unseen += ch == " "
            look(ch, rect, COLOUR.get("a" if ch == "@" else ch, WHITE),
                 "".join(text[h][k] for h in top).strip() + m.group(1))
            for h in heads:  # the column's name stands over the square, in every line of names
                if abs(lines[h][k][2][0] - rect[0]) > 0.5:
                    problems.append("the name over column %d in line %d is at x %.1f, the square at %.1f" % (
                        k, h, lines[h][k][2][0], rect[0]))
    for h in heads:
        for k, (ch, cls, rect) in enumerate(lines[h]):
            axis += ch != " "
            look(ch, rect, WHITE, "the names of the columns")
    return problems, squares, unseen, axis


def expect(problems, what, got, want):
    print("browser: %-44s %d (want %d)" % (what, got, want))
    if got != want:
        problems.append("%s: %d, wanted %d" % (what, got, want))


def main():
    chromium = browser()
    if not chromium:
        print("browser: needs Debian's chromium (apt-get install chromium; .ci/run installs it as root)")
        return 1
    work = tempfile.mkdtemp(prefix="browser.")
    try:
        return play_and_look(chromium, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def play_and_look(chromium, work):
    home = os.path.join(work, "home")
    os.makedirs(os.path.join(home, "maps"))
    with open(os.path.join(home, "maps", "tiny.map"), "w") as f:
        f.write(TINY)
    env = {k: v for k, v in os.environ.items() if k not in ("SENDER", "PBMSENDMAIL", "INPUTFILE", "PBMFROM")}
    env.update(PBMHOME=home, GENETESS_NOW=str(NOW))
    outbox = os.path.join(home, "outbox")

    def run(*args):
        subprocess.run([G] + list(args), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    def last_mail(to):
        names = sorted(os.listdir(outbox), key=lambda n: os.path.getmtime(os.path.join(outbox, n)))
        mine = [n for n in names if ("To: %s@example.org\n" % to) in open(os.path.join(outbox, n)).read()]
        return os.path.join(outbox, mine[-1])

    run("signup", "alice", "secret", "alice@example.org")
    run("signup", "bob", "hunter2", "bob@example.org")
    run("challenge", "--gamble=none", "--map=tiny", "alice", "bob")
    # alice's A walks east from C2 to F2: her two views leave column D unseen between them
    run("move", "101", "alice", "secret", "CREATE C2 A")
    for sq in ("C2", "D2", "E2"):
        run("move", "101", "bob", "hunter2", "PASS")
        run("move", "101", "alice", "secret", "MOVE %s E" % sq)
    problems = []
    text, doc = sheet_parts(last_mail("alice"))
    cells = text_cells(text)
    img = shoot(chromium, doc, work, "running")
    found, squares, unseen, axis = look_at_squares(img, board_lines(doc, geometry(chromium, doc, work, "running")))
    expect(problems, "squares not in their colour", len(found), 0)
    problems += found[:10]
    expect(problems, "squares looked at", squares, 7 * 3)  # A-G x 1-3, column D unseen
    expect(problems, "of them in unseen runs", unseen, 3)
    expect(problems, "names and numbers on the axes looked at", axis, 2 * 7 + 2 * 3)
    expect(problems, "bob's colour (his pieces out of view)", patches(img, BOB), 0)
    expect(problems, "kinds drawn: @ # + * and floor", len({"@", "#", "+", "*", "."} & set(cells.values())), 5)
    # the end lifts the fog: both players' pieces, each in their colour
    run("resign", "101", "bob", "hunter2")
    text, doc = sheet_parts(last_mail("alice"))
    cells = text_cells(text)
    img = shoot(chromium, doc, work, "ended")
    found, squares, unseen, axis = look_at_squares(img, board_lines(doc, geometry(chromium, doc, work, "ended")))
    expect(problems, "squares not in their colour at the end", len(found), 0)
    problems += found[:10]
    expect(problems, "squares looked at the end", squares, 9 * 4)
    expect(problems, "unseen squares at the end", unseen, 0)
    expect(problems, "alice's pieces (a) at the end", list(cells.values()).count("a"), 2)
    expect(problems, "bob's King, an orphan (o), at the end", list(cells.values()).count("o"), 1)
    for p in problems:
        print("browser: FAIL " + p)
    print("browser: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
