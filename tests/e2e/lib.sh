# lib.sh — what the end-to-end topics share: a scratch $PBMHOME per topic, running the real binary
# with its stdout, stderr and exit status captured, and assertions that name the topic file and line
# of a failure. Sourced by tests/e2e.sh, which runs each topic (tests/e2e/<topic>.sh) in a subshell
# of its own (e2e_topic); POSIX sh.
#
# Every assertion appends "pass" or "fail" to $E2E_RESULTS, so assertions made in subshells and
# loops count too. Before each line of a topic that calls an assertion (run, has, hasnt, assert_*,
# given_*), the runner's copy of the topic sets _line to that line's number (e2e_number_lines).
# Negative assertions (hasnt, assert_absent, assert_mails 0) fail when what they search is missing
# or empty, so that they never pass on a file that was not written.

G=${GENETESS:-./genetess}

# ---- results ----

e2e_pass() { echo pass >>"$E2E_RESULTS"; }
e2e_fail() {
  echo fail >>"$E2E_RESULTS"
  echo "FAIL $E2E_FILE:${_line:-?}: $*"
}

# e2e_summary: print "N passed, M failed"; status 0 when nothing failed.
e2e_summary() {
  _p=$(grep -c '^pass$' "$E2E_RESULTS")
  _f=$(grep -c '^fail$' "$E2E_RESULTS")
  echo "$_p passed, $_f failed"
  [ "$_f" = 0 ]
}

# ---- topics ----

# e2e_number_lines FILE: FILE with "_line=<n>; " put before every line whose command (after any
# NAME=value assignments) is an assertion, so that a failure names its line. Lines after a
# backslash continuation are left alone.
e2e_number_lines() {
  awk '{
    if (!cont && match($0, /^[ \t]*([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|\$\(\([^)]*\)\)|[^ \t;]*)[ \t]+)*(run|has|hasnt|assert_[a-z_]+|given_[a-z_]+)([ \t]|$)/))
      sub(/^[ \t]*/, "&_line=" NR "; ")
    cont = /\\$/
    print
  }' "$1"
}

# e2e_main KIND [TOPIC...]: run the topics named (default: every .sh of $E2E_DIR but lib.sh), $E2E_JOBS at a
# time (default: the processors online), then print the summary; an unknown topic is exit status 2. KIND (e2e,
# abuse) is the folder under tests/ that failures name. Each topic has its own home, results and log, so topics
# run side by side; a line per topic is printed as it ends (its failures first), so progress shows.
e2e_main() {
  E2E_KIND=$1
  shift
  _all=
  for _f in "$E2E_DIR"/*.sh; do
    _t=${_f##*/}
    [ "$_t" = lib.sh ] || _all="$_all ${_t%.sh}"
  done
  [ $# -gt 0 ] || set -- $(e2e_slow_first $_all)
  for _topic; do
    case "$_all " in
      *" $_topic "*) ;;
      *) echo "$E2E_KIND: unknown topic '$_topic'; the topics are:$_all" >&2; exit 2 ;;
    esac
  done
  E2E_ROOT=$(mktemp -d)
  trap 'rm -rf "$E2E_ROOT"' EXIT
  _jobs=${E2E_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
  [ "$_jobs" -ge 1 ] 2>/dev/null || _jobs=1
  echo "$E2E_KIND: $# topics, $_jobs at a time"
  _lane=0
  while [ "$_lane" -lt "$_jobs" ]; do
    e2e_lane "$@" &
    _lane=$((_lane + 1))
  done
  wait
  E2E_RESULTS=$E2E_ROOT/results
  : >"$E2E_RESULTS"
  for _topic; do
    cat "$E2E_ROOT/$_topic.results" >>"$E2E_RESULTS" 2>/dev/null || echo fail >>"$E2E_RESULTS"
  done
  e2e_summary
}

# e2e_slow_first TOPIC...: the topics with those named in $E2E_SLOW (set by the runner: the ones that take
# longest) first, so that the lanes end together.
e2e_slow_first() {
  for _t in ${E2E_SLOW:-}; do
    case " $* " in *" $_t "*) echo "$_t" ;; esac
  done
  for _t; do
    case " ${E2E_SLOW:-} " in *" $_t "*) ;; *) echo "$_t" ;; esac
  done
}

