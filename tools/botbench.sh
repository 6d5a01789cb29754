#!/bin/sh
# make botbench: how well the computer opponents play and how long they think, one table (contract 12).
#   sh tools/botbench.sh [GENETESS]   GAMES=50 (per pairing and map), GAMES4=40 (four players); QUICK=1: GAMES=4
# Every two-player pairing plays on every built-in map (duel, quartet, melee): seeds 1..GAMES/2 with the first
# kind seated first and seeds GAMES/2+1..GAMES with it seated second; wins, losses and ties are the first kind's.
# The levels (easy, greedy, strong) meet the scripts (rush, swarm, decoder, turtle: fixed plans as people play,
# scripts.h) with the README's options, --gamble=none --start-e=80 (the README's rush is possible at once);
# the levels meet each other with the default options. The decision figures are the bots' own: time is
# measured around each choice by selfplay (never read by the bots); a row's median is the larger of its
# seatings' medians. The 60x60 board is the bench's (tools/bench/mkmap.awk: 8 players x 100 pieces), played for
# 3 rounds. Targets not met are marked MISS. Not part of make check: it takes a long time (run it on one core).
set -u
G=${1:-${GENETESS:-./genetess}}
[ -n "${QUICK:-}" ] && GAMES=${GAMES:-4} && GAMES4=${GAMES4:-4}
GAMES=${GAMES:-50}
GAMES4=${GAMES4:-40}
MAPS=${MAPS:-duel quartet melee}
SCRIPTS="rush swarm decoder turtle"
README_OPTS="--gamble=none --start-e=80"
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
export PBMHOME="$T/home"
mkdir -p "$PBMHOME/maps"
awk -v n=60 -v per=100 -v nspec=40 -v seed=20261124 -f "$HERE/bench/mkmap.awk" >"$PBMHOME/maps/bench60.map"

# sp OUT ARGS...: one selfplay run into OUT
sp() {
    out=$1
    shift
    "$G" selfplay "$@" >"$out" || { echo "botbench: genetess selfplay $* failed" >&2; exit 1; }
}

# pair NAME A B MAP OPTS...: A against B on MAP, seats alternated, into $T/NAME.1 and $T/NAME.2
pair() {
    name=$1 a=$2 b=$3 map=$4
    shift 4
    half=$((GAMES / 2))
    sp "$T/$name.1" --bots="$a,$b" --map="$map" --seed=1 --games=$half "$@"
    sp "$T/$name.2" --bots="$b,$a" --map="$map" --seed=$((half + 1)) --games=$((GAMES - half)) "$@"
}

# stats KIND FILES...: "wins losses ties capped games median_rounds" over the result lines, wins being KIND's
stats() {
    kind=$1
    shift
    cat "$@" | awk -v k="$kind" '
        /^Result: / {
            n++
            if ($0 ~ /stopped at the cap/) cap++
            match($0, /, [0-9]+ rounds/); r[n] = substr($0, RSTART + 2, RLENGTH - 9) + 0
            if ($2 == "won") { w = $4; sub(/^bot\./, "", w); sub(/[0-9]+$/, "", w); if (w == k) win++; else loss++ }
            else tie++
        }
        END {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
            med = n ? (n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2) : 0
            printf "%d %d %d %d %d %d\n", win, loss, tie, cap, n, med
        }'
}

# decisions KIND FILES...: "time_median time_max work_median work_max" of KIND's decisions (larger medians)
decisions() {
    kind=$1
    shift
    cat "$@" | awk -v k="bot.$kind:" '
        $1 == "Decisions" && $3 == k {
            line = $0; gsub(/[;,]/, "", line); split(line, f, " ")
            if (f[7] + 0 > tm) tm = f[7] + 0; if (f[10] + 0 > tx) tx = f[10] + 0
            if (f[14] + 0 > wm) wm = f[14] + 0; if (f[16] + 0 > wx) wx = f[16] + 0
        }
        END { printf "%.2f %.2f %d %d\n", tm, tx, wm, wx }'
}

