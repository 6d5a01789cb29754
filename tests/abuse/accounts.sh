# accounts: a stranger, a stranger with an account and a forger of a user's From: attack accounts through
# `genetess mail` (contract 15.2, 15.3) — each attack reproduced and shown to fail: password guesses under a
# forged From: of the user's own address (counted, locked), the lock shutting the owner out, a right guess of
# `change ... address` taking the account, the waiting list filled by a few dozen messages, accounts made in
# bulk, wrong-password notices by the dozen, and look-alike userids.
given_players
CONF="--config=$T/none.conf"
run 0 challenge --gamble=none --seed=3 alice bob
B=$(last_board)

# msg FILE FROM SUBJECT [BODY]: a message as an MTA pipes it.
msg() {
  { printf 'From: Someone <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n\n%s\n' \
      "$2" "$3" "$(date +%s%N)" "${4:-}"
  } >"$1"
}
# guesses N: N lines "queue B alice guessK PASS", the body of a `multiple`.
guesses() { i=0; while [ $i -lt "$1" ]; do i=$((i + 1)); printf 'queue %s alice guess%d PASS\n' "$B" $i; done; }

# ---- guesses under a forged From: of alice's own address are counted; past 10 in the hour a password from
# any other address is refused unchecked, while alice's own address is still checked ----
msg "$T/m" alice@example.org "multiple" "$(guesses 12)"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^1800000000 12 1800000000 12 1800000000$" "$PBMHOME/var/auth/alice"
assert_mails 1 "^Subject: Genetess: wrong passwords for alice$"
msg "$T/m" mallory@example.net "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many wrong passwords for alice: until 2027-01-15 09:00 UTC only mail from" "$OUTBOX"/*.mail
assert_absent "^alice PASS" "$GAMES/$B"
# the owner's right password from the registered address runs under the lock (a forged one would run too: it
# is checked, and its reply goes to alice — contract 15.2)
msg "$T/m" alice@example.org "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored: PASS (the first runs at your deadline" "$OUTBOX"/*.mail   # alice is to move
# the notice comes once a day: the lock starting again two hours later mails none
msg "$T/m" alice@example.org "multiple" "$(guesses 10)"
clear_outbox
GENETESS_NOW=$((NOW + 7200)) run 0 mail "$CONF" <"$T/m"
assert_mails 0 "wrong passwords for alice"
assert_grep "^1800007200 10 1800000000 22 1800000000$" "$PBMHOME/var/auth/alice"

# ---- a right guess of `change alice PW address` does not move the account: the old address is asked ----
msg "$T/m" alice@example.org "change alice secret address mallory@evil.example"
clear_outbox
GENETESS_NOW=$((NOW + 7300)) run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: mallory@evil.example$"
assert_mails 1 "^Subject: Genetess confirm alice [0-9a-f]\{16\}$"
assert_grep "^To: alice@example.org$" $(grep -l "^Subject: Genetess confirm alice" "$OUTBOX"/*.mail)
assert_grep "^alice:secret:alice@example.org$" "$PBMHOME/etc/users"
assert_grep "^oldaddr:alice:-:alice@example.org:[0-9a-f]\{16\}:1800007300:alice@example.org:mallory@evil.example$" \
  "$PBMHOME/etc/pending"
# the guesser holds no code: a made-up one does nothing
msg "$T/m" mallory@evil.example "confirm alice 0123456789abcdef"
clear_outbox
GENETESS_NOW=$((NOW + 7400)) run 0 mail "$CONF" <"$T/m"
assert_grep "Nothing waits for a confirmation of alice with that code" "$OUTBOX"/*.mail
assert_grep "^alice:secret:alice@example.org$" "$PBMHOME/etc/users"
# a password change by mail: the code goes to the registered address; nothing changes before it answers
msg "$T/m" mallory@example.net "change bob hunter2 password stolen"
clear_outbox
GENETESS_NOW=$((NOW + 7500)) run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess confirm bob [0-9a-f]\{16\}$"
assert_grep "^To: bob@example.org$" $(grep -l "^Subject: Genetess confirm bob" "$OUTBOX"/*.mail)
assert_grep "^bob:hunter2:bob@example.org$" "$PBMHOME/etc/users"
code=$(sed -n 's/^Subject: Genetess confirm bob \([0-9a-f]*\)$/\1/p' "$OUTBOX"/*.mail)
msg "$T/m" bob@example.org "Re: Genetess confirm bob $code"
clear_outbox
GENETESS_NOW=$((NOW + 7600)) run 0 mail "$CONF" <"$T/m"
assert_grep "^User bob: password changed.$" "$OUTBOX"/*.mail
assert_grep "^bob:stolen:bob@example.org$" "$PBMHOME/etc/users"
run 0 change bob stolen password hunter2    # at the terminal at once, as an admin's

# ---- 50 wrong passwords in a day: the right password from the registered address still runs, but no change
# by mail (a blind right guess cannot take the account) until the day's window ends ----
printf '1800000000 0 1800000000 50 1800000000\n' >"$PBMHOME/var/auth/alice"
msg "$T/m" alice@example.org "change alice secret password other"
clear_outbox
GENETESS_NOW=$((NOW + 8000)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many wrong passwords for alice in a day: no change by mail until" "$OUTBOX"/*.mail
assert_grep "^2027-01-16 08:00 UTC$" "$OUTBOX"/*.mail      # the reply's line wrapped as prose at 78
assert_mails 0 "^Subject: Genetess confirm"
msg "$T/m" carol@example.org "signoff carol pw"
printf '1800000000 0 1800000000 50 1800000000\n' >"$PBMHOME/var/auth/carol"
clear_outbox
GENETESS_NOW=$((NOW + 8000)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many wrong passwords for carol in a day: no signoff by mail until" "$OUTBOX"/*.mail
assert_grep "^carol:pw:carol@example.org$" "$PBMHOME/etc/users"
rm "$PBMHOME/var/auth/carol"
msg "$T/m" alice@example.org "queue $B alice secret *PASS"
clear_outbox
GENETESS_NOW=$((NOW + 8000)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored: \*PASS (the first runs at your deadline" "$OUTBOX"/*.mail   # alice is to move
msg "$T/m" alice@example.org "change alice secret password other"
clear_outbox
GENETESS_NOW=$((NOW + 86400)) run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess confirm alice [0-9a-f]\{16\}$"

# ---- 67 messages no longer fill the 200 waiting signups: 3 a sender, 10 a domain (of the sender and of
# the address to confirm) ----
rm -f "$PBMHOME/etc/pending"
clear_outbox
i=0
while [ $i -lt 67 ]; do
  i=$((i + 1))
  for k in 1 2 3; do
    msg "$T/m" "m$i@evil.example" "signup f${i}x$k pw f${i}x$k@victim$((i % 7)).example"
    GENETESS_NOW=$((NOW + 90000)) "$G" mail "$CONF" <"$T/m" >/dev/null 2>&1
  done
  [ $i -lt 4 ] || break    # from one domain: the 11th is refused already
done
assert_eq 10 "$(grep -c '^signup:' "$PBMHOME/etc/pending")" "signups waiting from evil.example"
assert_mails 10 "^Subject: Genetess confirm f"
assert_grep "^10 signups sent from evil.example are waiting for their confirmation$" "$OUTBOX"/*.mail
# to one domain, from many: 10 as well
clear_outbox
i=0
while [ $i -lt 12 ]; do
  i=$((i + 1))
  msg "$T/m" "s@sender$i.example" "signup g$i pw g$i@target.example"
  GENETESS_NOW=$((NOW + 90000)) "$G" mail "$CONF" <"$T/m" >/dev/null 2>&1
done
assert_mails 10 "^To: g[0-9]*@target.example$"
assert_grep "^10 signups of addresses at target.example are waiting for their confirmation$" \
  "$OUTBOX"/*.mail
# a newcomer from elsewhere signs up; a user's change is never crowded out by waiting signups
msg "$T/m" newcomer@fresh.example "signup newcomer pw newcomer@fresh.example"
clear_outbox
GENETESS_NOW=$((NOW + 90000)) run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess confirm newcomer [0-9a-f]\{16\}$"
# one confirmation a day per mailbox: the newcomer's address spelt with a +tag, in capitals or with a trailing
# dot is the same mailbox, and gets no second one
for a in newcomer+2@fresh.example NewComer@Fresh.Example newcomer@fresh.example.; do
  tag=$(echo "$a" | tr -cd 'a-z0-9' | cut -c1-12)
  msg "$T/m" "other@else$tag.example" "signup nc$tag pw $a"
  clear_outbox
  GENETESS_NOW=$((NOW + 90010)) run 0 mail "$CONF" <"$T/m"
  assert_mails 0 "^Subject: Genetess confirm "
  assert_grep "^A confirmation was mailed to .* less than a day ago:" "$OUTBOX"/*.mail
done
msg "$T/m" carol@example.org "change carol pw address carol@new.example"
clear_outbox
GENETESS_NOW=$((NOW + 90000)) PBMMAXPENDING=5 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess confirm carol [0-9a-f]\{16\}$"
ccode=$(sed -n 's/^Subject: Genetess confirm carol \([0-9a-f]*\)$/\1/p' "$OUTBOX"/*.mail)
# one who knows a password asks at most 2 changes at once (each a mail to the registered address)
for w in password1 password2; do
  msg "$T/m" carol@example.org "change carol pw password $w"
  clear_outbox
  GENETESS_NOW=$((NOW + 90000)) run 0 mail "$CONF" <"$T/m"
done
assert_mails 0 "^Subject: Genetess confirm carol"
assert_grep "^2 changes of carol are waiting for their confirmation already$" "$OUTBOX"/*.mail
# the registered address's yes asks the new address, however many changes wait
msg "$T/m" carol@example.org "Re: Genetess confirm carol $ccode"
clear_outbox
GENETESS_NOW=$((NOW + 90000)) run 0 mail "$CONF" <"$T/m"
assert_grep "^To: carol@new.example$" $(grep -l "^Subject: Genetess confirm carol" "$OUTBOX"/*.mail)
assert_grep "^carol:pw:carol@example.org$" "$PBMHOME/etc/users"

# ---- accounts in bulk: 20 signups by mail a day per domain, 200 in all (var/signups) ----
code=$(sed -n 's/^signup:newcomer:pw:newcomer@fresh.example:\([0-9a-f]*\):.*/\1/p' "$PBMHOME/etc/pending")
awk 'BEGIN { for (i = 0; i < 20; i++) print 1800090000 + i, "fresh.example" }' >"$PBMHOME/var/signups"
msg "$T/m" newcomer@fresh.example "Re: Genetess confirm newcomer $code"
clear_outbox
GENETESS_NOW=$((NOW + 90100)) run 0 mail "$CONF" <"$T/m"
assert_grep "^20 users of fresh.example signed up by mail in a day: try again tomorrow$" "$OUTBOX"/*.mail
assert_absent "^newcomer:" "$PBMHOME/etc/users"
awk 'BEGIN { for (i = 0; i < 200; i++) print 1800090000, "d" i ".example" }' >"$PBMHOME/var/signups"
GENETESS_NOW=$((NOW + 90100)) run 0 mail "$CONF" <"$T/m"
assert_grep "^200 users signed up by mail in a day: try again tomorrow$" "$OUTBOX"/*.mail
msg "$T/m" late@later.example "signup later pw late@later.example"
clear_outbox
GENETESS_NOW=$((NOW + 90100)) run 0 mail "$CONF" <"$T/m"
assert_grep "^200 users signed up by mail in a day: try again tomorrow$" "$OUTBOX"/*.mail
assert_mails 0 "^Subject: Genetess confirm later"
# a day later the request still waiting is confirmed, and counted
msg "$T/m" newcomer@fresh.example "Re: Genetess confirm newcomer $code"
clear_outbox
GENETESS_NOW=$((NOW + 90000 + 86400)) run 0 mail "$CONF" <"$T/m"
assert_grep "^newcomer:pw:newcomer@fresh.example$" "$PBMHOME/etc/users"
assert_eq "1800176400 fresh.example" "$(cat "$PBMHOME/var/signups")" "the day's signups"

# ---- look-alike userids: aIice beside alice is refused, by mail and at the terminal ----
msg "$T/m" mallory@example.net "signup aIice pw mallory@example.net"
clear_outbox
GENETESS_NOW=$((NOW + 200000)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Userid aIice is too like the existing userid alice$" "$OUTBOX"/*.mail
assert_mails 0 "^Subject: Genetess confirm"
run 1 signup B0B pw b@example.org
has "Userid B0B is too like the existing userid bob"
assert_absent "^B0B:" "$PBMHOME/etc/users"
