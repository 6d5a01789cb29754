# show: the queries — show, games and history, the calculator and help; a reply goes to SENDER when
# it is set.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
run 0 move 101 alice secret "CREATE C4 A"
run 0 move 101 bob hunter2 PASS
run 0 move 101 alice secret MOVE C4 S
run 0 move 101 bob hunter2 PASS
run 0 show 101
has "Genetess board 101"
run 1 show "101#3"            # no history while the game runs
has "Genetess board 101 is still running: its history is shown after the end."
run 0 games
has "101"
run 0 games bob next

# ---- a reply by mail ----
clear_outbox
SENDER=bob@example.org run 0 show 101
assert_empty "$OUT"          # nothing on stdout when SENDER is set
assert_grep "^To: bob@example.org" "$OUTBOX"/*.mail

# ---- calc, help ----
run 0 calc ABBBD
has "=34E"
run 0 calc k
has "=1E"
run 1 calc S19
run 0 calc S1
run 0 help
has "challenge"
run 0 help MOVE
run 1 help S19
run 2 calc
