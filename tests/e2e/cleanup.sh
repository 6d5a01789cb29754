# cleanup: Cleanup is quiet when nothing happened (cron mails every line it prints) and sums up with -v
# or when something did; a board it cannot load is skipped — said on stderr, mailed to $PBMADMIN,
# exit status 3 — and every other board is processed.
given_players
run 0 challenge --gamble=none --deadline=24 alice bob
run 0 challenge --gamble=none --deadline=24 alice carol
run 0 challenge --gamble=none --deadline=24 bob carol
clear_outbox
run 0 Cleanup
assert_eq "" "$(cat "$OUT")" "Cleanup's output when nothing happened"
run 0 cleanup -v
has "Cleanup: 3 boards looked at, 0 deadlines processed, 0 nags sent, 0 archived, 0 skipped."
run 2 Cleanup -x
assert_eq "usage: genetess Cleanup [-v] (Cleanup takes -v or nothing)" "$(cat "$ERR")" "Cleanup with a bad word"
GENETESS_NOW=$((NOW + 13 * 3600)) run 0 Cleanup
has "Cleanup: 3 boards looked at, 0 deadlines processed, 3 nags sent, 0 archived, 0 skipped."
assert_mails 3 "^Subject: Nag: Genetess Board"

# ---- a damaged board among good ones: skipped and reported, the others processed ----
cp "$GAMES/102" "$T/102.good"
echo "(genetess 1)" >"$GAMES/102"
clear_outbox
PBMADMIN=admin@example.org GENETESS_NOW=$((NOW + 25 * 3600)) run 3 Cleanup
has "Cleanup: 3 boards looked at, 2 deadlines processed, 0 nags sent, 0 archived, 1 skipped."
hasnt "102:"                                          # the reason is the admin's, not the reply's
assert_grep "^genetess: Cleanup skipped board 102: 102:" "$ERR"
assert_grep "^1a alice Timeout$" "$GAMES/101"          # the boards before and after it were processed
assert_grep "^1a bob Timeout$" "$GAMES/103"
assert_mails 1 "^Subject: Genetess Cleanup skipped board 102$"
assert_mails 1 "^To: admin@example.org$"
assert_mails 1 "^102:"                                 # the admin's mail holds the reason
assert_eq "(genetess 1)" "$(cat "$GAMES/102")" "the damaged board, never rewritten"
clear_outbox
GENETESS_NOW=$((NOW + 25 * 3600)) run 3 Cleanup              # no PBMADMIN: stderr only
assert_mails 0
assert_grep "^genetess: Cleanup skipped board 102: 102:" "$ERR"
GENETESS_NOW=$((NOW + 25 * 3600)) run 3 games next        # listed whatever the filter, exit 3 (contract 2)
has "102    (cannot be read)"
hasnt "(no games)"
GENETESS_NOW=$((NOW + 25 * 3600)) run 3 all show alice
has "Genetess board 102 cannot be read"
has "Genetess board 101"
cp "$T/102.good" "$GAMES/102"
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 Cleanup
has "Cleanup: 3 boards looked at, 1 deadline processed, 0 nags sent, 0 archived, 0 skipped."   # plurals right

# ---- the history: a finished game whose line is missing gets it from Cleanup, once ----
run 0 resign 101 bob hunter2
assert_lines 1 " 101 alice " "$PBMHOME/history/Genetess"
grep -v " 101 alice " "$PBMHOME/history/Genetess" >"$T/h"; cp "$T/h" "$PBMHOME/history/Genetess"
run 0 Cleanup
assert_lines 1 " 101 alice " "$PBMHOME/history/Genetess"
run 0 Cleanup
assert_lines 1 " 101 alice " "$PBMHOME/history/Genetess"

# ---- boards several deadlines behind: Cleanup counts each deadline it catches up, not each board ----
run 0 challenge --gamble=none --deadline=24 --max-timeouts=10 alice bob
clear_outbox
GENETESS_NOW=$((NOW + 3 * 24 * 3600 + 3600)) run 0 Cleanup
# 102 and 103 catch up two time-outs each (1b, 2a), the new 104 three (1a, 1b, 2a)
has "Cleanup: 4 boards looked at, 7 deadlines processed, 0 nags sent, 0 archived, 0 skipped."
assert_eq 3 "$(grep -c ' Timeout$' "$GAMES/104.moves")" "time-outs caught up on board 104"
