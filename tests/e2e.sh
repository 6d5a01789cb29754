#!/bin/sh
# End-to-end tests: run the real binary ($GENETESS, default ./genetess) — arguments and files in;
# reply, mails, board files and exit status out. One topic per file in tests/e2e/ (helpers in
# tests/e2e/lib.sh); each topic plays its own games in its own scratch $PBMHOME, so a failure stays
# in its topic and any topic runs alone.
#   sh tests/e2e.sh [TOPIC...]     TOPIC: a file name in tests/e2e/ without .sh; default: all
# Topics run $E2E_JOBS at a time (default: the processors online), a line each as it ends.
# Ends with "N passed, M failed"; exit status 1 when anything failed, 2 for an unknown topic.
E2E_DIR=$(dirname "$0")/e2e
. "$E2E_DIR/lib.sh"

E2E_SLOW="bots abuse sheets" # the longest topics, started first so that the lanes end together
e2e_main e2e "$@"
