#!/bin/sh
# Crash points: kills a command at every write, ftruncate, fsync, rename, link and unlink it makes (an
# LD_PRELOAD shim, tests/crash/shim.c) and checks, after each kill:
#   board    every board file is byte for byte the state before the command or the state after it
#   history  history/Genetess reports no game end that the board does not hold (it is the one of the state
#            before, or of that same state)
#   verify   `genetess verify` replays the board consistently
# then runs the next command (`Cleanup` at the same time: the retry of a killed Cleanup, a no-op otherwise;
# like every command holding the lock, it first finishes what a killed command left) and:
#   history  history/Genetess is now the one of the committed state, its end recorded once
#   list     etc/Genetess.list is the one of the committed state
#   mail     the mails in outbox/ and spool/dead/ are exactly those of the committed state, each once
#   tmp      no temporary file of the killed process is left
# Scenarios: challenge, move, spare (a move after two others: the board's new text written over the file its
# older previous state held, and cut to its length), queue, resign, cleanup (deadlines and nags), cleanup2 (the same over two boards:
# their mails are delivered at the end of the run), end (a move that ends the game),
# mailfail (a move whose mailer fails: its mails stay queued, their names counting the failure; the next command,
# once the wait before a retry is over, sends them), deadletter (the same move while a message that failed nine
# times before is due: its tenth failure moves it to spool/dead/), mailagain (a move by `genetess mail`, and after
# the next command the very same message delivered again, as an MTA does after a timeout: the board must hold
# the move exactly once whatever the kill point; its mails are not compared, a lost reply being answered by the
# second delivery), multiple (`genetess mail` with a `multiple` of four commands while the mailer refuses
# everything; the next command, once the wait is over, with a working mailer: the replies delivered are those of
# the first commands, each once — a reply spooled is never lost, never sent twice — and after the MTA delivers the
# killed message again, every reply is there: twice those of the commands the first delivery answered, once the
# others, as contract 2.1 says of commands that give no password).
# Usage: sh tests/crashpoints.sh [SCENARIO...]   (GENETESS=path to the binary; SHIM=path to the built shim)
# Prints a table (scenario, kill points, failures per check) and exits 1 when anything failed.
set -u
G=${GENETESS:-./genetess}
SHIM=${SHIM:-build/crashshim.so}
[ -x "$G" ] || { echo "crashpoints: no binary at $G" >&2; exit 2; }
[ -f "$SHIM" ] || { echo "crashpoints: no shim at $SHIM (make $SHIM)" >&2; exit 2; }
case $SHIM in /*) ;; *) SHIM=$(pwd)/$SHIM ;; esac
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
T0=1790000000
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
export GENETESS_NOW=$T0

g() { "$G" "$@" >/dev/null 2>&1; }

# The homes a scenario starts from.
base_users() {
  PBMHOME=$1 g signup alice pa alice@example.org
  PBMHOME=$1 g signup bob pb bob@example.org
}
base_game() {
  base_users "$1"
  PBMHOME=$1 g challenge --gamble=none --seed=1 alice bob
  rm -f "$1"/outbox/*
}

base_moved() { # two moves made: the board's third save writes into the spare .101 (disk_write_over)
  base_game "$1"
  PBMHOME=$1 g move 101 alice pa PASS
  PBMHOME=$1 g move 101 bob pb PASS
  rm -f "$1"/outbox/*
}

base_two_games() {
  base_game "$1"
  PBMHOME=$1 g challenge --gamble=none --seed=2 bob alice
  rm -f "$1"/outbox/*
}

base_ended() {
  base_game "$1"
  PBMHOME=$1 g resign 101 bob pb
  rm -f "$1"/outbox/*
}

# A message that failed nine times, the first two days minus a minute ago: due, and its tenth failure makes it a
# dead letter.
base_dead() {
  base_game "$1"
  printf 'From: genetess@example.org\nTo: carol@example.org\nSubject: Genetess help\n\nold\n' \
    >"$1/spool/102.none.0001.retry9-$((T0 - 2 * 86400 + 60)).mail"
}

# scenario NAME: sets SETUP (a function name), NOW (the command's time), NEXT (the next command's time), CMD (the
# command's words), MAILER (the command's PBMSENDMAIL; the next command has none) and BEFORE_NEXT (1: the mails
# expected of the state before are those the next command delivers from it; else none)
scenario() {
  NOW=$T0
  NEXT=
  BEFORE_NEXT=
  MAILER=
  STDIN=
  REDELIVER=
  MULTI=
  case $1 in
    challenge) SETUP=base_users; CMD="challenge --gamble=none --seed=1 alice bob" ;;
    move)      SETUP=base_game;  CMD="move 101 alice pa PASS" ;;
    spare)     SETUP=base_moved; CMD="move 101 alice pa PASS" ;;
    queue)     SETUP=base_game;  CMD="queue 101 bob pb PASS" ;;
    resign)    SETUP=base_game;  CMD="resign 101 bob pb" ;;
    cleanup)   SETUP=base_game;  CMD="Cleanup"; NOW=$((T0 + 100 * 3600)) ;;
    archive)   SETUP=base_ended; CMD="Cleanup"; NOW=$((T0 + 15 * 86400)) ;;
    cleanup2)  SETUP=base_two_games; CMD="Cleanup"; NOW=$((T0 + 100 * 3600)) ;;
    mailfail)  SETUP=base_game;  CMD="move 101 alice pa PASS"; MAILER="exit 1"; NEXT=$((T0 + 600)) ;;
    deadletter) SETUP=base_dead; CMD="move 101 alice pa PASS"; MAILER="exit 1"; NEXT=$((T0 + 600)); BEFORE_NEXT=1 ;;
    mailagain) SETUP=base_game; CMD="mail --config=$WORK/none.conf"; STDIN=$WORK/again.msg; REDELIVER=1
               printf 'From: alice@example.org\nSubject: move 101 alice pa PASS\nMessage-ID: <again-1@example.org>\n\n' \
                 >"$STDIN" ;;
    multiple) SETUP=base_users; CMD="mail --config=$WORK/none.conf"; STDIN=$WORK/multi.msg; MULTI=1
              MAILER="cat >/dev/null; exit 1"; NEXT=$((T0 + 600))
              printf 'From: carol@example.org\nSubject: multiple\nMessage-ID: <multi-1@example.org>\n\n%s\n' \
                "help move
help show
help games
help chat" >"$STDIN" ;;
    *) echo "crashpoints: unknown scenario $1" >&2; exit 2 ;;
  esac
  NEXT=${NEXT:-$NOW}
}

# next_cmd HOME: the next command (Cleanup at the time NEXT, no mailer) in HOME.
next_cmd() {
  ( export PBMHOME="$1" GENETESS_NOW=$NEXT; "$G" Cleanup >/dev/null 2>&1
    [ -z "$REDELIVER" ] || "$G" $CMD <"$STDIN" >/dev/null 2>&1 )
}

# The files a state consists of, one "name<TAB>checksum" line each (outbox and temporaries apart). A board's
# history is the first <count> lines of its move list <n>.moves (contract 10: lines past the count are a killed
# command's and do not count), found beside the board or in the other directory (an archive killed between
# the board's rename and its move list's): one "<board>#moves<TAB>checksum" line.
state_of() {
  ( cd "$1" && for f in games/Genetess/[0-9]* games/Genetess-archive/[0-9]* history/Genetess etc/Genetess.list; do
      case $f in *.moves) continue ;; esac
      [ -f "$f" ] || continue
      printf '%s\t%s\n' "$f" "$(cksum < "$f")"
      k=$(sed -n 's/^(moves [0-9]*\.moves \([0-9]*\))$/\1/p' "$f")
      [ -n "$k" ] || continue
      n=${f##*/}
      m=games/Genetess/$n.moves
      [ -f "$m" ] || m=games/Genetess-archive/$n.moves
      printf '%s#moves\t%s\n' "$f" "$(head -n "$k" "$m" 2>/dev/null | cksum)"
    done ) | sort
}
part() { grep "^$2	" "$1" 2>/dev/null || true; }
# The mails of outbox/ and spool/dead/ (each delivered or given up once), as a sorted list of checksums of their
# contents (file names carry pids; the Message-ID's nonce, random, is taken out).
mails_of() {
  for f in "$1"/outbox/*.mail "$1"/spool/dead/*.mail; do
    [ -f "$f" ] && sed 's/^\(Message-ID: <genetess\.[0-9.]*\)[0-9a-f]\{16\}@/\1@/' "$f" | cksum
  done | sort
}
# The replies of the multiple in HOME's outbox, a count per command in order ("1 1 0 0 "); "spooled" when a
# message is still in spool/.
multi_counts() {
  for t in "Order MOVE" "Command show" "Command games" "Command chat"; do
    grep -l "^Genetess $t\$" "$1"/outbox/*.mail 2>/dev/null | wc -l | tr -d ' '
  done | tr '\n' ' '
  ! ls "$1"/spool | grep -q '\.mail$' || echo spooled
}
# multi_check HOME WHAT: after the next command, the replies of the first j commands, each once (j = 0 ... 4);
# then (KILLED non-empty) after the message's second delivery, those j twice and the others once.
multi_check() {
  c=$(multi_counts "$1")
  case $c in "1 1 1 1 " | "1 1 1 0 " | "1 1 0 0 " | "1 0 0 0 " | "0 0 0 0 ") ;;
    *) echo "  $2: replies after the next command: $c" >&2; return 1 ;; esac
  [ -n "${3:-}" ] || return 0
  ( export PBMHOME="$1" GENETESS_NOW=$NEXT; "$G" $CMD <"$STDIN" >/dev/null 2>&1 )
  want=$(echo "$c" | sed 's/1/2/g; s/0/1/g')
  c=$(multi_counts "$1")
  [ "$c" = "$want" ] || { echo "  $2: replies after the second delivery: $c, wanted $want" >&2; return 1; }
}
temps_of() { find "$1" -name '.*tmp*' -o -name '*.tmp' | grep -v '/\.lockfile$' || true; }

# Whether every board of $WORK/sw (its file and its history) is as in the state before or the state after,
# board by board (the files of one board: games/Genetess[-archive]/<n> and <n>#moves).
each_board_before_or_after() {
  for n in $(sed -n 's|^games/Genetess[^/]*/\([0-9]*\).*|\1|p' "$WORK/sw" "$WORK/sb" "$WORK/sa" | sort -u); do
    w=$(grep -E "^games/Genetess[^/]*/$n(#|\s)" "$WORK/sw")
    [ "$w" = "$(grep -E "^games/Genetess[^/]*/$n(#|\s)" "$WORK/sb")" ] ||
      [ "$w" = "$(grep -E "^games/Genetess[^/]*/$n(#|\s)" "$WORK/sa")" ] || return 1
  done
}

run_cmd() { # home, extra env...
  home=$1; shift
  ( export PBMHOME="$home" GENETESS_NOW=$NOW; [ -n "$MAILER" ] && export PBMSENDMAIL="$MAILER"
    if [ -n "$STDIN" ]; then env "$@" "$G" $CMD <"$STDIN" >/dev/null 2>&1; else env "$@" "$G" $CMD >/dev/null 2>&1; fi )
}

total_fail=0
printf '%-10s %6s %6s %6s %6s %6s %6s %6s\n' scenario points board history list verify mail tmp
for s in ${*:-challenge move spare queue resign cleanup cleanup2 archive mailfail deadletter mailagain multiple}; do
  scenario "$s"
  B=$WORK/$s.before; R=$WORK/$s.after
  rm -rf "$B" "$R"; mkdir -p "$B"; $SETUP "$B"
  cp -a "$B" "$R"
  run_cmd "$R" LD_PRELOAD="$SHIM" CRASH_COUNT="$WORK/count"
  n=$(cat "$WORK/count" 2>/dev/null || echo 0)
  next_cmd "$R"
  state_of "$B" > "$WORK/sb"; state_of "$R" > "$WORK/sa"
  mails_of "$R" > "$WORK/ma"; : > "$WORK/mb"
  if [ -n "$BEFORE_NEXT" ]; then
    rm -rf "$WORK/$s.b2"; cp -a "$B" "$WORK/$s.b2"; next_cmd "$WORK/$s.b2"; mails_of "$WORK/$s.b2" > "$WORK/mb"
  fi
  fb=0 fh=0 fl=0 fv=0 fm=0 ft=0
  if [ -n "$MULTI" ]; then # not killed: all four replies, each once
    multi_check "$R" "$s" && [ "$(multi_counts "$R")" = "1 1 1 1 " ] || { fm=$((fm + 1)); echo "  $s: replies $(multi_counts "$R")" >&2; }
  fi
  k=1
  while [ "$k" -le "$n" ]; do
    W=$WORK/$s.k; rm -rf "$W"; cp -a "$B" "$W"
    ( run_cmd "$W" LD_PRELOAD="$SHIM" CRASH_AT="$k" ) 2>/dev/null
    state_of "$W" > "$WORK/sw"
    boards_w=$(grep '^games/' "$WORK/sw"); boards_b=$(grep '^games/' "$WORK/sb"); boards_a=$(grep '^games/' "$WORK/sa")
    if [ "$boards_w" = "$boards_a" ]; then which=a; elif [ "$boards_w" = "$boards_b" ]; then which=b; else which=x; fi
    what="$s@$k"
    # a command over several boards commits them one by one: then each board is its own before or after
    [ $which != x ] || ! each_board_before_or_after || which=m
    if [ $which = x ]; then fb=$((fb + 1)); echo "  $what: board is neither before nor after" >&2; which=b; fi
    h=$(part "$WORK/sw" history/Genetess)
    [ "$h" = "$(part "$WORK/s$which" history/Genetess 2>/dev/null)" ] || [ "$h" = "$(part "$WORK/sb" history/Genetess)" ] ||
      { fh=$((fh + 1)); echo "  $what: history reports what the board does not hold" >&2; }
    for f in "$W"/games/Genetess/[0-9]*; do
      case $f in *.moves) continue ;; esac
      [ -f "$f" ] || continue
      PBMHOME=$W GENETESS_NOW=$NOW "$G" verify "$(basename "$f")" > "$WORK/v" 2>&1 && grep -q consistent "$WORK/v" ||
        { fv=$((fv + 1)); echo "  $what: verify $(basename "$f"): $(head -c 200 "$WORK/v")" >&2; }
    done
    next_cmd "$W"
    state_of "$W" > "$WORK/sw2"
    if [ "$CMD" = Cleanup ] && [ "$(cat "$WORK/sw2")" = "$(cat "$WORK/sa")" ]; then which=a; fi
    if [ -n "$REDELIVER" ]; then # delivered twice: the move is on the board exactly once, whatever the kill
      [ "$(grep '^games/' "$WORK/sw2")" = "$(grep '^games/' "$WORK/sa")" ] ||
        { fb=$((fb + 1)); echo "  $what: after the second delivery the board is not the state after one move" >&2; }
      which=a
    fi
    [ "$(part "$WORK/sw2" history/Genetess)" = "$(part "$WORK/s$which" history/Genetess)" ] ||
      { fh=$((fh + 1)); echo "  $what: history after the next command does not agree with the board" >&2; }
    [ "$(part "$WORK/sw2" etc/Genetess.list)" = "$(part "$WORK/s$which" etc/Genetess.list)" ] ||
      { fl=$((fl + 1)); echo "  $what: game list after the next command does not agree with the board" >&2; }
    mails_of "$W" > "$WORK/mw"
    [ -z "$MULTI" ] || multi_check "$W" "$what" killed || fm=$((fm + 1))
    [ -n "$REDELIVER$MULTI" ] || cmp -s "$WORK/mw" "$WORK/m$which" ||
      { fm=$((fm + 1)); echo "  $what: mails $(wc -l < "$WORK/mw") delivered, $(wc -l < "$WORK/m$which") expected" >&2; }
    [ -z "$(temps_of "$W")" ] || { ft=$((ft + 1)); echo "  $what: temporary files left: $(temps_of "$W" | tr '\n' ' ')" >&2; }
    k=$((k + 1))
  done
  printf '%-10s %6d %6d %6d %6d %6d %6d %6d\n' "$s" "$n" $fb $fh $fl $fv $fm $ft
  total_fail=$((total_fail + fb + fh + fl + fv + fm + ft))
done
[ "$total_fail" -eq 0 ]
