# mailfront: `genetess mail` reads one whole message as an MTA delivers it and answers it — the
# command from the Subject, the reply to Reply-To/From, the body decoded; loops dropped; the size
# and rate limits; exit 75 when the lock stays held; `multiple`.
given_players
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log

# msg FILE FROM SUBJECT [BODY [EXTRA-HEADER]]: a message as an MTA pipes it (envelope line, CRLF).
msg() {
  { printf 'From %s Fri Jan 15 08:00:00 2027\n' "$2"
    printf 'From: Player <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n' \
      "$2" "$3" "$(date +%s%N)"
    [ -z "${5:-}" ] || printf '%s\n' "$5"
    printf '\n%s\n' "${4:-}"
  } | sed 's/$/\r/' >"$1"
}

# ---- a challenge (the Subject decoded, its reply prefix removed), bob's invitation, his acceptance ----
msg "$T/m" alice@example.org "Re: =?utf-8?Q?challenge_--gamble=3Dnone?= alice secret bob"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 2
assert_grep "^Invitation 1 sent: the game starts when everyone has accepted" $(mail_to alice)
assert_grep "^Subject: Genetess invitation 1 from alice$" $(mail_to bob)
assert_grep "^    genetess accept 1 bob <your password>$" $(mail_to bob)
# its prose is wrapped as prose: every line at most 78 columns, and no line the folded end of the one before
# (two spaces of a mailer's fold; the command to send is indented four)
mail_text $(mail_to bob) >"$T/invitation"
assert_eq 0 "$(awk 'length($0) > 78' "$T/invitation" | wc -l | tr -d ' ')" "invitation lines over 78 columns"
assert_eq 0 "$(grep -c '^  [^ ]' "$T/invitation")" "invitation lines folded as data"
assert_grep "alice@example.org <.*@example.org>: challenge: exit 0$" "$LOG"
assert_grep "challenge: exit 0" "$ERR"
assert_no_file "$GAMES/101"
msg "$T/m" bob@example.org "accept 1 bob hunter2"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 2 "^Subject: New Genetess Board 101"          # alice's, and bob's reply, which is his New sheet
assert_mails 0 "^Subject: Genetess Board 101 created$"
assert_eq 1 "$(mail_to bob | wc -l)" "mails to bob for his acceptance"
assert_grep "Genetess board 101 created for alice bob" $(mail_to bob)

# ---- a move from the body: multipart/alternative, quoted-printable, a signature, a quote ----
turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$LIST")
if [ "$turn" = alice ]; then pw=secret other=bob; else pw=hunter2 other=alice; fi
{ printf 'From: %s@example.org\nSubject: Re: move 101 %s %s\n' "$turn" "$turn" "$pw"
  printf 'MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary="b1"\n\n'
  printf -- '--b1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n'
  printf '> MOVE A1 N\nPA=\nSS\n-- \nsent from my phone\n'
  printf -- '--b1\nContent-Type: text/html\n\n<p>MOVE B2 S</p>\n--b1--\n'
} >"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^PASS: done" $(mail_to "$turn")
assert_grep "^Subject: Genetess Board 101 $other$" $(mail_to "$turn")
# one mail per command per person: the mover's reply is their sheet, its HTML part opening with the result
assert_eq 1 "$(mail_to "$turn" | wc -l)" "mails to the mover"
assert_eq 1 "$(mail_to "$other" | wc -l)" "mails to the player to move"
assert_grep "^Auto-Submitted: auto-replied$" $(mail_to "$turn")
assert_grep "^Content-Type: multipart/alternative" $(mail_to "$turn")
assert_eq "PASS: done" "$(mail_text $(mail_to "$turn") | head -1)" "the reply's first line"
assert_eq "Genetess board 101" "$(mail_text $(mail_to "$turn") | sed -n 3p)" "the sheet below the result"
assert_grep "^It is $other's move\.$" $(mail_to "$turn")
mail_html $(mail_to "$turn") >"$T/h"
assert_grep '^<pre class="reply">PASS: done</pre>$' "$T/h"

# a refused order by mail: the refusal and the sheet, one mail
msg "$T/m" "$turn@example.org" "move 101 $turn $pw MOVE"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1
assert_grep "^Subject: Genetess Board 101 error$" $(mail_to "$turn")
assert_eq 'Invalid move "MOVE" entered: MOVE needs a square and directions, e.g. MOVE K3' \
  "$(mail_text $(mail_to "$turn") | head -1)" "the refusal first"
assert_grep "^It is $other's move\.$" $(mail_to "$turn")
mail_html $(mail_to "$turn") >"$T/h"
assert_grep '^<pre class="reply">Invalid move &quot;MOVE&quot; entered' "$T/h"

