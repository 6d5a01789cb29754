# refusals: what is refused, with which words and exit status — and a refusal changes no board, user
# or list file; PBMHOME unset; a save that fails.
given_players
run 0 challenge --gamble=none --seed=5 alice bob
B=$GAMES/101
cp "$B" "$T/before"
cp "$PBMHOME/etc/users" "$T/users0"
cp "$LIST" "$T/list0"
run 1 move 101 alice wrong PASS
has "Invalid password entered"
run 1 move 101 zed wrong PASS
has "Invalid userid entered"
run 1 move 101 carol pw PASS
has "You are NOT playing this game"
run 1 move 999 alice secret PASS
has "Genetess board 999 not found"
run 1 move ../etc alice secret PASS
run 2 move 101 alice
run 1 frobnicate
assert_eq "Unknown command 'frobnicate'; try 'genetess help'" "$(cat "$OUT")" "an unknown command names itself"
run 1 movee 101 alice secret PASS
assert_eq "Unknown command 'movee'; try 'genetess help'" "$(cat "$OUT")" "a misspelt command"
run 1 move 101 alice secret MOVE C3 UP
has 'Invalid move "MOVE C3 UP" entered'
run 1 move 101 alice secret "PASS#7"
assert_eq "Move PASS received as move #1
Nothing was done: you sent it as move #7, which has not come yet." "$(head -2 "$OUT")" "a #k from the future"
run 1 move 101 alice secret CREATE C4 KA
has "CREATE C4 AK: K cannot be bought"
run 1 move abc alice secret PASS
has "Genetess board abc not found"
run 2 quiet 101 alice secret maybe
run 1 games nobody
has "Invalid userid entered: nobody is not signed up"
run 1 challenge alice alice
run 1 challenge --map=nosuchmap alice bob
SENDER=r@example.org run 1 move 101 alice wrong PASS
assert_same "$B" "$T/before"
assert_same "$PBMHOME/etc/users" "$T/users0"
assert_same "$LIST" "$T/list0"

# ---- PBMHOME unset: $HOME/.genetess, announced on stderr; HOME unset too: exit 2 ----
mkdir -p "$T/h"
(
  unset PBMHOME
  HOME=$T/h
  export HOME
  run 0 games
)
assert_grep "$T/h/.genetess" "$ERR"               # the notice on stderr
assert_dir "$T/h/.genetess/games"
(
  unset PBMHOME HOME
  run 2 games
)
assert_nonempty "$ERR"                            # a message
PBMHOME=/dev/null/x run 3 games

# ---- a save that fails: exit 3, nothing changed, no mail about the unsaved state ----
run 0 challenge --gamble=none alice bob
SB=$(last_board)
rm -f "$GAMES/.$SB"
clear_outbox
mkdir -p "$GAMES/.$SB/blocker"
cp "$GAMES/$SB" "$T/presave"
run 3 move "$SB" alice secret PASS
has "Genetess board $SB could not be saved: nothing was changed; try again later"
hasnt "PASS: done"
assert_same "$GAMES/$SB" "$T/presave"
assert_mails 0                                    # no mail about an unsaved state
rm -rf "$GAMES/.$SB"
run 0 move "$SB" alice secret PASS

# ---- a long order's result is never cut: the reason and what it means stay, in the reply and on the sheet ----
run 0 challenge --gamble=none --seed=5 alice bob
LB=$(last_board)
cp "$GAMES/$LB" "$T/long0"
long=$(printf 'B%.0s' $(seq 1 800))
run 1 move "$LB" alice secret "CREATE D4 A$long"
has "B: it costs 9223372036854775807E and you have 6E. The order was refused: nothing was done or recorded (the move number is still #1); it is still your move and your deadline did not move."
assert_same "$GAMES/$LB" "$T/long0"
steps=$(printf -- '-N%.0s' $(seq 1 300))
clear_outbox
run 1 move "$LB" alice secret "MOVE C3 E$steps"
has "-N: the piece on C3 must move exactly 1 square. The order failed: it is recorded (the move number is now #2); it is still your move and your deadline starts again in full (once a turn, for a failure you could see)."
assert_grep "^    N-N-N-N-N: the piece on C3 must move exactly 1 square. The order failed:$" $(mail_to alice)
run 0 move "$LB" alice secret PASS                 # the board with that result in its news loads again
