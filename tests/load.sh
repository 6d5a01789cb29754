#!/bin/sh
# Load: 64 concurrent commands, on one board and spread over 8 boards; nothing is lost or
# duplicated and the game list agrees with the boards.
#  one board:  64 `chat` commands at once (alice and bob alternating): every one answered with exit 0, each
#              player mailed exactly 64 chats, each message once; the board still verifies.
#  8 boards:   8 games played at once, each by its own two players taking 8 turns (PASS) in a row — 64
#              `move` commands in flight together: every one exits 0, each board's history holds its 8 PASS
#              lines in order, and etc/Genetess.list shows each board's move number.
# Usage: GENETESS=path sh tests/load.sh   (prints "load: N passed, M failed")
set -u
G=${GENETESS:-./genetess}
case $G in /*) ;; *) G=$(pwd)/$G ;; esac
H=$(mktemp -d)
trap 'rm -rf "$H"' EXIT
export PBMHOME=$H GENETESS_NOW=1790000000
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
pass=0 fail=0
check() { if [ "$1" = "$2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL load: $3: got '$1', want '$2'"; fi; }

i=0
while [ $i -lt 16 ]; do "$G" signup "p$i" "pw$i" "p$i@example.org" >/dev/null; i=$((i + 1)); done
"$G" signup alice a alice@example.org >/dev/null
"$G" signup bob b bob@example.org >/dev/null

# ---- 64 chats on one board ----
"$G" challenge --gamble=none --seed=1 alice bob >/dev/null
rm -f "$H"/outbox/*
mkdir "$H/st"
i=0
while [ $i -lt 64 ]; do
  printf 'message %d\n' $i > "$H/st/body$i"
  if [ $((i % 2)) -eq 0 ]; then who=alice pw=a; else who=bob pw=b; fi
  ( INPUTFILE="$H/st/body$i" "$G" chat 101 $who $pw >/dev/null 2>&1; echo $? > "$H/st/rc$i" ) &
  i=$((i + 1))
done
wait
check "$(cat "$H"/st/rc* | sort | uniq -c | tr -s ' ')" " 64 0" "64 concurrent chats all exit 0"
for who in alice bob; do
  n=$(grep -l "^To: $who@" "$H"/outbox/*.mail | xargs grep -l '^Subject: Genetess chat 101' | wc -l | tr -d ' ')
  check "$n" 32 "$who received every chat of the other once (a sender's copy is their reply)"
done
dups=$(for f in "$H"/outbox/*.mail; do sed -n '/^$/,$p' "$f" | grep -m1 '^message [0-9]*$' | sed "s/^/$(grep -m1 '^To:' "$f") /"; done | sort | uniq -d | wc -l)
check "$dups" 0 "no chat mailed twice to the same player"
"$G" verify 101 > "$H/st/v" 2>&1
check "$(grep -c consistent "$H/st/v")" 1 "board 101 verifies after the chats"

# ---- 8 boards, 64 moves in flight ----
b=0
while [ $b -lt 8 ]; do "$G" challenge --gamble=none --seed=$((b + 2)) "p$((2 * b))" "p$((2 * b + 1))" >/dev/null; b=$((b + 1)); done
b=0
while [ $b -lt 8 ]; do
  n=$((102 + b)); x=$((2 * b)); y=$((2 * b + 1))
  ( t=0; while [ $t -lt 8 ]; do
      if [ $((t % 2)) -eq 0 ]; then u=$x; else u=$y; fi
      "$G" move $n "p$u" "pw$u" PASS >/dev/null 2>&1; echo $? >> "$H/st/m$n"
      t=$((t + 1))
    done ) &
  b=$((b + 1))
done
wait
b=0
while [ $b -lt 8 ]; do
  n=$((102 + b))
  check "$(sort "$H/st/m$n" | uniq -c | tr -s ' ')" " 8 0" "board $n: all 8 moves exit 0"
  # the history is in the move list <n>.moves (contract 10): its first <count> lines
  k=$(sed -n 's/^(moves [0-9]*\.moves \([0-9]*\))$/\1/p' "$H/games/Genetess/$n")
  check "$(head -n "${k:-0}" "$H/games/Genetess/$n.moves" | grep -c ' PASS$')" 8 "board $n: 8 PASS lines, none lost or doubled"
  check "$(grep "^$n:" "$H/etc/Genetess.list" | cut -d: -f3)" 9 "board $n: the list shows move #9"
  b=$((b + 1))
done
echo "load: $pass passed, $fail failed"
[ $fail -eq 0 ]