# ---- the Subject a sheet asks for: "genetess move <n> ..." (pbmserv's form with the game's name) ----
msg "$T/m" "$other@example.org" "Re: genetess games $other"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: List of Genetess games$"

# ---- a failed order is a reply, not a bounce ----
msg "$T/m" "$other@example.org" "move 101 $other wrongpw PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "Invalid password entered" $(mail_to "$other")
assert_grep "move: exit 1$" "$LOG"

# ---- chat: the body without the signature, Reply-To wins over From ----
msg "$T/m" alice@example.org "chat 101 alice secret" "$(printf 'Good luck!\n-- \nAlice, far away')" \
  "Reply-To: Alice at home <alice@example.org>"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess chat 101 alice$"
assert_grep "Good luck!" $(mail_to bob)
assert_absent "far away" $(mail_to bob)

# ---- control characters of a decoded body (a bare CR, ESC, BEL) never go out: '?' in their place ----
{ printf 'From: alice@example.org\nSubject: chat 101 alice secret\nMIME-Version: 1.0\n'
  printf 'Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: quoted-printable\n\n'
  printf 'Red=1B[31m alert=07 and=0Dover\n'
} >"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess chat 101 alice$"
assert_grep "^Red?\[31m alert? and?over$" $(mail_to bob)
assert_grep "^Content-Transfer-Encoding: 7bit$" $(mail_to bob)
assert_eq "" "$(cat "$OUTBOX"/*.mail | tr -d '\n\t\040-\176')" "bytes other than printable ASCII, tab and newline"

# ---- no mail loops: machines are never answered ----
for h in "Auto-Submitted: auto-replied" "Precedence: bulk" "List-Id: <games.example.org>" \
  "Precedence: auto_reply" "X-Autoreply: yes" "X-Autorespond: away" "X-Auto-Response-Suppress: OOF" \
  "Content-Type: multipart/report; report-type=delivery-status; boundary=b"; do
  msg "$T/m" alice@example.org "games" "" "$h"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
  assert_mails 0
  assert_grep "dropped unanswered: ${h%%:*}" "$LOG"
done
msg "$T/m" MAILER-DAEMON "Undelivered Mail Returned to Sender"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "dropped unanswered: envelope sender 'MAILER-DAEMON'" "$LOG"
msg "$T/m" bob@example.org "games"
clear_outbox
SENDER= run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "dropped unanswered: envelope sender '<>'" "$LOG"
printf 'Subject: games\n\nno From\n' >"$T/m"
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "dropped unanswered: no usable From: or Reply-To: address" "$LOG"

# ---- the size limit: one short reply ----
msg "$T/m" bob@example.org "games" "$(seq 1 400)"
clear_outbox
PBMMAXSIZE=500 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess error$"
assert_grep "Your message is too large: at most 500 bytes are read" $(mail_to bob)

