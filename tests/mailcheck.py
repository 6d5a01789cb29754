#!/usr/bin/env python3
"""mailcheck: plays a whole game with the real binary -- round 0, moves, a failed order, a
chat, a nag, a resign to the end, Cleanup -- with replies mailed (SENDER) and the command's Message-ID
known (MESSAGEID), then parses EVERY mail it left in outbox/ with Python's email package in strict mode
and fails on any defect: a header the strict policy refuses, msg.defects not empty, a required header
missing, a Message-ID used twice, a body line over 78 characters, a wrong Content-Type or
Content-Transfer-Encoding, a reply without In-Reply-To/References. A turnsheet is multipart/alternative:
exactly a text/plain part, then a text/html part (utf-8; 7bit when it is ASCII, 8bit when not, in lines of
at most 998 octets; quoted-printable only when a line would be longer) that decodes to UTF-8 and that
html.parser reads with every tag closed, nothing that runs or loads (script, src, href, url(), @import), and exactly the squares,
pieces and events of the text part: the same (square, symbol) cells read off the board's axes, each in the
class of its symbol (a blank square in an <i>), its legend verbatim, the same event lines.

Usage: GENETESS=path/to/genetess python3 tests/mailcheck.py   (standard library only; MAILCHECK_LIST=1
also lists each mail's Subject)"""
import email
import email.policy
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile

G = os.path.abspath(os.environ.get("GENETESS", "./genetess"))
NOW = 1800000000
REQUIRED = ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type",
            "Content-Transfer-Encoding", "Auto-Submitted"]


def main():
    home = tempfile.mkdtemp(prefix="mailcheck.")
    try:
        return play_and_check(home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def play_and_check(home):
    env = {k: v for k, v in os.environ.items()
           if k not in ("SENDER", "PBMSENDMAIL", "INPUTFILE", "PBMFROM", "MESSAGEID")}
    env.update(PBMHOME=os.path.join(home, "home"), GENETESS_NOW=str(NOW), GENETESS_LOCK_WAIT="2",
               PBMFROM="genetess@example.org")
    body = os.path.join(home, "body")
    with open(body, "w", encoding="utf-8") as f:
        f.write("Hello from alice -- see you on the board. Grüße!\n")
    step = [0]

    def run(*args, sender="alice@example.org", now=0, inputfile=None):
        step[0] += 1
        e = dict(env, GENETESS_NOW=str(NOW + now), MESSAGEID="<cmd%d.x@players.example.org>" % step[0])
        if sender:
            e["SENDER"] = sender
        if inputfile:
            e["INPUTFILE"] = inputfile
        return subprocess.run([G] + list(args), env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE).returncode

    for who, pw in (("alice", "pa"), ("bob", "pb")):                       # an admin at the terminal
        run("signup", who, pw, who + "@example.org", sender=None)
    run("challenge", "--seed=9", "--deadline=24", "alice", "bob", sender=None)  # round 0
    run("signup", "carol", "pc", "carol@example.org", sender="carol@example.org")  # a confirmation by mail
    token = confirm_token(os.path.join(env["PBMHOME"], "outbox"), "carol")
    run("confirm", "carol", token, sender="carol@example.org")              # the welcome
    run("challenge", "carol", "alice", sender="carol@example.org")          # by mail without a password
    run("move", "101", "alice", "pa", "GAMBLE 1E 1st")
    run("move", "101", "bob", "pb", "GAMBLE 2E on GPC2 / GAMBLE 0E dont care", sender="bob@example.org")
    run("move", "101", "nobody", "x", "PASS")                              # refused
    run("chat", "101", "alice", "pa", inputfile=body)                      # chat relay (not ASCII)
    run("Cleanup", sender=None, now=13 * 3600)                             # a nag
    for i in range(3):                                                     # moves, a failed order
        run("move", "101", "alice", "pa", "MOVE Z9 N", now=14 * 3600 + i)
        run("move", "101", "alice", "pa", "PASS", now=14 * 3600 + i)
        run("move", "101", "bob", "pb", "PASS", sender="bob@example.org", now=14 * 3600 + i)
    for i in range(10):                                                    # the wrong-password notice
        run("move", "101", "bob", "guess%d" % i, "PASS", sender="mallory@example.net", now=14 * 3600 + 9)
    run("resign", "101", "bob", "pb", sender="bob@example.org", now=15 * 3600)  # to the end
    run("show", "101", now=15 * 3600)
    run("history", now=15 * 3600)
    run("games", now=15 * 3600)
    run("help", "orders")
    run("calc", "ABBC")
    run("bogus")                                                           # unknown command

    outbox = os.path.join(env["PBMHOME"], "outbox")
    names = sorted(n for n in os.listdir(outbox) if n.endswith(".mail"))
    if os.environ.get("MAILCHECK_LIST"):
        for n in names:
            with open(os.path.join(outbox, n), "rb") as f:
                print(n, [l for l in f.read().split(b"\n") if l.startswith(b"Subject:")][0].decode())
    problems, ids, kinds = [], {}, set()
    for name in names:
        with open(os.path.join(outbox, name), "rb") as f:
            raw = f.read()
        problems += ["%s: %s" % (name, p) for p in check_mail(raw, ids, name, kinds)]
    for kind in ("auto-generated", "auto-replied"):
        if kind not in kinds:
            problems.append("no mail is %s" % kind)
    if not all(COMPARED.values()):
        problems.append("the HTML parts compared nothing: %r" % COMPARED)
    if len(names) < 20:
        problems.append("only %d mails: the game did not run" % len(names))
    for p in problems:
        print("mailcheck: " + p)
    print("mailcheck: %d mails, %d problems" % (len(names), len(problems)))
    return 1 if problems else 0


def check_mail(raw, ids, name, kinds):
    out = []
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.strict)
        for h in msg.keys():
            msg[h]  # the strict policy parses (and refuses) each header when it is read
    except Exception as e:  # noqa: BLE001 -- any refusal is a finding
        return ["refused by the strict parser: %r" % e]
    if msg.defects:
        out.append("defects %r" % msg.defects)
    for h in REQUIRED:
        if msg[h] is None:
            out.append("no %s header" % h)
    for h, v in msg.items():
        if getattr(v, "defects", None):
            out.append("%s header defects %r" % (h, v.defects))
    mid = str(msg["Message-ID"] or "")
    if mid in ids:
        out.append("Message-ID %s also in %s" % (mid, ids[mid]))
    ids[mid] = name
    kind = str(msg["Auto-Submitted"] or "")
    kinds.add(kind)
    if kind not in ("auto-generated", "auto-replied"):
        out.append("Auto-Submitted: %s" % kind)
    if kind == "auto-replied" and (msg["In-Reply-To"] is None or msg["References"] is None):
        out.append("a reply without In-Reply-To/References")
    if str(msg["MIME-Version"]) != "1.0":
        out.append("MIME-Version %s" % msg["MIME-Version"])
    ctype = msg.get_content_type()
    if ctype == "multipart/alternative":
        return out + check_alternative(msg, raw)
    if ctype != "text/plain":
        out.append("Content-Type %s" % ctype)
    return out + check_text_part(msg, raw.split(b"\n\n", 1)[1] if b"\n\n" in raw else b"")[0]


