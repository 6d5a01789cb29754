#!/usr/bin/env python3
"""browser (make check-browser): a real browser draws a sheet's HTML part as the player sees it. Plays a small
game with the real binary, takes the HTML part of sheet mails, renders each with Debian's headless chromium to
a PNG, reads the PNG with zlib and struct only, and counts the cells of each colour (cells are parted by a
white border, so a cell is one patch of its colour): a player's pieces in their palette colour as many as the
text part draws their letter, unseen squares in the unseen grey as many as the HTML has, walls as many as the
text draws; another player's colour nowhere while their pieces are out of view.

Usage: GENETESS=path/to/genetess python3 tests/browser.py   (needs chromium; installs nothing; BROWSER_KEEP=DIR
keeps the screenshots in DIR)"""
import email
import email.policy
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mailcheck import text_cells  # noqa: E402

G = os.path.abspath(os.environ.get("GENETESS", "./genetess"))
NOW = 1800000000
# html.c's colours: player 0 (alice), player 1 (bob), unseen squares, walls
ALICE, BOB, UNSEEN, WALL = (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0xC8, 0xC8, 0xC8), (0x33, 0x33, 0x33)
TINY = """name tiny
grid
#########
#.......#
#.......#
#########
end
start GPC1 B2
start GPC2 H3
param start-e 9
param deadline 10
"""


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


def patches(img, colour, tol=3, least=40):
    """The number of 4-connected patches of colour (within tol) of at least least pixels."""
    w, h, rows = img
    seen = [[False] * w for _ in range(h)]

    def near(p):
        return all(abs(p[k] - colour[k]) <= tol for k in range(3))

    count = 0
    for y in range(h):
        for x in range(w):
            if seen[y][x] or not near(rows[y][x]):
                continue
            stack, size = [(x, y)], 0
            seen[y][x] = True
            while stack:
                cx, cy = stack.pop()
                size += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] and near(rows[ny][nx]):
                        seen[ny][nx] = True
                        stack.append((nx, ny))
            count += size >= least
    return count


def sheet_parts(path):
    with open(path, "rb") as f:
        msg = email.message_from_bytes(f.read(), policy=email.policy.default)
    parts = {p.get_content_type(): p.get_content() for p in msg.iter_parts()}
    return parts["text/plain"], parts["text/html"]


def shoot(chromium, html_doc, work, name):
    page = os.path.join(work, name + ".html")
    png = os.path.join(work, name + ".png")
    with open(page, "w", encoding="utf-8") as f:
        f.write(html_doc)
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=1", "--force-color-profile=srgb", "--screenshot=" + png,
                    "--window-size=1000,1600", "file://" + page],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)
    if not os.path.exists(png):
        raise SystemExit("browser: chromium wrote no screenshot for %s" % name)
    if os.environ.get("BROWSER_KEEP"):
        shutil.copy(png, os.environ["BROWSER_KEEP"])
    return read_png(png)


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
    expect(problems, "alice's pieces (@) in alice's colour", patches(img, ALICE), list(cells.values()).count("@"))
    expect(problems, "bob's colour (his pieces out of view)", patches(img, BOB), 0)
    expect(problems, "unseen squares in the unseen colour", patches(img, UNSEEN), doc.count('<td class="u">'))
    expect(problems, "walls in the wall colour", patches(img, WALL), list(cells.values()).count("#"))
    # the end lifts the fog: both players' pieces, each in their colour
    run("resign", "101", "bob", "hunter2")
    text, doc = sheet_parts(last_mail("alice"))
    cells = text_cells(text)
    img = shoot(chromium, doc, work, "ended")
    expect(problems, "alice's pieces (a) at the end", patches(img, ALICE), list(cells.values()).count("a"))
    expect(problems, "bob's pieces (b) at the end", patches(img, BOB), list(cells.values()).count("b"))
    expect(problems, "no unseen square at the end", patches(img, UNSEEN), 0)
    for p in problems:
        print("browser: FAIL " + p)
    print("browser: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
