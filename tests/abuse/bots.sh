# bots: what one message can make the computer opponents do under the lock (contract 12, 15) — counted in the
# move list's lines and the game list, never timed. A 59-byte resign against seven bot:strong once held the lock
# 790 s while the bots played 500 rounds; a stranger's `show` of a board whose deadline had passed ran the same
# playout. Now a game no person is left in ends at once (ruling 61) and one command makes at most 7 bot decisions
# on a board; the rest wait, due, for the next command or Cleanup. (ulimit -t only stops the old playout from
# running for minutes: every assertion counts.)
given_players
CONF="--config=$T/none.conf"
G_ALL=$G
few_cpu() { sh -c 'ulimit -t 60 && exec "$@"' sh "$G_ALL" "$@"; }
G=few_cpu

# msg FILE FROM SUBJECT: a message as an MTA pipes it (envelope line, CRLF), with an empty body.
msg() {
  { printf 'From %s Fri Jan 15 08:00:00 2027\n' "$2"
    printf 'From: <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n\n' \
      "$2" "$3" "$(date +%s%N)"
  } | sed 's/$/\r/' >"$1"
}
# moves BOARD: the board's move-list lines (its <n>.moves, contract 10)
moves() { grep -c '' "$GAMES/$1.moves"; }
# bot_moves BOARD: the move-list lines of computer opponents
bot_moves() { grep -c '^[0-9]*[a-z]* bot\.' "$GAMES/$1.moves"; }
SEVEN="bot:strong bot:strong2 bot:strong3 bot:strong4 bot:strong5 bot:strong6 bot:strong7"

# ---- the resign against seven bot:strong, by mail: the game ends at once, no bot plays ----
run 0 challenge --gamble=none --seed=1 alice $SEVEN
R=$(last_board)
assert_eq 0 "$(bot_moves $R)" "bot moves before alice's resign"
msg "$T/m" alice@example.org "resign $R alice secret"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_eq 1 "$(moves $R)" "move-list lines after the resign (its own)"
assert_eq 0 "$(bot_moves $R)" "bot moves after the resign"
assert_grep "^$R:.*:tie (1)" "$LIST"
assert_grep "^(turn ended " "$GAMES/$R"
assert_grep "^Subject: Genetess Board $R ended: tie$" $(mail_to alice)

# ---- one move against seven bots, with 30 '*PASS' orders stored: seven bot decisions, the eighth waits ----
run 0 challenge --gamble=none --seed=2 alice bot:greedy bot:greedy2 bot:greedy3 bot:greedy4 bot:greedy5 bot:greedy6 \
  bot:greedy7
Q=$(last_board)
stars=$(i=0; while [ $i -lt 30 ]; do printf ' / *PASS'; i=$((i + 1)); done)
msg "$T/m" alice@example.org "move $Q alice secret PASS$stars"
run 0 mail "$CONF" <"$T/m"
assert_eq 7 "$(bot_moves $Q)" "bot moves of one command against seven bots"
assert_grep "^2a alice PASS (Auto)$" "$GAMES/$Q.moves"
assert_grep "^$Q:.*:bot\.greedy turn$" "$LIST"
# a stranger's show: its board's time processed, seven more, no more
msg "$T/m" mallory@example.net "show $Q"
run 0 mail "$CONF" <"$T/m"
assert_eq 14 "$(bot_moves $Q)" "bot moves after a stranger's show"

# ---- an expired deadline processed by a stranger's show: at most seven bot decisions ----
run 0 challenge --gamble=none --seed=3 alice bot:greedy bot:greedy2 bot:greedy3 bot:greedy4 bot:greedy5 bot:greedy6 \
  bot:greedy7
D=$(last_board)
LATE=$((NOW + 100 * 86400))
msg "$T/m" mallory@example.net "show $D"
GENETESS_NOW=$LATE run 0 mail "$CONF" <"$T/m"
assert_eq 7 "$(bot_moves $D)" "bot moves in a stranger's show of a board 100 days late"
assert_eq 2 "$(grep -c '^[0-9]*a alice Timeout$' "$GAMES/$D.moves")" "alice's time-outs processed"

# ---- Cleanup: at most seven decisions a board a run; the waiting turns are played run after run ----
before=$(( $(bot_moves $Q) + $(bot_moves $D) ))
GENETESS_NOW=$((LATE + 60)) run 0 Cleanup
after=$(( $(bot_moves $Q) + $(bot_moves $D) ))
assert_eq 1 "$(( after - before <= 14 && after > before ))" "one Cleanup: 1 to 14 bot moves on two waiting boards"
GENETESS_NOW=$((LATE + 120)) run 0 Cleanup
GENETESS_NOW=$((LATE + 180)) run 0 Cleanup
assert_grep "^$D:.*:alice turn$" "$LIST"

# ---- the last person forfeits: the game ends at that time-out, no bot plays after it ----
run 0 challenge --gamble=none --seed=4 --max-timeouts=1 alice $SEVEN
F=$(last_board)
msg "$T/m" mallory@example.net "show $F"
GENETESS_NOW=$LATE run 0 mail "$CONF" <"$T/m"
assert_eq 0 "$(bot_moves $F)" "bot moves after alice's forfeit"
assert_grep "^1a alice Forfeit$" "$GAMES/$F.moves"
assert_grep "^$F:.*:tie (1)" "$LIST"

# ---- a multiple of 50 moves against seven bots: the message's commands share one bound, seven decisions in all
# (before, each of its commands had seven of its own: 50 x 14) ----
run 0 challenge --gamble=none --seed=5 alice bot:greedy bot:greedy2 bot:greedy3 bot:greedy4 bot:greedy5 bot:greedy6 \
  bot:greedy7
M=$(last_board)
lines=$(i=0; while [ $i -lt 50 ]; do printf 'move %s alice secret PASS\n' "$M"; i=$((i + 1)); done)
{ printf 'From: <alice@example.org>\nTo: genetess@example.org\nSubject: multiple\nMessage-ID: <%s@example.org>\n\n' \
    "$(date +%s%N)"
  printf '%s\n' "$lines"
} >"$T/m"
run 0 mail "$CONF" <"$T/m"
assert_eq 7 "$(bot_moves $M)" "bot moves of one multiple of 50 moves against seven bots"
G=$G_ALL
