# showas: over a whole game, after every command, each player's showas is the sheet they were last mailed,
# to the byte — a New sheet's "New game.", the "Result of your last order:" of the mover's sheet (which their
# reply states above the sheet instead), a stored
# order's banner — unless something new came since: news or E changes after the mark of their last sheet, or
# the board moved on to a new move number without news for them (then showas gives the sheet as it is now,
# with the move number to send, as help showas says). The players command by
# mail (SENDER set), so their replies, which end with their sheet, are mails too.
given_players
run 0 challenge --gamble=none --start-e=80 --seed=7 --name=Whole_game alice bob
S=$(last_board)

# fresh USERID: 1 when the board holds news or E changes for USERID after their last sheet, else 0.
fresh() {
  awk -v id="$1" '
    $0 == "(news" || $0 == "(ebook" { inlist = 1; next }
    inlist && $0 == ")" { inlist = 0; next }
    inlist && index($0, id " ") == 1 { after = substr($0, length(id) + 2) == "-- sheet sent --" ? 0 : after + 1 }
    END { print (after > 0 ? 1 : 0) }
  ' "$GAMES/$S"
}

# keep_last: for each player, the last mail of this command that carries a sheet (a sheet, or a reply about
# the board) becomes $T/last.<id>; the outbox is emptied.
keep_last() {
  for id in alice bob; do
    m=$(grep -l "^To: $id@example.org$" "$OUTBOX"/*.mail 2>/dev/null |
        xargs -r grep -l "^Subject: \(New \)\{0,1\}Genetess Board $S\b" | tail -n 1)
    if [ -n "$m" ]; then
      mail_text "$m" >"$T/last.$id"
      if grep -q "^Auto-Submitted: auto-generated$" "$m"; then echo sheet; else echo reply; fi >"$T/kind.$id"
    fi
  done
  clear_outbox
}

# check_showas: the rule above, for both players.
check_showas() {
  for who in alice:secret bob:hunter2; do
    id=${who%%:*}
    [ "$(fresh "$id")" = 0 ] || continue
    (unset SENDER; run 0 showas "$id" "${who#*:}" "$S")
    cp "$OUT" "$T/showas"
    # the board moved on (another's failed order is a move) without news for them: the current move number
    if [ "$(grep -m1 'Move #' "$T/showas")" != "$(grep -m1 'Move #' "$T/last.$id")" ]; then
      assert_grep "Move #$(( $(wc -l <"$GAMES/$S.moves") + 1 ))\$" "$T/showas"
      continue
    fi
    if [ "$(cat "$T/kind.$id")" = sheet ]; then
      assert_same "$T/last.$id" "$T/showas"
    else
      # the reply states the result above the sheet, which says it once (contract 14.9): showas gives it back
      # as the sheet's "Result of your last order:" (its line and the lines that continue it)
      awk '/^Result of your last order: /{r=1;next} r&&/^    /{next} r&&$0==""&&last==""{r=0;next}
           {r=0;last=$0;print}' "$T/showas" >"$T/showas.sheet"
      n=$(wc -l <"$T/showas.sheet")
      tail -n "$n" "$T/last.$id" >"$T/tail"
      assert_same "$T/tail" "$T/showas.sheet"
    fi
  done
}

# play ID PASSWORD STATUS ORDER: ID's move by mail, then the check.
play() {
  SENDER=$1@example.org run "$3" move "$S" "$1" "$2" "$4"
  keep_last
  check_showas
}

keep_last
check_showas                                                  # the New sheets
assert_grep "^New game\.$" "$T/last.alice"
play alice secret 0 "CREATE C4 ABBBBBB"
assert_grep "^CREATE C4 ABBBBBB: done$" "$T/last.alice"
assert_lines 1 "CREATE C4 ABBBBBB: done" "$T/last.alice"       # the result said once (contract 14.9)
play bob hunter2 0 "CREATE Q9 A"
play alice secret 1 "MOVE C4 N"                               # fails in view: the sheet comes again
# what a failure and a refusal mean, said by one rule (contract 3.7): recorded or not, the turn, the deadline
tr '\n' ' ' <"$T/last.alice" | sed 's/  */ /g' >"$T/flat"
assert_grep "^MOVE C4 N: the piece on C4 must move exactly 7 squares\. The order failed: it is recorded (the move number is now #4); it is still your move and your deadline starts again in full (once a turn, for a failure you could see)\. " "$T/flat"
assert_lines 1 "The order failed" "$T/last.alice"             # the failure explained once
play alice secret 1 "CREATE D4 ABBBBBB"                       # refused: the reply ends with the sheet
tr '\n' ' ' <"$T/last.alice" | sed 's/  */ /g' >"$T/flat"
assert_grep "^CREATE D4 ABBBBBB: it costs 77E and you have 5E\. The order was refused: nothing was done or recorded (the move number is still #4); it is still your move and your deadline did not move\. " "$T/flat"
play alice secret 0 "MOVE C4 S-E-E-E-E-E-E"
play bob hunter2 0 "PASS / *PASS"                             # the next one runs at once
play alice secret 0 "MOVE I5 S-E-S-S-E-E-E"                   # bob's *PASS: "Your stored order PASS was processed."
assert_grep "^Your stored order PASS was processed\.$" "$T/last.bob"
assert_absent "You passed" "$T/last.bob"                      # said once
SENDER=bob@example.org run 0 quiet "$S" bob hunter2 on
keep_last
check_showas
play alice secret 0 "MOVE M8 E-E-E-W-E-W-E"                   # bob's piece on Q9 comes into alice's view
GENETESS_NOW=$((NOW + 80 * 3600)) run 0 Cleanup               # bob times out
keep_last
check_showas
SENDER=bob@example.org run 0 queue "$S" bob hunter2 "*PASS"
keep_last
check_showas
play alice secret 0 "MOVE P8 W-E-W-E-E-E-S"
play alice secret 0 "MOVE R9 N-S-N-S-N-S-S"                   # bob's King: the game ends
assert_grep "^Result: won by you (11 points)$" "$T/last.alice"
assert_grep "^The game has ended" "$T/last.bob"
