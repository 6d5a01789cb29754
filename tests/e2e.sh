#!/bin/sh
# End-to-end tests: run the real binary in a temporary $PBMHOME — arguments and files in;
# reply, mails, board file and exit status out. Ends with "N passed, N failed".
G=${GENETESS:-./genetess}
PASS=0
FAIL=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export PBMHOME="$T/home"
unset SENDER PBMSENDMAIL INPUTFILE PBMFROM || true
export GENETESS_NOW=1800000000
export GENETESS_LOCK_WAIT=2

ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
# run EXPECTED_STATUS args... : output in $T/out
run() {
  want=$1; shift
  "$G" "$@" >"$T/out" 2>"$T/err"
  got=$?
  if [ "$got" = "$want" ]; then ok; else bad "genetess $* -> exit $got, wanted $want: $(head -c 300 "$T/out" "$T/err")"; fi
}
has() { if grep -qF -- "$1" "$T/out"; then ok; else bad "output lacks '$1': $(head -c 400 "$T/out")"; fi; }
hasnt() { if grep -qF -- "$1" "$T/out"; then bad "output shows '$1'"; else ok; fi; }
same() { if cmp -s "$1" "$2"; then ok; else bad "$1 changed"; fi; }
B="$PBMHOME/games/Genetess/101"

run 0 signup alice secret alice@example.org
run 0 signup bob hunter2 bob@example.org
run 0 signup carol pw carol@example.org
run 1 signup alice other a@b.c
has "User alice already exists"

