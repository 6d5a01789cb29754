# make bench: the inputs, generated through the real CLI with fixed seeds (sourced by tools/bench.sh).
# Needs G (the binary), T (tool dir: run, floor, fsync.so), HERE (tools/bench). Every input is a whole
# PBMHOME; outbox/ is emptied after each phase. Real commands run with fsync made a no-op (the files are
# the same, only faster to make). Move k of a game is sent at T0 + k x STEP.
T0=1800000000
STEP=60
PLAYERS="p1 p2 p3 p4 p5 p6 p7 p8"

# An ASan build must load its runtime first (no LD_PRELOAD) and cannot run under valgrind.
case $(ldd "$G" 2>/dev/null) in *libasan*) ASAN=1 NOFSYNC= ;; *) ASAN=0 NOFSYNC=$T/fsync.so ;; esac
gx() { # gx HOME NOW ARGS...: the real CLI, quietly, without fsync
    h=$1 now=$2
    shift 2
    PBMHOME=$h GENETESS_NOW=$now BENCH_NOFSYNC=1 LD_PRELOAD=$NOFSYNC "$G" "$@" >/dev/null ||
        echo "bench: generating: genetess $* failed (exit $?)" >&2
}

moves_of() { # moves_of HOME: the number of moves in board 101's history ("(moves 101.moves <count>)")
    sed -n 's/^(moves 101\.moves \([0-9]*\))$/\1/p' "$1/games/Genetess/101"
}

new_game() { # new_game HOME N PIECES SPECIALS: 8 players on an N x N bench map, board 101
    mkdir -p "$1/maps"
    for p in $PLAYERS; do gx "$1" $T0 signup $p pw${p#p} $p@example.org; done
    awk -v n="$2" -v per="$3" -v nspec="$4" -v seed=20261124 -f "$HERE/mkmap.awk" > "$1/maps/bench$2.map"
    gx "$1" $T0 challenge --gamble=none --seed=11 --map=bench$2 $PLAYERS
    rm -f "$1"/outbox/*
}

pass_until() { # pass_until HOME N: real PASS orders until the history holds N moves
    k=$(moves_of "$1")
    while [ "$k" -lt "$2" ]; do
        k=$((k + 1))
        p=$(((k - 1) % 8 + 1))
        gx "$1" $((T0 + k * STEP)) move 101 p$p pw$p PASS
    done
    rm -f "$1"/outbox/*
}

extend_to() { # extend_to SRC DST N: DST = SRC with its history extended by generated PASS turns to N moves
    rm -rf "$2.tmp" && cp -a "$1" "$2.tmp"
    b=$2.tmp/games/Genetess
    k=$(moves_of "$1")
    awk -v add=$(($3 - k - 1)) -v step=$STEP -v movesfile="$b/101.moves" -f "$HERE/extend.awk" \
        "$1/games/Genetess/101" > "$b/.101"
    awk -v add=1 -v step=$STEP -v movesfile="$b/101.moves" -f "$HERE/extend.awk" "$b/.101" > "$b/101"
    for f in Genetess.list:$(($3 + 1)) .Genetess.list:$3; do # the list, and its previous version (the spare)
        awk -F: -v m=${f#*:} -v p=p$((${f#*:} % 8)) 'BEGIN { OFS = ":"; if (p == "p0") p = "p8" } $1 == "101" { $3 = m; $4 = p " turn" } 1' \
            "$1/etc/Genetess.list" > "$2.tmp/etc/${f%:*}"
    done
    rm -rf "$2" && mv "$2.tmp" "$2"
}

duel_boards() { # duel_boards HOME N [FROM]: boards FROM..N-1 (0-based) on the duel map, between 100 users
    if [ "${3:-0}" -eq 0 ]; then
        i=1
        while [ $i -le 100 ]; do gx "$1" $T0 signup u$i pw u$i@example.org; i=$((i + 1)); done
    fi
    i=${3:-0}
    while [ $i -lt "$2" ]; do
        gx "$1" $T0 challenge --gamble=none --seed=$((i + 1)) u$((i % 100 + 1)) u$(((i + 37) % 100 + 1))
        i=$((i + 1))
    done
    rm -f "$1"/outbox/*
}
