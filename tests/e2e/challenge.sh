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
has "At most 2 players can play on map duel"
run 1 challenge --map=DUEL alice bob carol
has "At most 2 players can play on map duel"
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
# a param value a challenge would refuse: said at its line (contract 6)
{ printf 'param gamble hunter2secret\n'; grep -v "^param" "$PBMHOME/maps/tiny.map"; } >"$PBMHOME/maps/badparam.map"
run 1 challenge --map=badparam alice bob
has "badparam.map:1: param gamble is invalid: gamble must be both, position, order or none"
hasnt "hunter2secret"
# a built-in map named in another case goes by its own name (contract 6)
run 0 challenge --gamble=none --map=Duel alice bob
has "created for alice bob on map duel."
assert_grep "^(params map=duel " "$GAMES/$(last_board)"
SENDER=alice@example.org run 1 challenge --map=../maps/tiny alice secret bob

# ---- every round-0 sheet that asks for gambles shows how: the reply to a mailed challenge against a computer
# opponent (which is the challenger's New sheet) too, its last lines' example a GAMBLE (PASS is no round-0
# order); a position-only gamble's example names a start square; a New sheet says it once ----
clear_outbox
SENDER=alice@example.org run 0 challenge alice secret bot:greedy
mail_text $(mail_to alice) >"$T/r0"
assert_grep "^Round 0 is simultaneous: send your GAMBLE orders\.$" "$T/r0"
assert_grep "^Reply with your password and one GAMBLE a line, for example:$" "$T/r0"
assert_grep "^    GAMBLE 1E on GPC2, GPC1$" "$T/r0"
assert_grep "^(e.g. \"mypassword GAMBLE 0E 1st\"), or send Genetess a mail with this Subject:$" "$T/r0"
assert_absent "mypassword PASS" "$T/r0"
clear_outbox
SENDER=alice@example.org run 0 challenge --gamble=position alice secret bot:greedy
mail_text $(mail_to alice) >"$T/r0"
assert_grep "^Reply with your password and a GAMBLE, for example:$" "$T/r0"
assert_grep "^(e.g. \"mypassword GAMBLE 0E on GPC1\"),$" "$T/r0"
assert_grep "^or send Genetess a mail with this Subject:$" "$T/r0"
clear_outbox
run 0 challenge --seed=4 alice bob
mail_text $(mail_to bob) >"$T/bobnew"
assert_lines 1 "^Reply with your password and one GAMBLE a line, for example:$" "$T/bobnew"
assert_lines 1 "^(e.g. \"mypassword GAMBLE 0E 1st\"), or send Genetess" "$T/bobnew"
