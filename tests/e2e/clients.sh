# clients: replies as the mail clients players use write them (tests/mail/*.eml, kept as they send them): a
# Thunderbird reply bottom-posted under a German attribution line with a signature, a Gmail reply whose
# attribution line is wrapped in two, an iPhone's with its footer above the quote, an Outlook reply with the
# original below a rule, and a long line of orders that Thunderbird's format=flowed wrapped — each is read as
# the player's text alone, and nothing of the quote counts as a wrong password (contract 2.1).
given_players
CONF="--config=$T/none.conf"
run 0 challenge --gamble=none --seed=5 alice bob
B=$(last_board)
# client NAME: the fixture tests/mail/NAME.eml for board $B, piped to genetess mail
client() {
  sed -e "s/@B@/$B/g" -e "s/@ID@/$(date +%s%N)/g" "$E2E_DIR/../mail/$1.eml" >"$T/m"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
}
client thunderbird-de-bottom
assert_grep "^1a alice PASS$" "$GAMES/$B.moves"
assert_grep "^PASS: done" $(mail_to alice)
client gmail-top-wrapped
assert_grep "^1b bob PASS$" "$GAMES/$B.moves"
client apple-iphone
assert_grep "^2a alice PASS$" "$GAMES/$B.moves"
client outlook-rule
assert_grep "^2b bob PASS$" "$GAMES/$B.moves"
client thunderbird-flowed-long
assert_grep "^3a alice PASS$" "$GAMES/$B.moves"
run 0 queue "$B" alice secret
has "Your stored orders: PASS / PASS / PASS / PASS / PASS / PASS / PASS / PASS / PASS"
# a reply without the password (Gmail, the order alone on top): what was read, and exactly what to send; the
# order is not taken for a wrong password (no var/auth record below)
client gmail-no-password
mail_text $(mail_to bob) >"$T/nopw"
assert_grep "^Your reply about Genetess board $B reads \"MOVE R10 W\": it has no password\." "$T/nopw"
assert_grep "^    yourpassword MOVE R10 W$" "$T/nopw"
assert_grep "^    move $B <userid> <password> MOVE R10 W$" "$T/nopw"
assert_no_file "$PBMHOME/var/auth/alice"                 # no line of a quote was read as a password
assert_no_file "$PBMHOME/var/auth/bob"
assert_absent "Invalid password" "$PBMHOME/var/mail.log"

# ---- every line is read: three orders on three lines of a reply are one message's orders (as "/" joins
# them): the first runs, the rest are stored; a `move` mail's body lines likewise ----
plain() { # plain FROM SUBJECT BODY
  printf 'From: <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@c.example>\n\n%s\n' \
    "$1" "$2" "$(date +%s%N)" "$3" >"$T/m"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
}
run 0 queue "$B" alice secret NONE
plain bob@example.org "Re: Genetess Board $B bob" "hunter2 PASS
*PASS
PASS"
assert_grep "^3b bob PASS$" "$GAMES/$B.moves"
assert_grep "^Stored for your next turn: \*PASS / PASS" $(mail_to bob)
plain alice@example.org "move $B alice secret" "PASS

PASS"
assert_grep "^4a alice PASS$" "$GAMES/$B.moves"
assert_grep "^Stored: PASS (the first runs at your deadline" $(mail_to alice) # 4b ran at once: 5a is alice's
assert_grep "^4b bob PASS (Auto)$" "$GAMES/$B.moves"      # bob's stored *PASS ran at once
# one malformed line refuses the message whole, as one malformed order after a "/" does, and says which
plain bob@example.org "Re: Genetess Board $B bob" "hunter2 *PASS
MOVE Q9"
assert_grep "order 2: MOVE needs a square and$" $(mail_to bob)                 # the line wrapped as prose
assert_grep "^directions, e.g. MOVE K3 NW-E" $(mail_to bob)
run 0 queue "$B" bob hunter2
has "Your stored orders: PASS"                             # as it was
# orders in the Subject: the text's lines are not read, and the reply says so
plain alice@example.org "move $B alice secret PASS" "thanks, and good luck"
assert_grep "^5a alice PASS$" "$GAMES/$B.moves"
assert_grep "^Not read as orders: the 1 line of your mail's text (\"thanks, and good luck\")" $(mail_to alice)

