#!/usr/bin/env bash
# mta.sh — Genetess behind a real mail server, end to end: Debian's exim4 (exim4-daemon-light) on
# 127.0.0.1 only, local delivery to the mbox of two local test users, and an /etc/aliases line that
# pipes the server's address to `genetess mail --home=... --config=...` run as an unprivileged user.
# Two players send commands over SMTP (python3's smtplib): signups, a challenge, several moves, a failed
# order, a chat; the replies and turnsheets are read from their mailboxes.
#   sudo sh tests/mta.sh          (make check-mta; needs root: it configures and starts exim)
# Installs exim4-daemon-light when missing. Changes /etc/aliases and /etc/exim4 for the run and puts
# them back at the end; stops the exim daemon it started. Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.." || exit 2
G=${GENETESS:-$PWD/genetess}
PORT=${MTA_PORT:-2525}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)

if [ "$(id -u)" != 0 ]; then
  echo "mta.sh: run as root (it configures and starts exim4)" >&2
  exit 2
fi
if ! command -v exim4 >/dev/null 2>&1; then
  echo "mta.sh: installing exim4-daemon-light"
  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq exim4-daemon-light >/dev/null
fi
[ -x "$G" ] || { echo "mta.sh: no binary $G (make first)" >&2; exit 2; }

pass=0 failn=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { failn=$((failn + 1)); echo "FAIL $*"; }

# ---- the users: the pipe's own (it owns the home), and two players with local mailboxes ----
RUN=genetess-mta A=gtalice B=gtbob
id "$RUN" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN"
for u in "$A" "$B"; do # exim delivers to a local user from their home directory
  id "$u" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$u"
  h=$(getent passwd "$u" | cut -d: -f6)
  [ -d "$h" ] || { mkdir -p "$h" && chown "$u:" "$h"; }
done
ROOT=$(mktemp -d /tmp/genetess-mta.XXXXXX)
chmod 755 "$ROOT"
install -m 755 "$G" "$ROOT/genetess"
HOMEDIR=$ROOT/home
mkdir -p "$HOMEDIR"
chown "$RUN:$RUN" "$HOMEDIR"
chmod 750 "$HOMEDIR"
cat >"$ROOT/genetess.conf" <<EOF
# the configuration of genetess mail (the pipe's environment is cleared)
sendmail=/usr/sbin/sendmail -t -i
from=genetess@localhost
rate=100/3600
EOF
for u in "$A" "$B"; do : >"/var/mail/$u"; chown "$u:mail" "/var/mail/$u"; chmod 660 "/var/mail/$u"; done

# ---- exim: 127.0.0.1 only, local delivery, the pipe alias allowed for the pipe's user ----
cp -p /etc/aliases "$ROOT/aliases.orig" 2>/dev/null || : >"$ROOT/aliases.orig"
cp -p /etc/exim4/update-exim4.conf.conf "$ROOT/update.orig"
[ -f /etc/exim4/exim4.conf.localmacros ] && cp -p /etc/exim4/exim4.conf.localmacros "$ROOT/macros.orig"
EXIMPID=
restore() {
  [ -n "$EXIMPID" ] && kill "$EXIMPID" 2>/dev/null
  cp -p "$ROOT/aliases.orig" /etc/aliases
  cp -p "$ROOT/update.orig" /etc/exim4/update-exim4.conf.conf
  if [ -f "$ROOT/macros.orig" ]; then cp -p "$ROOT/macros.orig" /etc/exim4/exim4.conf.localmacros
  else rm -f /etc/exim4/exim4.conf.localmacros; fi
  update-exim4.conf >/dev/null 2>&1
  [ -n "${KEEP:-}" ] || rm -rf "$ROOT"
}
trap restore EXIT
sed -i -e "s/^dc_eximconfig_configtype=.*/dc_eximconfig_configtype='local'/" \
  -e "s/^dc_local_interfaces=.*/dc_local_interfaces='127.0.0.1'/" \
  -e "s/^dc_localdelivery=.*/dc_localdelivery='mail_spool'/" /etc/exim4/update-exim4.conf.conf
