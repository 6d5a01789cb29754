# clock: the time, driven by GENETESS_NOW — the nag at half the period, time-outs at the deadline,
# the forfeit at --max-timeouts; a holiday stops the clock; quiet stops sheets for others' turns.
given_players
run 0 challenge --gamble=none --deadline=24 --max-timeouts=2 alice bob
B=$GAMES/101
clear_outbox
GENETESS_NOW=$((NOW + 11 * 3600)) run 0 Cleanup
assert_mails 0                                   # no nag too early
GENETESS_NOW=$((NOW + 13 * 3600)) run 0 Cleanup
assert_mails 1 "^Subject: Nag: Genetess Board 101 alice$"   # a nag at half the period
GENETESS_NOW=$((NOW + 14 * 3600)) run 0 Cleanup
assert_mails 1 "^Subject: Nag: Genetess Board 101"          # ...sent once
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 games
assert_grep "^1a alice Timeout$" "$B"             # a time-out at the deadline
assert_grep "^101:alice bob:2:bob turn$" "$LIST"
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 show 101
has "alice active, 1 time-out in a row, holiday left"
GENETESS_NOW=$((NOW + 100 * 3600)) run 0 show 101
has "The game has ended"
assert_grep "^1b bob Timeout$" "$B"
assert_grep "^2a alice Timeout$" "$B"             # alice's second time-out...
assert_grep "^2a alice Forfeit$" "$B"             # ...is a forfeit at --max-timeouts
assert_grep "^101:alice bob:.*:won by bob (1)$" "$LIST"
assert_grep " 101 bob 1 alice bob$" "$PBMHOME/history/Genetess"
run 0 verify 101
has "consistent"

# ---- holiday and quiet ----
run 0 challenge --gamble=none alice bob
H=$(last_board)
B=$GAMES/$H
run 0 quiet "$H" bob hunter2 on
has "Quiet is on"
clear_outbox
run 0 move "$H" alice secret HOLIDAY
assert_grep "^$H:alice bob:1:alice on holiday$" "$LIST"
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 Cleanup
assert_absent "Timeout" "$B"                      # no time-out on holiday
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 move "$H" alice secret PASS
has "PASS: done"
assert_grep "^1a alice Holiday 864000$" "$B"
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 showas alice secret "$H"
has "holiday left 4d 0h 0m"
assert_mails 2 "^To: bob@example.org$"            # quiet bob is told of the holiday's start and end, at once
assert_grep "alice is on holiday" "$OUTBOX"/*.mail
assert_grep "alice is back from holiday" "$OUTBOX"/*.mail
clear_outbox
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 move "$H" bob hunter2 PASS
assert_mails 1 "^To: alice@example.org$"          # alice gets the sheet for her turn
assert_absent "^To: bob@example.org" "$OUTBOX"/*.mail   # quiet bob gets none for alice's turn
run 0 verify "$H"
has "consistent"

# ---- told at once: a time-out and a resignation reach a quiet player who is not to move ----
run 0 challenge --gamble=none --deadline=24 alice bob carol
TA=$(last_board)
run 0 quiet "$TA" carol pw on
clear_outbox
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 Cleanup
assert_grep "^1a alice Timeout$" "$GAMES/$TA"
assert_mails 1 "^To: carol@example.org$"           # quiet carol is told of alice's time-out at once
assert_grep "alice timed out" "$OUTBOX"/*.mail
clear_outbox
GENETESS_NOW=$((NOW + 26 * 3600)) run 0 resign "$TA" alice secret
assert_mails 1 "^To: carol@example.org$"           # and of alice's resignation, though it is bob's move
assert_grep "alice resigned" "$OUTBOX"/*.mail
clear_outbox
GENETESS_NOW=$((NOW + 26 * 3600)) run 0 move "$TA" bob hunter2 PASS
assert_mails 1 "^To: carol@example.org$"           # carol's own turn
clear_outbox
GENETESS_NOW=$((NOW + 26 * 3600)) run 0 move "$TA" carol pw PASS
assert_absent "^To: carol@example.org" "$OUTBOX"/*.mail   # quiet carol: nothing for bob's turn

# ---- a late order: the reply says the deadline passed and the player timed out, then that it is stored ----
run 0 challenge --gamble=none --deadline=24 alice bob
LT=$(last_board)
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 move "$LT" alice secret PASS
assert_eq "Your deadline passed before this order came: you timed out.
Stored for your next turn: PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)" "$(head -2 "$OUT")" "a late order's reply"
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 move "$LT" bob hunter2 PASS
hasnt "timed out"
