#!/bin/sh
# make bench: genetess against the physical floor as issue 32 defines it, a program that takes the lock, reads
# the board file and writes it back atomically (one fsync, a rename) and writes 8 small mails (tools/bench/
# floor.c), and, for scale, the bare floor (the board only), that floor plus writing (synced, one file each)
# the very mails the measured PASS sends, and the bounds (those mails' bytes with the board's, then 1 or 3
# waits for the disk; each mail a file of its own, synced with the board's, then 2 more waits: contract 3.2's
# shape with nothing computed; and genetess's own files and waits for a PASS, call for call, computing nothing:
# floor --full). The machine's load average is printed before and after the timing. Usage: sh tools/bench.sh [GENETESS]
#   BENCH_QUICK=1  smoke run: 5 pairs, histories up to 10,000 moves, 200 boards for Cleanup
#   BENCH_PAIRS=N  the number of interleaved pairs (default 21, quick 5)
#   BENCH_REUSE=1  reuse the newest generated inputs even if the binary changed
#   BENCH_SETTLE=S seconds to wait before timing (default 31: see fresh below)
# Inputs are generated once under build/bench/inputs-<binary hash>/ (tools/bench/gen.sh). Each pair runs
# genetess and its reference one after the other (alternating which goes first), each on a fresh copy of
# its input home, copied and synced outside the timed region; the table gives medians. Never fails: one
# table, misses marked MISS, exit status 0.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/tools/bench
G=${1:-./genetess}
G=$(cd "$(dirname "$G")" && pwd)/$(basename "$G")
unset SENDER PBMSENDMAIL INPUTFILE PBMFROM 2>/dev/null || true
if [ "${BENCH_QUICK:-0}" = 1 ]; then PAIRS=${BENCH_PAIRS:-5} HMAX=10000 NB=200; else PAIRS=${BENCH_PAIRS:-21} HMAX=100000 NB=1000; fi
WORK=$ROOT/build/bench
T=$WORK/bin
S=$WORK/scratch
mkdir -p "$T" "$WORK"
rm -rf "$S" && mkdir -p "$S"
trap 'rm -rf "$S"' EXIT
. "$HERE/gen.sh"

# ---- tools ----
W="-std=c11 -Wall -Wextra"
cc -O2 $W -pthread -o "$T/floor" "$HERE/floor.c"
cc -O2 $W -o "$T/run" "$HERE/run.c"
cc -O2 $W -shared -fPIC -o "$T/fsync.so" "$HERE/fsync.c" -ldl

# ---- inputs, cached by the binary's hash and the generators' ----
key=$( (cat "$G"; cat "$HERE/gen.sh" "$HERE/mkmap.awk" "$HERE/extend.awk") | cksum | tr ' ' -)
IN=$WORK/inputs-$key
if [ "${BENCH_REUSE:-0}" = 1 ] && [ ! -d "$IN" ]; then
    newest=$(ls -dt "$WORK"/inputs-* 2>/dev/null | head -n 1)
    [ -z "$newest" ] || IN=$newest
fi
mkdir -p "$IN"
echo "make bench: $G, inputs in ${IN#$ROOT/}, $PAIRS pairs"

