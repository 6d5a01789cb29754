# commit: a refused command still commits the expired deadlines processed before it (contract 3, 5:
# time is processed before authentication), and its reply says nothing of them; a board file without
# map= is refused on load with "<n>:<line>: reason".
given_players
LATE=$((NOW + 25 * 3600))     # past alice's 24-hour deadline

# refused CMD_WORDS... : on a new board whose deadline has passed, the command is refused with exactly
# $WANT; alice's time-out is committed all the same, and the new turn's sheets are mailed to both players.
refused() {
  run 0 challenge --gamble=none --deadline=24 alice bob
  RB=$(last_board)
  clear_outbox
  _args=$(echo "$*" | sed "s/BOARD/$RB/")
  GENETESS_NOW=$LATE run 1 $_args
  assert_eq "$WANT" "$(cat "$OUT")" "the reply of the refused '$_args'"
  assert_grep "^1a alice Timeout$" "$GAMES/$RB"
  assert_grep "^$RB:alice bob:2:bob turn$" "$LIST"
  assert_mails 2 "^Subject: Genetess Board $RB bob$"
}

WANT="Invalid password entered"
refused move BOARD alice wrong PASS
refused queue BOARD bob wrong PASS
refused resign BOARD bob wrong
refused showas alice wrong BOARD
WANT="Invalid userid entered"
refused move BOARD nobody x PASS
refused queue BOARD nobody x
refused resign BOARD nobody x
refused showas nobody x BOARD
WANT="You are NOT playing this game"
refused move BOARD carol pw PASS
refused queue BOARD carol pw PASS
refused resign BOARD carol pw
refused showas carol pw BOARD

# ---- bug B: (params ...) without map= is refused on load, and the file is never rewritten ----
run 0 challenge --gamble=none alice bob
MB=$(last_board)
cp "$GAMES/$MB" "$T/good"
sed 's/ map=[^ )]*//' "$T/good" >"$GAMES/$MB"
cp "$GAMES/$MB" "$T/nomap"
run 3 move "$MB" alice secret PASS
has "Genetess board $MB is damaged and was not changed: $MB:3: the board file fails its checks"
assert_grep "^genetess: $MB:[0-9]*: params: map=<name> is missing$" "$ERR"
assert_eq "" "$(cmp "$GAMES/$MB" "$T/nomap")" "the board without map=, unchanged"
cp "$T/good" "$GAMES/$MB"
run 0 move "$MB" alice secret PASS

# history processes every board's expired deadlines first (contract 5), like games and Cleanup: a game that
# a forfeit ended at its deadline is in the history the same command prints.
run 0 challenge --gamble=none --deadline=24 --max-timeouts=1 alice bob
HB=$(last_board)
clear_outbox
GENETESS_NOW=$LATE run 0 history
has "Historical List of Genetess games"
assert_grep "^1a alice Timeout$" "$GAMES/$HB"
assert_grep "^1a alice Forfeit$" "$GAMES/$HB"
has " $HB bob "
assert_grep "^$HB:alice bob:[0-9]*:won by bob" "$LIST"

# `genetess MAIL` is the mail front like `mail` (command words ignore case): a message without a sender
# is logged and dropped unanswered (exit 0), never "Unknown command".
run 0 MAIL --home="$PBMHOME" < /dev/null
assert_grep "genetess mail: - -: dropped unanswered: no usable From: or Reply-To: address" "$ERR"
assert_absent "Unknown command" "$ERR"
