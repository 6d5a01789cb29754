# web: the public site (contract 16) — what it holds, each replay step's board equal to `show n#k`'s, a
# second run that writes nothing, one move's update that touches only the pages it changes, a deleted
# board's pages removed (and nothing the manifest does not name, nor anything through a link), and the
# refusals (a site in $PBMHOME, by mail, a wrong count of words).
# assert_gone PATH: nothing is at PATH.
assert_gone() { if [ -e "$1" ]; then e2e_fail "$1 exists"; else e2e_pass; fi; }
given_players
# sheets K: the sheet each player of board 101 has after move K (showas), into $T/sheets/K.<userid>
mkdir "$T/sheets"
sheets() {
  "$G" showas alice secret 101 >"$T/sheets/$1.alice"
  "$G" showas bob hunter2 101 >"$T/sheets/$1.bob"
}
run 0 challenge --gamble=none --start-e=80 --seed=7 --name=Demo_game alice bob
sheets 0
run 0 move 101 alice secret "CREATE C4 ABBBBBB"
sheets 1
run 0 move 101 bob hunter2 PASS
sheets 2
run 0 move 101 alice secret "MOVE C4 S-E-E-E-E-E-E"
sheets 3
run 0 move 101 bob hunter2 PASS
sheets 4
run 0 move 101 alice secret "MOVE I5 S-E-S-S-E-E-E"
sheets 5
run 0 move 101 bob hunter2 PASS
sheets 6
run 0 move 101 alice secret "MOVE M8 E-E-E-E-E-S-S"
sheets 7
run 0 challenge --gamble=none --seed=5 alice bob carol
SITE=$T/site
run 0 web "$SITE"
has "Web site $SITE: "
for f in index.html standings.html ratings.html maps.html style.css g/101/index.html g/102/index.html \
         p/alice.html p/bob.html p/carol.html m/duel.html m/quartet.html m/melee.html; do
  assert_grep . "$SITE/$f"
done
for k in 0 1 2 3 4 5 6 7; do assert_grep "move $k of 7" "$SITE/g/101/$k.html"; done
assert_gone "$SITE/g/101/8.html"
assert_grep '<a href="p/carol.html">carol</a>' "$SITE/index.html"
assert_grep 'won by alice (11)' "$SITE/index.html"
assert_grep 'carol turn\|alice turn' "$SITE/index.html"
assert_grep 'Demo game' "$SITE/g/101/index.html"
assert_grep 'Finished games 1: 1 won, 0 tied, 0 lost; 11 points; rating 1516.' "$SITE/p/alice.html"

# ---- every page parses strictly and every link leads to a page (python3's parser, no browser) ----
if command -v python3 >/dev/null 2>&1; then
  if python3 "$(dirname "$E2E_DIR")/browser_web.py" --files "$SITE" >"$T/strict" 2>&1; then e2e_pass
  else e2e_fail "the pages: $(head -c 400 "$T/strict")"; fi
fi

# ---- each step's view of each player is the sheet showas gave them then: the picture through their sight, the
# legend, their map (the squares out of view as they last saw them), their E and what they were told ----
if command -v python3 >/dev/null 2>&1; then
  if python3 "$(dirname "$E2E_DIR")/browser_web.py" --views "$SITE/g/101" "$T/sheets" >"$T/views" 2>&1; then e2e_pass
  else e2e_fail "the players' views: $(head -c 600 "$T/views")"; fi
fi
assert_grep "<li>alice's piece moved from a square outside your view to R10.</li>" "$SITE/g/101/7.html"

# ---- each step's board is `show 101#k`'s, and the step's move its line ----
# page_board FILE K: the text of the board after move K on the step page (its elements out, entities read)
page_board() {
  awk -v h="<h2>The board after move #$2</h2>" '
    $0 == h { on = 1; next }
    on && /^<pre class="board">/ { sub(/^<pre class="board">/, ""); pre = 1 }
    pre && /<\/pre>/ { exit }
    pre { print }' "$1" | sed 's/<[^>]*>//g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g'
}
# show_board K: the board `show 101#K` draws
show_board() {
  "$G" show "101#$1" | awk '/^The board after move #|^Final board:/ { on = 1; next } on && /^$/ { exit } on { print }'
}
for k in 0 1 2 3 4 5 6 7; do
  page_board "$SITE/g/101/$k.html" "$k" >"$T/page.$k"
  show_board "$k" >"$T/show.$k"
  assert_grep . "$T/show.$k"
  if cmp -s "$T/page.$k" "$T/show.$k"; then e2e_pass; else e2e_fail "step $k: the page's board is not show 101#$k's"; fi
