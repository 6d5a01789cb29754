# map: the terrain is known (contract 8, 14.9) — the New sheet draws the whole terrain as the game starts,
# whatever the gamble; `map` sends a player their map: what they see now as it is, the rest as they last saw it,
# marked apart, never a change they did not see (a differential run: the same game with and without walls
# made and removed out of alice's view gives alice byte-identical mails, map and showas); help maps, help
# <map>, help map.

# The whole terrain of duel with its start squares, as the New sheet and help duel draw it.
cat >"$T/duel" <<'EOF'
   A B C D E F G H I J K L M N O P Q R S T
 1 # # # # # # # # # # # # # # # # # # # # 1
 2 # . . . . . + . . . . . . + . . . . . # 2
 3 # . 1 . . . + . . . . . . + . . . . . # 3
 4 # . . . . . + . . + + . . + . . . . . # 4
 5 # . . . . . . . . . . + . . . . . . . # 5
 6 # + + + . + + . . . . + . . . + . + + # 6
 7 # + + . + . . . + . . . . + + . + + + # 7
 8 # . . . . . . . + . . . . . . . . . . # 8
 9 # . . . . . + . . + + . . + . . . . . # 9
10 # . . . . . + . . . . . . + . . . 2 . # 10
11 # . . . . . + . . . . . . + . . . . . # 11
12 # # # # # # # # # # # # # # # # # # # # 12
   A B C D E F G H I J K L M N O P Q R S T
Key: 1-9=start squares GPC1-GPC9 (G=GPC10 and up), #=wall, +=interior wall,
     .=floor

Start squares (1-9 on the map; G from GPC10): GPC1 C3, GPC2 R10
EOF

# ---- help: the built-in maps, one drawn, the map command ----
run 0 help maps
has "     duel       20 x 12   2         2 players"
has "     melee      45 x 29   2-8       5-8 players"
run 0 help duel
has "Genetess map duel: 20 x 12 squares, 2 players (the built-in map for 2)"
sed -n '3,20p' "$OUT" >"$T/got"
assert_same "$T/got" "$T/duel"
hasnt "Gold seam"
run 0 help map
has "Genetess Command map"
has "genetess map board userid password"
run 1 help duels
has "No help on duels"

# ---- the New sheet draws the whole terrain and the start squares, with or without round 0 ----
given_players
run 0 challenge --gamble=none --start-e=100 --seed=7 alice bob
for who in alice bob; do
  mail_text "$(mail_to $who)" >"$T/new"
  assert_lines 1 "^The whole board at the start: the terrain and the start squares (no pieces).$" "$T/new"
  sed -n '/^The whole board at the start/,/^Start squares/p' "$T/new" | sed 1d >"$T/got"
  assert_same "$T/got" "$T/duel"
done
clear_outbox
run 0 challenge --seed=9 alice bob
R=$(last_board)
mail_text "$(mail_to alice)" >"$T/new0"
assert_grep "^Round 0: the whole terrain and the start squares (no pieces yet).$" "$T/new0"
assert_absent "^The whole board at the start" "$T/new0"   # round 0's picture is the whole terrain already
run 0 resign "$R" bob hunter2

# ---- map: the terrain as the player knows it ----
run 0 map 101 alice secret
has "Your map of Genetess board 101 (alice, Move #1):"
has " 3 # . @ . : : x : : : : : : x : : : : : # 3"             # her King on C3: one picture (contract 8)
has "No change of the terrain since the start that you know of."
hasnt "GPC"   # the map draws no start squares: after round 0, whose is whose is secret
run 1 map 101 alice wrong
has "Invalid password entered"
run 1 map 101 carol pw
has "You are NOT playing this game"
run 2 map 101 alice
assert_grep "^usage: genetess map board userid password$" "$ERR"

# ---- by mail: the map in the Subject, or as the first line of a reply to a sheet; help maps by mail ----
# mailed FROM SUBJECT BODY: genetess mail reads a message from FROM; the one reply to FROM is in $T/reply
mailed() {
  { printf 'From: <%s>\nTo: genetess@example.org\nSubject: %s\n' "$1" "$2"
    printf 'Message-ID: <%s@client.example>\n\n%s\n' "$(date +%s%N)" "$3"
  } >"$T/m"
  clear_outbox
  run 0 mail "--config=$T/none.conf" <"$T/m"
  assert_eq 1 "$(mail_to "${1%@*}" | wc -l)" "replies to $1"
  mail_text "$(mail_to "${1%@*}")" >"$T/reply"
}
run 0 map 101 alice secret
cp "$OUT" "$T/map.cli"
mailed alice@example.org "genetess map 101 alice secret" ""
sed -n '/^Your map of Genetess board 101/,$p' "$T/reply" | head -n "$(wc -l <"$T/map.cli")" >"$T/got"
assert_same "$T/got" "$T/map.cli"
mailed alice@example.org "Re: Genetess Board 101 alice" "map 101 alice secret"
assert_grep "^Your map of Genetess board 101 (alice, Move #1):$" "$T/reply"
mailed bob@example.org "genetess map 101 bob wrong" ""
assert_grep "Invalid password entered" "$T/reply"
assert_absent "^Your map of" "$T/reply"
mailed carol@example.org "genetess help maps" ""
assert_grep "^     duel       20 x 12   2         2 players" "$T/reply"
clear_outbox

