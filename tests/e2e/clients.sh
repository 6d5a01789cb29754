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