cat >>/etc/exim4/exim4.conf.localmacros <<EOF
# genetess mta.sh: Debian's exim pipes /etc/aliases only with these set; a pipe never runs as root
SYSTEM_ALIASES_PIPE_TRANSPORT = address_pipe
SYSTEM_ALIASES_USER = $RUN
SYSTEM_ALIASES_GROUP = $RUN
EOF
echo "genetess: \"|$ROOT/genetess mail --home=$HOMEDIR --config=$ROOT/genetess.conf\"" >>/etc/aliases
update-exim4.conf || { echo "mta.sh: update-exim4.conf failed" >&2; exit 1; }
# an earlier run's leftovers: queued messages to the test users, and retry times that would delay delivery
exiqgrep -i -r "^($A|$B|genetess)@" 2>/dev/null | xargs -r exim4 -Mrm >/dev/null 2>&1
rm -f /var/spool/exim4/db/retry /var/spool/exim4/db/retry.lockfile
mkdir -p /run/exim4 /var/log/exim4 && chown Debian-exim:Debian-exim /run/exim4 /var/log/exim4
exim4 -bd -q5s -oX "$PORT" -oP "$ROOT/exim.pid" || { echo "mta.sh: exim4 did not start" >&2; exit 1; }
for _ in $(seq 50); do [ -s "$ROOT/exim.pid" ] && break; sleep 0.1; done
EXIMPID=$(cat "$ROOT/exim.pid" 2>/dev/null)
[ -n "$EXIMPID" ] && ok "exim4 listens on 127.0.0.1:$PORT" || { bad "exim4 started"; exit 1; }

# ---- sending and reading ----

count() { grep -c -- "$2" "/var/mail/$1" 2>/dev/null; }
wait_log() { for _ in $(seq 100); do grep -q -- "$1" "$HOMEDIR/var/mail.log" && return 0; sleep 0.1; done; return 1; }

# send FROM SUBJECT [BODY]: one message to genetess@localhost over SMTP.
send() {
  "$PY" - "$PORT" "$1@localhost" "$2" "${3:-}" <<'PY' || bad "SMTP send '$2'"
import smtplib, sys
from email.message import EmailMessage
port, sender, subject, body = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
m = EmailMessage()
m["From"] = "Player <%s>" % sender
m["To"] = "genetess@localhost"
m["Subject"] = subject
m.set_content(body + "\n\n-- \nsent by mta.sh\n")
with smtplib.SMTP("127.0.0.1", int(port), timeout=20) as s:
    s.send_message(m)
PY
}

# wait_mail USER PATTERN COUNT: waits (at most 30 s) until USER's mailbox has COUNT lines matching PATTERN.
wait_mail() {
  for _ in $(seq 300); do
    [ "$(grep -c -- "$2" "/var/mail/$1" 2>/dev/null)" -ge "$3" ] && return 0
    sleep 0.1
  done
  return 1
}

# expect USER PATTERN COUNT WHAT: an assertion on USER's mailbox.
expect() {
  if wait_mail "$1" "$2" "$3"; then ok "$4"; else
    bad "$4: $1 has $(grep -c -- "$2" "/var/mail/$1") of $3 lines matching '$2'"
    tail -n 30 /var/log/exim4/mainlog 2>/dev/null; tail -n 5 "$HOMEDIR/var/mail.log" 2>/dev/null
  fi
}

# code USER ID: the code of the last confirmation USER was mailed for userid ID.
code() { sed -n "s/^Subject: Genetess confirm $2 \([0-9a-f]*\)\$/\1/p" "/var/mail/$1" | tail -n 1; }

