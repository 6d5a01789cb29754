# fog: what sheets, replies and lists show of other players — pieces, and round 0's secret gambles,
# stakes and starts (contract 4.6).
given_players
run 0 challenge --gamble=none --seed=5 alice bob
clear_outbox
run 0 move 101 alice secret "CREATE C4 A"
bobmail=$(mail_to bob)
# bob's sheet does not show alice's pieces on C3/C4
assert_grep "^Subject: Genetess Board 101 bob$" "$bobmail"
assert_absent "C4  *alice" "$bobmail"
assert_absent "C3  *alice" "$bobmail"
run 0 move 101 bob hunter2 PASS
run 0 move 101 alice secret "MOVE C4 S"
run 0 move 101 bob hunter2 PASS

# ---- show is public: no pieces; showas shows the player's own ----
run 0 show 101
has "Genetess board 101"
hasnt "R10"
hasnt "C5"
run 0 showas alice secret 101
has "C5"
hasnt "R10"

# ---- round 0: gambles, stakes and starts are secret ----
run 0 challenge --seed=9 alice bob
R=$(last_board)
run 0 move "$R" alice secret "GAMBLE 3E on GPC2"
run 0 showas bob hunter2 "$R"
hasnt "3E"
hasnt "GAMBLE 3E"
run 0 show "$R"
hasnt "3E"
hasnt "GPC2"
hasnt "GAMBLE 3E"
clear_outbox
run 0 move "$R" bob hunter2 "GAMBLE 2E on GPC2 / GAMBLE 0E dont care"
run 0 move "$R" alice secret "GAMBLE 1E 1st"
assert_grep "^(turn play" "$GAMES/$R"   # round 0 ended
for who in alice bob; do
  # each sheet tells one start
  mail_text "$(mail_to $who | tail -1)" >"$T/text"
  assert_lines 1 "you start on GPC" "$T/text"
done
# alice outbid bob for GPC2: each learns only their own start
af=$(mail_to alice | tail -1)
assert_absent "2E" "$af"
assert_absent "GPC1" "$af"
run 0 showas alice secret "$R"
has "Your start: GPC2"
hasnt "2E"
hasnt "GPC1"
run 0 showas bob hunter2 "$R"
has "Your start: GPC1"
hasnt "3E"
hasnt "GPC2"
run 0 show "$R"
hasnt "2E"
hasnt "GPC"
run 0 games
hasnt "2E"
hasnt "GPC"

# ---- news of sight: a piece that comes into view is told, and a hidden fact changes nothing of it ----
# alice's fast piece walks from C4 to M8, then to P8, from where it sees bob's piece on Q9 (not his King on R10)
run 0 challenge --gamble=none --start-e=80 --seed=7 alice bob
V=$(last_board)
run 0 move "$V" alice secret "CREATE C4 ABBBBBB"
run 0 move "$V" bob hunter2 "CREATE Q9 A"
run 0 move "$V" alice secret "MOVE C4 S-E-E-E-E-E-E"
run 0 move "$V" bob hunter2 PASS
run 0 move "$V" alice secret "MOVE I5 S-E-S-S-E-E-E"
run 0 move "$V" bob hunter2 PASS
# the same command on a copy of the home where a fact hidden from alice differs: bob's King's codes and a piece
# of his far away; alice's reply, mails and showas are the same to the byte
rm -rf "$T/twin" && cp -R "$PBMHOME" "$T/twin"
sed -i 's/^R10 bob K$/R10 bob AK/; s/^(pieces$/(pieces\nS2 bob AB/' "$T/twin/games/Genetess/$V"
assert_grep "^S2 bob AB$" "$T/twin/games/Genetess/$V"
for home in "$PBMHOME" "$T/twin"; do
  clear_outbox
  rm -f "$home/outbox/"*
  PBMHOME=$home run 0 move "$V" alice secret "MOVE M8 E-E-E-W-E-W-E"
  cp "$OUT" "$home.reply"
  for m in $(grep -l "^To: alice@example.org$" "$home/outbox/"*.mail); do no_nonce "$m"; done >"$home.mail"
  PBMHOME=$home run 0 showas alice secret "$V"
  cp "$OUT" "$home.showas"
