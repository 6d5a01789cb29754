# onepipe: a mailed reply runs through the one transaction (contract 2.1): `secret PASS` in reply to a sheet
# takes the lock once, reads the board once and the users once — its userid found by the reply's address among
# the board's players, under the lock, in the same read that checks the password and addresses the sheets
# (tests/trace/opens.c, an LD_PRELOAD shim, lists every open and mkdir the process makes); and a commit a
# killed command left is made durable before its mail goes out (the shim's fsync and link lines).
given_players
CONF="--config=$T/none.conf"
run 0 challenge --gamble=none --seed=5 alice bob
B=$(last_board)
cc -shared -fPIC -o "$T/opens.so" "$E2E_DIR/../trace/opens.c" -ldl 2>"$T/cc.err" || e2e_fail "opens.c: $(cat "$T/cc.err")"
# reply FROM BODY: a reply to board $B's sheet from FROM, traced
reply() {
  printf 'From: <%s>\nTo: genetess@example.org\nSubject: Re: Genetess Board %s alice\nMessage-ID: <%s@c.example>\n\n%s\n' \
    "$1" "$B" "$(date +%s%N)" "$2" >"$T/m"
  : >"$T/opens"
  clear_outbox
  # a sanitizer build (make SANITIZE=1) takes a preloaded library only when told not to check its link order
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" LD_PRELOAD="$T/opens.so" \
    TRACE_OPENS="$T/opens" run 0 mail "$CONF" <"$T/m"
}
# opened PATTERN: how many lines of the trace match PATTERN
opened() { grep -c "$1" "$T/opens"; }

reply alice@example.org "secret PASS"
assert_grep "^1a alice PASS$" "$GAMES/$B.moves"
assert_eq "$(opened "^open .*/games/Genetess/\.lockfile$")" 1 "the lock, taken once"
assert_eq "$(opened "^open .*/games/Genetess/$B$")" 1 "the board, read once"
assert_eq "$(opened "^open .*/etc/users$")" 1 "the users, read once"
assert_eq "$(opened "^mkdir .*/games$")" 1 "the store, opened once for the message (the command borrows it)"
assert_mails 2                                           # alice's reply with her sheet, bob's sheet

# the same for a board command by its word after the password, and for a reply refused as wrong password
reply bob@example.org "hunter2 orders"
has_mail=$(mail_to bob | wc -l)
assert_eq "$has_mail" 1 "bob's orders answered once"
assert_eq "$(opened "^open .*/games/Genetess/\.lockfile$")" 1 "orders: the lock, taken once"
assert_eq "$(opened "^open .*/etc/users$")" 1 "orders: the users, read once"
reply bob@example.org "nothunter2 PASS"
assert_grep "Invalid password entered" $(mail_to bob)
assert_eq "$(opened "^open .*/etc/users$")" 1 "a wrong password: the users, read once"
assert_absent "^1b" "$GAMES/$B.moves"

# a reply from an address no player has is told so, from the board read under the lock
reply carol@example.org "pw PASS"
assert_grep "is not the address of a player of Genetess board $B" $(mail_to carol)
assert_eq "$(opened "^open .*/games/Genetess/$B$")" 1 "not a player: the board, read once"

# over its mailbox's budget a command with the password of the mailbox's user still runs (contract 2.1): the
# owner check and the command share the one lock and the one read of the users
# mail_subject SUBJECT: a message from bob with SUBJECT and no body, traced, under a budget of one reply an hour
mail_subject() {
  printf 'From: <bob@example.org>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@c.example>\n\n' "$1" \
    "$(date +%s%N)" >"$T/m"
  : >"$T/opens"
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" LD_PRELOAD="$T/opens.so" \
    TRACE_OPENS="$T/opens" PBMRATE=1/3600 run 0 mail "$CONF" <"$T/m"
}
clear_outbox
mail_subject games
mail_subject games
assert_grep "Too many messages for this mailbox" $(mail_to bob)
mail_subject "move $B bob hunter2 PASS"
assert_grep "^1b bob PASS$" "$GAMES/$B.moves"
assert_eq "$(opened "^open .*/games/Genetess/\.lockfile$")" 1 "over the budget: the lock, taken once"
assert_eq "$(opened "^open .*/games/Genetess/$B$")" 1 "over the budget: the board, read once"
assert_eq "$(opened "^open .*/etc/users$")" 1 "over the budget: the users, read once"

# ---- a commit that a killed command left: the command that finishes it syncs the games directory (the rename
# made durable: the killed one may have renamed and died before its sync) before the mail goes into the outbox
# (contract 3.2). The kill comes through tests/crash/shim.c at each point in turn until the board is renamed
# and no mail is out yet. ----
cc -shared -fPIC -o "$T/crash.so" "$E2E_DIR/../crash/shim.c" -ldl 2>"$T/cc.err" || e2e_fail "shim.c: $(cat "$T/cc.err")"
run 0 challenge --gamble=none --seed=5 alice bob
K=$(last_board)
clear_outbox
rm -rf "$T/home0"
cp -a "$PBMHOME" "$T/home0"
left=
for k in $(seq 1 200); do
  rm -rf "$PBMHOME"
  cp -a "$T/home0" "$PBMHOME"
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" LD_PRELOAD="$T/crash.so" CRASH_AT=$k \
    "$G" move "$K" alice secret PASS >/dev/null 2>&1
  if ! cmp -s "$GAMES/$K" "$T/home0/games/Genetess/$K" && [ -z "$(ls "$OUTBOX")" ]; then
    left=$k
    break
  fi
done
[ -n "$left" ] && e2e_pass || e2e_fail "no kill point left the board renamed with its mail unsent"
: >"$T/opens"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" LD_PRELOAD="$T/opens.so" \
  TRACE_OPENS="$T/opens" run 0 games
assert_mails 2 "^Subject: Genetess Board $K bob$"
synced=$(grep -n "^fsync $PBMHOME/games/Genetess$" "$T/opens" | head -1 | cut -d: -f1)
mailed=$(grep -n "^link .* $PBMHOME/outbox/" "$T/opens" | head -1 | cut -d: -f1)
[ -n "$synced" ] && [ -n "$mailed" ] && [ "$synced" -lt "$mailed" ] && e2e_pass ||
  e2e_fail "the games directory synced (trace line ${synced:-none}) before the first mail went out (${mailed:-none})"