# ---- a game by mail: signups confirmed by their address, a challenge accepted ----
send "$A" "signup $A secret $A@localhost"
expect "$A" "^Subject: Genetess confirm $A [0-9a-f]\{16\}\$" 1 "$A signs up by mail: the address is asked first"
send "$A" "Re: Genetess confirm $A $(code "$A" "$A")"
expect "$A" "^User $A signed up\\. Welcome to Genetess!$" 1 "$A answers the confirmation: signed up; the reply comes back through exim"
send "$B" "Re: signup $B hunter2 $B@localhost"
expect "$B" "^Subject: Genetess confirm $B " 1 "$B signs up (a Re: Subject)"
send "$B" "Re: Genetess confirm $B $(code "$B" "$B")"
expect "$B" "^User $B signed up\\. Welcome to Genetess!$" 1 "$B is signed up"
send "$A" "challenge --gamble=none $A secret $B"
expect "$B" "^Subject: Genetess invitation 1 from $A\$" 1 "$B is invited"
send "$B" "accept 1 $B hunter2"
expect "$A" "^Subject: New Genetess Board 101" 1 "$A gets the New sheet of board 101"
expect "$B" "^Subject: New Genetess Board 101" 1 "$B gets the New sheet, which is the reply to the acceptance"
expect "$B" "^Genetess board 101 created for " 1 "$B's New sheet opens with the reply's line"

turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$HOMEDIR/etc/Genetess.list")
if [ "$turn" = "$A" ]; then pw=secret other=$B opw=hunter2; else pw=hunter2 other=$A opw=secret; fi
send "$turn" "move 101 $turn $pw" "PASS"
expect "$turn" "^PASS: done" 1 "$turn's move from the mail body (PASS) is done"
expect "$other" "^Subject: Genetess Board 101 $other\$" 1 "$other is mailed the sheet of the new turn"
send "$other" "move 101 $other $opw MOVE Z99 N"
expect "$other" "^Subject: Genetess Board 101 error\$" 1 "$other's failed order gets an Error reply"
send "$other" "Re: genetess move 101 $other $opw PASS"
expect "$other" "^PASS: done" 1 "$other's move is done (the Subject the sheet asks for: genetess move ...)"
send "$turn" "move 101 $turn $pw PASS"
expect "$turn" "^PASS: done" 2 "$turn moves again"
send "$A" "chat 101 $A secret" "Good luck, $B!"
expect "$B" "^Good luck, $B!\$" 1 "$A's chat reaches $B"
expect "$B" "^Subject: Genetess chat 101 $A\$" 1 "the chat's Subject"
expect "$A" "^Your message was sent to the other 1 player of board 101:" 1 "$A's copy of the chat is the reply"
if grep -q "sent by mta.sh" "/var/mail/$B"; then bad "the chat left out the signature"; else ok "the chat left out the signature"; fi
send "$B" "games $B"
expect "$B" "^Subject: List of Genetess games\$" 1 "games answers"
n=$(grep -c "genetess mail: " "$HOMEDIR/var/mail.log" 2>/dev/null)
[ "$n" -ge 9 ] && ok "var/mail.log has a line per message ($n)" || bad "var/mail.log has $n lines"
[ "$(stat -c %U "$HOMEDIR/games/Genetess/101")" = "$RUN" ] && ok "the board belongs to the pipe's user" \
  || bad "the board belongs to $(stat -c %U "$HOMEDIR/games/Genetess/101")"

# ---- mail play as a person plays it: a reply to a sheet, an HTML-only reply, one message delivered twice ----
# send_as FROM SUBJECT BODY MSGID [html]: one message with that Message-ID (html: only a text/html part).
send_as() {
  "$PY" - "$PORT" "$1@localhost" "$2" "$3" "$4" "${5:-}" <<'PY' || bad "SMTP send '$2'"
import smtplib, sys
from email.message import EmailMessage
port, sender, subject, body, msgid, html = sys.argv[1:7]
m = EmailMessage()
m["From"] = sender
m["To"] = "genetess@localhost"
m["Subject"] = subject
m["Message-ID"] = msgid
if html:
    m.set_content("<div dir=ltr>%s</div><blockquote>%s</blockquote>" % (body, "quoted sheet"), subtype="html")
else:
    m.set_content(body + "\n\n> the sheet, quoted\n")
with smtplib.SMTP("127.0.0.1", int(port), timeout=20) as s:
    s.send_message(m)
PY
}
turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$HOMEDIR/etc/Genetess.list")
if [ "$turn" = "$A" ]; then pw=secret other=$B; else pw=hunter2 other=$A; fi
before=$(count "$turn" "^Subject: ")
done_before=$(count "$turn" "^PASS: done")
send_as "$turn" "Re: Genetess Board 101 $turn" "$pw PASS" "<reply-1@localhost>"
expect "$turn" "^PASS: done" $((done_before + 1)) "$turn's reply to the sheet (password and order on its first line) is played"
sleep 1
[ "$(count "$turn" "^Subject: ")" = $((before + 1)) ] && ok "$turn got one mail for that reply (the reply is the sheet)" \
  || bad "$turn got $(( $(count "$turn" "^Subject: ") - before )) mails for one reply"
