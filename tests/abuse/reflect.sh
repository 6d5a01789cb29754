# reflect: a mailbox that did not ask cannot be flooded through `genetess mail`, by a stranger, a stranger with an
# account of their own or a forger of a user's From: (contract 2.1, 15.1, 15.2). Each attack of issue 28 against the
# replies, reproduced: an authenticated `multiple` of 50 showas with Reply-To: victim (150 mails to the victim
# before: now none, the replies go to the account's own address); a stranger's 50 commands (20 answered and one
# notice, the other 29 not run); +tag, case and trailing-dot spellings of one mailbox (each had its own 21: now one
# budget); commands over the budget run all the same (now not run: no side effect); a Reply-To list in a CR-only
# or CRLF message (answered before: now dropped); 30 messages at once (25 replies where the limit was 21: now the
# budget exactly); the day's bound; a wrong PBMRATE (no budget at all before: now the default).
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log
run 0 signup mallory mpw mallory@evil.example
run 0 signup vic vpw victim@example.org
run 0 challenge --gamble=none --seed=5 mallory bot:greedy
B=$(last_board)

# mail_msg FILE FROM SUBJECT REPLY-TO BODY: a message (LF line ends) with its own Message-ID; REPLY-TO "" for none.
mail_msg() {
  { printf 'From: <%s>\nSubject: %s\nMessage-ID: <%s.%s@evil.example>\n' "$2" "$3" "$(date +%s%N)" "$$"
    [ -z "$4" ] || printf 'Reply-To: %s\n' "$4"
    printf '\n%s\n' "$5"
  } >"$1"
}

# lines N TEXT: N lines of TEXT.
lines() {
  _i=0
  while [ $_i -lt "$1" ]; do printf '%s\n' "$2"; _i=$((_i + 1)); done
}