# e2e_lane TOPIC...: run each topic no other lane has claimed (mkdir is the claim), with its results in
# $E2E_ROOT/TOPIC.results and its output held until it ends, then printed with the topic's line (one write).
e2e_lane() {
  for _topic; do
    mkdir "$E2E_ROOT/$_topic.claim" 2>/dev/null || continue
    _t0=$(date +%s)
    E2E_RESULTS=$E2E_ROOT/$_topic.results
    : >"$E2E_RESULTS"
    e2e_topic "$_topic" >"$E2E_ROOT/$_topic.log" 2>&1
    _p=$(grep -c '^pass$' "$E2E_RESULTS")
    _f=$(grep -c '^fail$' "$E2E_RESULTS")
    printf '%s %-12s %5s passed, %s failed  %3ss\n' "$E2E_KIND" "$_topic" "$_p" "$_f" $(($(date +%s) - _t0)) \
      >>"$E2E_ROOT/$_topic.log"
    cat "$E2E_ROOT/$_topic.log"
  done
}

# e2e_topic NAME: run tests/$E2E_KIND/NAME.sh in a subshell with a fresh home, then check that every game
# it left replays to its snapshot; a topic that stops before its end counts as a failure.
e2e_topic() {
  E2E_FILE=tests/${E2E_KIND:-e2e}/$1.sh
  e2e_number_lines "$E2E_DIR/$1.sh" >"$E2E_ROOT/$1.sh"
  (
    e2e_home "$1"
    . "$E2E_ROOT/$1.sh"
    _line="(end of topic)"
    assert_games_replay
    : >"$E2E_ROOT/$1.done"
  )
  [ -f "$E2E_ROOT/$1.done" ] || { _line="(end of topic)"; e2e_fail "the topic stopped before its end"; }
}

# e2e_home NAME: scratch directory $T, an empty $PBMHOME inside it, the fixed clock, no mail settings.
e2e_home() {
  T=$E2E_ROOT/$1
  mkdir -p "$T"
  PBMHOME=$T/home
  export PBMHOME
  unset SENDER PBMSENDMAIL INPUTFILE PBMFROM || true
  GENETESS_NOW=1800000000
  GENETESS_LOCK_WAIT=2
  export GENETESS_NOW GENETESS_LOCK_WAIT
  NOW=$GENETESS_NOW
  OUT=$T/out
  ERR=$T/err
  GAMES=$PBMHOME/games/Genetess
  LIST=$PBMHOME/etc/Genetess.list
  OUTBOX=$PBMHOME/outbox
}

# ---- running the binary ----

# run STATUS ARGS...: run genetess ARGS, stdout to $OUT, stderr to $ERR; assert the exit status.
run() {
  _want=$1
  shift
  "$G" "$@" >"$OUT" 2>"$ERR"
  _got=$?
  if [ "$_got" = "$_want" ]; then
    e2e_pass
  else
    e2e_fail "genetess $* -> exit $_got, wanted $_want: $(head -c 300 "$OUT" "$ERR")"
  fi
}

# given_players: the users alice (password secret), bob (hunter2) and carol (pw).
given_players() {
  run 0 signup alice secret alice@example.org
  run 0 signup bob hunter2 bob@example.org
  run 0 signup carol pw carol@example.org
}

# given_tiny_map: $PBMHOME/maps/tiny.map, two starts (B2, H3), params start-e 9 and deadline 10.
given_tiny_map() {
  mkdir -p "$PBMHOME/maps"
  cat >"$PBMHOME/maps/tiny.map" <<'MAP'
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
}

# last_board: the number of the board created last.
last_board() { cat "$GAMES/.board"; }

# ---- mail ----