def confirm_token(outbox, userid):
    """The token of the confirmation mailed for userid (its Subject: "Genetess confirm <userid> <token>")."""
    for n in sorted(os.listdir(outbox)):
        with open(os.path.join(outbox, n), encoding="ascii", errors="replace") as f:
            m = re.search(r"^Subject: Genetess confirm %s (\S+)$" % userid, f.read(), re.M)
        if m:
            return m.group(1)
    return "none"


def orphans(text):
    """The lines of prose text that a wrap left short in a paragraph: a line of at most two words under 20
    characters, unindented, between a long line that does not end a sentence and a line that goes on."""
    lines = text.split("\n")
    out = []
    for i in range(1, len(lines) - 1):
        line, prev, nxt = lines[i], lines[i - 1], lines[i + 1]
        if (line and not line[0].isspace() and len(line) < 20 and len(line.split()) <= 2
                and len(prev) >= 55 and not prev.rstrip().endswith((".", ":", "!", "?", ")"))
                and nxt.strip() and not nxt[0].isspace()):
            out.append("an orphan line %d: %r after %r" % (i + 1, line, prev))
    return out


def check_text_part(part, payload):
    """The charset, encoding and line lengths of a text/plain message or part; (problems, its text)."""
    out = []
    ascii_body = all(c < 128 for c in payload)
    cte = str(part["Content-Transfer-Encoding"])
    charset = part.get_content_charset()
    if ascii_body and (cte != "7bit" or charset != "us-ascii"):
        out.append("an ASCII body as %s %s" % (charset, cte))
    if not ascii_body and (cte != "8bit" or charset != "utf-8"):
        out.append("a non-ASCII body as %s %s" % (charset, cte))
    try:
        text = part.get_content()
    except Exception as e:  # noqa: BLE001
        return out + ["body does not decode: %r" % e], ""
    for i, line in enumerate(text.split("\n"), 1):
        if len(line) > 78:
            out.append("body line %d has %d characters: %s" % (i, len(line), line[:90]))
    return out + orphans(text), text