# ---- a reply is understood whatever mail it answers ----
# a board command's word without the password: its own by-mail and Subject forms
plain alice@example.org "Re: Genetess Board $B alice" "quiet on"
assert_grep "^    yourpassword quiet on$" $(mail_to alice)
assert_grep "^    quiet $B <userid> <password> on$" $(mail_to alice)
# a board command by its word after the password: orders, map, quiet, log, queue (and the game goes on)
plain alice@example.org "Re: Genetess Board $B alice" "secret orders"
assert_grep "^Subject: Genetess Board $B" $(mail_to alice)
assert_absent "no order keyword" $(mail_to alice)
plain alice@example.org "Re: Genetess Board $B alice" "secret map"
assert_grep "Your map of Genetess board $B" $(mail_to alice)
plain bob@example.org "Re: Genetess Board $B bob" "hunter2 quiet on"
assert_grep "^Quiet is on" $(mail_to bob)
plain bob@example.org "Re: Genetess Board $B bob" "hunter2 queue *PASS / PASS"
assert_grep "^Stored: \*PASS / PASS (the first runs at your deadline" $(mail_to bob) # on his turn 5b
# a reply to a chat with the password first: a chat back to its sender alone
run 0 challenge --gamble=none --seed=6 alice bob carol
C=$(last_board)
echo "Good luck, everyone!" >"$T/chat"
INPUTFILE="$T/chat" run 0 chat "$C" alice secret
plain bob@example.org "Re: Genetess chat $C alice" "hunter2 Thanks, you too!

Am 28.11.2026 um 13:03 schrieb genetess@example.org:
> Good luck, everyone!"
assert_mails 1 "^Subject: Genetess chat $C bob$"
assert_grep "^Thanks, you too!$" $(mail_to alice)
assert_eq 0 "$(grep -l '^To: carol@' "$OUTBOX"/*.mail | wc -l)" "mails to carol of bob's chat back to alice"
assert_grep "^Your message was sent to alice of board $C only." $(mail_to bob)
# a reply to an invitation: the password and accept (or decline)
plain alice@example.org "challenge --gamble=none alice secret bob" ""
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to bob))
plain bob@example.org "Re: Genetess invitation $inv from alice" "hunter2 accept"
assert_grep "^Subject: New Genetess Board" $(mail_to bob)
plain alice@example.org "challenge --gamble=none alice secret bob" ""
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to bob))
plain bob@example.org "Re: Genetess invitation $inv from alice" "hunter2 maybe later"
assert_grep "reads \"hunter2 maybe later\"" $(mail_to bob)
plain bob@example.org "Re: Genetess invitation $inv from alice" "hunter2 decline"
assert_grep "declined" $(mail_to alice) $(mail_to bob)
# a challenge written as the terminal writes it: the by-mail form shown
plain alice@example.org "challenge alice bob" ""
assert_grep "^By mail a challenge names you and your password first" $(mail_to alice)
assert_grep "^    challenge alice <your password> bob$" $(mail_to alice)
# and a resign by its word, last
plain alice@example.org "Re: Genetess Board $B alice" "secret RESIGN"
assert_eq 1 "$(mail_to alice | wc -l)" "mails to alice for her resign (one mail per command per person)"
mail_text $(mail_to alice) >"$T/final"
assert_lines 1 "You resigned" "$T/final"                       # said once: the sheet's news
assert_lines 1 "The game has ended" "$T/final"                 # said once: the final sheet's top line
assert_lines 1 "^No more orders are accepted\.$" "$T/final"

