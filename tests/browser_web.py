#!/usr/bin/env python3
"""browser_web (make check-browser): the public site `genetess web DIR` writes (contract 16), in a real browser.
Plays a short finished game and starts a running one with the real binary, writes the site, checks every page
with a strict parser of its own (every element closed in order, void elements never closed, attributes quoted,
one id each), then drives Debian's headless chromium over its DevTools pipe (--remote-debugging-pipe, stdlib
only): every page loads from file:// with no console error, failed load or uncaught exception, and every link
of it resolves to a file of the site; the replay steps forward and back by the arrow keys and to a step by a
click on the move list; a game page's #k opens step k; a player's view (#v<i>) shows by its fragment and stays
across a reload and on the step the keys or a click lead to; the pieces, walls and specials have the HTML
sheet's colours; each step's board, as the browser lays out its text, is `show n#k`'s; with scripts off the
replay's links step and a view shows by its fragment; on a phone 375 pixels wide no page is wider than the
phone (a board scrolls in its own box); and the site works the same behind a web server (http.server on
127.0.0.1).

Usage: GENETESS=path/to/genetess python3 tests/browser_web.py   (needs chromium; installs nothing)
       python3 tests/browser_web.py --files DIR   (the strict parser and the links only, over a written site)
       python3 tests/browser_web.py --views DIR/g/N SHEETS   (each step's player views against the sheets
       showas printed after each move: SHEETS/<k>.<userid>)"""
import fcntl
import functools
import html.parser
import http.server
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import ALICE, BOB, IWALL, SPECIAL, WALL, browser  # noqa: E402

G = os.path.abspath(os.environ.get("GENETESS", "./genetess"))
NOW = 1800000000
VOID = {"meta", "link", "br", "hr", "img", "input"}
MOVES = [("alice", "secret", "CREATE C4 ABBBBBB"), ("bob", "hunter2", "PASS"),
         ("alice", "secret", "MOVE C4 S-E-E-E-E-E-E"), ("bob", "hunter2", "PASS"),
         ("alice", "secret", "MOVE I5 S-E-S-S-E-E-E"), ("bob", "hunter2", "PASS"),
         ("alice", "secret", "MOVE M8 E-E-E-E-E-S-S")]


class Strict(html.parser.HTMLParser):
    """A page's problems: an end tag that closes no open element, an element left open, a void element
    closed, an unquoted attribute, an id given twice, a missing doctype."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.stack, self.ids, self.problems, self.doctype = [], set(), [], False
        self.text = text
        self.feed(text)
        self.close()
        if self.stack:
            self.problems.append("left open: " + " ".join(self.stack))
        if not self.doctype:
            self.problems.append("no doctype")

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag, attrs):
        raw = self.get_starttag_text()
        for name, value in attrs:
            if value is not None and ("%s=%s" % (name, value)) in raw and ('%s="' % name) not in raw:
                self.problems.append("unquoted attribute %s in %s" % (name, raw))
            if name == "id":
                if value in self.ids:
                    self.problems.append("id %s twice" % value)
                self.ids.add(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append("void element closed: " + tag)
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append("</%s> closes %s" % (tag, self.stack[-1] if self.stack else "nothing"))
        else:
            self.stack.pop()


class Chromium:
    """Headless chromium driven over its DevTools pipe: one page (a flat session), its events kept."""

    def __init__(self, chromium, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        hi_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
        hi_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)

        def fds():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)
        self.proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                                      "--user-data-dir=" + profile, "--no-first-run", "about:blank"],
                                     preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        for fd in (to_child_r, from_child_w, hi_r, hi_w):
            os.close(fd)
        self.buf, self.next_id, self.events, self.session = b"", 0, [], None
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")

    def message(self, timeout=60.0):
        """The next message; None when none came within timeout seconds."""
        end = time.time() + timeout
        while b"\0" not in self.buf:
            if not select.select([self.from_child], [], [], max(0.0, end - time.time()))[0]:
                return None
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise SystemExit("browser_web: chromium went away")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        while True:
            m = self.message()
            if m is None:
                raise SystemExit("browser_web: no answer to " + method)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise SystemExit("browser_web: %s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait(self, method, timeout=20):
        """Waits for the event method (kept events first); returns it."""
        end = time.time() + timeout
        while time.time() < end:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    return self.events.pop(i)
            m = self.message(max(0.0, end - time.time()))
            if m is not None:
                self.events.append(m)
        raise SystemExit("browser_web: no %s (nothing was loaded)" % method)

    def errors(self):
        """The console errors, failed loads and uncaught exceptions since the last call."""
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append(p["exceptionDetails"].get("text", "exception"))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console: " + json.dumps(p.get("args")))
            elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
                out.append("log: " + p["entry"].get("text", ""))
        self.events = [e for e in self.events if e.get("method") not in
                       ("Runtime.exceptionThrown", "Runtime.consoleAPICalled", "Log.entryAdded")]
        return out

    def load(self, url, how=None):
        """Loads url (how: a callable that starts the navigation itself); returns the location it ended at."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        if how:
            how()
        else:
            self.call("Page.navigate", url=url)
        self.wait("Page.loadEventFired")
        time.sleep(0.05)
        return self.eval("location.href")

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            raise SystemExit("browser_web: %s: %s" % (expr, r["exceptionDetails"]))
        return r["result"].get("value")

    def key(self, name, code):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)

    def click(self, selector):
        rect = self.eval("(function(){var e=document.querySelector(%s);e.scrollIntoView({block:'center'});"
                         "var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()"
                         % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=rect[0], y=rect[1], button="left", clickCount=1)

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        self.proc.wait(timeout=20)


