#!/bin/sh
# make demo: a short scripted game on the built-in default map for two players (duel) in a
# temporary PBMHOME, printing every reply and the turnsheets mailed to the players.
set -eu
G=${1:-./genetess}
PBMHOME=$(mktemp -d)
export PBMHOME
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
export GENETESS_NOW=1790000000
trap 'rm -rf "$PBMHOME"' EXIT
run() { printf '\n$ genetess %s\n' "$*"; "$G" "$@" || echo "(exit status $?)"; }
run signup alice secret alice@example.org
run signup bob hunter2 bob@example.org
run challenge --seed=7 --name=Demo_game alice bob
# Round 0: secret gambles for start square and turn order (both, by default).
run move 101 alice secret "GAMBLE 1E on GPC1, then don't care"
run move 101 alice secret "GAMBLE 1E 1st"
run move 101 bob hunter2 "GAMBLE 0E don't care"
run move 101 bob hunter2 PASS
run move 101 alice secret CREATE C4 A
run move 101 bob hunter2 CREATE R9 A
run move 101 alice secret "MOVE C4 E"
run move 101 bob hunter2 "MOVE R9 N / *MOVE R8 W"
run move 101 alice secret "MOVE D4 N"
run move 101 alice secret "MOVE D3 E"
run show 101
echo
echo "== The last turnsheet mailed to each player (from $PBMHOME/outbox)"
for who in alice bob; do
  f=$(grep -l "^To: $who@" "$PBMHOME"/outbox/*.mail | tail -n 1)
  printf '\n---- %s ----\n' "$(basename "$f")"
  cat "$f"
done