# ---- challenge ----
run 2 challenge alice
has "At least 2 players must play"
run 2 challenge -x alice bob
has "Invalid Genetess parameter '-x'"
run 2 challenge --colour=red alice bob
has "Invalid Genetess parameter '--colour=red'"
run 2 challenge --deadline=0 alice bob
has "Invalid Genetess parameter '--deadline=0': deadline must be a whole number from 1 to 8760"
run 1 challenge alice nobody
has "Invalid userid entered"
run 1 challenge --map=duel alice bob carol
has "At most 2 players can play"
SENDER=alice@example.org run 1 challenge --map=/etc/passwd alice bob
grep -q "^Subject: Genetess error" "$PBMHOME"/outbox/*.mail && ok || bad "refusal not mailed to SENDER"
grep -q "root:" "$PBMHOME"/outbox/*.mail && bad "map file echoed" || ok
rm -f "$PBMHOME"/outbox/*
run 0 challenge --gamble=none --seed=5 alice bob
has "Genetess board 101 created for alice bob on map duel."
[ -f "$B" ] && ok || bad "board file missing"
n=$(ls "$PBMHOME/outbox" | wc -l)
[ "$n" = 2 ] && ok || bad "wanted 2 New mails, got $n"
grep -l "^Subject: New Genetess Board 101 alice$" "$PBMHOME"/outbox/*.mail >/dev/null && ok || bad "New subject"
grep -q "^101:alice bob:1:alice turn$" "$PBMHOME/etc/Genetess.list" && ok || bad "game list line: $(cat "$PBMHOME/etc/Genetess.list")"

# ---- refusals change nothing ----
cp "$B" "$T/before"
cp "$PBMHOME/etc/users" "$T/users0"
cp "$PBMHOME/etc/Genetess.list" "$T/list0"
run 1 move 101 alice wrong PASS
has "Invalid password entered"
run 1 move 101 zed wrong PASS
has "Invalid userid entered"
run 1 move 101 carol pw PASS
has "You are NOT playing this game"
run 1 move 999 alice secret PASS
has "Genetess board 999 not found"
run 1 move ../etc alice secret PASS
run 2 move 101 alice
run 1 frobnicate
has "Unknown command"
run 1 move 101 alice secret MOVE C3 UP
has 'Invalid move "MOVE C3 UP" entered'
run 1 move 101 alice secret "PASS#7"
has "Move PASS received as move #1"
run 1 move 101 alice secret CREATE C4 KA
has "CREATE C4 AK: K cannot be bought"
run 1 move abc alice secret PASS
has "Genetess board abc not found"
run 2 quiet 101 alice secret maybe
run 1 games nobody
has "Invalid userid entered"
run 1 challenge alice alice
run 1 challenge --map=nosuchmap alice bob
SENDER=r@example.org run 1 move 101 alice wrong PASS
same "$B" "$T/before"
same "$PBMHOME/etc/users" "$T/users0"
same "$PBMHOME/etc/Genetess.list" "$T/list0"

# ---- a turn ----
rm -f "$PBMHOME"/outbox/*
run 0 move 101 alice secret "CREATE C4 A#1"
has "CREATE C4 A: done"
has "genetess move 101 alice <password> <ORDER>#2"
grep -q "^1a alice CREATE C4 A$" "$B" && ok || bad "moves line"
grep -q "^C4 alice A$" "$B" && ok || bad "piece line"
n=$(ls "$PBMHOME/outbox" | wc -l)
[ "$n" = 2 ] && ok || bad "wanted 2 sheets for the new turn, got $n"
bobmail=$(grep -l "^To: bob@example.org" "$PBMHOME"/outbox/*.mail)
grep -q "^Subject: Genetess Board 101 bob$" $bobmail && ok || bad "bob subject"
# fog: bob cannot see alice's pieces on C3/C4
if grep -q "C4  *alice" $bobmail || grep -q "C3  *alice" $bobmail; then bad "bob's sheet shows alice's pieces"; else ok; fi
# off-turn order is stored
run 0 move 101 alice secret MOVE C4 S
has "Stored for your next turn: MOVE C4 S"
run 0 queue 101 alice secret
has "Your stored orders: MOVE C4 S"
run 0 queue 101 alice secret NONE
run 0 queue 101 alice secret "*MOVE C4 S / PASS"
has "Stored for your next turn: *MOVE C4 S / PASS"
# bob's turn; then alice's starred stored order runs at once, and no sheet waits for her
rm -f "$PBMHOME"/outbox/*
run 0 move 101 bob hunter2 PASS
grep -q "^2a alice MOVE C4 S (Auto)$" "$B" && ok || bad "starred stored order did not run: $(grep '^[0-9]' "$B" | tail -3)"
amail=$(grep -l "^To: alice@example.org" "$PBMHOME"/outbox/*.mail)
[ "$(echo "$amail" | wc -l)" = 1 ] && ok || bad "alice got $(echo "$amail" | wc -l) sheets"
grep -q "^Subject: Genetess Board 101 bob$" $amail && ok || bad "the * turn sent a sheet of its own"
sed -n '/^$/,$p' $amail | head -8 | grep -q "^Your stored order MOVE C4 S was processed." && ok || bad "sheet does not open with the processed * order"
# mail body as the order
printf '\n  PASS  \n' > "$T/body"
INPUTFILE="$T/body" run 0 move 101 bob hunter2
has "PASS: done"
# failed order: recorded, exit 1
run 1 move 101 alice secret MOVE C5 N-N
has "MOVE C5 N-N: the piece on C5 must move exactly 1 square"
grep -q "MOVE C5 N-N (Failed)$" "$B" && ok || bad "failed order not recorded"
run 0 verify 101
has "consistent"

# ---- show and fog ----
run 0 show 101
has "Genetess board 101"
hasnt "R10"
hasnt "C5"
run 1 show "101#3"
run 0 showas alice secret 101
has "C5"
hasnt "R10"
run 0 games
has "101"
run 0 games bob next

# ---- corrupt and hand-edited boards ----
cp "$B" "$T/good"
sed 's/^C5 alice A$/C5 alice 9/' "$T/good" > "$B"
cp "$B" "$T/corrupt"
run 3 move 101 alice secret PASS
has "101:"
same "$B" "$T/corrupt"
cp "$T/good" "$B"
sed 's/^C5 alice A$/C5 alice AB/' "$T/good" > "$B"
run 0 move 101 alice secret MOVE C5 E-W
cp "$T/good" "$B"

# ---- concurrency: the lock serialises commands; no order is lost or duplicated ----
before=$(grep -c "^[0-9][0-9]*[a-z] [a-z]* PASS$" "$B")
i=0
: > "$T/par"
while [ $i -lt 6 ]; do
  ( "$G" move 101 alice secret PASS 2>&1 | grep "^PASS: done" >> "$T/par" ) &
  ( "$G" move 101 bob hunter2 PASS 2>&1 | grep "^PASS: done" >> "$T/par" ) &
  wait
  i=$((i + 1))
done
after=$(grep -c "^[0-9][0-9]*[a-z] [a-z]* PASS$" "$B")
okruns=$(grep -c "done" "$T/par")
[ $((after - before)) = "$okruns" ] && ok || bad "concurrent PASSes: $okruns succeeded, $((after - before)) recorded"
run 0 verify 101
has "consistent"

# ---- an admin's hand edit, recorded with "admin EDIT" ----
run 0 challenge --gamble=none alice carol
B2="$PBMHOME/games/Genetess/102"
run 0 move 102 alice secret PASS
sed -e '/^C3 alice K$/a D4 alice AB' -e '/^(moves$/,/^)$/{/^)$/i 1b admin EDIT gave alice an AB piece on D4
}' "$B2" > "$T/edited" && cp "$T/edited" "$B2"
run 0 verify 102
has "consistent"
run 0 move 102 carol pw PASS
run 0 move 102 alice secret MOVE D4 E-E
grep -q "^F4 alice AB$" "$B2" && ok || bad "edited piece did not move"
run 0 verify 102
has "consistent"
run 0 resign 102 carol pw
run 1 show "102#1"
has "history before an admin edit is not replayable"
run 0 show "102#4"

# ---- replies by mail ----
rm -f "$PBMHOME"/outbox/*
SENDER=bob@example.org run 0 show 101
[ ! -s "$T/out" ] && ok || bad "reply went to stdout although SENDER was set"
grep -q "^To: bob@example.org" "$PBMHOME"/outbox/*.mail && ok || bad "reply not mailed to SENDER"

# ---- calc, help ----
run 0 calc ABBBD
has "=34E"
run 0 calc k
has "=1E"
run 1 calc S19
run 0 calc S1
run 0 help
has "challenge"
run 0 help MOVE
run 1 help S19
run 2 calc

# ---- resign, the end, history, archive ----
run 0 resign 101 bob hunter2
run 0 show 101
has "The game has ended"
has "R10"
run 0 show "101#1"
has "C4"
grep -q "won by alice" "$PBMHOME/etc/Genetess.list" && ok || bad "list after end"
run 0 history
has " 101 alice "
run 1 move 101 alice secret PASS
has "The game has ended"
run 0 verify 101
has "consistent"
GENETESS_NOW=$((GENETESS_NOW + 15 * 86400)) run 0 Cleanup
[ -f "$PBMHOME/games/Genetess-archive/101" ] && ok || bad "not archived"
run 0 show 101
has "The game has ended"

# ---- the clock, driven by GENETESS_NOW: nag, time-outs, forfeit ----
NOW=$GENETESS_NOW
rm -f "$PBMHOME"/outbox/*
run 0 challenge --gamble=none --deadline=24 --max-timeouts=2 alice bob
B3="$PBMHOME/games/Genetess/103"
rm -f "$PBMHOME"/outbox/*
GENETESS_NOW=$((NOW + 11 * 3600)) run 0 Cleanup
ls "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && bad "nag sent too early" || ok
GENETESS_NOW=$((NOW + 13 * 3600)) run 0 Cleanup
grep -l "^Subject: Nag: Genetess Board 103 alice$" "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && ok || bad "no nag at half the period"
GENETESS_NOW=$((NOW + 14 * 3600)) run 0 Cleanup
n=$(grep -l "^Subject: Nag: Genetess Board 103" "$PBMHOME"/outbox/*.mail | wc -l)
[ "$n" = 1 ] && ok || bad "nag sent $n times"
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 games
grep -q "^1a alice Timeout$" "$B3" && ok || bad "no time-out at the deadline"
grep -q "^103:alice bob:2:bob turn$" "$PBMHOME/etc/Genetess.list" && ok || bad "list after time-out"
GENETESS_NOW=$((NOW + 25 * 3600)) run 0 show 103
has "time-outs 1"
GENETESS_NOW=$((NOW + 100 * 3600)) run 0 show 103
has "The game has ended"
grep -q "^1b bob Timeout$" "$B3" && ok || bad "bob's time-out"
grep -q "^2a alice Timeout$" "$B3" && ok || bad "alice's second time-out"
grep -q "^2a alice Forfeit$" "$B3" && ok || bad "no forfeit at --max-timeouts"
grep -q "^103:alice bob:.*:won by bob (1)$" "$PBMHOME/etc/Genetess.list" && ok || bad "list after forfeit: $(grep ^103 "$PBMHOME/etc/Genetess.list")"
grep -q " 103 bob 1 alice bob$" "$PBMHOME/history/Genetess" && ok || bad "history after forfeit"
run 0 verify 103
has "consistent"

# ---- holiday, quiet, chat ----
GENETESS_NOW=$NOW run 0 challenge --gamble=none alice bob
B4="$PBMHOME/games/Genetess/104"
GENETESS_NOW=$NOW run 0 quiet 104 bob hunter2 on
has "Quiet is on"
rm -f "$PBMHOME"/outbox/*
GENETESS_NOW=$NOW run 0 move 104 alice secret HOLIDAY
grep -q "^104:alice bob:1:alice on holiday$" "$PBMHOME/etc/Genetess.list" && ok || bad "list on holiday"
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 Cleanup
grep -q "Timeout" "$B4" && bad "timed out on holiday" || ok
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 move 104 alice secret PASS
has "PASS: done"
grep -q "^1a alice Holiday 864000$" "$B4" && ok || bad "holiday line: $(grep '^1a' "$B4")"
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 showas alice secret 104
has "holiday left 4d 0h 0m"
grep -l "^To: bob@example.org" "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && ok || bad "quiet bob got no sheet for his own turn"
rm -f "$PBMHOME"/outbox/*
GENETESS_NOW=$((NOW + 10 * 86400)) run 0 move 104 bob hunter2 PASS
grep -l "^To: alice@example.org" "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && ok || bad "alice got no sheet for her turn"
grep -l "^To: bob@example.org" "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && bad "quiet bob got a sheet for alice's turn" || ok
printf 'Good luck, bob!\n' > "$T/chat"
rm -f "$PBMHOME"/outbox/*
INPUTFILE="$T/chat" GENETESS_NOW=$((NOW + 10 * 86400)) run 0 chat 104 alice secret
n=$(grep -l "^Subject: Genetess chat 104 alice$" "$PBMHOME"/outbox/*.mail | wc -l)
[ "$n" = 2 ] && ok || bad "chat reached $n players"
grep -q "Good luck, bob!" "$PBMHOME"/outbox/*.mail && ok || bad "chat body"
run 0 verify 104
has "consistent"

# ---- every reply reaches SENDER, with the Subjects of SPEC 2.1 ----
# mailed SUBJECT TEXT: nothing on stdout; exactly one mail to r@example.org, with that Subject and text
mailed() {
  if [ -s "$T/out" ]; then bad "reply on stdout although SENDER was set: $(head -c 200 "$T/out")"; else ok; fi
  f=$(grep -l "^To: r@example.org$" "$PBMHOME"/outbox/*.mail 2>/dev/null)
  if [ "$(echo "$f" | grep -c .)" != 1 ]; then bad "wanted one reply mail, got: $f"; rm -f "$PBMHOME"/outbox/*; return; fi
  grep -qx "Subject: $1" "$f" && ok || bad "reply Subject is '$(grep '^Subject:' "$f")', wanted '$1'"
  grep -qF -- "$2" "$f" && ok || bad "reply lacks '$2': $(head -c 300 "$f")"
  rm -f "$PBMHOME"/outbox/*
}
rm -f "$PBMHOME"/outbox/*
to=$(sed -n 's/^104:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$PBMHOME/etc/Genetess.list")
[ -n "$to" ] && ok || bad "board 104 is not waiting for a player"
export SENDER=r@example.org
run 2 challenge alice
mailed "Genetess error" "At least 2 players must play"
run 2 challenge --colour=red alice bob
mailed "Genetess error" "Invalid Genetess parameter '--colour=red'"
run 1 frobnicate
mailed "Genetess error" "Unknown command"
run 2 move 104 alice
mailed "Genetess error" "usage: genetess move"
grep -q "usage: genetess move" "$T/err" && ok || bad "usage line not on stderr"
run 0 calc ABBBD
mailed "Genetess help" "=34E"
run 1 calc S19
mailed "Genetess error" "S19"
run 0 help
mailed "Genetess help" "challenge"
run 0 games
mailed "List of Genetess games" "104"
run 0 history
mailed "Historical List of Genetess games" " 101 alice "
run 0 show 104
mailed "Genetess Board 104 $to" "Genetess board 104"
run 0 show 101
mailed "Genetess Board 101" "The game has ended"
run 1 show 999
mailed "Genetess error" "Genetess board 999 not found"
run 0 showas alice secret 104
mailed "Genetess Board 104 $to" "genetess move 104 alice <password>"
run 1 move 104 alice wrong PASS
mailed "Genetess Board 104 Error" "Invalid password entered"
run 1 move 104 alice secret MOVE C3 UP
mailed "Genetess Board 104 Error" 'Invalid move "MOVE C3 UP" entered'
run 1 move 104 alice secret "PASS#99"
mailed "Genetess Board 104 Error" "Move PASS received as move #"
pw=secret; [ "$to" = bob ] && pw=hunter2
run 1 move 104 "$to" "$pw" MOVE C3 N-N
mailed "Genetess Board 104 Error" "MOVE C3 N-N: "
grep -q " $to MOVE C3 N-N (Failed)$" "$B4" && ok || bad "failed order not saved with (Failed)"
run 0 queue 104 alice secret
mailed "Genetess Board 104 $to" "Your stored orders: none"
run 0 quiet 104 alice secret off
mailed "Genetess Board 104 $to" "Quiet is off"
run 0 verify 104
mailed "Genetess Board 104 $to" "consistent"
run 1 signup alice x a@b.c
mailed "Genetess error" "User alice already exists"
unset SENDER

# ---- challenge: map params are defaults, options win (SPEC 2.4); map errors echo no file text ----
mkdir -p "$PBMHOME/maps"
cat > "$PBMHOME/maps/tiny.map" <<'MAP'
name tiny
grid
#########
#.......#
#.......#
#########
end
start GPC1 B2
start GPC2 H3
param start-e 9
param deadline 10
MAP
run 0 challenge --gamble=none --map=tiny --start-e=3 alice bob
has "created for alice bob on map tiny"
B5="$PBMHOME/games/Genetess/105"
grep -q "start-e=3 " "$B5" && ok || bad "--start-e did not override the map's param: $(grep '^(params' "$B5")"
grep -q "deadline=10 " "$B5" && ok || bad "the map's param deadline was lost: $(grep '^(params' "$B5")"
printf 'name bad\nfrobnicate hunter2secret\n' > "$PBMHOME/maps/bad.map"
run 1 challenge --map=bad alice bob
has "bad.map:2:"
hasnt "hunter2secret"
SENDER=r@example.org run 1 challenge --map=../maps/tiny alice bob
rm -f "$PBMHOME"/outbox/*

# ---- a damaged board: refused with <n>:<line>:, its contents never echoed (SPEC 3.2, 5) ----
cp "$B5" "$T/good5"
sed 's/^B2 alice K$/B2 alice B/' "$T/good5" > "$B5"
cmp -s "$B5" "$T/good5" && bad "board 105 was not damaged" || ok
cp "$B5" "$T/bad5"
run 3 show 105
has "105:"
hasnt "B2"
run 3 move 105 bob hunter2 PASS
has "105:"
hasnt "B2"
run 0 games
has "105    (cannot be read)"
hasnt "B2"
run 3 verify 105
hasnt "B2"
same "$B5" "$T/bad5"
cp "$T/good5" "$B5"
# verify names the line that differs, never its text (it may hold pieces, E or orders)
cp "$B4" "$T/good4"
sed 's/^(energy .*)$/(energy 777 777)/' "$T/good4" > "$B4"
run 1 verify 104
has "differs from its replay"
hasnt "777"
cp "$T/good4" "$B4"

# ---- PBMHOME unset: $HOME/.genetess, announced on stderr; HOME unset too: exit 2 ----
mkdir -p "$T/h"
(unset PBMHOME; HOME="$T/h" "$G" games >"$T/out" 2>"$T/err"; echo $? >"$T/rc")
[ "$(cat "$T/rc")" = 0 ] && ok || bad "PBMHOME unset: exit $(cat "$T/rc")"
grep -q "$T/h/.genetess" "$T/err" && ok || bad "PBMHOME unset: no notice on stderr: $(cat "$T/err")"
[ -d "$T/h/.genetess/games" ] && ok || bad "\$HOME/.genetess not created"
(unset PBMHOME HOME; "$G" games >"$T/out" 2>"$T/err"; echo $? >"$T/rc")
[ "$(cat "$T/rc")" = 2 ] && ok || bad "PBMHOME and HOME unset: exit $(cat "$T/rc")"
[ -s "$T/err" ] && ok || bad "PBMHOME and HOME unset: no message"
PBMHOME=/dev/null/x run 3 games

# ---- round 0: gambles, stakes and starts are secret (SPEC 7.1) ----
run 0 challenge --seed=9 alice bob
B6="$PBMHOME/games/Genetess/106"
run 0 move 106 alice secret "GAMBLE 3E on GPC2"
run 0 showas bob hunter2 106
hasnt "3E"
hasnt "GAMBLE 3E"
run 0 show 106
hasnt "3E"
hasnt "GPC2"
hasnt "GAMBLE 3E"
rm -f "$PBMHOME"/outbox/*
run 0 move 106 bob hunter2 "GAMBLE 2E on GPC2 / GAMBLE 0E dont care"
run 0 move 106 alice secret "GAMBLE 1E 1st"
grep -q "^(turn play" "$B6" && ok || bad "round 0 did not end: $(grep '^(turn' "$B6")"
for who in alice bob; do
  f=$(grep -l "^To: $who@example.org$" "$PBMHOME"/outbox/*.mail | tail -1)
  n=$(grep -c "you start on GPC" "$f")
  [ "$n" = 1 ] && ok || bad "$who's sheet tells $n starts"
done
af=$(grep -l "^To: alice@example.org$" "$PBMHOME"/outbox/*.mail | tail -1)
# alice outbid bob for GPC2: each learns only their own start
grep -q "2E" "$af" && bad "alice's sheet shows bob's stake" || ok
grep -q "GPC1" "$af" && bad "alice's sheet shows bob's start" || ok
run 0 showas alice secret 106
has "Your start: GPC2"
hasnt "2E"
hasnt "GPC1"
run 0 showas bob hunter2 106
has "Your start: GPC1"
hasnt "3E"
hasnt "GPC2"
run 0 show 106
hasnt "2E"
hasnt "GPC"
run 0 games
hasnt "2E"
hasnt "GPC"

# ---- a live order replaces the queue before it runs: turns it starts see the new queue ----
GENETESS_NOW=$NOW run 0 challenge --gamble=none alice bob
QB="$(cat "$PBMHOME/games/Genetess/.board")"
GENETESS_NOW=$NOW run 0 queue "$QB" bob hunter2 "*PASS"
GENETESS_NOW=$NOW run 0 queue "$QB" alice secret "PASS / *PASS"
GENETESS_NOW=$NOW run 0 move "$QB" alice secret PASS
grep -q "^1b bob PASS (Auto)$" "$PBMHOME/games/Genetess/$QB" && ok || bad "bob's * order did not run"
grep -q "^2a alice PASS (Auto)$" "$PBMHOME/games/Genetess/$QB" && ok || bad "alice's new * head did not run at 2a: $(grep '^[0-9]' "$PBMHOME/games/Genetess/$QB")"
GENETESS_NOW=$NOW run 0 resign "$QB" bob hunter2
GENETESS_NOW=$NOW run 1 move "$QB" bob hunter2 PASS
has "The game has ended"

# ---- a ronin player (eliminated, fighting on with P pieces) may resign ----
GENETESS_NOW=$NOW run 0 challenge --gamble=none alice bob carol
RB="$PBMHOME/games/Genetess/$(cat "$PBMHOME/games/Genetess/.board")"
sed -e 's/^carol active out=0/carol eliminated out=1/' -e 's/ carol K$/ carol KP/' \
    -e '/^(moves$/,/^)$/{/^)$/i 1a admin EDIT carol was eliminated; her King fights on as a ronin
}' "$RB" > "$T/ronin" && cp "$T/ronin" "$RB"
GENETESS_NOW=$NOW run 0 resign "$(basename "$RB")" carol pw
grep -q "^carol resigned out=1" "$RB" && ok || bad "ronin resign: $(grep '^carol' "$RB")"
GENETESS_NOW=$NOW run 1 resign "$(basename "$RB")" carol pw
has "You have already left this game"
GENETESS_NOW=$NOW run 1 move "$(basename "$RB")" carol pw PASS
has "You are out of this game: you have no pieces left to order"
GENETESS_NOW=$NOW run 0 queue "$(basename "$RB")" carol pw

# ---- a save that fails: exit 3, nothing changed, no mail about the unsaved state ----
GENETESS_NOW=$NOW run 0 challenge --gamble=none alice bob
SB="$(cat "$PBMHOME/games/Genetess/.board")"
rm -f "$PBMHOME/games/Genetess/.$SB" "$PBMHOME"/outbox/*
mkdir -p "$PBMHOME/games/Genetess/.$SB/blocker"
cp "$PBMHOME/games/Genetess/$SB" "$T/presave"
GENETESS_NOW=$NOW run 3 move "$SB" alice secret PASS
has "Genetess board $SB could not be saved: nothing was changed; try again later"
hasnt "PASS: done"
same "$PBMHOME/games/Genetess/$SB" "$T/presave"
ls "$PBMHOME"/outbox/*.mail >/dev/null 2>&1 && bad "mail sent about an unsaved state" || ok
rm -rf "$PBMHOME/games/Genetess/.$SB"
GENETESS_NOW=$NOW run 0 move "$SB" alice secret PASS

# ---- every game played above replays to its stored snapshot ----
for f in "$PBMHOME"/games/Genetess/[0-9]* "$PBMHOME"/games/Genetess-archive/[0-9]*; do
  [ -f "$f" ] || continue
  run 0 verify "$(basename "$f")"
  has "consistent"
done

echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
