# ratings: standings and ratings from the finished games — exact texts; a history line written again
# (a crash between the history and the board's save) counts once; a line whose board has not ended is
# not a finished game; a removed board counts as its line says.
given_players
run 0 standings
has "(no finished games)"
run 0 challenge --gamble=none alice bob
run 0 resign 101 bob hunter2                     # 101: alice 1, bob 0
run 0 challenge --gamble=none alice bob carol
run 0 resign 102 bob hunter2
run 0 resign 102 carol pw                        # 102: alice 2, carol 1, bob 0
run 0 challenge --gamble=none alice carol        # 103 runs on

cat >"$T/standings" <<'TXT'
Standings of Genetess players

games  wins  ties  losses  points  player
    2     2     0       0       3  alice
    1     0     0       1       1  carol
    2     0     0       2       0  bob
TXT
cat >"$T/ratings" <<'TXT'
Ratings of Genetess players (Elo: genetess help ratings)

rank  rating  games  player
   1    1531      2  alice
   2    1500      1  carol
   3    1469      2  bob
TXT
run 0 standings
assert_same "$T/standings" "$OUT"
run 0 ratings
assert_same "$T/ratings" "$OUT"
run 2 ratings alice
assert_grep "usage: genetess ratings" "$ERR"

# ---- each finished game counts once ----
H=$PBMHOME/history/Genetess
cp "$H" "$T/history"
sed '1p' "$T/history" >"$H"                      # 101's line written twice
run 0 ratings
assert_same "$T/ratings" "$OUT"
run 0 standings
assert_same "$T/standings" "$OUT"
echo "2027-01-15 103 alice 1 alice carol" >>"$H"  # written before a crash kept 103's end from being saved
run 0 ratings
assert_same "$T/ratings" "$OUT"

# ---- a removed board counts as its history line says (TIE: a draw for everyone) ----
echo "2027-01-16 999 TIE 1 alice bob carol" >>"$H"
run 0 ratings
has "   1    1529      3  alice"
has "   2    1500      2  carol"
has "   3    1471      3  bob"
run 0 standings
has "    3     2     1       0       4  alice"

# ---- archived boards count as before ----
run 0 ratings
cp "$OUT" "$T/ratings2"
GENETESS_NOW=$((NOW + 15 * 86400)) run 0 Cleanup
assert_file "$PBMHOME/games/Genetess-archive/102"
run 0 ratings
assert_same "$T/ratings2" "$OUT"

# ---- the Subjects ----
export SENDER=r@example.org
clear_outbox
run 0 standings
assert_grep "^Subject: Genetess standings$" "$OUTBOX"/*.mail
clear_outbox
run 0 ratings
assert_grep "^Subject: Genetess ratings$" "$OUTBOX"/*.mail
unset SENDER
