#!/bin/sh
# make botbench: how well the computer opponents play and how long they think, one table (contract 12).
#   sh tools/botbench.sh [GENETESS]     GAMES=100 (per two-player pairing), GAMES4=40 (four players)
# Two-player pairings play seeds 1..GAMES/2 with the first kind seated first and seeds GAMES/2+1..GAMES with it
# seated second; wins, losses and ties are the first kind's. The decision figures are the bots' own: time is
# measured around each choice by selfplay (never read by the bots); a pairing's median is the larger of its two
# seatings' medians. The 60x60 board is the bench's (tools/bench/mkmap.awk: 8 players x 100 pieces), played
# for 3 rounds. Targets not met are marked MISS. Not part of make check: it takes minutes.
set -u
G=${1:-${GENETESS:-./genetess}}
GAMES=${GAMES:-100}
GAMES4=${GAMES4:-40}
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

half=$((GAMES / 2))
echo "botbench: $GAMES two-player games per pairing (seats alternated), $GAMES4 four-player games; $(nproc) cores" >&2
sp "$T/gr1" --bots=greedy,random --seed=1 --games=$half
sp "$T/gr2" --bots=random,greedy --seed=$((half + 1)) --games=$((GAMES - half))
sp "$T/sg1" --bots=strong,greedy --seed=1 --games=$half
sp "$T/sg2" --bots=greedy,strong --seed=$((half + 1)) --games=$((GAMES - half))
sp "$T/q4" --bots=strong,greedy,greedy,random --map=quartet --seed=1 --games=$GAMES4
sp "$T/big" --bots=strong,random,random,random,random,random,random,random --map="$PBMHOME/maps/bench60.map" --seed=1 --rounds=3 --games=1

row() { # row LABEL KIND FILES...
    label=$1
    kind=$2
    shift 2
    set -- $(stats "$kind" "$@") $(decisions "$kind" "$@")
    printf '%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n' "$label" "$5" "$1" "$2" "$3" "$4" "$6" "$7" "$8" "$9" "${10}"
}
printf '%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n' "pairing (wins are the first kind's)" games wins losses ties capped "med.len" "t.med ms" "t.max ms" "w.med" "w.max"
row "greedy vs random, duel" greedy "$T/gr1" "$T/gr2"
row "strong vs greedy, duel" strong "$T/sg1" "$T/sg2"
row "strong/greedy/greedy/random, quartet" strong "$T/q4"
set -- $(decisions greedy "$T/sg1" "$T/sg2")
printf '%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n' "  (greedy's decisions vs strong)" - - - - - - "$1" "$2" "$3" "$4"
set -- $(decisions strong "$T/big")
printf '%-34s %5s %5s %6s %5s %7s %7s %9s %9s %7s %7s\n' "strong, 60x60, 800 pieces, 3 rounds" - - - - - - "$1" "$2" "$3" "$4"

# ---- targets ----
echo
check() { # check LABEL FIGURE OP LIMIT: "met" or "MISS"
    ok=$(awk -v a="$2" -v b="$4" -v op="$3" 'BEGIN { print (op == ">=" ? a >= b : a <= b) ? "met" : "MISS" }')
    printf '%-58s %10s %2s %-8s %s\n' "$1" "$2" "$3" "$4" "$ok"
}
set -- $(stats greedy "$T/gr1" "$T/gr2")
gr_pct=$(awk -v w="$1" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * w / n : 0 }')
gr_cap=$(awk -v c="$4" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * c / n : 0 }')
set -- $(stats strong "$T/sg1" "$T/sg2")
sg_pct=$(awk -v w="$1" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * w / n : 0 }')
sg_cap=$(awk -v c="$4" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * c / n : 0 }')
set -- $(stats strong "$T/q4")
q4_cap=$(awk -v c="$4" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * c / n : 0 }')
q4_end=$(awk -v c="$4" -v n="$5" 'BEGIN { printf "%.1f", n ? 100 * (n - c) / n : 0 }')
cap_max=$(printf '%s\n%s\n%s\n' "$gr_cap" "$sg_cap" "$q4_cap" | sort -g | tail -1)
set -- $(decisions strong "$T/sg1" "$T/sg2" "$T/q4")
st_med=$1 st_max=$2
set -- $(decisions strong "$T/big")
big_med=$1
check "greedy vs random: greedy wins (%)" "$gr_pct" ">=" 95
check "strong vs greedy, seats alternated: strong wins (%)" "$sg_pct" ">=" 75
check "games that hit the 500-round cap, worst pairing (%)" "$cap_max" "<=" 5
check "four-player games ending before the cap (%)" "$q4_end" ">=" 90
check "strong's decision on built-in maps: median (ms)" "$st_med" "<=" 50
check "strong's decision on built-in maps: max (ms)" "$st_max" "<=" 500
check "strong's decision, 60x60 board, 800 pieces: median (ms)" "$big_med" "<=" 2000