echo "botbench: $GAMES two-player games per pairing and map (seats alternated), $GAMES4 four-player games; maps: $MAPS; $(nproc) cores" >&2
for m in $MAPS; do
    for lv in easy greedy strong; do
        for s in $SCRIPTS; do
            pair "$lv-$s-$m" "$lv" "$s" "$m" $README_OPTS
        done
    done
    pair "strong-greedy-$m" strong greedy "$m"
    pair "greedy-easy-$m" greedy easy "$m"
done
pair "greedy-random-duel" greedy random duel
sp "$T/q4" --bots=strong,greedy,greedy,random --map=quartet --seed=1 --games=$GAMES4
sp "$T/big" --bots=strong,random,random,random,random,random,random,random --map="$PBMHOME/maps/bench60.map" --seed=1 --rounds=3 --games=1

FMT='%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n'
row() { # row LABEL KIND FILES...
    label=$1
    kind=$2
    shift 2
    set -- $(stats "$kind" "$@") $(decisions "$kind" "$@")
    printf "$FMT" "$label" "$5" "$1" "$2" "$3" "$4" "$6" "$7" "$8" "$9" "${10}"
}
printf "$FMT" "pairing, map (wins: the first kind's)" games wins losses ties capped "med.len" "t.med ms" "t.max ms" "w.med" "w.max"
for m in $MAPS; do
    for lv in easy greedy strong; do
        for s in $SCRIPTS; do
            row "$lv vs $s, $m" "$lv" "$T/$lv-$s-$m".*
        done
    done
    row "strong vs greedy, $m" strong "$T/strong-greedy-$m".*
    row "greedy vs easy, $m" greedy "$T/greedy-easy-$m".*
done
row "greedy vs random, duel" greedy "$T"/greedy-random-duel.*
row "strong/greedy/greedy/random, quartet" strong "$T/q4"
set -- $(decisions strong "$T/big")
printf "$FMT" "strong, 60x60, 800 pieces, 3 rounds" - - - - - - "$1" "$2" "$3" "$4"

# ---- targets ----
echo
check() { # check LABEL FIGURE OP LIMIT: "met" or "MISS"
    ok=$(awk -v a="$2" -v b="$4" -v op="$3" 'BEGIN { print (op == ">=" ? a >= b : op == "<" ? a < b : a <= b) ? "met" : "MISS" }')
    printf '%-58s %10s %2s %-8s %s\n' "$1" "$2" "$3" "$4" "$ok"
}
pct() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.1f", n ? 100 * a / n : 0 }'; }
capmax=0
for m in $MAPS; do
    for lv in greedy strong; do
        want=$([ "$lv" = strong ] && echo 90 || echo 60)
        for s in $SCRIPTS; do
            set -- $(stats "$lv" "$T/$lv-$s-$m".*)
            check "$lv vs $s, $m: $lv wins (%)" "$(pct "$1" "$5")" ">=" "$want"
        done
    done
    set -- $(stats strong "$T/strong-greedy-$m".*)
    check "strong vs greedy, $m: strong wins (%)" "$(pct "$1" "$5")" ">=" 95
done
for f in "$T"/*.1; do
    base=${f%.1}
    set -- $(stats none "$base".*)
    capmax=$(printf '%s\n%s\n' "$capmax" "$(pct "$4" "$5")" | sort -g | tail -1)
done
check "games at the 500-round cap, worst pairing (%)" "$capmax" "<" 5
set -- $(stats greedy "$T"/greedy-random-duel.*)
check "greedy vs random, duel: greedy wins (%)" "$(pct "$1" "$5")" ">=" 95
set -- $(stats strong "$T/q4")
check "four-player games ending before the cap (%)" "$(pct $(($5 - $4)) "$5")" ">=" 90
set -- $(decisions strong "$T"/strong-*)
check "strong's decision on built-in maps: median (ms)" "$1" "<=" 50
check "strong's decision on built-in maps: max (ms)" "$2" "<=" 500
set -- $(decisions strong "$T/big")
check "strong's decision, 60x60 board, 800 pieces: median (ms)" "$1" "<=" 2000
