# sheets: what the player and the admin read — the command line (--help, --version, usage), signup's
# Subject, challenge's map limit, resign in round 0 (no other player's sheet), the second person in
# events, the time-out warning, the final sheet, stale #k, show during a holiday, showas = the mail,
# log, queue warnings, the board drawn as windows.

# ---- the command line ----
run 0 --help
has "usage: genetess COMMAND [ARGS...]"
has "genetess move board userid password [ORDER...]"
has "genetess log board userid password"
# every command of the man page's synopsis is in --help (a synopsis line names it, or several with '|')
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$E2E_DIR/../../genetess.6" |
  awk 'prev == ".B genetess" { sub(/^\.BR? /, ""); gsub(/\\-/, "-"); gsub(/ *\| */, " "); print } { prev = $0 }' |
  tr ' ' '\n' | sed '/^$/d' >"$T/synopsis"
assert_eq 34 "$(wc -l <"$T/synopsis" | tr -d " ")" "the synopsis's commands"
while read -r word; do
  case $word in
    -*) has " $word" ;;
    *) has "genetess $word" ;;
  esac
done <"$T/synopsis"
has "genetess multiple"
has "genetess mail [--home=DIR] [--config=FILE]"
has "genetess --help | -h | --version"
run 0 -h
has "usage: genetess COMMAND [ARGS...]"
run 0 --version
assert_eq "genetess 1.0.0" "$(cat "$OUT")" "--version"
run 2
assert_grep "^usage: genetess COMMAND" "$ERR"
assert_empty "$OUT"

# ---- help finds the home like every command: with PBMHOME unset, $HOME/.genetess and its local texts ----
mkdir -p "$T/h/.genetess/help/genetess"
printf 'Local rules of this server.\n' >"$T/h/.genetess/help/genetess/main.txt"
(unset PBMHOME; HOME=$T/h run 0 help)
assert_eq "Local rules of this server." "$(cat "$OUT")" "help with PBMHOME unset reads \$HOME/.genetess"
(unset PBMHOME; HOME=$T/h run 0 help sheet)
has "Reading a Genetess Turnsheet"

