# lock: one lock serialises the commands — concurrent orders are neither lost nor duplicated, and a
# command that cannot get the lock in time is refused with "Genetess is busy" (contract 5); the lock file's
# mark says whether its last holder finished, and stale temporaries are looked for only when it did not
# (and by every Cleanup).
given_players
run 0 challenge --gamble=none --seed=5 alice bob
B=$GAMES/101
passes() { cat $(with_moves "$B") | grep -c "^[0-9][0-9]*[a-z] [a-z]* PASS$"; }
before=$(passes)
: >"$T/par"
i=0
while [ $i -lt 6 ]; do
  ("$G" move 101 alice secret PASS 2>&1 | grep "^PASS: done" >>"$T/par") &
  ("$G" move 101 bob hunter2 PASS 2>&1 | grep "^PASS: done" >>"$T/par") &
  wait
  i=$((i + 1))
done
after=$(passes)
okruns=$(grep -c "done" "$T/par")
assert_eq "$okruns" "$((after - before))" "PASSes recorded after $okruns concurrent successes"
run 0 verify 101
has "consistent"

# ---- the lock held too long (a slow mailer after the save): busy, exit 3, nothing changed ----
turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$LIST")
if [ "$turn" = alice ]; then
  turn_pw=secret other=bob other_pw=hunter2
else
  turn_pw=hunter2 other=alice other_pw=secret
fi
PBMSENDMAIL="[ -f '$T/mailing' ] || { touch '$T/mailing'; sleep 2; }; cat >/dev/null" \
  "$G" move 101 "$turn" "$turn_pw" PASS >"$T/slow" 2>&1 &
slow=$!
i=0
while [ ! -f "$T/mailing" ] && [ $i -lt 100 ]; do
  sleep 0.1
  i=$((i + 1))
done
assert_file "$T/mailing"                          # the slow command is mailing, the lock held
cp "$B" "$T/held"
GENETESS_LOCK_WAIT=1 run 3 move 101 "$other" "$other_pw" PASS
has "Genetess is busy; try again later"
assert_same "$B" "$T/held"
wait $slow
assert_eq 0 $? "exit status of the command that held the lock"
assert_grep "^PASS: done" "$T/slow"
run 0 move 101 "$other" "$other_pw" PASS
has "PASS: done"

# ---- stale temporaries: looked for when the lock's last holder was stopped, and by every Cleanup ----
sh -c 'exit 0' &
dead=$!
wait $dead
stale="$GAMES/.101.tmp.$dead"
assert_eq "0" "$(cat "$GAMES/.lockfile")" "the lock file's mark after a command that finished"
echo x >"$stale"
run 0 show 101
assert_file "$stale"                              # the last holder finished: nothing to look for
printf 1 >"$GAMES/.lockfile"                      # as a command killed while it held the lock leaves it
run 0 show 101
assert_no_file "$stale"
assert_eq "0" "$(cat "$GAMES/.lockfile")" "the mark once the command that swept has finished"
echo x >"$stale"
run 0 Cleanup
assert_no_file "$stale"
# the rate limit's counts are written outside the lock (genetess mail): a stopped one's temporary goes
# at the next Cleanup, the counts themselves stay
mkdir -p "$PBMHOME/var/rate"
rate_stale="$PBMHOME/var/rate/._al@example.org.tmp.$dead"
echo x >"$rate_stale"
echo "1000 3" >"$PBMHOME/var/rate/_al@example.org"
run 0 Cleanup
assert_no_file "$rate_stale"
assert_file "$PBMHOME/var/rate/_al@example.org"