def make_site(work):
    home, site = os.path.join(work, "home"), os.path.join(work, "site")
    env = {k: v for k, v in os.environ.items() if k not in ("SENDER", "PBMSENDMAIL", "INPUTFILE", "PBMFROM")}
    env.update(PBMHOME=home, GENETESS_NOW=str(NOW))

    def run(*args):
        return subprocess.run([G] + list(args), env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              check=True, text=True).stdout
    run("signup", "alice", "secret", "alice@example.org")
    run("signup", "bob", "hunter2", "bob@example.org")
    run("signup", "carol", "pw", "carol@example.org")
    run("challenge", "--gamble=none", "--start-e=80", "--seed=7", "--name=<i>Demo&game", "alice", "bob")
    for who, pw, order in MOVES:
        run("move", "101", who, pw, order)
    run("challenge", "--gamble=none", "--seed=5", "alice", "bob", "carol")
    run("web", site)
    shows = {}
    for k in range(len(MOVES) + 1):
        lines, on = [], False
        for line in run("show", "101#%d" % k).split("\n"):
            if line.startswith("The board after move #") or line == "Final board:":
                on = True
            elif on and line == "":
                break
            elif on:
                lines.append(line)
        shows[k] = "\n".join(lines)
    return site, shows


def pages(site):
    for top, _, files in os.walk(site):
        for f in sorted(files):
            if f.endswith(".html"):
                yield os.path.relpath(os.path.join(top, f), site)


def links_of(site, rel, text):
    """The relative links of page rel that lead to no file of the site."""
    class Links(html.parser.HTMLParser):
        found = []

        def handle_starttag(self, tag, attrs):
            for name, value in attrs:
                if name in ("href", "src") and value and not value.startswith("#"):
                    self.found.append(value)
    p = Links()
    p.found = []
    p.feed(text)
    bad = []
    for href in p.found:
        parts = urllib.parse.urlsplit(href)
        if parts.scheme == "data":  # the empty icon: no request
            continue
        path = parts.path
        if parts.scheme or parts.netloc:
            bad.append(href)
            continue
        target = os.path.normpath(os.path.join(site, os.path.dirname(rel), path))
        if not target.startswith(site + os.sep) or not os.path.isfile(target):
            bad.append(href)
    return bad


def check(chromium, work):
    site, shows = make_site(work)
    problems = ["the strict parser or a link (above)"] if check_files(site) else []
    every = list(pages(site))
    b = Chromium(chromium, os.path.join(work, "profile"))
    try:
        base = "file://" + site + "/"
        for rel in every:
            b.load(base + rel)
            problems += ["%s: %s" % (rel, e) for e in b.errors()]
        for k, want in shows.items():  # the board as laid out: show 101#k's
            b.load(base + "g/101/%d.html" % k)
            got = b.eval("(function(){var p=document.querySelectorAll('pre.board');return p[p.length-1].innerText;})()")
            if got.rstrip("\n") != want:
                problems.append("step %d: the board is not show 101#%d's:\n%s\n--\n%s" % (k, k, got, want))
        steps(b, base, problems)
        problems += ["%s: %s" % ("steps", e) for e in b.errors()]
        phone(b, base, every, problems)
        no_script(b, base, problems)
        served(b, site, problems)
    finally:
        b.close()
    for p in problems:
        print("browser_web: " + p)
    print("browser_web: %d pages, %d problems" % (len(every), len(problems)))
    return 1 if problems else 0


