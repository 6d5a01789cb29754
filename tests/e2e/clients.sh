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
assert_grep "^Stored for your next turn: PASS" $(mail_to alice)
assert_grep "^4b bob PASS (Auto)$" "$GAMES/$B.moves"      # bob's stored *PASS ran at once
# one malformed line refuses the message whole, as one malformed order after a "/" does, and says which
plain bob@example.org "Re: Genetess Board $B bob" "hunter2 *PASS
MOVE Q9"
assert_grep "order 2: MOVE needs a square and directions" $(mail_to bob)
run 0 queue "$B" bob hunter2
has "Your stored orders: PASS"                             # as it was
# orders in the Subject: the text's lines are not read, and the reply says so
plain alice@example.org "move $B alice secret PASS" "thanks, and good luck"
assert_grep "^5a alice PASS$" "$GAMES/$B.moves"
assert_grep "^Not read as orders: the 1 line of your mail's text (\"thanks, and good luck\")" $(mail_to alice)
