#!/bin/sh
# make botbench: how well the computer opponents play and how long they think, one table (contract 12).
#   sh tools/botbench.sh [GENETESS]   GAMES=50 (per pairing and map), GAMES4=40 (four players); QUICK=1: GAMES=4
#   subsets for short runs: MAPS="duel", LEVELS="strong", SCRIPTS="rush turtle", DUELS=0 (no level against level),
#   EXTRA=0 (no random, four-player or 60x60 rows); OUT=folder for the results (default build/botbench)
# Every two-player pairing plays on every built-in map (duel, quartet, melee): seeds 1..GAMES/2 with the first
# kind seated first and seeds GAMES/2+1..GAMES with it seated second; wins, losses and ties are the first kind's.
# The levels (easy, greedy, strong) meet the scripts (rush, swarm, decoder, turtle: fixed plans as people play,
# scripts.h) with the README's options, --gamble=none --start-e=80 (the README's rush is possible at once);
# the levels meet each other with the default options. The decision figures are the bots' own: time is
# measured around each choice by selfplay (never read by the bots); a row's median is the larger of its
# seatings' medians. The 60x60 board is the bench's (tools/bench/mkmap.awk: 8 players x 100 pieces), played for
# 3 rounds. Each row is printed as soon as its pairing has played, and kept with the games' results in OUT
# (table.txt; a run stopped half way keeps what it measured). Targets not met are marked MISS. Not part of
# make check: it takes a long time (run it on one core).
set -u
G=${1:-${GENETESS:-./genetess}}
[ -n "${QUICK:-}" ] && GAMES=${GAMES:-4} && GAMES4=${GAMES4:-4}
GAMES=${GAMES:-50}
GAMES4=${GAMES4:-40}
MAPS=${MAPS:-duel quartet melee}
LEVELS=${LEVELS:-easy greedy strong}
SCRIPTS=${SCRIPTS:-rush swarm decoder turtle}
DUELS=${DUELS:-1}
EXTRA=${EXTRA:-1}
README_OPTS="--gamble=none --start-e=80"
HERE=$(cd "$(dirname "$0")" && pwd)
T=${OUT:-build/botbench}
rm -rf "$T"
mkdir -p "$T"
H=$(mktemp -d)
trap 'rm -rf "$H"' EXIT INT TERM
export PBMHOME="$H/home"
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

FMT='%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n'
row() { # row LABEL KIND FILES...: printed and kept in $T/table.txt
    label=$1
    kind=$2
    shift 2
    set -- $(stats "$kind" "$@") $(decisions "$kind" "$@")
    printf "$FMT" "$label" "$5" "$1" "$2" "$3" "$4" "$6" "$7" "$8" "$9" "${10}" | tee -a "$T/table.txt"
}
# play NAME A B MAP OPTS...: the pairing, then its row at once
play() {
    pair "$@"
    row "$2 vs $3, $4" "$2" "$T/$1".*
}

echo "botbench: $GAMES two-player games per pairing and map (seats alternated), $GAMES4 four-player games; maps: $MAPS; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); results in $T" >&2
printf "$FMT" "pairing, map (wins: the first kind's)" games wins losses ties capped "med.len" "t.med ms" "t.max ms" "w.med" "w.max" | tee "$T/table.txt"
for m in $MAPS; do
    for lv in $LEVELS; do
        for s in $SCRIPTS; do
            play "$lv-$s-$m" "$lv" "$s" "$m" $README_OPTS
        done
    done
    if [ "$DUELS" = 1 ]; then
        play "strong-greedy-$m" strong greedy "$m"
        play "greedy-easy-$m" greedy easy "$m"
    fi
done
if [ "$EXTRA" = 1 ]; then
    play greedy-random-duel greedy random duel
    sp "$T/q4" --bots=strong,greedy,greedy,random --map=quartet --seed=1 --games=$GAMES4
    row "strong/greedy/greedy/random, quartet" strong "$T/q4"
    sp "$T/big" --bots=strong,random,random,random,random,random,random,random --map="$PBMHOME/maps/bench60.map" --seed=1 --rounds=3 --games=1
    set -- $(decisions strong "$T/big")
    printf "$FMT" "strong, 60x60, 800 pieces, 3 rounds" - - - - - - "$1" "$2" "$3" "$4" | tee -a "$T/table.txt"
fi

# ---- targets (only for what was played) ----
echo | tee -a "$T/table.txt"
check() { # check LABEL FIGURE OP LIMIT: "met" or "MISS"
    ok=$(awk -v a="$2" -v b="$4" -v op="$3" 'BEGIN { print (op == ">=" ? a >= b : op == "<" ? a < b : a <= b) ? "met" : "MISS" }')
    printf '%-58s %10s %2s %-8s %s\n' "$1" "$2" "$3" "$4" "$ok" | tee -a "$T/table.txt"
}
pct() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.1f", n ? 100 * a / n : 0 }'; }
have() { [ -f "$1" ]; }
capmax=0
for m in $MAPS; do
    for lv in greedy strong; do
        want=$([ "$lv" = strong ] && echo 90 || echo 60)
        for s in $SCRIPTS; do
            have "$T/$lv-$s-$m.1" || continue
            set -- $(stats "$lv" "$T/$lv-$s-$m".*)
            check "$lv vs $s, $m: $lv wins (%)" "$(pct "$1" "$5")" ">=" "$want"
        done
    done
    have "$T/strong-greedy-$m.1" || continue
    set -- $(stats strong "$T/strong-greedy-$m".*)
    check "strong vs greedy, $m: strong wins (%)" "$(pct "$1" "$5")" ">=" 95
done
for f in "$T"/*.1; do
    have "$f" || continue
    base=${f%.1}
    set -- $(stats none "$base".*)
    capmax=$(printf '%s\n%s\n' "$capmax" "$(pct "$4" "$5")" | sort -g | tail -1)
done
check "games at the 500-round cap, worst pairing (%)" "$capmax" "<" 5
if have "$T/greedy-random-duel.1"; then
    set -- $(stats greedy "$T"/greedy-random-duel.*)
    check "greedy vs random, duel: greedy wins (%)" "$(pct "$1" "$5")" ">=" 95
fi
if have "$T/q4"; then
    set -- $(stats strong "$T/q4")
    check "four-player games ending before the cap (%)" "$(pct $(($5 - $4)) "$5")" ">=" 90
fi
if ls "$T"/strong-*.1 >/dev/null 2>&1; then
    set -- $(decisions strong "$T"/strong-*)
    check "strong's decision on built-in maps: median (ms)" "$1" "<=" 50
    check "strong's decision on built-in maps: max (ms)" "$2" "<=" 500
fi
if have "$T/big"; then
    set -- $(decisions strong "$T/big")
    check "strong's decision, 60x60 board, 800 pieces: median (ms)" "$1" "<=" 2000
fi