done
assert_grep "^  Your piece ABBBBBB moved from M8 to P8\.$" "$PBMHOME.reply"
assert_grep "^  bob's piece on Q9 came into your view\.$" "$PBMHOME.reply"
assert_nonempty "$PBMHOME.mail"
assert_grep "^  bob's piece on Q9 came into your view\.$" "$PBMHOME.mail"
for f in reply mail showas; do
  assert_same "$PBMHOME.$f" "$T/twin.$f"
done

# ---- whom else a command mails is hidden too: a quiet player's sheet (not mailed) is not counted in another
# reader's Message-ID (contract 3.3, 8): carol's mail is the same whether alice is quiet or not ----
run 0 challenge --gamble=none --seed=5 alice bob carol
Q=$(last_board)
run 0 move "$Q" alice secret PASS
rm -rf "$T/quiet" && cp -R "$PBMHOME" "$T/quiet"
PBMHOME=$T/quiet run 0 quiet "$Q" alice secret on
for home in "$PBMHOME" "$T/quiet"; do
  rm -f "$home/outbox/"*
  PBMHOME=$home run 0 move "$Q" bob hunter2 PASS
  for m in $(grep -l "^To: carol@example.org$" "$home/outbox/"*.mail); do no_nonce "$m"; done >"$home.qmail"
  grep -l "^To: alice@example.org$" "$home/outbox/"*.mail >"$home.alice" || true
done
assert_nonempty "$PBMHOME.qmail"
assert_nonempty "$PBMHOME.alice"                      # mailed to alice in one home, not in the other
assert_empty "$T/quiet.alice"
assert_grep "^Message-ID: <genetess\.$Q\.[0-9]*\.0001@" "$PBMHOME.qmail"
assert_same "$PBMHOME.qmail" "$T/quiet.qmail"

# ---- round 0: how many gambles a player sent, and what they replaced, is theirs alone: nothing counts them,
# neither the move number nor the history written as round 0 ends (contract 8, 10.3) ----
run 0 challenge --seed=9 alice bob
Z=$(last_board)
rm -rf "$T/many" && cp -R "$PBMHOME" "$T/many"
run 0 move "$Z" bob hunter2 "GAMBLE 2E on GPC2 / GAMBLE 3E 1st"
PBMHOME=$T/many run 0 move "$Z" bob hunter2 "GAMBLE 1E on GPC1 / GAMBLE 0E 2nd"
PBMHOME=$T/many run 0 move "$Z" bob hunter2 "GAMBLE 3E 1st"
PBMHOME=$T/many run 0 move "$Z" bob hunter2 "GAMBLE 2E on GPC2"
for home in "$PBMHOME" "$T/many"; do
  PBMHOME=$home run 0 games
  cp "$OUT" "$home.games0"
  PBMHOME=$home run 0 showas alice secret "$Z"
  cp "$OUT" "$home.showas0"
  PBMHOME=$home run 0 verify "$Z"                   # the gambles not written yet are taken as they are
  has "consistent"
done
assert_grep "^$Z  *1  *waiting for alice " "$PBMHOME.games0"
assert_same "$PBMHOME.games0" "$T/many.games0"
assert_same "$PBMHOME.showas0" "$T/many.showas0"
for home in "$PBMHOME" "$T/many"; do                 # round 0 ends: the history is the same too
  PBMHOME=$home run 0 move "$Z" alice secret PASS
  cp "$home/games/Genetess/$Z.moves" "$home.moves0"
  PBMHOME=$home run 0 verify "$Z"
  has "consistent"
done
assert_grep "^0 bob GAMBLE 2E GPC2, DON'T CARE$" "$PBMHOME.moves0"
assert_same "$PBMHOME.moves0" "$T/many.moves0"