done
assert_grep '<p class="move">3a alice MOVE I5 S-E-S-S-E-E-E</p>' "$SITE/g/101/5.html"
assert_grep '<a id="prev" class="step" href="4.html">' "$SITE/g/101/5.html"
assert_grep '<a id="next" class="step" href="6.html">' "$SITE/g/101/5.html"
assert_grep '<li id="s7"><a href="7.html" class="step">4a alice MOVE M8 E-E-E-E-E-S-S</a></li>' "$SITE/g/101/0.html"
assert_grep 'id="v1"' "$SITE/g/101/3.html"

# ---- the standings and ratings pages hold what the commands print ----
for cmd in standings ratings; do
  "$G" $cmd | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' >"$T/$cmd.txt"
  sed -n '/^<pre>/,/<\/pre>/p' "$SITE/$cmd.html" | sed 's/^<pre>//; s/<\/pre>.*$//' | sed '$d' >"$T/$cmd.page"
  if cmp -s "$T/$cmd.txt" "$T/$cmd.page"; then e2e_pass; else e2e_fail "$cmd.html is not what $cmd prints"; fi
done

# ---- each map's page holds what `help <map>` prints ----
for m in duel quartet melee; do
  "$G" help "$m" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g' >"$T/$m.txt"
  sed -n '/^<pre>/,/<\/pre>/p' "$SITE/m/$m.html" | sed 's/^<pre>//; s/<\/pre>.*$//' | sed '$d' >"$T/$m.page"
  assert_grep "Genetess map $m:" "$T/$m.page"
  if cmp -s "$T/$m.txt" "$T/$m.page"; then e2e_pass; else e2e_fail "m/$m.html is not what help $m prints"; fi
done

# ---- a running game's page is show's public summary, nothing more ----
"$G" show 102 | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g' >"$T/show.102"
sed -n '/<pre class="show">/,/<\/pre>/p' "$SITE/g/102/index.html" | sed 's/^<pre class="show">//; s/<\/pre>$//' |
  sed '$d' >"$T/page.102"
if cmp -s "$T/page.102" "$T/show.102"; then e2e_pass; else e2e_fail "board 102's page is not its public show"; fi
assert_gone "$SITE/g/102/0.html"

# ---- readable by a web server whatever the umask: pages 0644, directories 0755 ----
rm -rf "$T/site2"
(umask 077 && "$G" web "$T/site2" >/dev/null)
assert_eq "644 755 755" "$(stat -c %a "$T/site2/g/101/3.html" "$T/site2/g/101" "$T/site2" | tr "\n" " " | sed "s/ $//")" "modes"

# ---- a second run writes nothing ----
touch -d '2020-01-01' "$T/mark"
find "$SITE" -type f -exec touch -d '2020-01-01' {} +
run 0 web "$SITE"
has "0 pages written"
assert_eq "" "$(find "$SITE" -type f -newer "$T/mark")" "pages written again"

# ---- one move: its game's page, the index and its players' pages; the replays stay ----
run 0 move 102 alice secret PASS
run 0 web "$SITE"
find "$SITE" -type f -newer "$T/mark" | sed "s|^$SITE/||" | sort >"$T/changed"
printf '%s\n' g/102/index.html index.html p/alice.html p/bob.html p/carol.html | sort >"$T/want"
if cmp -s "$T/changed" "$T/want"; then e2e_pass; else e2e_fail "one move rewrote: $(cat "$T/changed")"; fi

# ---- a board deleted: its pages and its directory go; what the site did not write stays ----
run 0 challenge alice bob
D=$(last_board)
run 0 web "$SITE"
assert_grep "^g/$D/index.html\$" "$SITE/.genetess-manifest"
echo mine >"$SITE/extra.html"
mkdir "$T/outside"
echo outside >"$T/outside/x.html"
ln -s "$T/outside" "$SITE/g/evil"
printf '%s\n' g/evil/x.html ../outside/x.html >>"$SITE/.genetess-manifest" # names of files outside the site
run 0 resign "$D" bob hunter2
assert_gone "$GAMES/$D"
run 0 web "$SITE"
has ", 1 removed."
assert_gone "$SITE/g/$D"
assert_grep mine "$SITE/extra.html"
assert_grep outside "$T/outside/x.html"
assert_eq "" "$(grep -e "g/$D/" -e outside -e evil "$SITE/.genetess-manifest")" "the manifest after"
if grep -q "g/$D/" "$SITE/index.html"; then e2e_fail "the index links the deleted board"; else e2e_pass; fi
rm "$SITE/g/evil" "$SITE/extra.html"
run 0 web "$SITE"
has "0 pages written, "
has " unchanged, 0 removed."

