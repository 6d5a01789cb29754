# queue: orders stored off-turn, the queue command, `*` orders that run as soon as the turn comes,
# and a live order that replaces the queue before it runs.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
B=$GAMES/101
run 0 move 101 alice secret "CREATE C4 A"

# ---- an off-turn order is stored ----
run 0 move 101 alice secret MOVE C4 S
has "Stored for your next turn: MOVE C4 S"
run 0 queue 101 alice secret
has "Your stored orders: MOVE C4 S"
run 0 queue 101 alice secret NONE
run 0 queue 101 alice secret "*MOVE C4 S / PASS"
has "Stored for your next turn: *MOVE C4 S / PASS"

# ---- bob's turn; then alice's starred stored order runs at once, and no sheet waits for her ----
clear_outbox
run 0 move 101 bob hunter2 PASS
assert_grep "^2a alice MOVE C4 S (Auto)$" "$B"
assert_mails 1 "^To: alice@example.org$"
amail=$(mail_to alice)
assert_grep "^Subject: Genetess Board 101 bob$" "$amail"   # the * turn sent no sheet of its own
# the * order is told once, by its event: no "was processed" line besides (contract 4.3)
mail_text "$amail" >"$T/opening"
assert_lines 1 "^  Your piece A moved from C4 to C5\.$" "$T/opening"
assert_absent "was processed" "$T/opening"

# ---- a live order replaces the queue before it runs: turns it starts see the new queue ----
run 0 challenge --gamble=none alice bob
QB=$(last_board)
run 0 queue "$QB" bob hunter2 "*PASS"
run 0 queue "$QB" alice secret "PASS / *PASS"
run 0 move "$QB" alice secret PASS
assert_grep "^1b bob PASS (Auto)$" "$GAMES/$QB"     # bob's * order ran
assert_grep "^2a alice PASS (Auto)$" "$GAMES/$QB"   # alice's new * head ran at 2a
run 0 resign "$QB" bob hunter2
run 1 move "$QB" bob hunter2 PASS
has "The game has ended"

# ---- round 0: an order sent by `move` after one's gambles is stored, as `queue` stores it, and runs at 1a ----
run 0 challenge alice bob
R0=$(last_board)
run 0 move "$R0" alice secret "GAMBLE 0E on GPC1 / GAMBLE 2E 1st"
run 0 move "$R0" alice secret "*PASS"
has "Stored for your next turn: *PASS"
run 0 move "$R0" bob hunter2 "PASS / MOVE C3 N"       # his gamble, then an order for round 1
has "Stored for your next turn: MOVE C3 N"
assert_grep "^1a alice PASS (Auto)$" "$GAMES/$R0.moves"
run 0 queue "$R0" bob hunter2
has "Your stored orders: MOVE C3 N"

# ---- on holiday the stored head runs when the allowance runs out, in the same turn, and every listing says so ----
run 0 challenge --gamble=none --holiday-days=1 alice bob
HB=$(last_board)
run 0 move "$HB" alice secret "HOLIDAY / PASS"
has "Stored: PASS (the first runs when your holiday ends, 2027-01-16 08:00 UTC, as your allowance runs out, unless you send an order first)"
has "Deadline: none (suspended)"
has "It is your move. You have a stored order: PASS. It runs when your holiday"
hasnt "runs at the deadline"
run 0 queue "$HB" alice secret
has "Your stored orders: PASS (the first runs when your holiday ends, 2027-01-16 08:00 UTC, as your allowance runs out"
GENETESS_NOW=$((NOW + 86400)) run 0 show "$HB"
assert_grep "^1a alice Holiday 86400$" "$GAMES/$HB.moves"
assert_grep "^1a alice PASS (Auto)$" "$GAMES/$HB.moves"    # at the holiday's end, in alice's turn 1a
