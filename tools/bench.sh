#!/bin/sh
# make bench: speed targets, measured outside the unit tests.
#  - a command on the largest board (702 x 999, 2000 pieces) loads, checks, saves and renders in < 2 s;
#  - a command on a built-in board takes < 50 ms;
#  - calc of a 1000-code sequence < 50 ms.
set -eu
G=${1:-./genetess}
PBMHOME=$(mktemp -d)
export PBMHOME
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
trap 'rm -rf "$PBMHOME"' EXIT
ms() { date +%s%N | cut -c1-13; }
"$G" signup alice a alice@example.org >/dev/null
"$G" signup bob b bob@example.org >/dev/null
# The largest map: 702 columns x 999 rows of floor inside exterior walls.
awk 'BEGIN {
  print "name big"; print "grid";
  w = 702; h = 999; line = "";
  for (c = 0; c < w; c++) line = line "#"; print line;
  mid = "#"; for (c = 1; c < w - 1; c++) mid = mid "."; mid = mid "#";
  for (r = 1; r < h - 1; r++) print mid;
  print line; print "end";
  print "start GPC1 B2"; print "start GPC2 ZY998";
  n = 0;
  for (r = 10; r < 990 && n < 1998; r += 20) for (c = 10; c < 690 && n < 1998; c += 17) {
    col = ""; x = c + 1; while (x > 0) { col = sprintf("%c", 65 + (x - 1) % 26) col; x = int((x - 1) / 26); }
    printf "piece GPC%d %s%d ABCD\n", (n % 2) + 1, col, r + 1; n++;
  }
}' > "$PBMHOME/big.map"
t0=$(ms); "$G" challenge --gamble=none --map="$PBMHOME/big.map" alice bob >/dev/null; t1=$(ms)
echo "challenge on a 702x999 board with 2000 pieces: $((t1 - t0)) ms"
t0=$(ms); "$G" move 101 alice a PASS >/dev/null; t1=$(ms)
big=$((t1 - t0))
echo "one order on it (load, check, apply, save, two sheets): $big ms (target < 2000)"
"$G" challenge --gamble=none alice bob >/dev/null
t0=$(ms); i=0; while [ $i -lt 20 ]; do "$G" move 102 alice a PASS >/dev/null; "$G" move 102 bob b PASS >/dev/null; i=$((i + 1)); done; t1=$(ms)
small=$(( (t1 - t0) / 40 ))
echo "one order on the duel board: $small ms on average over 40 (target < 50)"
seq=$(awk 'BEGIN { for (i = 0; i < 1000; i++) printf "A"; }')
t0=$(ms); "$G" calc "$seq" >/dev/null; t1=$(ms)
echo "calc of 1000 codes: $((t1 - t0)) ms (target < 50)"
size=$(wc -c < "$PBMHOME/games/Genetess/101")
echo "board file of the big board: $size bytes"
fail=0
[ "$big" -lt 2000 ] || { echo "SLOW: big board"; fail=1; }
[ "$small" -lt 50 ] || { echo "SLOW: duel board"; fail=1; }
exit $fail