def steps(b, base, problems):
    """The keys, a click on the move list, a game page's fragment, a player's view by its fragment."""
    def expect(what, got, want):
        if not got.endswith(want):
            problems.append("%s: at %s, wanted %s" % (what, got, want))
    b.load(base + "g/101/3.html")
    expect("ArrowRight", b.load(None, lambda: b.key("ArrowRight", 39)), "g/101/4.html")
    expect("ArrowLeft", b.load(None, lambda: b.key("ArrowLeft", 37)), "g/101/3.html")
    expect("ArrowLeft", b.load(None, lambda: b.key("ArrowLeft", 37)), "g/101/2.html")
    expect("click on move 6", b.load(None, lambda: b.click("#s6 a")), "g/101/6.html")
    expect("click on the start", b.load(None, lambda: b.click("#s0 a")), "g/101/0.html")
    expect("#5 of the game page", b.load(base + "g/101/index.html#5"), "g/101/5.html")
    b.load(base + "g/101/2.html")  # the sheet's colours (tests/browser.py's): pieces, walls, specials
    for cls, rgb in (("pa", ALICE), ("pb", BOB), ("ew", WALL), ("iw", IWALL), ("sp", SPECIAL)):
        got = b.eval("getComputedStyle(document.querySelector('pre.board b.%s')).backgroundColor" % cls)
        if got != "rgb(%d, %d, %d)" % rgb:
            problems.append("%s: colour %s, the sheet's rgb%s" % (cls, got, rgb))
    b.load(base + "g/101/3.html#v1")
    shown = "getComputedStyle(document.getElementById('v%d')).display"
    if b.eval(shown % 1) != "block" or b.eval(shown % 0) != "none":
        problems.append("#v1 does not show bob's view alone")
    b.load(None, lambda: b.call("Page.reload"))
    if not b.eval("location.hash") == "#v1" or b.eval(shown % 1) != "block":
        problems.append("bob's view does not stay across a reload")
    expect("ArrowRight in bob's view", b.load(None, lambda: b.key("ArrowRight", 39)), "g/101/4.html#v1")
    expect("click on move 6 in bob's view", b.load(None, lambda: b.click("#s6 a")), "g/101/6.html#v1")
    if b.eval(shown % 1) != "block":
        problems.append("bob's view does not stay chosen on the next step")


def no_script(b, base, problems):
    """With scripts off, the replay is plain pages: its links step, a player's view shows by its fragment."""
    b.call("Emulation.setScriptExecutionDisabled", value=True)
    try:
        b.load(base + "g/101/3.html")
        for sel, want in (("#next", "g/101/4.html"), ("#prev", "g/101/3.html"), ("#s6 a", "g/101/6.html")):
            got = b.load(None, lambda: b.click(sel))
            if not got.endswith(want):
                problems.append("no script: %s leads to %s, not %s" % (sel, got, want))
        if not b.load(base + "g/101/index.html#5").endswith("g/101/index.html#5"):  # the scripts are off
            problems.append("no script: the game page's script still ran")
        b.load(base + "g/101/2.html#v0")
        if b.eval("getComputedStyle(document.getElementById('v0')).display") != "block":
            problems.append("no script: #v0 does not show alice's view")
    finally:
        b.call("Emulation.setScriptExecutionDisabled", value=False)


def phone(b, base, every, problems):
    """Every page on a phone 375 pixels wide: the page itself never wider (only a board scrolls, in its box)."""
    b.call("Emulation.setDeviceMetricsOverride", width=375, height=700, deviceScaleFactor=1, mobile=True)
    try:
        for rel in every:
            b.load(base + rel)
            wide = b.eval("document.documentElement.scrollWidth")
            if wide > 375:
                problems.append("%s: %d pixels wide on a phone 375 wide" % (rel, wide))
    finally:
        b.call("Emulation.clearDeviceMetricsOverride")


