# mapspecials: a player's map remembers the specials they saw (contract 8, ruling 62) — one out of view now is
# drawn '$' where they saw it and listed with its code; the sheet's map says the same; bob, who never saw it,
# is told nothing; the board file keeps it as (knownspecials (contract 10.2), and a board without that entry
# (written before specials were remembered) loads with none remembered.
given_players
run 0 challenge --gamble=none --start-e=100 --seed=7 alice bob
# duel: alice's King on C3; the S2 portcullis on B5 is out of its view (B2..D4)
run 0 move 101 alice secret "CREATE C4 A"                       # her A on C4 sees B3..D5: the S2 on B5
run 0 move 101 bob hunter2 PASS
run 0 map 101 alice secret
has " 5 # * . . : : : : : : : x : : : : : : : # 5"             # in view: drawn as the sheet draws it
hasnt "Specials you saw earlier"
clear_outbox
run 0 move 101 alice secret "MOVE C4 E"                         # on D4 she sees C3..E5: B5 is out of view
run 0 map 101 alice secret
sed -n '/^ 4 /,/^ 6 /p; /^Key:/,$p' "$OUT" >"$T/got"
cat >"$T/want" <<'EOF'
 4 # . . @ . : x : : x x : : x : : : : : # 4
 5 # $ . . . : : : : : : x : : : : : : : # 5
 6 # x x x : x x : : : : x : : : x : x x # 6
Key: in your view now: @=yours, a-z=another player's (see Players), o=orphan,
     *=special, #=wall, +=interior wall, .=floor; out of your view, as you
     last saw it: x=interior wall, :=floor, #=wall (never removed), $=a
     special you saw there earlier
No change of the terrain since the start that you know of.
Specials you saw earlier, out of your view now: S2 (Wall Creation) seen on B5
EOF
assert_same "$T/got" "$T/want"
cp "$OUT" "$T/alice.map"
# the sheet mailed to bob (his move) holds his map: nothing of a special he never saw
mail_text "$(mail_to bob)" >"$T/bob.sheet"
assert_grep "^Your map of Genetess board 101 (bob, Move #4):$" "$T/bob.sheet"
assert_absent "Specials you saw earlier" "$T/bob.sheet"
assert_absent "^ 5 # [$]" "$T/bob.sheet"
# alice's next sheet holds her map, as `map` sends it
clear_outbox
run 0 move 101 bob hunter2 PASS
mail_text "$(mail_to alice)" >"$T/alice.sheet"
assert_grep "^ 5 # [$] \. \. \. : : : : : : x : : : : : : : # 5$" "$T/alice.sheet"
assert_grep "^Specials you saw earlier, out of your view now: S2 (Wall Creation) seen on B5$" "$T/alice.sheet"
run 0 showas alice secret 101
has "Specials you saw earlier, out of your view now: S2 (Wall Creation) seen on B5"

# ---- the board file: (knownspecials, private; verify replays the same; an old board loads ----
B=$GAMES/101
assert_lines 1 "^(knownspecials$" "$B"
assert_grep "^alice B5 S2$" "$B"
sed -n '/^(knownspecials$/,/^)$/p' "$B" >"$T/entry"
assert_absent "^bob " "$T/entry"
run 0 verify 101
has "Genetess board 101: consistent"
run 0 show 101
hasnt "B5"
hasnt "Wall Creation"
# the entry taken out, as a board written before it was kept: it loads, alice remembers no special
sed '/^(knownspecials$/,/^)$/d' "$B" >"$T/old" && cp "$T/old" "$B"
run 0 map 101 alice secret
has " 5 # : . . . : : : : : : x : : : : : : : # 5"
hasnt "Specials you saw earlier"
# a bad line is refused as any damage of the board file is: exit 3, nothing changed
sed 's/^(known$/(knownspecials\nalice B5 S19\n)\n(known/' "$T/old" >"$B"
cp "$B" "$T/bad"
run 3 map 101 alice secret
has "Genetess board 101 is damaged and was not changed"
assert_grep "knownspecials: no special 'S19' (S1..S22 but S19)" "$ERR"
assert_same "$B" "$T/bad"
cp "$T/old" "$B"   # the topic's games are replayed at its end