# clear_outbox: forget the mail sent so far.
clear_outbox() { rm -f "$OUTBOX"/*; }

# mail_to USERID: the outbox mails to USERID@example.org, one name a line, oldest first.
mail_to() { grep -l "^To: $1@example.org$" "$OUTBOX"/*.mail 2>/dev/null; }

# no_nonce MAIL...: the mails with the random part of each Message-ID this program wrote taken out (contract
# 3.3: unique per message), for comparing two runs of the same game byte for byte.
no_nonce() { sed 's/^\(Message-ID: <genetess\.[0-9.]*\)\.[0-9a-f]\{16\}@/\1@/' "$@"; }

# mail_text MAIL: the text a player reads in MAIL: its body, or the text/plain part of a multipart/alternative
# sheet (the first part, up to the line before its closing boundary).
mail_text() {
  awk '
    !inbody && /^Content-Type: multipart\/alternative; boundary="/ { b = $0; sub(/^[^"]*"/, "", b); sub(/".*$/, "", b) }
    !inbody && /^$/ { inbody = 1; if (b == "") plain = 1; next }
    !inbody { next }
    plain { print; next }
    $0 == "--" b { part++; hdr = (part == 1); next }
    part == 1 && hdr { if ($0 == "") hdr = 0; next }
    part == 1 { if (n) print held; held = $0; n = 1 }
    part > 1 { exit }
  ' "$1"
}

# mail_part MAIL TYPE: the lines (as encoded) of MAIL's part of Content-Type TYPE (text/plain or text/html),
# headers left out; empty when MAIL has no such part.
mail_part() {
  awk -v want="$2" '
    !inbody && /^Content-Type: multipart\/alternative; boundary="/ { b = $0; sub(/^[^"]*"/, "", b); sub(/".*$/, "", b) }
    !inbody && /^$/ { inbody = 1; next }
    !inbody { next }
    b != "" && ($0 == "--" b || $0 == "--" b "--") { cur = ""; hdr = 1; next }
    hdr && /^Content-Type: / { t = $2; sub(/;$/, "", t); cur = t; next }
    hdr { if ($0 == "") hdr = 0; next }
    cur == want { print }
  ' "$1"
}

# mail_html MAIL: MAIL's HTML part, decoded: 7bit and 8bit as they are, quoted-printable decoded.
mail_html() {
  _cte=$(grep -A1 '^Content-Type: text/html' "$1" | sed -n 's/^Content-Transfer-Encoding: //p')
  if [ "$_cte" != quoted-printable ]; then
    mail_part "$1" text/html
    return
  fi
  mail_part "$1" text/html | awk '
    BEGIN { for (i = 0; i < 256; i++) hex[sprintf("%02X", i)] = sprintf("%c", i) }
    {
      line = $0; out = ""; soft = 0
      if (line ~ /=$/) { soft = 1; line = substr(line, 1, length(line) - 1) }
      while ((k = index(line, "=")) > 0) {
        out = out substr(line, 1, k - 1) hex[substr(line, k + 1, 2)]
        line = substr(line, k + 3)
      }
      printf "%s%s", out line, soft ? "" : "\n"
    }'
}

# ---- assertions on the output of the last run ----

# has TEXT: stdout of the last run contains TEXT.
has() {
  if grep -qF -- "$1" "$OUT"; then e2e_pass; else e2e_fail "output lacks '$1': $(head -c 400 "$OUT")"; fi
}

# hasnt TEXT: stdout of the last run is not empty and does not contain TEXT.
hasnt() { e2e_absent -F "$1" "$OUT"; }

# ---- assertions on files ----

# add_moves_line BOARDFILE LINE: an admin's hand edit of the history (contract 10): LINE appended to the move
# list <n>.moves and the count in "(moves <n>.moves <count>)" raised by one.
add_moves_line() {
  _k=$(sed -n 's/^(moves [0-9]*\.moves \([0-9]*\))$/\1/p' "$1")
  printf '%s\n' "$2" >>"$1.moves"
  sed "s/^(moves \([0-9]*\.moves\) $_k)\$/(moves \1 $((_k + 1)))/" "$1" >"$1.edit" && mv "$1.edit" "$1"
}

# with_moves FILE...: the FILEs, each board file followed by its move list <n>.moves when it has one
# (contract 10: a board's history lines live there), so that a search of a board covers its history.
with_moves() {
  for _w; do
    printf '%s\n' "$_w"
    case $_w in
      */games/Genetess*/[0-9]*) [ -f "$_w.moves" ] && printf '%s\n' "$_w.moves" ;;
    esac
  done
}

