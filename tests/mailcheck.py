#!/usr/bin/env python3
"""mailcheck (issue 12): plays a whole game with the real binary -- round 0, moves, a failed order, a
chat, a nag, a resign to the end, Cleanup -- with replies mailed (SENDER) and the command's Message-ID
known (MESSAGEID), then parses EVERY mail it left in outbox/ with Python's email package in strict mode
and fails on any defect: a header the strict policy refuses, msg.defects not empty, a required header
missing, a Message-ID used twice, a body line over 78 characters, a wrong Content-Type or
Content-Transfer-Encoding, a reply without In-Reply-To/References.

Usage: GENETESS=path/to/genetess python3 tests/mailcheck.py   (standard library only; MAILCHECK_LIST=1
also lists each mail's Subject)"""
import email
import email.policy
import os
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

    for who, pw in (("alice", "pa"), ("bob", "pb")):
        run("signup", who, pw, who + "@example.org")
    run("challenge", "--seed=9", "--deadline=24", "alice", "bob")          # round 0
    run("move", "101", "alice", "pa", "GAMBLE 1E 1st")
    run("move", "101", "bob", "pb", "GAMBLE 2E on GPC2 / GAMBLE 0E dont care", sender="bob@example.org")
    run("move", "101", "nobody", "x", "PASS")                              # refused
    run("chat", "101", "alice", "pa", inputfile=body)                      # chat relay (not ASCII)
    run("Cleanup", sender=None, now=13 * 3600)                             # a nag
    for i in range(3):                                                     # moves, a failed order
        run("move", "101", "alice", "pa", "MOVE Z9 N", now=14 * 3600 + i)
        run("move", "101", "alice", "pa", "PASS", now=14 * 3600 + i)
        run("move", "101", "bob", "pb", "PASS", sender="bob@example.org", now=14 * 3600 + i)
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
    if msg.get_content_type() != "text/plain":
        out.append("Content-Type %s" % msg.get_content_type())
    payload = raw.split(b"\n\n", 1)[1] if b"\n\n" in raw else b""
    ascii_body = all(c < 128 for c in payload)
    cte = str(msg["Content-Transfer-Encoding"])
    charset = msg.get_content_charset()
    if ascii_body and (cte != "7bit" or charset != "us-ascii"):
        out.append("an ASCII body as %s %s" % (charset, cte))
    if not ascii_body and (cte != "8bit" or charset != "utf-8"):
        out.append("a non-ASCII body as %s %s" % (charset, cte))
    try:
        text = msg.get_content()
    except Exception as e:  # noqa: BLE001
        return out + ["body does not decode: %r" % e]
    for i, line in enumerate(text.split("\n"), 1):
        if len(line) > 78:
            out.append("body line %d has %d characters: %s" % (i, len(line), line[:90]))
    return out


if __name__ == "__main__":
    sys.exit(main())
