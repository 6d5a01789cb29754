#!/bin/sh
# make demo: a short game on the built-in default map for two players (duel), in a temporary PBMHOME:
# alice buys a fast piece (seven squares a move) and walks it across the board in three moves to
# capture bob's King, which ends the game. Prints each command with the first part of its reply, the
# first sheet alice is mailed, her map on the way, and the final sheet with the score table (the fog lifted);
# then writes the server's public web site (genetess web) into SITE and says where: its index, and the
# game's replay, one page per move.
#   sh tools/demo.sh [GENETESS [SITE]]     (SITE: build/demo-site)
set -eu
G=${1:-./genetess}
SITE=${2:-build/demo-site}
PBMHOME=$(mktemp -d)
export PBMHOME
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
export GENETESS_NOW=1790000000
trap 'rm -rf "$PBMHOME"' EXIT
# run ARGS: the command and its reply up to the first blank line (the sheet that follows is left out).
run() {
  printf '\n$ ./genetess %s\n' "$*"
  "$G" "$@" >"$PBMHOME/reply" || echo "(exit status $?)"
  sed '/^$/q' "$PBMHOME/reply" | sed '/^$/d'
}
# last_mail USERID: the body of the last mail to USERID (the outbox is emptied before the command whose
# mail is shown: mail names sort by time and process id, and the clock stands still here).
# A sheet mail is multipart/alternative (the text sheet, then the same in HTML): print its text part only.
last_mail() {
  awk '
    !inbody && /boundary="/ { b = $0; sub(/.*boundary="/, "", b); sub(/".*/, "", b) }
    !inbody { if ($0 == "") inbody = 1; next }
    b == "" { print; next }
    $0 == "--" b || $0 == "--" b "--" { part++; hdr = 1; next }
    part == 1 && hdr { if ($0 == "") hdr = 0; next }
    part == 1 { print }
  ' "$(grep -l "^To: $1@" "$PBMHOME"/outbox/*.mail | tail -n 1)"
}
run signup alice secret alice@example.org
run signup bob hunter2 bob@example.org
run challenge --gamble=none --start-e=80 --seed=7 --name=Demo_game alice bob
echo
echo "== The first sheet mailed to alice"
echo
last_mail alice
run calc ABBBBBB
run move 101 alice secret "CREATE C4 ABBBBBB"
run move 101 bob hunter2 PASS
run move 101 alice secret "MOVE C4 S-E-E-E-E-E-E"
run move 101 bob hunter2 PASS
run map 101 alice secret
run move 101 alice secret "MOVE I5 S-E-S-S-E-E-E"
run move 101 bob hunter2 PASS
rm -f "$PBMHOME"/outbox/*
run move 101 alice secret "MOVE M8 E-E-E-E-E-S-S"
run log 101 alice secret
echo
echo "== The final sheet mailed to bob"
echo
last_mail bob
mkdir -p "$(dirname "$SITE")"
run web "$SITE"
SITE=$(cd "$SITE" && pwd)
echo
echo "== The public web site: open $SITE/index.html in a browser"
echo "   (the game's replay, move by move: $SITE/g/101/0.html; keys <- and -> step)"
