#!/bin/sh
# Attacks on the mail and file plumbing, each reproduced against the real binary ($GENETESS, default
# ./genetess) and shown to fail: links planted where the program writes, private modes, a mailer that
# refuses a message forever, more messages than descriptors, odd bodies and headers. One topic per file in
# tests/abuse/ (the helpers of tests/e2e/lib.sh: a scratch $PBMHOME per topic, run, assert_*).
#   sh tests/abuse.sh [TOPIC...]     TOPIC: a file name in tests/abuse/ without .sh; default: all
# Ends with "N passed, M failed"; exit status 1 when anything failed, 2 for an unknown topic.
E2E_DIR=$(dirname "$0")/abuse
. "$(dirname "$0")/e2e/lib.sh"

all=
for f in "$E2E_DIR"/*.sh; do
  t=${f##*/}
  all="$all ${t%.sh}"
done
[ $# -gt 0 ] || set -- $all
for topic; do
  case "$all " in
    *" $topic "*) ;;
    *) echo "abuse: unknown topic '$topic'; the topics are:$all" >&2; exit 2 ;;
  esac
done

# abuse_topic NAME: e2e_topic for tests/abuse/NAME.sh (a failure names that file).
abuse_topic() {
  E2E_FILE=tests/abuse/$1.sh
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

E2E_ROOT=$(mktemp -d)
trap 'rm -rf "$E2E_ROOT"' EXIT
E2E_RESULTS=$E2E_ROOT/results
: >"$E2E_RESULTS"
for topic; do
  abuse_topic "$topic"
done
e2e_summary