def check_alternative(msg, raw):
    """A sheet: text/plain first, text/html second, the same view in both."""
    out = []
    parts = list(msg.iter_parts())
    types = [p.get_content_type() for p in parts]
    if types != ["text/plain", "text/html"]:
        return ["multipart/alternative parts %r, not text/plain then text/html" % types]
    start = raw.find(b"\nContent-Type: text/html")
    head_end = raw.find(b"\n\n", start) + 2
    bnd = msg.get_boundary().encode()
    end = raw.find(b"\n--" + bnd + b"--", head_end)
    if start < 0 or head_end < 2 or end < 0:
        return ["the HTML part is not where it should be"]
    for i, line in enumerate(raw[:head_end].split(b"\n") + raw[end:].split(b"\n"), 1):
        if len(line) > 78:
            out.append("line %d outside the HTML part has %d characters" % (i, len(line)))
    plain, html_part = parts
    out += check_html_encoding(html_part, raw[head_end:end])
    payload = plain.get_payload(decode=False).encode("utf-8", "surrogateescape")
    problems, text = check_text_part(plain, payload)
    out += problems
    try:
        doc = html_part.get_payload(decode=True).decode("utf-8")
    except Exception as e:  # noqa: BLE001
        return out + ["HTML part does not decode to UTF-8: %r" % e]
    return out + compare_views(text, doc)


def check_html_encoding(part, body):
    """The HTML part's charset and Content-Transfer-Encoding against its encoded bytes body: 7bit when
    ASCII, 8bit when not, either in lines of at most 998 octets with no CR; quoted-printable (lines of at
    most 76) only when its decoded document has a longer line or a CR."""
    cte = str(part["Content-Transfer-Encoding"])
    out = [] if part.get_content_charset() == "utf-8" else ["the HTML part's charset is %s" % part.get_content_charset()]
    long_lines = [len(l) for l in body.split(b"\n") if len(l) > (76 if cte == "quoted-printable" else 998)]
    if long_lines or b"\r" in body or b"\0" in body:
        out.append("the %s HTML part has lines of %r octets or a CR or NUL" % (cte, long_lines[:3]))
    if cte == "7bit" and any(c >= 128 for c in body):
        out.append("a 7bit HTML part holds 8-bit bytes")
    elif cte == "8bit" and all(c < 128 for c in body):
        out.append("an ASCII HTML part as 8bit")
    elif cte == "quoted-printable":
        doc = part.get_payload(decode=True)
        if not (b"\r" in doc or any(len(l) > 998 for l in doc.split(b"\n"))):
            out.append("a quoted-printable HTML part that needs no encoding")
    elif cte not in ("7bit", "8bit"):
        out.append("the HTML part is %s" % cte)
    return out


COMPARED = {"sheets": 0, "cells": 0, "events": 0}  # so that the comparison cannot pass on nothing
VOID = {"meta", "br", "hr", "img", "link", "input"}


