# handled: the exactly-once record of mailed commands (var/handled, contract 2.1 and 15.2) under attack —
# a million records cost one linear pass per message, not minutes; a forger who sends alice's From: and a
# Message-ID alice will use, with their own password, does not pre-empt alice's message (neither through
# var/handled nor through the board's keys); two deliveries of one message at the same moment are run and
# answered once.
given_players
run 0 signup mallory mpw mallory@example.org
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log
run 0 challenge --gamble=none --seed=5 alice mallory
B=$(last_board)

# msg FILE FROM MESSAGE-ID SUBJECT [BODY]: a message as an MTA gives it
msg() {
  printf 'From: %s\nSubject: %s\nMessage-ID: <%s>\n\n%s\n' "$2" "$4" "$3" "${5:-}" >"$1"
}

# ---- the forger: alice's From:, alice's next Message-ID, mallory's own password ----
msg "$T/forged" alice@example.org next-1@alice.example "quiet $B mallory mpw on"
clear_outbox
run 0 mail "$CONF" <"$T/forged"
assert_grep "^(quiet mallory)$" "$GAMES/$B"
msg "$T/real" alice@example.org next-1@alice.example "move $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/real"                     # alice's real message: it runs, and is answered
assert_grep "^1a alice PASS$" "$GAMES/$B"
assert_mails 1 "^To: alice@example.org$"
assert_absent "^This message was handled already" $(mail_to alice)
cp "$GAMES/$B" "$T/once"
clear_outbox
run 0 mail "$CONF" <"$T/real"                     # alice's message delivered again: not run, not answered
assert_same "$T/once" "$GAMES/$B"
assert_mails 0
assert_grep "<next-1@alice.example>: move: exit 0; handled already: not run again, not answered$" "$LOG"
run 0 mail "$CONF" <"$T/forged"                   # and the forger's again: nor it
assert_same "$T/once" "$GAMES/$B"
assert_mails 0

# ---- two deliveries of one message at the same moment: run once, answered once (20 trials) ----
twice=0
for i in $(seq 1 20); do
  msg "$T/both" alice@example.org "both-$i@alice.example" "showas alice secret $B"
  clear_outbox
  "$G" mail "$CONF" <"$T/both" >/dev/null 2>&1 &
  "$G" mail "$CONF" <"$T/both" >/dev/null 2>&1 &
  wait
  n=$(ls "$OUTBOX" | grep -c '\.mail$')
  [ "$n" = 1 ] || twice=$((twice + 1))
done
assert_eq 0 "$twice" "trials of two simultaneous deliveries not answered exactly once"

# ---- a million records: a mailed command costs one linear pass (the old look-up took minutes) ----
awk -v now="$NOW" 'BEGIN { for (i = 1; i <= 1000000; i++)
  printf "%08x%08x u%d %d\n", (i * 40503) % 4294967296, i, i % 1000, now - i % 86400 }' >"$PBMHOME/var/handled"
assert_lines 1000000 " " "$PBMHOME/var/handled"
# seconds_of CMD...: runs CMD and prints the whole seconds it took
seconds_of() {
  _s=$(date +%s)
  "$@" >/dev/null 2>&1
  echo $(($(date +%s) - _s))
}
msg "$T/help" carol@example.org help-1@carol.example help
clear_outbox
s=$(seconds_of "$G" mail "$CONF" <"$T/help")
assert_mails 1 "^To: carol@example.org$"
[ "$s" -le 20 ] && e2e_pass || e2e_fail "a mailed help with 1,000,000 records took ${s}s"
body=$(for k in $(seq 1 50); do echo "showas alice secret $B"; done)
msg "$T/multi" alice@example.org multi-1@alice.example multiple "$body"
clear_outbox
s=$(seconds_of "$G" mail "$CONF" <"$T/multi")
assert_mails 50 "^To: alice@example.org$"
[ "$s" -le 20 ] && e2e_pass || e2e_fail "a mailed multiple of 50 with 1,000,000 records took ${s}s"
assert_lines 1000050 " " "$PBMHOME/var/handled"
clear_outbox
s=$(seconds_of "$G" mail "$CONF" <"$T/multi")     # again: found in the one pass, none run
assert_mails 0
[ "$s" -le 20 ] && e2e_pass || e2e_fail "the multiple again with 1,000,000 records took ${s}s"
rm -f "$PBMHOME/var/handled"