# e2e_absent GREP_OPTION PATTERN FILE...: every FILE exists, is not empty, and none has PATTERN.
e2e_absent() {
  _opt=$1
  _pat=$2
  shift 2
  if [ $# = 0 ]; then
    e2e_fail "no file to search for '$_pat'"
    return
  fi
  for _f; do
    if [ ! -s "$_f" ]; then
      e2e_fail "cannot search for '$_pat': '$_f' is missing or empty"
      return
    fi
  done
  set -- $(with_moves "$@")
  if grep -q $_opt -- "$_pat" "$@"; then
    e2e_fail "'$_pat' is in $(grep -l $_opt -- "$_pat" "$@" | tr '\n' ' ')"
  else
    e2e_pass
  fi
}

# assert_absent PATTERN FILE...: every FILE exists, is not empty, and no line matches PATTERN (BRE).
assert_absent() { e2e_absent "" "$@"; }

# assert_grep PATTERN FILE...: some line of the FILEs matches PATTERN (BRE).
assert_grep() {
  _pat=$1
  shift
  if [ $# -gt 0 ] && grep -q -- "$_pat" $(with_moves "$@") 2>/dev/null; then
    e2e_pass
  elif [ $# = 1 ]; then
    e2e_fail "no line matches '$_pat' in '$1': $(head -c 300 "$1" 2>&1)"
  else
    e2e_fail "no line matches '$_pat' in: $*"
  fi
}

# assert_lines N PATTERN FILE: exactly N lines of FILE match PATTERN (BRE).
assert_lines() {
  if [ ! -f "$3" ]; then
    e2e_fail "cannot count '$2': '$3' is missing"
    return
  fi
  _n=$(cat $(with_moves "$3") | grep -c -- "$2")
  assert_eq "$1" "$_n" "lines matching '$2' in $3"
}

# assert_mails N [PATTERN]: exactly N mails in the outbox (having a line that matches PATTERN).
assert_mails() {
  if [ ! -d "$OUTBOX" ]; then
    e2e_fail "cannot count mails: $OUTBOX is missing"
    return
  fi
  _n=0
  for _m in "$OUTBOX"/*.mail; do
    [ -f "$_m" ] || continue
    if [ $# -lt 2 ] || grep -q -- "$2" "$_m"; then _n=$((_n + 1)); fi
  done
  assert_eq "$1" "$_n" "mails${2:+ matching '$2'}"
}

# assert_eq WANT GOT WHAT: WANT and GOT are the same string.
assert_eq() {
  if [ "$1" = "$2" ]; then e2e_pass; else e2e_fail "$3: got '$2', wanted '$1'"; fi
}

# assert_file PATH: PATH is a regular file.
assert_file() {
  if [ -f "$1" ]; then e2e_pass; else e2e_fail "'$1' is missing"; fi
}

# assert_no_file PATH: nothing is at PATH.
assert_no_file() {
  if [ -e "$1" ]; then e2e_fail "'$1' is there"; else e2e_pass; fi
}

# assert_dir PATH: PATH is a directory.
assert_dir() {
  if [ -d "$1" ]; then e2e_pass; else e2e_fail "directory '$1' is missing"; fi
}

# assert_empty FILE: FILE exists and is empty.
assert_empty() {
  if [ ! -f "$1" ]; then
    e2e_fail "'$1' is missing"
  elif [ -s "$1" ]; then
    e2e_fail "'$1' is not empty: $(head -c 200 "$1")"
  else
    e2e_pass
  fi
}

# assert_nonempty FILE: FILE exists and is not empty.
assert_nonempty() {
  if [ -s "$1" ]; then e2e_pass; else e2e_fail "'$1' is missing or empty"; fi
}

# assert_same FILE1 FILE2: the two files exist and are byte-for-byte the same.
assert_same() {
  if [ -f "$1" ] && cmp -s "$1" "$2"; then e2e_pass; else e2e_fail "$1 differs from $2"; fi
}

# assert_changed FILE1 FILE2: the two files exist, are not empty, and differ.
assert_changed() {
  if [ ! -s "$1" ] || [ ! -s "$2" ]; then
    e2e_fail "cannot compare: '$1' or '$2' is missing or empty"
  elif cmp -s "$1" "$2"; then
    e2e_fail "$1 is the same as $2"
  else
    e2e_pass
  fi
}

# assert_games_replay: every board of this home, live or archived, replays to its snapshot.
assert_games_replay() {
  for _b in "$GAMES"/[0-9]* "$PBMHOME"/games/Genetess-archive/[0-9]*; do
    case $_b in *.moves) continue ;; esac
    [ -f "$_b" ] || continue
    run 0 verify "${_b##*/}"
    has "consistent"
  done
}