# ---- signup has its own Subject; challenge names the map's limit ----
SENDER=admin@example.org run 0 signup alice secret alice@example.org
assert_mails 2 "^Subject: Genetess "
assert_mails 1 "^Subject: Genetess signup$"
code=$(sed -n 's/^Subject: Genetess confirm alice \([0-9a-f]\{16\}\)$/\1/p' "$OUTBOX"/*.mail)
assert_eq 16 "${#code}" "the confirmation code"
run 0 confirm alice "$code"
has "User alice signed up."
clear_outbox
run 0 signup bob hunter2 bob@example.org
run 0 signup carol pw carol@example.org
run 1 challenge --map=duel alice bob carol
assert_eq "At most 2 players can play on map duel" "$(cat "$OUT")" "challenge on a full map"

# ---- resign in round 0: a plain confirmation, never another player's sheet ----
run 0 challenge alice bob carol
R0=$(last_board)
run 0 resign "$R0" alice secret
assert_eq "You resigned from Genetess board $R0; you are no longer in this game." "$(cat "$OUT")" "round-0 resign"
hasnt "genetess move $R0 bob"

# ---- log: the player's own orders with their outcomes, nothing of the others' ----
run 0 challenge --gamble=none --seed=5 alice bob
L=$(last_board)
run 0 move "$L" alice secret "CREATE C4 A"
run 0 move "$L" bob hunter2 "CREATE R9 A"
run 1 move "$L" alice secret "MOVE C4 N"
run 0 move "$L" bob hunter2 "*PASS"
run 0 move "$L" alice secret "MOVE C4 W"
run 0 log "$L" alice secret
assert_eq "Your orders on Genetess board $L so far (alice, Move #6):
  1a    CREATE C4 A: done
  2a    MOVE C4 N: failed: you can never take your own King on C3
  2a    MOVE C4 W: done" "$(cat "$OUT")" "log"
hasnt "R9"
run 0 log "$L" bob hunter2
has "  2b    PASS: done (your stored order)"
hasnt "C4"
run 0 help log
has "Genetess Command log"
run 2 log "$L" alice

# ---- the second person, the time-out warning, the final sheet without fog ----
given_tiny_map
run 0 challenge --map=tiny --gamble=none --max-timeouts=2 alice bob
TO=$(last_board)
clear_outbox
GENETESS_NOW=$((NOW + 36001)) run 0 show "$TO"
A=$(mail_to alice | tail -1)
B=$(mail_to bob | tail -1)
assert_grep "^  You timed out (1 in a row)\.$" "$A"
assert_grep "^  alice timed out (1 in a row)\.$" "$B"
assert_absent "Alice" "$A" "$B"
assert_grep "^Warning: your next time-out forfeits the game (max-timeouts=2; you have timed$" "$A"
assert_grep "^    out 1 time in a row)\.$" "$A"
assert_absent "^Warning" "$B"
clear_outbox
GENETESS_NOW=$((NOW + 36100)) run 0 move "$TO" bob hunter2 PASS
A=$(mail_to alice | tail -1)
assert_grep "^Warning: your next time-out forfeits the game" "$A"
clear_outbox
# the nag warns too (half the 10-hour period before the deadline)
GENETESS_NOW=$((NOW + 36100 + 18001)) run 0 show "$TO"
assert_mails 1 "^Subject: Nag: Genetess Board $TO alice$"
assert_grep "^Warning: your next time-out forfeits the game" "$(mail_to alice)"
clear_outbox
GENETESS_NOW=$((NOW + 36100 + 36001)) run 0 show "$TO"
A=$(mail_to alice | tail -1)
B=$(mail_to bob | tail -1)
assert_grep "^  You forfeited: too many time-outs in a row\.$" "$A"
assert_grep "^  alice forfeited\.$" "$B"
# the final sheet lifts the fog: the whole board and every sequence, for everyone
for M in "$A" "$B"; do
  assert_grep "^The fog has lifted: the whole board, every sequence\.$" "$M"
  assert_grep "^3 # \. \. \. \. \. \. b # 3$" "$M"
  assert_grep "^  H3    bob     K$" "$M"
  assert_grep "^  B2    alice   K  (orphan)$" "$M"
  assert_grep "^No more orders are accepted\.$" "$M"
  mail_text "$M" >"$T/final"
  assert_lines 1 "The game has ended" "$T/final"                # said once, on the top line
done

# ---- an eliminated player's mail ends without a move command ----
run 0 challenge --gamble=none alice bob carol
EL=$(last_board)
clear_outbox
run 0 resign "$EL" carol pw
C=$(mail_to carol | tail -1)
assert_grep "^  You resigned\.$" "$C"
assert_grep "^You are out of this game: no more orders from you are accepted\. You will be$" "$C"
assert_absent "^genetess move $EL carol" "$C"
assert_grep "^  You resigned\.$" "$OUT"                          # the reply is carol's sheet, said once
hasnt "You resigned from"

# ---- a stale #k says nothing was done and why ----
run 0 challenge --gamble=none --seed=5 alice bob
K=$(last_board)
clear_outbox
run 0 move "$K" alice secret "CREATE C4 A#1"
run 1 move "$K" alice secret "PASS#1"
assert_eq "Move PASS received as move #2
Nothing was done: you sent it as move #1, but the board has moved on since you read it." "$(head -2 "$OUT")" "stale #k"
run 1 move "$K" bob hunter2 "PASS#x"
has "Move PASS#x received without a move number after '#'"
has "Nothing was done: the move number after '#' must be the current one, #2."

# ---- showas prints the sheet that was mailed for the same moment, byte for byte ----
mail_text "$(mail_to bob | tail -1)" >"$T/mailed"
assert_grep "^  +1 accrual at 1b (1 K)$" "$T/mailed"
run 0 showas bob hunter2 "$K"
assert_same "$T/mailed" "$OUT"
# ... until something new comes: then the events since that sheet only
clear_outbox
run 0 move "$K" bob hunter2 "CREATE R9 A"
mail_text "$(mail_to alice | tail -1)" >"$T/mailed"
run 0 showas alice secret "$K"
assert_same "$T/mailed" "$OUT"
clear_outbox
run 0 move "$K" alice secret "MOVE C4 W"
# the mover's reply ends with the sheet mailed to them, its result said once: above the sheet, not again in it
mail_text "$(mail_to alice | tail -1)" >"$T/mailed"
assert_grep "^Result of your last order: MOVE C4 W: done$" "$T/mailed"
assert_lines 1 "MOVE C4 W: done" "$OUT"
sed '1,/^$/d' "$OUT" >"$T/replied"
grep -v "^Result of your last order: " "$T/mailed" >"$T/mailed.sheet"
assert_same "$T/mailed.sheet" "$T/replied"
run 0 showas bob hunter2 "$K"
hasnt "+1 accrual at 1b"
mail_text "$(mail_to bob | tail -1)" >"$T/mailed"
assert_same "$T/mailed" "$OUT"

# ---- showas: one sheet per board, a blank line between them, none after the last ----
run 0 showas bob hunter2 "$K" "$K"
assert_lines 2 "^genetess move $K bob" "$OUT"
assert_eq "genetess move $K bob <password> <ORDER>#4" "$(tail -n 1 "$OUT")" "showas ends with the sheet's last line"

# ---- the New sheet asks for the gambles once ----
clear_outbox
run 0 challenge alice bob
mail_text "$(mail_to alice)" >"$T/text"
assert_lines 1 "send your GAMBLE orders" "$T/text"
# ...and says nothing of a "last sheet" or a "last order": it is the first sheet
assert_absent "Nothing you could see happened" "$T/text"
assert_absent "Result of your last order" "$T/text"
assert_grep "^New game\. Round 0 comes first" "$T/text"

# ---- holidays: the reader's own in the second person; show counts the time left now; the move list
# ---- writes the time used as a duration ----
run 0 move "$K" bob hunter2 HOLIDAY
has "The game is suspended: you are on holiday."
GENETESS_NOW=$((NOW + 3600)) run 0 show "$K"
has "  bob active, no time-outs, holiday left 13d 23h 0m"
has "The game is suspended: bob is on holiday."
GENETESS_NOW=$((NOW + 3600)) run 0 move "$K" bob hunter2 PASS
GENETESS_NOW=$((NOW + 3600)) run 0 resign "$K" alice secret
run 0 show "$K"
has "  2b bob Holiday 0d 1h 0m"
assert_grep "^2b bob Holiday 3600$" "$GAMES/$K"

# ---- queue warns of stored orders that cannot succeed, from what the player sees only ----
run 0 challenge --gamble=none --seed=5 alice bob
Q=$(last_board)
run 0 queue "$Q" alice secret "RADIATE C3 / MOVE R10 N / MOVE D4 N / PASS"
assert_eq "Stored: RADIATE C3 / MOVE R10 N / MOVE D4 N / PASS (the first runs at your deadline, 2027-01-18 08:00 UTC, unless you send an order first)
Warning: RADIATE C3 cannot succeed as things stand:
    your piece on C3 has no M (RADIATE needs it).
Warning: MOVE R10 N cannot succeed as things stand:
    you have no piece on R10.
Warning: MOVE D4 N cannot succeed as things stand:
    you have no piece on D4." "$(sed -n 1,7p "$OUT")" "queue warnings"
assert_grep "^R10 bob K$" "$GAMES/$Q"  # bob's King stands on R10: the warning does not tell
run 0 move "$Q" bob hunter2 "MOVE C3 N"
has "Warning: MOVE C3 N cannot succeed as things stand:"
has "    you have no piece on C3."

# ---- make demo plays to a King's capture and prints the final sheet with the score table ----
sh "$E2E_DIR/../../tools/demo.sh" "$G" "$T/demo-site" >"$T/demo" 2>&1 # its web site in $T, not in the clone
assert_grep "^Result: won by alice (11 points)$" "$T/demo"
assert_grep "^  alice's piece moved from a square outside your view to R10\.$" "$T/demo"
assert_grep "^  Your King on R10 was captured by alice's piece on R10; you are eliminated\.$" "$T/demo"
sed -n '/^Since your last sheet:/,/^$/p' "$T/demo" >"$T/since"   # bob's: the capture told once, alice named
assert_eq "Since your last sheet:
  alice's piece moved from a square outside your view to R10.
  Your King on R10 was captured by alice's piece on R10; you are eliminated." "$(cat "$T/since")" "bob's news"
assert_grep "^Your map of Genetess board 101 (alice, Move #5):$" "$T/demo"
assert_grep "^The whole board at the start: the terrain and the start squares (no pieces).$" "$T/demo"
assert_grep "^  alice  active                11  winner$" "$T/demo"
assert_absent "exit status" "$T/demo"