step() { # step NAME COMMAND...: make input NAME unless it is there already
    [ -e "$IN/$1.done" ] && return 0
    printf '  generating %s ...\n' "$1"
    n=$1
    shift
    "$@"
    touch "$IN/$n.done"
}
gen_p1() {
    rm -rf "$IN/p1"
    new_game "$IN/p1" 60 100 40
    pass_until "$IN/p1" 960 && cp -a "$IN/p1" "$IN/h960"
    pass_until "$IN/p1" 1000 && cp -a "$IN/p1" "$IN/h1000"
    pass_until "$IN/p1" 2000
}
gen_check() { # 40 PASS turns real vs generated; verify on the generated boards
    extend_to "$IN/h960" "$S/chk" 1000
    if diff -r -x outbox "$IN/h1000" "$S/chk" > "$S/chk.diff"; then r=ok; else r="MISS (boards differ)"; fi
    for h in "$@"; do
        rm -rf "$S/v" && cp -a "$IN/$h" "$S/v"
        v=$(PBMHOME=$S/v GENETESS_NOW=$T0 "$G" verify 101 2>&1 || true)
        case $v in *": consistent"*) ;; *) r="MISS ($h: $v)" ;; esac
    done
    echo "$r" > "$IN/check-$HMAX.txt"
}
gen_p3() {
    rm -rf "$IN/p3.new"
    new_game "$IN/p3.new" 240 1600 640
    extend_to "$IN/p3.new" "$IN/p3" 2000
    rm -rf "$IN/p3.new"
}
gen_cleanup() { # a host runs Cleanup from cron: the homes are as one run at T0 left them
    rm -rf "$IN/c100" "$IN/c$NB"
    duel_boards "$IN/c$NB" 100 && cp -a "$IN/c$NB" "$IN/c100"
    duel_boards "$IN/c$NB" "$NB" 100
    gx "$IN/c100" $T0 Cleanup
    gx "$IN/c$NB" $T0 Cleanup
}
gen_size() { # gen_size N: an N x N bench board (pieces and specials as the 60x60 one's, per square) at 2,000 moves
    rm -rf "$IN/s$1.new"
    new_game "$IN/s$1.new" "$1" $((100 * $1 * $1 / 3600)) $((40 * $1 * $1 / 3600))
    extend_to "$IN/s$1.new" "$IN/s$1" 2000
    rm -rf "$IN/s$1.new"
}
step s120 gen_size 120 &                # for the largest board a PASS handles in 100 ms (with p1 and p3)
step s180 gen_size 180 &
step p3 gen_p3 &                        # two cores: the real game of P1 is the long one
step cleanup$NB gen_cleanup &
step p1 gen_p1
wait
gen_p1mails() { # the mails of the P1 PASS, for the floor of mailing them
    rm -rf "$S/m" && cp -a "$IN/p1" "$S/m" && rm -f "$S/m"/outbox/*
    gx "$S/m" $((T0 + 2001 * STEP)) move 101 p1 pw1 PASS
    rm -rf "$IN/p1mails" && mkdir -p "$IN/p1mails" && cp "$S/m"/outbox/*.mail "$IN/p1mails/"
}
step p1mails gen_p1mails
gen_p1text() { # P1 with every player's sheets as text only (options html off), for the bound rows
    rm -rf "$IN/p1text" && cp -a "$IN/p1" "$IN/p1text"
    for p in $PLAYERS; do gx "$IN/p1text" $((T0 + 2000 * STEP)) options 101 $p pw${p#p} html off; done
    rm -f "$IN/p1text"/outbox/*
}
step p1text gen_p1text
step h10000 extend_to "$IN/h1000" "$IN/h10000" 10000
[ "$HMAX" -lt 100000 ] || step h100000 extend_to "$IN/h1000" "$IN/h100000" 100000
if [ "$HMAX" -ge 100000 ]; then HS="h10000 h100000"; else HS=h10000; fi
[ -e "$IN/check-$HMAX.done" ] || { printf '  checking the generator ...\n'; gen_check $HS p3; touch "$IN/check-$HMAX.done"; }

# ---- jobs: each copies its input home to $S/w (synced), then times one command into $S/<job>.t ----
# Nothing is deleted while timing: the used copy is moved aside ($S/old, removed at the end). ext4 without a
# journal (this VM's disk: /proc/fs/jbd2 is empty) skips every inode freed in the last 30 s
# (vm.dirty_expire_centisecs) at each file creation, one inode table look-up each (fs/ext4/ialloc.c,
# recently_deleted): right after removing a copy of 1,000 boards, every file the next run makes cost 0.5-0.8 ms
# instead of 0.03 ms, which charged the harness's own deletions to whichever command ran next.
OLD=0
fresh() {
    if [ -e "$S/w" ]; then OLD=$((OLD + 1)) && mv "$S/w" "$S/old/$OLD"; fi
    cp -a "$IN/$1" "$S/w" && sync
}
timed() { # timed JOB NOW COMMAND...
    j=$1 now=$2
    shift 2
    PBMHOME=$S/w GENETESS_NOW=$now "$T/run" "$@" >> "$S/$j.t" || echo "bench: $j failed" >&2
}
pass_on() { # pass_on JOB HOME MOVES: PASS by the player to move on board 101 after MOVES moves
    fresh "$2"
    p=$(($3 % 8 + 1))
    timed "$1" $((T0 + ($3 + 1) * STEP)) "$G" move 101 p$p pw$p PASS
}
START1=$(awk '$1 == "start" && $2 == "GPC1" { print $3 }' "$IN/p1/maps/bench60.map")
job() {
    case $1 in
    p1pass) pass_on p1pass p1 2000 ;;
    p1move) fresh p1 && timed p1move $((T0 + 2001 * STEP)) "$G" move 101 p1 pw1 "MOVE $START1 E" ;;
    p1text) pass_on p1text p1text 2000 ;;
    p1nosync | p1bare) # the bounds: no fsync (and with p1bare, text sheets only); the shim loads first
        if [ "$1" = p1bare ]; then fresh p1text; else fresh p1; fi
        BENCH_NOFSYNC=1 LD_PRELOAD=$NOFSYNC timed "$1" $((T0 + 2001 * STEP)) "$G" move 101 p1 pw1 PASS ;;
    start) fresh p1 && timed start 0 "$G" --version ;;
    floormail) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" "$S/w/outbox" "$IN"/p1mails/*.mail ;;
    floorwith) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" --with "$IN"/p1mails/*.mail ;;
    floorwaits) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" --with --waits 3 "$IN"/p1mails/*.mail ;;
    floorfiles) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" --files "$S/w/outbox" --waits 3 "$IN"/p1mails/*.mail ;;
    floorfull) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" --full "$S/w" "$IN"/p1mails/*.mail ;;
    floorbare) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" ;;
    floor*) fresh p1 && timed "$1" 0 "$T/floor" "$S/w/games/Genetess/101" --issue "$S/w/outbox" ;;
    h*) pass_on "$1" "$1" "${1#h}" ;;
    p3) pass_on p3 p3 2000 ;;
    s*) pass_on "$1" "$1" 2000 ;;
    idle) fresh "c$NB" && timed idle $((T0 + STEP)) "$G" Cleanup ;;
    duel) fresh "c$NB" && timed duel $((T0 + STEP)) "$G" move 101 u1 pw PASS ;;
    due) fresh "c$NB" && timed due $((T0 + 73 * 3600)) "$G" Cleanup ;;
    due100) fresh c100 && timed due100 $((T0 + 73 * 3600)) "$G" Cleanup ;;
    esac
}
PAIRLIST="p1pass:floor1 p1move:floor2 p1pass:floorbare p1pass:floormail floorwith:floor7 floorwaits:floor8"
PAIRLIST="$PAIRLIST floorfiles:floor9 p1pass:floorfiles floorfull:floor10 p1pass:floorfull"
PAIRLIST="$PAIRLIST h$HMAX:h1000 h10000:h1000b p3:p1pass s120:s180 idle:duel due:due100"
[ "$HMAX" -ge 100000 ] || PAIRLIST=$(echo "$PAIRLIST" | sed 's/ h10000:h1000b//')
# where P1's time goes, each against the floor: text sheets only; no fsync; both; a process that only starts
[ "$ASAN" = 1 ] || PAIRLIST="$PAIRLIST p1text:floor3 p1nosync:floor4 p1bare:floor5 start:floor6"
mkdir -p "$S/old"
sync && sleep "${BENCH_SETTLE:-31}" # what generating or earlier runs deleted leaves the 30 s window first
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo -)
printf '  timing %d pairs ' "$PAIRS"
i=1
while [ $i -le "$PAIRS" ]; do
    for pr in $PAIRLIST; do
        a=${pr%:*} b=${pr#*:}
        [ "$b" != h1000b ] || b=h1000
        if [ $((i % 2)) = 1 ]; then job "$a"; job "$b"; else job "$b"; job "$a"; fi
    done
    printf .
    i=$((i + 1))
done
echo

# ---- one-off counts: instructions (callgrind), fsyncs (strace, else the LD_PRELOAD counter) ----
instr() { # instr COMMAND...: instructions executed, by callgrind, on $S/w
    PBMHOME=$S/w GENETESS_NOW=$NOW valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $NF }'
}
fsyncs() { # fsyncs COMMAND...: fsync + fdatasync calls made, on $S/w
    if command -v strace >/dev/null 2>&1; then
        PBMHOME=$S/w GENETESS_NOW=$NOW strace -f -c -o "$S/strace" -e trace=fsync,fdatasync "$@" >/dev/null 2>&1 || true
        awk '$NF == "fsync" || $NF == "fdatasync" { n += $4 } END { print n + 0 }' "$S/strace"
    else
        rm -f "$S/fsync.log"
        PBMHOME=$S/w GENETESS_NOW=$NOW BENCH_FSYNC_LOG=$S/fsync.log LD_PRELOAD=$T/fsync.so "$@" >/dev/null 2>&1 || true
        awk '{ n += $1 } END { print n + 0 }' "$S/fsync.log"
    fi
}
NOW=$((T0 + 2001 * STEP))
BOARD=$S/w/games/Genetess/101
fresh p1 && FS_G=$(fsyncs "$G" move 101 p1 pw1 PASS)
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo -)
fresh p1 && FS_F=$(fsyncs "$T/floor" "$BOARD" --issue "$S/w/outbox")
fresh p1 && FS_B=$(fsyncs "$T/floor" "$BOARD" --full "$S/w" "$IN"/p1mails/*.mail)
if [ "$ASAN" = 0 ] && command -v valgrind >/dev/null 2>&1; then
    printf '  counting instructions (callgrind) ...\n'
    fresh p1 && IN_G=$(instr "$G" move 101 p1 pw1 PASS)
    fresh p1 && IN_F=$(instr "$T/floor" "$BOARD" --issue "$S/w/outbox")
    fresh p3 && IN_P3=$(instr "$G" move 101 p1 pw1 PASS)
else
    IN_G=- IN_F=- IN_P3=-
fi

# ---- the table ----
med() { # med JOB [COLUMN]: the median of a job's samples (column 1 ns, 2 peak RSS KiB)
    awk -v c="${2:-1}" '{ print $c }' "$S/$1.t" | sort -n | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "-" }'
}
commas() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
ROWS=$S/rows
: > "$ROWS"
row() { # row FIGURE GENETESS REFERENCE UNIT MAXRATIO|MAXVALUE[abs]: one line of the table
    echo "$1|$2|$3|$4|$5" >> "$ROWS"
}
row "P1 move PASS vs floor (ms)" "$(med p1pass)" "$(med floor1)" ns 2.0
row "P1 real MOVE vs floor (ms)" "$(med p1move)" "$(med floor2)" ns 2.0
row "   PASS vs the bare floor: board only (ms)" "$(med p1pass)" "$(med floorbare)" ns -
row "   PASS vs floor + writing its $(ls "$IN"/p1mails | wc -l) mails (ms)" "$(med p1pass)" "$(med floormail)" ns -
row "   bound: floor + mails' bytes, 1 fsync (ms)" "$(med floorwith)" "$(med floor7)" ns -
row "   bound: the same, then 2 more waits (ms)" "$(med floorwaits)" "$(med floor8)" ns -
row "   bound: each mail its own file, 3 waits (ms)" "$(med floorfiles)" "$(med floor9)" ns -
row "   PASS vs that bound (ms)" "$(med p1pass)" "$(med floorfiles)" ns -
row "   bound: every file and wait of a PASS (ms)" "$(med floorfull)" "$(med floor10)" ns -
row "   PASS vs that bound (ms)" "$(med p1pass)" "$(med floorfull)" ns -
if [ "$ASAN" = 0 ]; then
    row "   PASS, every sheet text only (ms)" "$(med p1text)" "$(med floor3)" ns -
    row "   PASS, fsync skipped: not durable (ms)" "$(med p1nosync)" "$(med floor4)" ns -
    row "   PASS, text only, fsync skipped (ms)" "$(med p1bare)" "$(med floor5)" ns -
    row "   genetess --version: start-up only (ms)" "$(med start)" "$(med floor6)" ns -
fi
row "P2 history $(commas "$HMAX") vs 1,000 moves (ms)" "$(med h$HMAX)" "$(med h1000)" ns 1.1
[ "$HMAX" -lt 100000 ] || row "   history 10,000 vs 1,000 moves (ms)" "$(med h10000)" "$(med h1000)" ns -
if [ "$IN_P3" != - ]; then
    row "P3 240x240 vs 60x60 (Minstr)" "$IN_P3" "$IN_G" instr 16
    row "   240x240 vs 60x60 (ms)" "$(med p3)" "$(med p1pass)" ns -
else
    row "P3 240x240 vs 60x60 (ms)" "$(med p3)" "$(med p1pass)" ns 16
fi
row "P4 peak RSS of P1 (KiB)" "$(med p1pass 2)" - kib 4096abs
row "Cleanup idle $(commas "$NB") boards vs one move (ms)" "$(med idle)" "$(med duel)" ns 2
row "Cleanup all-due $(commas "$NB") vs 100 boards (ms)" "$(med due)" "$(med due100)" ns "$(awk -v n="$NB" 'BEGIN { print 1.1 * n / 100 }')"
row "fsyncs per command: P1 PASS vs floor" "$FS_G" "$FS_F" n -
row "   fsyncs: the bound of every file vs floor" "$FS_B" "$FS_F" n -
[ "$IN_G" = - ] || row "instructions: P1 PASS vs floor (Minstr)" "$IN_G" "$IN_F" instr -
row "generator: 40 PASS real = generated; verify" "$(cat "$IN/check-$HMAX.txt")" - text -
echo
awk -F'|' '
function show(v, u) {
    if (v == "-" || v == "") return "-"
    if (u == "ns") return sprintf("%.1f", v / 1e6)
    if (u == "instr") return sprintf("%.2f", v / 1e6)
    return v
}
BEGIN { printf "%-46s | %10s | %10s | %8s | %8s | %s\n", "figure", "genetess", "reference", "ratio", "target", "ok?"
        printf "%-46s-+-%10s-+-%10s-+-%8s-+-%8s-+-%s\n", "----------------------------------------------", "----------", "----------", "--------", "--------", "----" }
{
    g = $2; r = $3; u = $4; t = $5; ratio = "-"; ok = ""
    if (u != "text" && g != "-" && r != "-" && r + 0 > 0) ratio = sprintf("%.2fx", g / r)
    if (t ~ /abs$/) { lim = t; sub(/abs$/, "", lim); target = "<= " lim / 1024 " MiB"; ok = (g != "-" && g + 0 <= lim + 0) ? "ok" : "MISS" }
    else if (t != "-") { target = "<= " t "x"; ok = (ratio != "-" && g / r <= t + 0) ? "ok" : "MISS" }
    else target = "-"
    if (u == "text") { ok = (g ~ /^ok/) ? "ok" : "MISS"; g = (ok == "ok") ? "same" : g }
    printf "%-46s | %10s | %10s | %8s | %8s | %s\n", $1, show(g, u), show(r, u), ratio, target, ok
}' "$ROWS"
largest=none
for j in p1pass:60 s120:120 s180:180 p3:240; do
    m=$(med "${j%:*}")
    [ "$m" = - ] || [ "$m" -gt 100000000 ] || largest="${j#*:}x${j#*:}"
done
echo "Largest bench board (of 60x60, 120x120, 180x180, 240x240; same density, 2,000 moves) whose PASS median is"
echo "within 100 ms: $largest."
echo "Medians of $PAIRS interleaved pairs; P1's reference is the floor on the same board file (the lock, the board"
echo "read and written back with one fsync and a rename, 8 mails of 1 KiB); one move is a PASS on a duel board of"
echo "the same home. Minstr: millions of instructions (callgrind). Load average (1, 5, 15 min) when the timing"
echo "began: $LOAD0; when it ended: $LOAD1."
exit 0