# ---- said once: each fact once a mail (contract 14.9) ----
run 0 challenge --gamble=none --seed=5 alice bob
O=$(last_board)
plain alice@example.org "Re: Genetess Board $O alice" "secret PASS"
mail_text $(mail_to alice) >"$T/said"
assert_lines 1 "PASS: done" "$T/said"                          # the result above the sheet, not again in it
assert_absent "Result of your last order" "$T/said"
plain bob@example.org "Re: Genetess Board $O bob" "hunter2 MOVE R10 N-N"   # fails: the King moves 1 square
mail_text $(mail_to bob) >"$T/said"
assert_lines 1 "^MOVE R10 N-N: the piece on R10 must move exactly 1 square" "$T/said"
assert_lines 1 "The order failed" "$T/said"                    # the failure explained once
plain bob@example.org "Re: Genetess Board $O bob" "hunter2 PASS / *PASS"
plain alice@example.org "Re: Genetess Board $O alice" "secret PASS"      # bob's *PASS runs at once
mail_text $(mail_to bob) >"$T/said"
assert_lines 1 "PASS was processed" "$T/said"                  # the stored order told once
assert_absent "You passed" "$T/said"
clear_outbox
run 0 challenge --seed=5 alice bob
R=$(last_board)
# round 0's New sheet shows GAMBLE orders as this board takes them; sent back as they are, both are received
mail_text $(mail_to bob) >"$T/new"
assert_grep "^Reply with your password and one GAMBLE a line, for example:$" "$T/new"
sed -n 's/^    \(GAMBLE .*\)$/\1/p' "$T/new" >"$T/examples"
assert_eq 2 "$(wc -l <"$T/examples")" "GAMBLE examples on the New sheet"
assert_grep "GPC2 is start square 2" "$T/new"                   # GPC said in words
plain bob@example.org "Re: New Genetess Board $R ALL" "hunter2 $(cat "$T/examples")"
mail_text $(mail_to bob) >"$T/said"
assert_lines 2 "^Gamble received" "$T/said"                    # two gambles, each told once
assert_absent "Result of your last order" "$T/said"

# ---- a reminder says how to answer by reply, and a reply to it is read as a reply to the board's mail ----
run 0 challenge --gamble=none --seed=5 alice bob
N=$(last_board)
clear_outbox
GENETESS_NOW=$((NOW + 49 * 3600))
run 0 Cleanup
nag=$(grep -l "^Subject: Nag: Genetess Board $N alice$" $(mail_to alice))
assert_eq 1 "$(echo "$nag" | grep -c .)" "reminders of board $N to alice"
mail_text "$nag" >"$T/nag"
assert_grep "^Reply to this mail with your password and your order on the first line" "$T/nag"
assert_grep "^    genetess move $N alice <password> <ORDER>#1$" "$T/nag"
plain alice@example.org "Re: Nag: Genetess Board $N alice" "secret PASS"
GENETESS_NOW=$NOW
assert_grep "^1a alice PASS$" "$GAMES/$N.moves"

# ---- the mailed help opens with how to join and play by mail ----
plain newcomer@example.net "help" ""
assert_eq "How to play Genetess by mail" "$(mail_text $(grep -l '^To: newcomer@example.net$' "$OUTBOX"/*.mail) | head -1)" \
  "the mailed help's first line"
assert_grep "signup <userid> <password> <your address>" "$OUTBOX"/*.mail
for bot in bot:strong bot:greedy bot:random; do                     # every computer opponent by its name
  assert_grep "$bot" "$OUTBOX"/*.mail
done
plain newcomer@example.net "help challenge" ""
for bot in bot:strong bot:greedy bot:random; do
  assert_grep "$bot" "$OUTBOX"/*.mail
done
run 0 help
assert_absent "How to play Genetess by mail" "$OUT"                 # at a terminal: the help as it was

# ---- one thread per game per player: every mail of a game to a player names the same thread in References (a
# reply names the command's message after it) ----
run 0 challenge --gamble=none --seed=7 alice bob
H=$(last_board)
clear_outbox
run 0 move "$H" alice secret PASS
printf 'From: <bob@example.org>\nSubject: Re: Genetess Board %s bob\nMessage-ID: <%s@c.example>\n\nhunter2 PASS\n' \
  "$H" "$(date +%s%N)" >"$T/m"
run 0 mail "$CONF" <"$T/m"
thr=$(sed -n "s/^References: \(<genetess\.game\.$H\.[0-9a-f]*@[^>]*>\)$/\1/p" $(mail_to bob) | sort -u)
assert_eq 1 "$(echo "$thr" | grep -c .)" "one thread for bob's mails of board $H"
assert_eq 2 "$(cat $(mail_to bob) | grep -c "^References: $thr")" "bob's mails in his thread (his sheet, his reply)"
assert_grep "^ <[0-9]*@c.example>$" $(mail_to bob)                    # the reply: the command's message after it
assert_absent "$thr" $(mail_to alice)                                # alice's thread is her own