# to_mailbox PATTERN: how many outbox mails go to an address matching PATTERN (grep -i, the whole To: line).
to_mailbox() { cat "$OUTBOX"/*.mail 2>/dev/null | grep -ic "^To: $1\$"; }

# ---- an account's password with Reply-To: victim — the replies go to the account's registered address ----
mail_msg "$T/m" mallory@evil.example multiple victim@example.org "$(lines 50 "showas mallory mpw $B")"
clear_outbox
for i in 1 2 3; do
  mail_msg "$T/m" mallory@evil.example multiple victim@example.org "$(lines 50 "showas mallory mpw $B")"
  run 0 mail "$CONF" <"$T/m"
done
assert_eq 0 "$(to_mailbox 'victim@example\.org')" "mails to the victim from 150 authenticated showas"
assert_eq 150 "$(to_mailbox 'mallory@evil\.example')" "showas replies at mallory's own address"
assert_grep "^Subject: Genetess Board $B " "$OUTBOX"/*.mail

# ---- a stranger's 50 commands for one mailbox: 20 answered, one notice, the other 29 not run ----
clear_outbox
mail_msg "$T/m" stranger@evil.example multiple target@example.net "$(lines 50 "verify $B")"
run 0 mail "$CONF" <"$T/m"
assert_eq 21 "$(to_mailbox 'target@example\.net')" "mails to the target: the budget and one notice"
assert_mails 1 "^Too many messages for this mailbox: Genetess answers at most 20 messages (1024$"
# the message's one log line names what befell each of its commands
assert_eq 1 "$(grep -o "over the budget of target@example.net: not run, told once" "$LOG" | wc -l)" "commands told once"
assert_eq 29 "$(grep -o "over the budget of target@example.net: not run, not answered" "$LOG" | wc -l)" \
  "commands not answered"
assert_lines 1 "multiple: 50 commands, exit 1; command 21: over the budget" "$LOG"

# ---- one mailbox however it is spelt: +tag, case, trailing dots share one budget ----
clear_outbox
for a in 'twin+1@example.net' 'Twin@Example.NET' 'twin@example.net.' 'twin+2@example.net..'; do
  mail_msg "$T/m" stranger@evil.example multiple "$a" "$(lines 10 "history")"
  run 0 mail "$CONF" <"$T/m"
done
assert_eq 21 "$(to_mailbox 'twin[+0-9]*@example\.net\.*')" "mails to one mailbox under four spellings"
assert_file "$PBMHOME/var/rate/_twin@example.net"
assert_no_file "$PBMHOME/var/rate/_twin+1@example.net"

# ---- over the budget a command is not run: no side effect, with or without a password ----
clear_outbox
mail_msg "$T/m" stranger@evil.example "signup zed zpw zed@example.net" target@example.net ""
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_no_file "$PBMHOME/etc/pending"
boards=$(ls "$GAMES" | grep -c '^[0-9]*$')
mail_msg "$T/m" mallory@evil.example "challenge --gamble=none mallory mpw bot:random" target@example.net ""
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_eq "$boards" "$(ls "$GAMES" | grep -c '^[0-9]*$')" "boards after a challenge over the budget"
# within a budget the same command runs (the control): a board more, the reply at mallory's own address
mail_msg "$T/m" mallory@evil.example "challenge --gamble=none mallory mpw bot:random" fresh@example.net ""
run 0 mail "$CONF" <"$T/m"
assert_eq $((boards + 1)) "$(ls "$GAMES" | grep -c '^[0-9]*$')" "boards after a challenge within the budget"
assert_mails 1 "^To: mallory@evil.example$" # the reply, which is the New sheet
assert_eq 0 "$(to_mailbox 'fresh@example\.net')" "mails to the Reply-To of an authenticated command"

# ---- the owner is never crowded out: forged mail fills vic's mailbox; her password still runs, a forger's not ----
mail_msg "$T/m" victim@example.org multiple "" "$(lines 25 "history")"
run 0 mail "$CONF" <"$T/m"
clear_outbox
mail_msg "$T/m" victim@example.org "games vic" "" ""
run 0 mail "$CONF" <"$T/m"
assert_mails 0
mail_msg "$T/m" Victim+games@example.org "signoff vic wrong" "" ""
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "^vic:" "$PBMHOME/etc/users"
mail_msg "$T/m" Victim+games@example.org "showas vic vpw $B" "" ""
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: victim@example.org$"

# the owner's command over a full budget meets the lock held: not run, not answered, 75 — the MTA brings it back
# (a command that locks nothing before: `help` with her userid and password, so the owner check takes the lock)
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1], "a"); fcntl.lockf(f, fcntl.LOCK_EX); open(sys.argv[2], "w").close(); time.sleep(4)' \
  "$GAMES/.lockfile" "$T/held" &
holder=$!
while [ ! -e "$T/held" ]; do sleep 0.05; done
clear_outbox
mail_msg "$T/m" victim@example.org "help vic vpw" "" ""
GENETESS_LOCK_WAIT=0 run 75 mail "$CONF" <"$T/m"
assert_mails 0
assert_grep "the owner check could not be made; the MTA tries again later$" "$LOG"
wait $holder
rm -f "$T/held"

# ---- a Reply-To list is seen in the normalised header: CR-only and CRLF messages are dropped ----
clear_outbox
printf 'Subject: history\rFrom: c@example.org\rReply-To: victim@example.org, list@example.net\r\r' >"$T/m"
run 0 mail "$CONF" <"$T/m"
printf 'From: c@example.org\r\nX-Mailer: x\rReply-To: victim@example.org,\r\n list@example.net\r\nSubject: history\r\n\r\n' >"$T/m"
run 0 mail "$CONF" <"$T/m"
assert_lines 2 "dropped unanswered: no usable From: or Reply-To: address$" "$LOG"
assert_eq 0 "$(to_mailbox '.*')" "mails for two Reply-To lists"

# ---- 30 messages at once for one mailbox: the budget exactly (5 replies and one notice; before, each message read
# the count before its command ran and wrote it after, so the old code answered 6 to 12 of them, by timing) ----
clear_outbox
i=0
while [ $i -lt 30 ]; do
  mail_msg "$T/c$i" stranger@evil.example "verify $B" crowd@example.net ""
  GENETESS_LOCK_WAIT=60 PBMRATE=5/3600 "$G" mail "$CONF" <"$T/c$i" >/dev/null 2>&1 &
  i=$((i + 1))
done
wait
assert_eq 6 "$(to_mailbox 'crowd@example\.net')" "mails to one mailbox from 30 messages at once"
assert_mails 1 "^Too many messages for this mailbox: Genetess answers at most 5 messages (1024$"

# ---- the day's bound (rateday=): 2 an hour, 3 a day — two hours give 3 replies and a notice each hour ----
printf 'rateday=3/86400\n' >"$T/day.conf"
clear_outbox
for h in 0 1 2; do
  mail_msg "$T/m" stranger@evil.example multiple daily@example.net "$(lines 5 "history")"
  GENETESS_NOW=$((NOW + h * 3600)) PBMRATE=2/3600 run 0 mail --config="$T/day.conf" <"$T/m"
done
assert_eq 5 "$(to_mailbox 'daily@example\.net')" "mails to one mailbox in three hours under 2/3600 and 3/86400"
assert_mails 3 "^Subject: Historical List of Genetess games$"
assert_mails 1 "Until 2027-01-15 09:00 UTC the next ones"
assert_mails 1 "Until 2027-01-16 08:00 UTC the next ones"

# ---- a wrong setting never lifts the budget: PBMRATE=garbage is logged and the defaults hold ----
clear_outbox
mail_msg "$T/m" stranger@evil.example multiple wrong@example.net "$(lines 25 "help")"
PBMRATE=garbage run 0 mail "$CONF" <"$T/m"
assert_eq 21 "$(to_mailbox 'wrong@example\.net')" "mails to one mailbox under a wrong PBMRATE"
assert_grep "rate 'garbage' is not MESSAGES/SECONDS: the default budget is used" "$LOG"

# ---- the bytes of a mailbox's budget: 50 lines of `show` naming a large board ten times (about 200 KB a reply)
# mailed one mailbox 20 mails, 3.9 MB, an hour; now the replies stop once 1 MiB is passed, with one notice ----
# (a long game against random bots, ended by mallory's resign: a finished game's `show` holds its whole story)
run 0 challenge --gamble=none --seed=5 --map=melee mallory bot:random bot:random2 bot:random3
L=$(last_board)
i=0
while [ $i -lt 150 ]; do "$G" move "$L" mallory mpw PASS >/dev/null 2>&1; i=$((i + 1)); done
run 0 resign "$L" mallory mpw
clear_outbox
mail_msg "$T/m" stranger@evil.example multiple bytes@example.net "$(lines 50 "show $L $L $L $L $L $L $L $L $L $L")"
run 0 mail "$CONF" <"$T/m"
n=$(to_mailbox 'bytes@example\.net')
sent=$(cat $(grep -il '^To: bytes@example\.net$' "$OUTBOX"/*.mail) | wc -c)
assert_eq "3..8" "$([ "$n" -ge 3 ] && [ "$n" -le 8 ] && echo 3..8 || echo "$n")" "mails to one mailbox of large replies"
assert_eq "at most 2 MiB" "$([ "$sent" -le $((2 * 1024 * 1024)) ] && echo 'at most 2 MiB' || echo "$sent")" \
  "bytes to one mailbox (1 MiB and one reply at most)"
assert_mails 1 "^Too many messages for this mailbox: Genetess answers at most 20 messages (1024$"
assert_eq 1 "$(grep -o "over the budget of bytes@example.net: not run, told once" "$LOG" | wc -l)" "commands told once"