# ---- a board that cannot be read this time keeps its game's pages and its players' (carol, in no other
# game, keeps hers) ----
cp "$GAMES/102" "$T/102.board"
echo "not a board" >"$GAMES/102"
run 0 web "$SITE"
has " 0 removed."
assert_grep "carol" "$SITE/p/carol.html"
assert_grep "^p/carol.html\$" "$SITE/.genetess-manifest"
assert_grep "Genetess board 102" "$SITE/g/102/index.html"
assert_grep "^g/102/index.html\$" "$SITE/.genetess-manifest"
cp "$T/102.board" "$GAMES/102"

# ---- a run stopped between a page's write and its rename leaves a temporary; the next run removes it ----
echo half >"$SITE/.genetess-tmp/7"
echo half >"$SITE/.genetess-tmp/8"
run 0 web "$SITE"
assert_gone "$SITE/.genetess-tmp/7"
assert_gone "$SITE/.genetess-tmp/8"
assert_eq "" "$(ls -A "$SITE/.genetess-tmp")" "the temporaries' directory after a run"
assert_grep "removed 2 temporaries a stopped run left" "$T/err"

# ---- a directory where a page goes is never removed: the run stops (exit 3), removing nothing ----
mv "$SITE/ratings.html" "$T/ratings.html"
mkdir "$SITE/ratings.html"
echo mine >"$SITE/ratings.html/keep"
run 3 web "$SITE"
has "a page could not be written"
assert_grep "ratings.html" "$T/err"
assert_grep mine "$SITE/ratings.html/keep"
assert_eq "" "$(ls -A "$SITE/.genetess-tmp")" "the temporaries' directory after a stopped run"
assert_grep "^ratings.html\$" "$SITE/.genetess-manifest"
rm -r "$SITE/ratings.html"
mv "$T/ratings.html" "$SITE/ratings.html"
run 0 web "$SITE"
has " 0 removed."

# ---- a FIFO where the manifest or a page goes is never opened, so nothing blocks: the run stops at once (exit 3)
# with the reason on stderr and leaves it; a command run meanwhile is not kept waiting (the manifest is read
# with the server's lock let go) ----
F=$T/fifo-site
mkdir "$F"
mkfifo "$F/.genetess-manifest"
timeout 10 "$G" web "$F" >"$T/fifo.out" 2>"$T/fifo.err" &
FIFO_WEB=$!
sleep 1
run 0 show 102
wait $FIFO_WEB
st=$?
assert_eq 3 "$st" "web with a FIFO as its manifest"
assert_grep "the site's manifest could not be read" "$T/fifo.out"
assert_grep "$F/.genetess-manifest is a FIFO where a file of the site goes" "$T/fifo.err"
if [ -p "$F/.genetess-manifest" ]; then e2e_pass; else e2e_fail "the FIFO at the manifest is gone"; fi
rm "$F/.genetess-manifest"
mkfifo "$F/index.html"
timeout 10 "$G" web "$F" >"$OUT" 2>"$ERR"
st=$?
assert_eq 3 "$st" "web with a FIFO as index.html"
has "a page could not be written"
assert_grep "$F/index.html is a FIFO where a file of the site goes" "$ERR"
if [ -p "$F/index.html" ]; then e2e_pass; else e2e_fail "the FIFO at index.html is gone"; fi

# ---- make demo writes the demo game's site and says where ----
sh "$E2E_DIR/../../tools/demo.sh" "$G" "$T/demo-site" >"$T/demo" 2>&1
assert_grep "open $T/demo-site/index.html in a browser" "$T/demo"
assert_grep 'won by alice (11)' "$T/demo-site/index.html"
assert_grep 'move 7 of 7' "$T/demo-site/g/101/7.html"

