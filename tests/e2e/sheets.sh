# sheets: what the player and the admin read — the command line (--help, --version, usage), signup's
# Subject, challenge's map limit, resign in round 0 (no other player's sheet), the second person in
# events, the time-out warning, the final sheet, stale #k, show during a holiday, showas = the mail,
# log, queue warnings, the board drawn as windows.

# ---- the command line ----
run 0 --help
has "usage: genetess COMMAND [ARGS...]"
has "genetess move board userid password [ORDER...]"
has "genetess log board userid password"
run 0 -h
has "usage: genetess COMMAND [ARGS...]"
run 0 --version
assert_eq "genetess 1.0.0" "$(cat "$OUT")" "--version"
run 2
assert_grep "^usage: genetess COMMAND" "$ERR"
assert_empty "$OUT"

# ---- signup has its own Subject; challenge names the map's limit ----
SENDER=admin@example.org run 0 signup alice secret alice@example.org
assert_mails 1 "^Subject: Genetess signup$"
clear_outbox
run 0 signup bob hunter2 bob@example.org
run 0 signup carol pw carol@example.org
run 1 challenge --map=duel alice bob carol
assert_eq "At most 2 players can play on map duel" "$(cat "$OUT")" "challenge on a full map"

# ---- resign in round 0: a plain confirmation, never another player's sheet ----
run 0 challenge alice bob carol
R0=$(last_board)
run 0 resign "$R0" alice secret
assert_eq "You resigned from Genetess board $R0; you are no longer in this game." "$(cat "$OUT")" "round-0 resign"
hasnt "genetess move $R0 bob"

# ---- log: the player's own orders with their outcomes, nothing of the others' ----
run 0 challenge --gamble=none --seed=5 alice bob
L=$(last_board)
run 0 move "$L" alice secret "CREATE C4 A"
run 0 move "$L" bob hunter2 "CREATE R9 A"
run 1 move "$L" alice secret "MOVE C4 N"
run 0 move "$L" bob hunter2 "*PASS"
run 0 move "$L" alice secret "MOVE C4 W"
run 0 log "$L" alice secret
assert_eq "Your orders on Genetess board $L so far (alice, Move #6):
  1a    CREATE C4 A: done
  2a    MOVE C4 N: failed
  2a    MOVE C4 W: done" "$(cat "$OUT")" "log"
hasnt "R9"
run 0 log "$L" bob hunter2
has "  2b    PASS: done (your stored order)"
hasnt "C4"
run 0 help log
has "Genetess Command log"
run 2 log "$L" alice
