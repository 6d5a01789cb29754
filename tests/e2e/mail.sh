# mail: every reply reaches SENDER with the Subjects of contract 3; chat; mail through $PBMSENDMAIL,
# From: $PBMFROM, and a failing mailer's message left in outbox/.
given_players
run 0 challenge --gamble=none alice bob
run 0 resign 101 bob hunter2                     # 101 has ended, won by alice
run 0 challenge --gamble=none alice bob
L=$(last_board)                                  # L is live, waiting for a player
B=$GAMES/$L

# ---- chat: the mail body goes to every other player of the board (the sender's copy is the reply) ----
printf 'Good luck, bob!\n' >"$T/chat"
clear_outbox
INPUTFILE="$T/chat" run 0 chat "$L" alice secret
assert_mails 1 "^Subject: Genetess chat $L alice$"
assert_grep "Good luck, bob!" "$OUTBOX"/*.mail

# ---- more messages than free descriptors: a chat (bob's mail and alice's reply) with one descriptor to spare
# beyond stdin, stdout, stderr and the lock; all three go out, a few files at a time (before, all three were
# lost and the command exited 0) ----
# few_fds ARGS...: genetess ARGS with descriptors 3 to 9 closed and RLIMIT_NOFILE 5 (in a shell of its own:
# the topic's shell needs more)
few_fds() { sh -c 'for fd in 3 4 5 6 7 8 9; do eval "exec $fd>&-"; done; ulimit -n 5 && exec "$@"' sh "$G_ALL" "$@"; }
clear_outbox
G_ALL=$G
G=few_fds
INPUTFILE="$T/chat" SENDER=alice@example.org run 0 chat "$L" alice secret
G=$G_ALL
assert_mails 1 "^Subject: Genetess chat $L alice$"
assert_mails 1 "^Auto-Submitted: auto-replied$"
assert_empty "$ERR"

# ---- every reply reaches SENDER ----
# assert_reply SUBJECT TEXT: nothing on stdout; exactly one mail to $SENDER, with that Subject and
# text; the outbox is emptied for the next reply.
assert_reply() {
  assert_empty "$OUT"
  _m=$(grep -l "^To: $SENDER$" "$OUTBOX"/*.mail 2>/dev/null)
  assert_eq 1 "$(echo "$_m" | grep -c .)" "reply mails to $SENDER"
  if [ "$(echo "$_m" | grep -c .)" = 1 ]; then
    assert_grep "^Subject: $1\$" "$_m"
    if grep -qF -- "$2" "$_m"; then e2e_pass; else e2e_fail "reply lacks '$2': $(head -c 300 "$_m")"; fi
  fi
  clear_outbox
}
clear_outbox
to=$(sed -n "s/^$L:[^:]*:[0-9]*:\\(.*\\) turn\$/\\1/p" "$LIST")
assert_nonempty "$LIST"
assert_eq alice "$to" "the player board $L waits for"
export SENDER=r@example.org
run 2 challenge alice secret
assert_reply "Genetess error" "By mail a challenge names you and your password first"
run 2 challenge alice
assert_reply "Genetess error" "usage: by mail, genetess challenge [--option=value...] yourid yourpassword"
run 2 challenge --colour=red alice bob
assert_reply "Genetess error" "Invalid Genetess parameter '--colour=red'"
run 1 frobnicate
assert_reply "Genetess error" "Unknown command"
run 2 move "$L" alice
assert_reply "Genetess error" "usage: genetess move"
assert_grep "usage: genetess move" "$ERR"         # the usage line on stderr too
run 0 calc ABBBD
assert_reply "Genetess help" "=34E"
run 1 calc S19
assert_reply "Genetess error" "S19"
run 0 help
assert_reply "Genetess help" "challenge"
run 0 games
assert_reply "List of Genetess games" "$L"
run 0 history
assert_reply "Historical List of Genetess games" " 101 alice "
run 0 show "$L"
assert_reply "Genetess Board $L $to" "Genetess board $L"
run 0 show 101
assert_reply "Genetess Board 101 ended: won by alice" "The game has ended"
run 1 show 999
assert_reply "Genetess error" "Genetess board 999 not found"
run 0 showas alice secret "$L"
assert_reply "Genetess Board $L $to" "genetess move $L alice <password>"
run 1 move "$L" alice wrong PASS
assert_reply "Genetess Board $L error" "Invalid password entered"
run 1 move "$L" alice secret MOVE C3 UP
assert_reply "Genetess Board $L error" 'Invalid move "MOVE C3 UP" entered'
run 1 move "$L" alice secret "PASS#99"
assert_reply "Genetess Board $L error" "Move PASS received as move #"
run 1 move "$L" alice secret MOVE C3 N-N
assert_reply "Genetess Board $L error" "MOVE C3 N-N: "
assert_grep " alice MOVE C3 N-N (Failed)$" "$B"   # a failed order is saved with (Failed)
run 0 queue "$L" alice secret
assert_reply "Genetess Board $L $to" "Your stored orders: none"
run 0 quiet "$L" alice secret off
assert_reply "Genetess Board $L $to" "Quiet is off"
run 0 verify "$L"
assert_reply "Genetess Board $L $to" "consistent"
run 1 signup alice x a@b.c
assert_reply "Genetess error" "User alice already exists"
unset SENDER

# ---- a mailer: each message on its stdin, From: $PBMFROM; nothing left in outbox/ ----
clear_outbox
PBMFROM=referee@example.org PBMSENDMAIL="cat >>'$T/sent'" run 0 move "$L" alice secret PASS
has "PASS: done"
assert_grep "^From: referee@example.org$" "$T/sent"
assert_lines 1 "^To: alice@example.org$" "$T/sent"
assert_lines 1 "^To: bob@example.org$" "$T/sent"
assert_lines 2 "^Subject: Genetess Board $L bob$" "$T/sent"
assert_mails 0

# ---- a mailer that fails: the message stays queued in spool/ (a warning on stderr, exit status 0), its name
# counting the failure; a later command retries it once its wait (5 minutes after the first failure, doubled
# after each) is over, never before: the very same message, Message-ID and all, goes out once ----
PBMSENDMAIL="cat >/dev/null; exit 1" run 0 move "$L" bob hunter2 PASS
has "PASS: done"
assert_mails 0
assert_lines 2 "mailer failed; message stays queued as spool/$L\.[0-9a-f]*\.000[12]\.retry1-$NOW\.mail and is retried (failed 1 time since 2027-01-15 08:00:00 UTC; next try not before 2027-01-15 08:05:00 UTC)$" "$ERR"
PBMSENDMAIL="echo run >>'$T/runs'; exit 1" run 0 show "$L"
assert_empty "$ERR"
assert_no_file "$T/runs"
GENETESS_NOW=$((NOW + 300)) PBMSENDMAIL="cat >/dev/null; exit 1" run 0 show "$L"
assert_mails 0
assert_lines 2 "mailer failed; message stays queued as spool/$L\.[0-9a-f]*\.000[12]\.retry2-$NOW\.mail and is retried (failed 2 times since 2027-01-15 08:00:00 UTC; next try not before 2027-01-15 08:15:00 UTC)$" "$ERR"
GENETESS_NOW=$((NOW + 900)) PBMSENDMAIL="cat >>'$T/retried'" run 0 show "$L"
assert_lines 2 "^Subject: Genetess Board $L alice$" "$T/retried"
assert_lines 2 "^Message-ID: <genetess\.$L\.$NOW\.000[12]\.[0-9a-f]\{16\}@[^>]*>$" "$T/retried"
GENETESS_NOW=$((NOW + 900)) PBMSENDMAIL="cat >>'$T/retried'" run 0 show "$L"
assert_lines 2 "^Subject: Genetess Board $L alice$" "$T/retried"
assert_mails 0

# ---- a reply the mailer always refuses: tried ten times in all, over about 42 hours, then moved to
# spool/dead/ with a line on stderr; later commands no longer pipe it to the mailer ----
rm -f "$T/runs"
refuse="sed -n 's/^Subject: Historical List of Genetess games\$/run/p' >>'$T/runs'; exit 1" # counts the reply's tries
SENDER=alice@example.org PBMSENDMAIL="$refuse" run 0 history
k=1
while [ $k -lt 10 ]; do
  GENETESS_NOW=$((NOW + 300 * ((1 << k) - 1))) PBMSENDMAIL="$refuse" run 0 show "$L"
  k=$((k + 1))
done
assert_lines 10 "^run$" "$T/runs"
assert_grep "^genetess: mailer failed; message moved to spool/dead/0\.$NOW-[0-9]*-1\.0001\.mail after failing 10 times since 2027-01-15 08:00:00 UTC: not retried (move it back into spool/ to retry it)$" "$ERR"
dead=$(ls "$PBMHOME/spool/dead")
assert_grep "^Subject: Historical List of Genetess games$" "$PBMHOME/spool/dead/$dead"
assert_eq "" "$(ls "$PBMHOME/spool" | grep '\.mail$')" "messages left in spool/"
GENETESS_NOW=$((NOW + 30 * 86400)) PBMSENDMAIL="$refuse" run 0 show "$L"
assert_lines 10 "^run$" "$T/runs"
