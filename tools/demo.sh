#!/bin/sh
# make demo: a short scripted game on the built-in default map in a temporary PBMHOME,
# printing the replies and the turnsheets mailed to the players.
set -eu
G=${1:-./genetess}
PBMHOME=$(mktemp -d)
export PBMHOME
unset SENDER PBMSENDMAIL INPUTFILE || true
export GENETESS_NOW=1790000000
trap 'rm -rf "$PBMHOME"' EXIT
say() { printf '\n$ genetess %s\n' "$*"; }
run() { say "$*"; "$G" "$@" || echo "(exit status $?)"; }
run signup alice secret alice@example.org
run signup bob hunter2 bob@example.org
run challenge --seed=7 --name=Demo_game alice bob
# Round 0: both players gamble for start position and turn order.
run move 101 alice secret "GAMBLE 1E on GPC1, then don't care"
run move 101 alice secret "GAMBLE 0E 1st"
run move 101 bob hunter2 "GAMBLE 2E GPC1, GPC2"
run move 101 bob hunter2 "GAMBLE 0E don't care"
run show 101
first=$("$G" show 101 | sed -n 's/^To move: *\([a-z]*\).*/\1/p' | head -n 1)
echo "(first to move: ${first:-unknown})"
for who in alice bob alice bob; do
  pw=secret; [ "$who" = bob ] && pw=hunter2
  run move 101 "$who" "$pw" PASS
done
echo
echo "== Mail sent (outbox): the last turnsheet of each player"
for who in alice bob; do
  f=$(grep -l "^To: $who@" "$PBMHOME"/outbox/*.mail | tail -n 1)
  printf '\n---- %s ----\n' "$f"
  cat "$f"
done