def served(b, site, problems):
    """The site behind a web server: the index, a step and a key press, with no error."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = "http://127.0.0.1:%d/" % server.server_address[1]
        for rel in ("index.html", "g/101/index.html", "g/101/7.html", "p/alice.html", "m/duel.html"):
            b.load(base + rel)
            problems += ["http %s: %s" % (rel, e) for e in b.errors()]
        b.load(base + "g/101/1.html")
        if not b.load(None, lambda: b.key("ArrowRight", 39)).endswith("/g/101/2.html"):
            problems.append("http: ArrowRight does not step")
    finally:
        server.shutdown()


def check_files(site):
    """The strict parser and the links over every page of an existing site (no browser): 0 or 1."""
    problems = []
    for rel in pages(site):
        with open(os.path.join(site, rel), encoding="utf-8") as f:
            text = f.read()
        problems += ["%s: %s" % (rel, p) for p in Strict(text).problems]
        problems += ["%s: link %s leads nowhere" % (rel, h) for h in links_of(site, rel, text)]
    for p in problems:
        print("browser_web: " + p)
    return 1 if problems else 0


class Views(html.parser.HTMLParser):
    """A step page's per-player parts, by userid: views[u] = {"board", "legend", "map", "none"} (the texts of the
    elements of the section headed "<u>'s view"), told[u] = the items of what u was told ([] "Nothing ..."),
    e[u] = u's E."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.views, self.told, self.e = {}, {}, {}
        self.view = self.field = self.player = None
        self.told_on, self.head, self.in_view, self.row, self.text = False, None, False, None, ""
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("class") == "view":
            self.in_view, self.view = True, None
        elif tag == "h3" and (self.told_on or self.in_view):
            self.head, self.text = tag, ""
        elif tag == "pre" and self.view is not None:
            self.field, self.text = a.get("class"), ""
        elif tag == "p" and self.view is not None:
            self.field, self.text = "none", ""
        elif tag == "li" and self.told_on:
            self.field, self.text = "li", ""
        elif tag == "tr" and not self.told_on and not self.in_view:
            self.row = []
        elif tag == "td" and self.row is not None:
            self.field, self.text = "td", ""

    def handle_endtag(self, tag):
        if tag == "section":
            self.in_view, self.view = False, None
        elif tag == "h3" and self.head:
            self.head = None
            if self.in_view:
                self.view = self.text[:-len("'s view")]
                self.views[self.view] = {}
            else:
                self.player = self.text.split()[-1]
                self.told[self.player] = []
        elif tag in ("pre", "p") and self.field and self.view is not None:
            self.views[self.view][self.field] = self.text
            self.field = None
        elif tag == "li" and self.field == "li":
            self.told[self.player].append(self.text)
            self.field = None
        elif tag == "td" and self.field == "td":
            self.row.append(self.text)
            self.field = None
        elif tag == "tr" and self.row is not None:
            if len(self.row) == 2:
                self.e[self.row[0].split()[-1]] = self.row[1]
            self.row = None

    def handle_data(self, data):
        if self.field or self.head:
            self.text += data
        if data == "What each player was told":
            self.told_on = True
        elif data in ("E and scores", "As one player saw it"):
            self.told_on = False


def check_views(game, sheets):
    """Each step's view of each player (game: a finished game's directory of the site; sheets: the sheet
    `showas` printed to each player after each move, <k>.<userid>, k = 0 the New sheet) is that sheet's: its
    picture just before its key, its legend, its map (or the New sheet's terrain) and nothing more, their E, and
    what they were told of the move its "Since your last sheet" lines: 0 or 1."""
    problems, k = [], 0
    while os.path.exists(os.path.join(game, "%d.html" % k)):
        with open(os.path.join(game, "%d.html" % k), encoding="utf-8") as f:
            page = Views(f.read())
        for name in sorted(os.listdir(sheets)):
            if not name.startswith("%d." % k):
                continue
            u = name.split(".", 1)[1]
            with open(os.path.join(sheets, name), encoding="utf-8") as f:
                sheet = f.read()
            v, where = page.views.get(u, {}), "step %d, %s" % (k, u)
            if "board" in v and v["board"] + "Key: " not in sheet:
                problems.append("%s: the picture is not the sheet's:\n%s" % (where, v["board"]))
            if "none" in v and v["none"] + "\n" not in sheet:
                problems.append("%s: %s is not the sheet's" % (where, v["none"]))
            if "\n\n" + v.get("legend", "?") + "\n" not in sheet:
                problems.append("%s: the legend is not the sheet's:\n%s" % (where, v.get("legend")))
            has_map = "Your map of Genetess board" in sheet or "The whole board at the start:" in sheet
            if ("map" in v) != has_map or ("map" in v and v["map"] not in sheet):
                problems.append("%s: the map is not the sheet's:\n%s" % (where, v.get("map")))
            e = sheet.split("Your E: ", 1)[1].split("\n", 1)[0] if "Your E: " in sheet else None
            if e is not None and page.e.get(u) != e:
                problems.append("%s: E %s, the sheet's %s" % (where, page.e.get(u), e))
            if k > 0:
                news = sheet.split("Since your last sheet:\n", 1)[1].split("\n\n", 1)[0] \
                    if "Since your last sheet:\n" in sheet else ""
                told = " ".join(" ".join(page.told.get(u, ["?"])).split())
                if told != " ".join(news.split()):
                    problems.append("%s: told %r, the sheet's news %r" % (where, told, news))
        k += 1
    for p in problems:
        print("browser_web: " + p)
    if not k:
        print("browser_web: no steps in " + game)
    return 1 if problems or not k else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--files":  # tests/e2e/web.sh: python3 tests/browser_web.py --files DIR
        return check_files(os.path.abspath(sys.argv[2]))
    if len(sys.argv) == 4 and sys.argv[1] == "--views":  # tests/e2e/web.sh: ... --views SITE/g/N SHEETS
        return check_views(sys.argv[2], sys.argv[3])
    chromium = browser()
    if not chromium:
        print("browser_web: needs Debian's chromium (apt-get install chromium; .ci/run installs it as root)")
        return 1
    work = tempfile.mkdtemp(prefix="browser_web.")
    try:
        return check(chromium, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
