# webviews: a finished game's replay on the public site (contract 16) shows, at every step, each player's view
# as the sheet they had then (showas after that move): through round 0 (the whole terrain and the start
# squares), the players ordered anew when it ends, the turns after it (their sight, the legend, their map of
# what they last saw), a resignation and the end (the whole board); what each was told of each move and their
# E, after a resignation in round 0 too. A player's view keeps its number (#v<i>, their index in the ended game)
# on every step.
given_players
run 0 challenge --seed=3 alice bob carol
N=$(last_board)
mkdir "$T/sheets"
K=0
# snap: the sheet each player has now (showas), as step K's, into $T/sheets/K.<userid>; K goes on by one.
snap() {
  "$G" showas alice secret "$N" >"$T/sheets/$K.alice"
  "$G" showas bob hunter2 "$N" >"$T/sheets/$K.bob"
  "$G" showas carol pw "$N" >"$T/sheets/$K.carol"
  K=$((K + 1))
}
pw_of() { case $1 in alice) echo secret ;; bob) echo hunter2 ;; carol) echo pw ;; esac; }
snap
for g in "GAMBLE 0E 1st" "GAMBLE 0E on GPC1"; do
  for who in alice bob carol; do
    run 0 move "$N" "$who" "$(pw_of "$who")" "$g"
    snap
  done
done
for i in 1 2 3 4 5 6; do
  who=$("$G" show "$N" | sed -n 's/^To move: //p')
  run 0 move "$N" "$who" "$(pw_of "$who")" PASS
  snap
done
run 0 resign "$N" bob hunter2
snap
run 0 resign "$N" carol pw
snap
run 0 web "$T/site"
assert_grep "move $((K - 1)) of $((K - 1))" "$T/site/g/$N/$((K - 1)).html"
if command -v python3 >/dev/null 2>&1; then
  if python3 "$(dirname "$E2E_DIR")/browser_web.py" --views "$T/site/g/$N" "$T/sheets" >"$T/views" 2>&1; then e2e_pass
  else e2e_fail "the players' views: $(head -c 600 "$T/views")"; fi
fi
# view_ids STEP: each view's number and whose it is on step STEP's page ("v0 carol" a line)
view_ids() {
  awk '/<section class="view" id="v[0-9]*">/ { id = $0; sub(/.*id="/, "", id); sub(/".*/, "", id); next }
       id && /^<h3>/ { h = $0; sub(/^<h3>/, "", h); sub(/.s view<\/h3>$/, "", h); print id, h; id = "" }' \
    "$T/site/g/$N/$1.html"
}
view_ids 0 >"$T/ids.first"
view_ids $((K - 2)) >"$T/ids.last"
assert_grep "^v0 " "$T/ids.first"
assert_eq "$(sort "$T/ids.last")" "$(sort "$T/ids.first")" "the views' numbers in round 0 and at the end"

# ---- a resignation in round 0: its step says what each player left was told (the restart), each player's news
# found by their userid though fewer players are left than began; so do the steps after it (round 0's gambles,
# written as it ends, then its end ordering the players anew) ----
run 0 challenge --start-e=80 --seed=11 alice bob carol
R=$(last_board)
mkdir "$T/sheets0"
# snap0 STEP: alice's and bob's sheets now as step STEP's, into $T/sheets0/STEP.<userid>
snap0() {
  "$G" showas alice secret "$R" >"$T/sheets0/$1.alice"
  "$G" showas bob hunter2 "$R" >"$T/sheets0/$1.bob"
}
snap0 0
run 0 resign "$R" carol pw
snap0 1
run 0 move "$R" bob hunter2 "GAMBLE 2E 1st / GAMBLE 0E GPC2"
run 0 move "$R" alice secret "GAMBLE 1E 1st / GAMBLE 0E GPC2"
snap0 5
run 0 move "$R" bob hunter2 PASS
snap0 6
run 0 resign "$R" alice secret
snap0 7
run 0 web "$T/site"
assert_grep "move 7 of 7" "$T/site/g/$R/7.html"
assert_grep "carol resigned. Round 0 restarts" "$T/sheets0/1.alice"
assert_grep "<li>carol resigned. Round 0 restarts" "$T/site/g/$R/1.html"
if command -v python3 >/dev/null 2>&1; then
  if python3 "$(dirname "$E2E_DIR")/browser_web.py" --views "$T/site/g/$R" "$T/sheets0" >"$T/views0" 2>&1; then e2e_pass
  else e2e_fail "the players' views after a resignation in round 0: $(head -c 600 "$T/views0")"; fi
fi
