# verify: corrupt and hand-edited board files; an admin's edit recorded as "admin EDIT"; a damaged
# board is refused with <n>:<line>: and its contents never echoed (contract 10, 8); verify names the
# line that differs from the replay, never its text.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
B=$GAMES/101
run 0 move 101 alice secret "CREATE C4 A"
run 0 move 101 bob hunter2 PASS
run 0 move 101 alice secret MOVE C4 S
run 0 move 101 bob hunter2 PASS

# ---- a corrupt board is refused and left alone; a hand edit is loaded ----
cp "$B" "$T/good"
sed 's/^C5 alice A$/C5 alice 9/' "$T/good" >"$B"
cp "$B" "$T/corrupt"
assert_changed "$T/corrupt" "$T/good"
run 3 move 101 alice secret PASS
has "101:"
assert_same "$B" "$T/corrupt"
cp "$T/good" "$B"
sed 's/^C5 alice A$/C5 alice AB/' "$T/good" >"$B"
assert_changed "$B" "$T/good"
run 0 move 101 alice secret MOVE C5 E-W
cp "$T/good" "$B"

# ---- an admin's hand edit, recorded with "admin EDIT" ----
run 0 challenge --gamble=none alice carol
B2=$GAMES/$(last_board)
N2=$(last_board)
run 0 move "$N2" alice secret PASS
sed -e '/^C3 alice K$/a D4 alice AB' "$B2" >"$T/edited" && cp "$T/edited" "$B2"
add_moves_line "$B2" "1b admin EDIT gave alice an AB piece on D4"
assert_grep "^1b admin EDIT gave alice an AB piece on D4$" "$B2"
run 0 verify "$N2"
has "consistent"
run 0 move "$N2" carol pw PASS
run 0 move "$N2" alice secret MOVE D4 E-E
assert_grep "^F4 alice AB$" "$B2"                 # the edited piece moved
run 0 verify "$N2"
has "consistent"
run 0 resign "$N2" carol pw
run 1 show "$N2#1"
has "history before an admin edit is not replayable"
run 0 show "$N2#4"

# ---- an admin's edit of the terrain: the edited board is the replays' new start, its players' maps written
# against no snapshot's terrain, and the board's own maps against the new snapshot's: both say that alice and
# bob knew the floor at J2, where a wall now stands (never against the start the old snapshot gave) ----
run 0 challenge --gamble=none --seed=5 alice bob
N3=$(last_board)
B3=$GAMES/$N3
run 0 move "$N3" alice secret PASS
L3=$(grep -n '^(map$' "$B3" | cut -d: -f1)
sed "$((L3 + 2))s/^#\.\.\.\.\.+\.\.\./#.....+..+/" "$B3" >"$T/walled" && cp "$T/walled" "$B3"
add_moves_line "$B3" "1b admin EDIT a wall on J2"
run 0 move "$N3" bob hunter2 PASS
assert_eq 2 "$(grep -c '^alice J2 \.$' "$B3")" "alice's J2 in the snapshot and the board"
assert_eq 2 "$(grep -c '^bob J2 \.$' "$B3")" "bob's J2 in the snapshot and the board"
run 0 verify "$N3"
has "consistent"

# ---- a damaged board: refused with <n>:<line>:, its contents never echoed ----
given_tiny_map
run 0 challenge --gamble=none --map=tiny alice bob
N5=$(last_board)
B5=$GAMES/$N5
cp "$B5" "$T/good5"
sed 's/^B2 alice K$/B2 alice B/' "$T/good5" >"$B5"
assert_changed "$B5" "$T/good5"
cp "$B5" "$T/bad5"
run 3 show "$N5"
has "$N5:"
hasnt "B2"
run 3 move "$N5" bob hunter2 PASS
has "$N5:"
hasnt "B2"
run 3 games                                           # listed, and exit 3 (contract 2, 3.6)
has "$N5    (cannot be read)"
hasnt "B2"
run 3 verify "$N5"
hasnt "B2"
assert_same "$B5" "$T/bad5"
cp "$T/good5" "$B5"

# ---- verify names the line that differs, never its text (it may hold pieces, E or orders) ----
cp "$B" "$T/good"
sed 's/^(energy .*)$/(energy 777 777)/' "$T/good" >"$B"
assert_changed "$B" "$T/good"
run 1 verify 101
has "differs from its replay"
hasnt "777"
cp "$T/good" "$B"

# ---- the players' maps (contract 10: (known): a board without them loads (every player knows the start), a
# corrupt line is refused with its place only, and a map the history does not make is found by verify ----
cp "$B" "$T/good"
sed '/^(known$/,/^)$/d' "$T/good" >"$B"
assert_absent "^(known$" "$B"
run 0 verify 101
has "consistent"
run 0 move 101 alice secret PASS
assert_grep "^(known$" "$B"
cp "$T/good" "$B"
sed '/^(known$/a alice J5 x' "$T/good" >"$B"
cp "$B" "$T/badknown"
run 3 move 101 alice secret PASS
has "101:"
hasnt "J5"
assert_same "$B" "$T/badknown"
sed '/^(known$/a bob C3 +' "$T/good" >"$B"
run 1 verify 101
has "differs from its replay in what a player knows of the terrain"
hasnt "C3"
hasnt "bob"
cp "$T/good" "$B"
# a snapshot written before maps were kept (its \(known entry gone): the maps began from the start, so verify
# does not compare them (it reads the snapshot's entries, not its text)
sed '/^\\(known$/,/^\\)$/d' "$T/good" | sed '/^(known$/a bob C3 +' >"$B"
assert_absent '^\\(known$' "$B"
run 0 verify 101
has "consistent"
cp "$T/good" "$B"
