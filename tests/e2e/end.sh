# end: resigning ends the game — the full board and history are public, the list and the history
# record the winner, orders are refused; the board is archived 14 days after the end; a ronin
# (eliminated, fighting on with P pieces) may resign too.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
run 0 move 101 alice secret "CREATE C4 A"
run 0 move 101 bob hunter2 PASS
clear_outbox
run 0 resign 101 bob hunter2
assert_mails 2 "^Subject: Genetess Board 101 ended: won by alice$"   # the final sheets say what they are
run 0 show 101
has "The game has ended"
has "R10"
run 0 show "101#1"
has "C4"
has "The game as it stood after move #1"             # a position before the end is not the end (contract 11)
has "Scores so far:"
hasnt "The game has ended"
hasnt "Final scores"
hasnt "winner"
run 0 show "101#3"                                    # move 3 (bob's resignation) ended it
has "The game has ended"
has "won by alice"
assert_grep "won by alice" "$LIST"
run 0 games all                                       # the result as the sheets write it (one way, contract 14.9)
assert_grep "^101 .* won by alice ([0-9]* points\?) .*alice bob$" "$OUT"
run 0 history
has " 101 alice "
run 1 move 101 alice secret PASS
has "The game has ended"
run 0 verify 101
has "consistent"
GENETESS_NOW=$((NOW + 15 * 86400)) run 0 Cleanup
assert_file "$PBMHOME/games/Genetess-archive/101"
run 0 show 101
has "The game has ended"

# ---- a ronin player may resign ----
run 0 challenge --gamble=none alice bob carol
RB=$(last_board)
sed -e 's/^carol active out=0/carol eliminated out=1/' -e 's/ carol K$/ carol KP/' "$GAMES/$RB" >"$T/ronin" &&
  cp "$T/ronin" "$GAMES/$RB"
add_moves_line "$GAMES/$RB" "1a admin EDIT carol was eliminated; her King fights on as a ronin"
assert_grep "^1a admin EDIT carol was eliminated" "$GAMES/$RB"
assert_grep " carol KP$" "$GAMES/$RB"
run 0 resign "$RB" carol pw
assert_grep "^carol resigned out=1" "$GAMES/$RB"
run 1 resign "$RB" carol pw
has "You have already left this game"
run 1 move "$RB" carol pw PASS
has "You are out of this game: you have no pieces left to order"
run 0 queue "$RB" carol pw