class SheetHTML(html.parser.HTMLParser):
    """The board (each character of its <pre class="board"> with the class of the element it is drawn in: "i"
    in an <i>, "" in none), the legend and the events of a sheet's HTML part, and what is wrong in it."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems = [], []
        self.board, self.legend, self.events = None, None, []
        self.cur, self.buf, self.in_board, self.cls = None, None, False, ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "img", "link", "iframe", "object", "embed") or "src" in a or "href" in a:
            self.problems.append("HTML holds <%s %r>" % (tag, attrs))
        if any(k.startswith("on") for k in a):
            self.problems.append("HTML holds an event handler in <%s>" % tag)
        if tag not in VOID:
            self.stack.append(tag)
        if self.in_board:  # squares: <b class=...> or <i>, nothing else
            if (tag, list(a)) not in (("b", ["class"]), ("i", [])):
                self.problems.append("HTML board holds <%s %r>" % (tag, attrs))
            self.cls = a.get("class", "") if tag == "b" else "i"
        elif tag == "pre" and a.get("class") == "board":
            self.in_board, self.board = True, []
        elif tag == "pre" and a.get("class") == "legend" or tag == "li":
            self.cur, self.buf = (tag, None), []

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("HTML closes <%s> inside %r" % (tag, self.stack[-3:]))
        else:
            self.stack.pop()
        if self.in_board:
            self.in_board, self.cls = tag != "pre", ""
        elif self.cur and tag == self.cur[0]:
            t = "".join(self.buf)
            if tag == "pre":
                self.legend = t
            else:
                self.events.append(" ".join(t.split()))
            self.cur = None

    def handle_data(self, data):
        if self.in_board:
            self.board += [(ch, self.cls) for ch in data]
        elif self.cur is not None:
            self.buf.append(data)
        if "url(" in data or "@import" in data:
            self.problems.append("HTML loads something: %s" % data[:60])


BOARD_ROW = re.compile(r"^ *(\d+) (.*) (\d+)$")


def board_cells(board):
    """The squares of an HTML board ([(character, class)], SheetHTML's): {square: (symbol, class)}, named by
    the axes -- the column names above the rows (one or two lines, read down) and each row's number; a
    square not drawn is the symbol ' '."""
    lines = [[]]
    for ch, cls in board:
        if ch == "\n":
            lines.append([])
        else:
            lines[-1].append((ch, cls))
    text = ["".join(ch for ch, _ in line) for line in lines]
    rows = [i for i, m in enumerate(map(BOARD_ROW.match, text)) if m and m.group(1) == m.group(3)]
    heads = text[:rows[0]] if rows else []
    cells = {}
    for i in rows:
        m = BOARD_ROW.match(text[i])
        for k in range(m.start(2), m.end(2)):
            cells["".join(h[k] if k < len(h) else " " for h in heads).strip() + m.group(1)] = lines[i][k]
    return cells


def board_class_problems(cells):
    """Each square's class against its symbol: blank in an <i>, floor in no element, walls ew and iw, specials sp,
    orphans or, a letter in its own class (marked rv for a reveal), all @ in one letter's, start labels st."""
    kinds = {" ": {"i"}, ".": {""}, "#": {"ew"}, "+": {"iw"}, "*": {"sp"}, "o": {"or"}}
    out, own = [], set()
    for sq, (ch, cls) in sorted(cells.items()):
        if ch == "@":
            own.add(cls)
            ok = len(cls) == 1 and cls.isalpha()
        else:
            ok = cls in kinds.get(ch, {ch, ch + " rv"} if ch.isalpha() and ch.islower() else {"st"})
        if not ok:
            out.append("HTML square %s %r in class %r" % (sq, ch, cls))
    if len(own) > 1:
        out.append("HTML draws @ in classes %r" % sorted(own))
    return out


ROW = re.compile(r"^ *(\d+) (.+) (\d+)$")
HEADER = re.compile(r"^[ A-Z]+$")


# Pictures of the whole terrain after the board's: the New sheet's start and the reader's map (contract 8, 14.9).
AFTER_BOARD = ("The whole board at the start:", "Your map of Genetess board ")


def text_cells(text):
    """The (square -> symbol) cells of the text sheet's board picture, blanks left out (the start picture and
    the reader's map that follow it are not the board)."""
    cells, heads, prev = {}, [], []
    for line in text.split("\n"):
        if line.startswith(AFTER_BOARD):
            break
        m = ROW.match(line)
        if m and m.group(1) == m.group(3) and len(m.group(2)) % 2 == 1:
            if prev and not ROW.match(prev[-1]) and HEADER.match(prev[-1]):
                heads = [h for h in prev[-2:] if HEADER.match(h)]
            start = line.index(m.group(2))
            for k in range(0, len(m.group(2)), 2):
                pos = start + k
                col = "".join(h[pos] if pos < len(h) else " " for h in heads).strip()
                if m.group(2)[k] != " ":
                    cells[col + m.group(1)] = m.group(2)[k]
        prev.append(line)
    return cells


def text_events(text):
    """The event lines under "Since your last sheet:", each joined from its wrapped lines."""
    lines = text.split("\n")
    if "Since your last sheet:" not in lines:
        return []
    ev = []
    for line in lines[lines.index("Since your last sheet:") + 1:]:
        if not line.startswith("  "):
            break
        if line.startswith("    ") and ev:
            ev[-1] += " " + line.strip()
        else:
            ev.append(line[2:])
    return [" ".join(e.split()) for e in ev]


def compare_views(text, doc):
    p = SheetHTML()
    try:
        p.feed(doc)
        p.close()
    except Exception as e:  # noqa: BLE001
        return ["HTML does not parse: %r" % e]
    out = list(p.problems)
    if p.stack:
        out.append("HTML leaves %r open" % p.stack)
    cells = board_cells(p.board or [])
    hcells = {k: ch for k, (ch, _) in cells.items() if ch != " "}
    COMPARED["sheets"] += 1
    COMPARED["cells"] += len(hcells)
    COMPARED["events"] += len(p.events)
    tcells = text_cells(text)
    if hcells != tcells:
        diff = sorted(set(hcells.items()) ^ set(tcells.items()))[:6]
        out.append("HTML cells differ from the text picture: %r" % diff)
    out += board_class_problems(cells)[:6]
    if p.legend is None or p.legend not in text:
        out.append("the HTML legend is not the text's: %r" % (p.legend or "")[:80])
    if p.events != text_events(text):
        out.append("HTML events %r, text events %r" % (p.events[:3], text_events(text)[:3]))
    return out

if __name__ == "__main__":
    sys.exit(main())
