# abuse: a stranger on the internet attacks through `genetess mail` (contract 15) — each attack reproduced
# and shown to fail: a Reply-To that is a list, a map path or a FIFO named by mail, wrong passwords by the
# dozen, fan-out, unbounded arguments, strangers starting games and signing up other people's addresses.
given_players
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log

# msg FILE FROM SUBJECT [BODY [EXTRA-HEADER]]: a message as an MTA pipes it.
msg() {
  { printf 'From: Someone <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n' \
      "$2" "$3" "$(date +%s%N)"
    [ -z "${5:-}" ] || printf '%s\n' "$5"
    printf '\n%s\n' "${4:-}"
  } >"$1"
}

# ---- a Reply-To that is a list: nobody to answer, dropped and logged (not answered at a "terminal") ----
msg "$T/m" alice@example.org "challenge --map=/etc/passwd alice bob" "" "Reply-To: <a@example.org,c@example.org>"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_empty "$OUT"
assert_grep "dropped unanswered: no usable From: or Reply-To: address" "$LOG"
assert_no_file "$GAMES/101"

# ---- a path for --map only at a terminal: by mail (genetess mail, or SENDER from the host) it is refused ----
msg "$T/m" alice@example.org "challenge --map=/etc/passwd alice bob"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "maps given as paths are only allowed at a terminal" $(mail_to alice)
SENDER="<a@example.org,c@example.org>" run 1 challenge --map=/etc/passwd alice bob
has "maps given as paths are only allowed at a terminal"
# a FIFO named as a map at the terminal is never opened for reading: the command does not block
mkfifo "$T/fifo"
run 1 challenge "--map=$T/fifo" alice bob
has "Unknown map"
assert_no_file "$GAMES/101"

# ---- wrong passwords: counted per userid; past 10 an hour only the user's own address is taken ----
run 0 challenge --gamble=none --seed=3 alice bob
B=$(last_board)
msg "$T/m" mallory@example.net "queue $B alice guess0 PASS"
clear_outbox
for i in 1 2 3 4 5 6 7 8 9 10; do run 0 mail "$CONF" <"$T/m"; done
assert_mails 1 "^Subject: Genetess: wrong passwords for alice$"
assert_grep "^To: alice@example.org$" $(grep -l "wrong passwords for alice" "$OUTBOX"/*.mail)
assert_grep "^Until 2027-01-15 09:00 UTC, commands for alice that come by mail are taken" \
  $(grep -l "wrong passwords for alice" "$OUTBOX"/*.mail)
# now even the right password from another address is refused, unchecked; alice's own address is taken
msg "$T/m" mallory@example.net "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many wrong passwords for alice: until 2027-01-15 09:00 UTC only mail from" \
  "$OUTBOX"/*.mail
assert_absent "^alice PASS" "$GAMES/$B"
msg "$T/m" alice@example.org "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored for your next turn: PASS" $(mail_to alice)
assert_mails 0 "wrong passwords for alice"       # told once
# at the terminal (an admin) the userid is not locked; an hour later neither is mail
run 0 queue "$B" alice secret NONE
msg "$T/m" mallory@example.net "queue $B alice secret *PASS"
GENETESS_NOW=$((NOW + 3600)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored for your next turn: \*PASS" "$OUTBOX"/*.mail

# ---- fan-out: message merges repeated names, takes at most 8, and only players of one's own games ----
run 0 signup dave pw dave@example.org
printf 'Hello\n' >"$T/body"
clear_outbox
words=$(for i in $(seq 1 40); do printf 'bob '; done)
INPUTFILE="$T/body" run 0 message alice secret $words
assert_mails 1 "^To: bob@example.org$"
assert_eq "Message sent to bob." "$(cat "$OUT")" "forty bobs"
INPUTFILE="$T/body" run 1 message alice secret bob dave
has "Nothing was sent: dave plays no game with you"
assert_mails 1
for u in u1 u2 u3 u4 u5 u6 u7 u8 u9; do run 0 signup "$u" pw "$u@example.org"; done
run 0 challenge --gamble=none alice u1 u2 u3 u4 u5 u6 u7
run 0 challenge --gamble=none alice u8 u9
clear_outbox
INPUTFILE="$T/body" run 1 message alice secret u1 u2 u3 u4 u5 u6 u7 u8 u9
has "Nothing was sent: a message goes to at most 8 users"
assert_mails 0
# by mail the same: a stranger's list is one copy each, and nothing to non-players
msg "$T/m" alice@example.org "message alice secret $words" "Hi"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: bob@example.org$"
assert_mails 1 "^Subject: Genetess message from alice$"

# ---- bounded arguments, boards and replies; selfplay only at a terminal ----
many=$(for i in $(seq 1 257); do printf '101 '; done)
run 2 show $many
assert_grep "usage: a command takes at most 256 words" "$ERR"
run 2 show 101 101 101 101 101 101 101 101 101 101 101
has "show takes at most 10 boards"
run 2 showas alice secret 101 101 101 101 101 101 101 101 101 101 101
has "showas takes at most 10 boards"
msg "$T/m" alice@example.org "selfplay --players=8"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "This command runs only at the server's terminal, not by mail" $(mail_to alice)
run 0 challenge --gamble=none alice bob
E=$(last_board)
run 0 resign "$E" alice secret
n=$(sed -n "s/^(moves $E.moves \([0-9]*\))$/\1/p" "$GAMES/$E")
awk 'BEGIN { for (i = 0; i < 40000; i++) print "1a alice MOVE C4 S-E-E-E-E-E-E (an admin'"'"'s long note)" }' >>"$GAMES/$E.moves"
sed -i "s/^(moves $E.moves $n)$/(moves $E.moves $((n + 40000)))/" "$GAMES/$E"
msg "$T/m" alice@example.org "show $E"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^(The reply was cut here: at most 1048576 bytes are mailed.)$" $(mail_to alice)
assert_eq 1 "$(ls "$OUTBOX" | grep -c .)" "one reply"
size=$(wc -c <"$(mail_to alice)")
[ "$size" -lt 1100000 ] && e2e_pass || e2e_fail "the cut reply is $size bytes"
rm -f "$GAMES/$E" "$GAMES/.$E" "$GAMES/$E.moves"    # hand-made history: not a game to replay