moves=$(wc -l <"$HOMEDIR/games/Genetess/101.moves")
send_as "$turn" "Re: Genetess Board 101 $turn" "$pw PASS" "<reply-1@localhost>"
wait_log "handled already: not run again" && ok "the same message delivered again is not run again" \
  || bad "the same message delivered again is not run again"
[ "$(wc -l <"$HOMEDIR/games/Genetess/101.moves")" = "$moves" ] && ok "the board holds the move once" \
  || bad "the board changed on the second delivery"
[ "$(count "$turn" "^Subject: ")" = $((before + 1)) ] && ok "no second answer" || bad "a second answer came"
done_before=$(count "$other" "^PASS: done")
send_as "$other" "AW: Genetess Board 101 $other" "$([ "$other" = "$A" ] && echo secret || echo hunter2) PASS" \
  "<reply-2@localhost>" html
expect "$other" "^PASS: done" $((done_before + 1)) "$other's HTML-only reply (AW:) is played"

# ---- strangers (contract 15): what reaches a mailbox through a real mail server ----
V=gtvictim M=gtmallory
for u in "$V" "$M"; do id "$u" >/dev/null 2>&1 || useradd --create-home --shell /usr/sbin/nologin "$u"; : >"/var/mail/$u"; chown "$u:mail" "/var/mail/$u"; chmod 660 "/var/mail/$u"; done
: >"/var/mail/$V"; chown "$V:mail" "/var/mail/$V"; chmod 660 "/var/mail/$V"
nb=$(count "$B" "^Subject: ")
# forty copies of one name in a message: one copy
send "$A" "message $A secret $(for i in $(seq 40); do printf '%s ' "$B"; done)" "Hello"
expect "$B" "^Subject: Genetess message from $A\$" 1 "a message naming $B forty times"
# a stranger signs the victim's address up three times: one confirmation mail, no more
for i in 1 2 3; do send gtmallory "signup v$i pw $V@localhost"; done
expect gtmallory "less than a day ago" 2 "the second and third signups for one address are refused"
sleep 2
[ "$(count "$V" "^Subject: Genetess confirm")" = 1 ] && ok "the victim got one confirmation mail" \
  || bad "the victim got $(count "$V" "^Subject: Genetess confirm") confirmation mails"
# a Reply-To list: nobody is answered
"$PY" - "$PORT" <<'PY' || bad "SMTP send (Reply-To list)"
import smtplib
from email.message import EmailMessage
m = EmailMessage()
m["From"] = "gtmallory@localhost"; m["Reply-To"] = "gtvictim@localhost, gtbob@localhost"
m["To"] = "genetess@localhost"; m["Subject"] = "help"; m.set_content("x")
with smtplib.SMTP("127.0.0.1", int(__import__("sys").argv[1]), timeout=20) as s:
    s.send_message(m)
PY
wait_log "no usable From: or Reply-To: address" && ok "a Reply-To list is dropped" || bad "a Reply-To list is dropped"
sleep 2
[ "$(count "$V" "^Subject: Genetess help")" = 0 ] && ok "the victim got no help mail" || bad "the victim got a help mail"
[ "$(count "$B" "^Subject: ")" = $((nb + 1)) ] && ok "$B got the message alone" \
  || bad "$B got $(( $(count "$B" "^Subject: ") - nb )) mails"

echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