# ---- the budget of a mailbox: answered once over it, then silent, the commands over it not run ----
msg "$T/m" carol@example.org "history"
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 2 "^Subject: Historical List of Genetess games$"
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many messages for this mailbox: Genetess answers at most 2 messages (1024$" $(mail_to carol)
assert_grep "^KiB) in 3600 seconds and 50 (4096 KiB) in 86400 seconds for one mailbox,$" $(mail_to carol)  # prose
assert_grep "^whoever sends them. Until 2027-01-15 09:00 UTC the next ones are neither run$" $(mail_to carol)
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_absent "carol" "$LIST"
assert_mails 0
assert_grep "over the budget of carol@example.org: not run, not answered" "$LOG"
GENETESS_NOW=$((NOW + 3600)) PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: carol@example.org$"
# a command with its password is never crowded out: forged mail "from" bob fills his limit, his own move runs
msg "$T/m" bob@example.org "history"
for i in 1 2 3 4 5; do PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"; done
turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$LIST")
if [ "$turn" = bob ]; then
  msg "$T/m" bob@example.org "queue 101 bob hunter2 PASS"
else
  msg "$T/m" bob@example.org "queue 101 bob hunter2 *PASS"
fi
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: bob@example.org$"
assert_grep "^Stored\( for your next turn\)\?: " $(mail_to bob)   # "Stored: " on his turn
msg "$T/m" bob@example.org "queue 101 bob wrongpw PASS"
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 0
# so is his reply to his sheet, the password first and no userid (contract 2.1, 15.1); a wrong one is not answered
msg "$T/m" bob@example.org "Re: Genetess Board 101 bob" "hunter2 *PASS"
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: bob@example.org$"
assert_grep "^\(PASS: done\|Stored for your next turn: \*PASS\)" $(mail_to bob)
assert_grep "bob@example.org <.*@example.org>: reply: move: exit 0$" "$LOG"
msg "$T/m" bob@example.org "Re: Genetess Board 101 bob" "wrongpw *PASS"
clear_outbox
PBMRATE=2/3600 run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "reply: move: exit 1; over the budget of bob@example.org: not run, not answered$" "$LOG"

# ---- multiple: one reply per line, in order ----
msg "$T/m" carol@example.org "multiple" "$(printf 'history\n\ngames carol\nfrobnicate\n')"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 3 "^To: carol@example.org$"
assert_mails 1 "^Subject: Historical List of Genetess games$"
assert_mails 1 "^Subject: List of Genetess games$"
assert_grep "multiple: 3 commands, exit 1$" "$LOG"
# past 50 lines, the rest are not run, and one more reply says how many (contract 15.2)
msg "$T/m" erin@example.org "multiple" "$(for i in $(seq 1 52); do echo "calc S$i"; done)"
clear_outbox
PBMRATE=off run 0 mail "$CONF" <"$T/m"
assert_mails 51 "^To: erin@example.org$"
assert_mails 1 "^multiple: 2 more lines of your mail (the first: \"calc S51\") were not run: one$"
assert_grep "multiple: 50 commands, exit 1; 2 lines not run (at most 50)$" "$LOG"
for first in abcdefghijklmnopqrstuvwxyz012 abcdefghijklmnopqrstuvwxyz0123; do  # 29 characters, then 30
  msg "$T/m" erin@example.org "multiple" "$(for i in $(seq 1 50); do echo "calc S1"; done; echo $first)"
  clear_outbox
  PBMRATE=off run 0 mail "$CONF" <"$T/m"
  mail_text $(grep -l "more line" "$OUTBOX"/*.mail) | tr '\n' ' ' >"$T/more"
  case $first in *3) q="abcdefghijklmnopqrstuvwxyz012...";; *) q=$first;; esac
  assert_grep "^multiple: 1 more line of your mail (the first: \"$q\") was not run: one mail runs at most 50" "$T/more"
done
printf 'history\ngames\n' >"$T/lines"
INPUTFILE="$T/lines" run 0 multiple
has "Historical List of Genetess games"
has "List of Genetess games"

# ---- the home from a configuration file; a missing home is a temporary failure ----
printf '# genetess\nhome=%s\nrate=1/3600   # one message an hour\n' "$PBMHOME" >"$T/conf"
msg "$T/m" dave@example.org "history"
clear_outbox
PBMHOME= run 0 mail --config="$T/conf" <"$T/m"
assert_mails 1 "^Subject: Historical List of Genetess games$"
clear_outbox
PBMHOME= run 0 mail --config="$T/conf" <"$T/m"
assert_grep "Too many messages" $(mail_to dave)
PBMHOME= HOME= run 75 mail "$CONF" <"$T/m"
assert_grep "no home: give --home=DIR" "$ERR"
clear_outbox # contract 3.6: an argument `mail` does not take is a usage error, never one the MTA tries again
run 2 mail --frobnicate <"$T/m"
assert_grep "^usage: genetess mail \[--home=DIR\] \[--config=FILE\]$" "$ERR"
run 2 mail "$CONF" extra-word <"$T/m"
assert_mails 0

# ---- the lock held past its wait: exit 75 and no reply (the MTA brings the message back) ----
printf 'Hold the lock, please.\n' >"$T/body"
INPUTFILE="$T/body" PBMSENDMAIL="[ -f '$T/mailing' ] || { touch '$T/mailing'; sleep 3; }; cat >/dev/null" \
  "$G" chat 101 alice secret >"$T/slow" 2>&1 &
slow=$!
i=0
while [ ! -f "$T/mailing" ] && [ $i -lt 100 ]; do
  sleep 0.1
  i=$((i + 1))
done
msg "$T/m" carol@example.org "games"
clear_outbox
GENETESS_LOCK_WAIT=1 run 75 mail "$CONF" <"$T/m"
assert_grep "Genetess is busy; try again later; the MTA tries again later" "$LOG"
wait $slow
assert_mails 0

# ---- the command's request holds the Message-ID (for In-Reply-To) and the reply address ----
printf 'From: Erin <erin@example.org>\nSubject: history\nMessage-ID: <m-42@example.org>\n\n' >"$T/m"
PBMSENDMAIL="cat >'$T/env'" run 0 mail "$CONF" <"$T/m"
assert_grep "^In-Reply-To: <m-42@example.org>$" "$T/env"
assert_grep "^To: erin@example.org$" "$T/env"
