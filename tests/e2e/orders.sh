# orders: a turn played — the reply, the moves and piece lines, the sheets of the new turn; the
# mail body as the order; a failed order.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
B=$GAMES/101
clear_outbox
run 0 move 101 alice secret "CREATE C4 A#1"
has "CREATE C4 A: done"
has "genetess move 101 alice <password> <ORDER>#2"
assert_grep "^1a alice CREATE C4 A$" "$B"
assert_grep "^C4 alice A$" "$B"
assert_mails 2                                  # the sheets for the new turn
assert_grep "^Subject: Genetess Board 101 bob$" "$(mail_to bob)"
run 0 move 101 bob hunter2 PASS
run 0 move 101 alice secret MOVE C4 S
has "MOVE C4 S: done"
assert_grep "^C5 alice A$" "$B"

# ---- the mail body as the order: its first non-blank line ----
printf '\n  PASS  \n' >"$T/body"
INPUTFILE="$T/body" run 0 move 101 bob hunter2
has "PASS: done"

# ---- a failed order: recorded, exit 1 ----
run 1 move 101 alice secret MOVE C5 N-N
has "MOVE C5 N-N: the piece on C5 must move exactly 1 square"
assert_grep "MOVE C5 N-N (Failed)$" "$B"
run 0 verify 101
has "consistent"

# ---- orders as the rule pages write them (contract 4.1, ruling 54): a condition holding order words is
# dropped up to the order, "*" after a condition marks it, "MOVE K3 PASS" stays refused ----
run 0 challenge --gamble=none --seed=5 alice bob
C=$(last_board)
run 0 move "$C" alice secret "if bob's King does not move I'll move C3 S"
has "Ignored words before MOVE: \"if bob's King does not move I'll\""
has "MOVE C3 S: done"
assert_grep "^1a alice MOVE C3 S$" "$GAMES/$C"
run 0 move "$C" alice secret "if nothing changes *PASS"
has "Stored for your next turn: *PASS"
run 1 move "$C" bob hunter2 MOVE R10 PASS
has "'PASS' is not a direction"
