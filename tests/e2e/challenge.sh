# challenge: signing up, creating boards and what a challenge refuses; map params and map errors.
given_players
run 1 signup alice other a@b.c
has "User alice already exists"

# ---- refused challenges ----
run 2 challenge alice
has "At least 2 players must play"
run 2 challenge -x alice bob
has "Invalid Genetess parameter '-x'"
run 2 challenge --colour=red alice bob
has "Invalid Genetess parameter '--colour=red'"
run 2 challenge --deadline=0 alice bob
has "Invalid Genetess parameter '--deadline=0': deadline must be a whole number from 1 to 8760"
run 1 challenge alice nobody
has "Invalid userid entered: nobody is not signed up"
run 1 challenge --map=duel alice bob carol
has "At most 2 players can play"
# a map that is not a map: the refusal is mailed to SENDER, the file's text is not
SENDER=alice@example.org run 1 challenge --map=/etc/passwd alice secret bob
assert_grep "^Subject: Genetess error" "$OUTBOX"/*.mail
assert_absent "root:" "$OUTBOX"/*.mail
clear_outbox

# ---- a board is created: the board file, a New sheet to each player, the game list ----
run 0 challenge --gamble=none --seed=5 alice bob
has "Genetess board 101 created for alice bob on map duel."
assert_file "$GAMES/101"
assert_mails 2
assert_mails 2 "^Subject: New Genetess Board 101 alice$"
assert_grep "^101:alice bob:1:alice turn$" "$LIST"

# ---- map params are defaults, options win (contract 6); map errors echo no file text ----
given_tiny_map
run 0 challenge --gamble=none --map=tiny --start-e=3 alice bob
has "created for alice bob on map tiny"
B=$GAMES/$(last_board)
assert_grep "start-e=3 " "$B"     # --start-e overrides the map's param
assert_grep "deadline=10 " "$B"   # the map's param deadline is kept
printf 'name bad\nfrobnicate hunter2secret\n' >"$PBMHOME/maps/bad.map"
run 1 challenge --map=bad alice bob
has "bad.map:2:"
hasnt "hunter2secret"
SENDER=alice@example.org run 1 challenge --map=../maps/tiny alice secret bob