# ---- refusals: nothing written ----
run 1 web "$PBMHOME/site"
has "may not be \$PBMHOME nor under it"
assert_gone "$PBMHOME/site"
run 1 web "$T" # the home's parent: the home's files would be the site's
has "web: the site's directory may not hold \$PBMHOME"
assert_gone "$T/index.html"
assert_gone "$T/.genetess-manifest"
mkdir "$T/up"
PBMHOME=$T/up/g run 0 signup dave pw4 dave@example.org # a home named g, as the site's games' directory is
PBMHOME=$T/up/g run 0 signup erin pw5 erin@example.org
PBMHOME=$T/up/g run 0 challenge --gamble=none dave erin
PBMHOME=$T/up/g run 1 web "$T/up"
has "may not hold \$PBMHOME"
PBMHOME=$T/up/g run 1 web "$T/up/../up/"
has "may not hold \$PBMHOME"
assert_eq "etc games history outbox spool" "$(ls "$T/up/g" | tr '\n' ' ' | sed 's/ $//')" "the home named g after web"
assert_gone "$T/up/index.html"
run 1 web "$T/no/such/dir"
assert_gone "$T/no"
: >"$T/a-file"
run 1 web "$T/a-file"
has "is not a directory"
ln -s "$SITE" "$T/a-link"
run 1 web "$T/a-link"
has "web: $T/a-link is a symbolic link: web follows no link; name the directory itself"
run 2 web
run 2 web "$SITE" more
SENDER=alice@example.org run 1 web "$T/bymail"
assert_gone "$T/bymail"

# ---- a finished game whose history an admin edited: its steps say they cannot be replayed, as show does ----
run 0 challenge --gamble=none --seed=7 alice bob
N=$(last_board)
run 0 move "$N" alice secret PASS
run 0 resign "$N" bob hunter2
add_moves_line "$GAMES/$N" "2a admin EDIT by hand"
run 1 show "$N#1"
has "history before an admin edit is not replayable"
run 0 web "$SITE"
assert_grep "This step cannot be replayed: history before an admin edit is not replayable" "$SITE/g/$N/1.html"
assert_grep "won by alice" "$SITE/g/$N/index.html"

# ---- a game on a built-in map named in another case (--map=Duel plays duel; a board made before its name was
# kept in lower case, or edited by hand, holds map=DuEl) links that map's page ----
run 0 challenge --gamble=none --map=Duel alice bob
D=$(last_board)
sed 's/map=[Dd]uel/map=DuEl/g' "$GAMES/$D" >"$T/board.edit" && mv "$T/board.edit" "$GAMES/$D"
assert_grep "map=DuEl" "$GAMES/$D"
run 0 verify "$D"
run 0 web "$SITE"
assert_grep "<td><a href=\"g/$D/index.html\">$D</a></td><td></td><td><a href=\"m/duel.html\">" "$SITE/index.html"
assert_grep "<td><a href=\"../g/$D/index.html\">$D</a></td><td></td><td><a href=\"../m/duel.html\">" "$SITE/p/bob.html"

# ---- every player of the standings has a page, though the boards of their finished games are gone (the admin
# deleted them) or cannot be read this time: the page lists the game as the history gives it (players, scores,
# the result they give), its number linked only while its pages are on the site; the index lists neither ----
run 0 signup fay pw6 fay@example.org
run 0 signup gus pw7 gus@example.org
run 0 challenge --gamble=none --seed=5 fay gus
GONE=$(last_board)
run 0 resign "$GONE" fay pw6
run 0 challenge --gamble=none --seed=5 alice gus
BAD=$(last_board)
run 0 resign "$BAD" alice secret
run 0 web "$SITE"
rm "$GAMES/$GONE" "$GAMES/$GONE.moves"
cp "$GAMES/$BAD" "$T/bad.board"
echo "not a board" >"$GAMES/$BAD"
run 0 standings
has " fay"
run 0 web "$SITE"
assert_grep "board $BAD: " "$ERR"
for p in fay gus; do
  assert_grep "<a href=\"p/$p.html\">$p</a>" "$SITE/standings.html"
  assert_grep "<a href=\"p/$p.html\">$p</a>" "$SITE/ratings.html"
  assert_grep "^<p>Finished games " "$SITE/p/$p.html"
done
assert_grep "<tr><td>$GONE</td><td></td><td></td><td><a href=\"../p/fay.html\">fay</a> 0, <a href=\"../p/gus.html\">gus</a> 1</td><td>won by gus (1)</td>" "$SITE/p/fay.html"
assert_grep "<tr><td><a href=\"../g/$BAD/index.html\">$BAD</a></td>" "$SITE/p/alice.html"
assert_grep "<tr><td>$GONE</td>" "$SITE/p/gus.html"
assert_absent "g/$GONE/\|g/$BAD/\|<td>$GONE</td>" "$SITE/index.html"
assert_gone "$SITE/g/$GONE"
assert_file "$SITE/g/$BAD/index.html"
if command -v python3 >/dev/null 2>&1; then
  if python3 "$(dirname "$E2E_DIR")/browser_web.py" --files "$SITE" >"$T/strict2" 2>&1; then e2e_pass
  else e2e_fail "the pages, boards gone: $(head -c 400 "$T/strict2")"; fi
fi
cp "$T/bad.board" "$GAMES/$BAD"