# ---- the differential run: walls made and removed out of alice's view change nothing she reads ----
# Two homes play the same game: in "hidden" bob's O piece mines N10 and his Q piece petrifies on S9, both out of
# alice's view; in "plain" the same pieces move and wait without touching a wall. alice's O piece mines D6 in
# her view and leaves it behind. Every mail to alice, her map and her showas are compared byte for byte.
MAIN=$PBMHOME
# step HOME ARGS...: genetess ARGS (exit 0) in home HOME, the mails it sends alice appended to $T/HOME.mail
step() {
  _home=$1
  shift
  PBMHOME=$T/$_home
  OUTBOX=$PBMHOME/outbox
  run 0 "$@"
  for _m in $(mail_to alice); do no_nonce "$_m"; done >>"$T/$_home.mail"
  clear_outbox
}
for h in hidden plain; do
  PBMHOME=$T/$h
  run 0 signup alice secret alice@example.org
  run 0 signup bob hunter2 bob@example.org
  : >"$T/$h.mail"
  step $h challenge --gamble=none --start-e=100 --seed=7 alice bob
  step $h move 101 alice secret "CREATE D4 AO"
  step $h move 101 bob hunter2 "CREATE Q10 AO"
  step $h move 101 alice secret "MOVE D4 S"
  step $h move 101 bob hunter2 "MOVE Q10 W"
  step $h move 101 alice secret "MOVE D5 S"   # mines D6, in alice's view
  step $h move 101 bob hunter2 "MOVE P10 W"
  step $h move 101 alice secret "MOVE D6 N"
done
step hidden move 101 bob hunter2 "MOVE O10 W"  # mines N10
step plain move 101 bob hunter2 "MOVE O10 N"
for h in hidden plain; do
  step $h move 101 alice secret "MOVE D5 N"
  step $h move 101 bob hunter2 "CREATE S9 AQ"
  step $h move 101 alice secret "MOVE D4 N"     # D6 is out of alice's view now
done
step hidden move 101 bob hunter2 "PETRIFY S9"  # a wall on S9
step plain move 101 bob hunter2 "MOVE O9 S"    # (a PASS would be news to alice)
for h in hidden plain; do
  step $h move 101 alice secret PASS
  PBMHOME=$T/$h
  run 0 map 101 alice secret
  cp "$OUT" "$T/$h.map"
  run 0 showas alice secret 101
  cp "$OUT" "$T/$h.showas"
  run 0 verify 101
  has "consistent"
done
# the hidden changes happened, and bob, who saw them, knows them
assert_grep '^#\.\.\.\.\.+\.\.++\.\.+\.\.\.\.+#$' "$T/hidden/games/Genetess/101"       # row 9: S9 a wall
assert_grep '^#\.\.\.\.\.+\.\.\.\.\.\.\.\.\.\.\.\.#$' "$T/hidden/games/Genetess/101" # row 10: N10 floor
PBMHOME=$T/hidden
run 0 map 101 bob hunter2
has "Changed since the start, as you know: S9 floor to interior wall, N10 interior"
# alice reads exactly the same in both games
assert_nonempty "$T/hidden.mail"
assert_same "$T/hidden.mail" "$T/plain.mail"
assert_same "$T/hidden.map" "$T/plain.map"
assert_same "$T/hidden.showas" "$T/plain.showas"
# ... and she remembers the wall she saw mined after it left her view; N10 and S9 as they started
grep '^ 6 \|^ 9 \|^10 \|^Changed\|^ *saw it' "$T/hidden.map" >"$T/got"
cat >"$T/want" <<'EOF'
 6 # x x : : x x : : : : x : : : x : x x # 6
 9 # : : : : : x : : x x : : x : : : : : # 9
10 # : : : : : x : : : : : : x : : : : : # 10
Changed since the start, as you know: D6 interior wall to floor (as you last
    saw it)
EOF
assert_same "$T/got" "$T/want"
PBMHOME=$MAIN
OUTBOX=$PBMHOME/outbox
