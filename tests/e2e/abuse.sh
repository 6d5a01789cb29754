# abuse: a stranger on the internet attacks through `genetess mail` (contract 15) — each attack reproduced
# and shown to fail: a Reply-To that is a list, a map path or a FIFO named by mail, wrong passwords by the
# dozen, fan-out, unbounded arguments, strangers starting games and signing up other people's addresses.
given_players
# a wrong password at the terminal is counted too, before genetess mail ever made var/
run 1 showas alice wrong 1
has "Invalid password entered"
assert_empty "$ERR"
assert_grep "^1800000000 1 1800000000 1 0$" "$PBMHOME/var/auth/alice"   # the hour's and the day's count
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log

# msg FILE FROM SUBJECT [BODY [EXTRA-HEADER]]: a message as an MTA pipes it.
msg() {
  { printf 'From: Someone <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n' \
      "$2" "$3" "$(date +%s%N)"
    [ -z "${5:-}" ] || printf '%s\n' "$5"
    printf '\n%s\n' "${4:-}"
  } >"$1"
}

# ---- a Reply-To that is a list: nobody to answer, dropped and logged (not answered at a "terminal") ----
msg "$T/m" alice@example.org "challenge --map=/etc/passwd alice bob" "" "Reply-To: <a@example.org,c@example.org>"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0
assert_empty "$OUT"
assert_grep "dropped unanswered: no usable From: or Reply-To: address" "$LOG"
assert_no_file "$GAMES/101"
msg "$T/m" mallory@example.net "help" "" "Reply-To: victim@example.com, bob@example.org"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0
msg "$T/m" "victim@example.com, bob@example.org" "help"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0
printf 'From: victim@example.com mallory@example.net\nSubject: help\nMessage-ID: <two.%s@x>\n\n' "$(date +%s%N)" >"$T/m"
run 0 mail "$CONF" <"$T/m"                    # two addresses with no comma: a list too, not the first of them
assert_mails 0
msg "$T/m" mallory@example.net "help" "" 'Reply-To: "Smith, John" <john@example.com>'
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: john@example.com$"

# ---- a path for --map only at a terminal: by mail (genetess mail, or SENDER from the host) it is refused ----
msg "$T/m" alice@example.org "challenge --map=/etc/passwd alice secret bob"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "maps given as paths are only allowed at a terminal" $(mail_to alice)
SENDER="<a@example.org,c@example.org>" run 1 challenge --map=/etc/passwd alice secret bob
has "maps given as paths are only allowed at a terminal"
# a FIFO named as a map at the terminal is never opened for reading: the command does not block
mkfifo "$T/fifo"
run 1 challenge "--map=$T/fifo" alice bob
has "fifo:1: not a map file (a directory, a FIFO or a device)"
assert_no_file "$GAMES/101"

# ---- wrong passwords: counted per userid; past 10 an hour only the user's own address is taken ----
run 0 challenge --gamble=none --seed=3 alice bob
B=$(last_board)
msg "$T/m" mallory@example.net "queue $B alice guess0 PASS"
clear_outbox
for i in 1 2 3 4 5 6 7 8 9 10; do run 0 mail "$CONF" <"$T/m"; done
assert_mails 1 "^Subject: Genetess: wrong passwords for alice$"
assert_grep "^To: alice@example.org$" $(grep -l "wrong passwords for alice" "$OUTBOX"/*.mail)
assert_grep "^Until 2027-01-15 09:00 UTC, commands for alice that come by mail are taken" \
  $(grep -l "wrong passwords for alice" "$OUTBOX"/*.mail)
# now even the right password from another address is refused, unchecked; alice's own address is taken
msg "$T/m" mallory@example.net "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Too many wrong passwords for alice: until 2027-01-15 09:00 UTC only mail from" \
  "$OUTBOX"/*.mail
assert_absent "^alice PASS" "$GAMES/$B"
msg "$T/m" alice@example.org "queue $B alice secret PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored: PASS (the first runs at your deadline" $(mail_to alice)   # alice is to move
assert_mails 0 "wrong passwords for alice"       # told once
# at the terminal (an admin) the userid is not locked; an hour later neither is mail
run 0 queue "$B" alice secret NONE
msg "$T/m" mallory@example.net "queue $B alice secret *PASS"
GENETESS_NOW=$((NOW + 3600)) run 0 mail "$CONF" <"$T/m"
assert_grep "^Stored: \*PASS (the first runs at your deadline" "$OUTBOX"/*.mail   # alice is to move

# the notice goes whatever command logged in: showas and change (logins outside a board's seat) as move
run 0 signup erin pw erin@example.org
run 0 signup frank pw frank@example.org
clear_outbox
for i in 1 2 3 4 5 6 7 8 9 10; do run 1 showas erin guess "$B"; done
assert_mails 1 "^Subject: Genetess: wrong passwords for erin$"
assert_grep "^To: erin@example.org$" "$OUTBOX"/*.mail
clear_outbox
for i in 1 2 3 4 5 6 7 8 9 10; do run 1 change frank guess password other; done
assert_mails 1 "^Subject: Genetess: wrong passwords for frank$"
assert_grep "^To: frank@example.org$" "$OUTBOX"/*.mail

# ---- fan-out: message merges repeated names, takes at most 8, and only players of one's own games ----
run 0 signup dave pw dave@example.org
printf 'Hello\n' >"$T/body"
clear_outbox
words=$(for i in $(seq 1 40); do printf 'bob '; done)
INPUTFILE="$T/body" run 0 message alice secret $words
assert_mails 1 "^To: bob@example.org$"
assert_eq "Message sent to bob." "$(cat "$OUT")" "forty bobs"
INPUTFILE="$T/body" run 1 message alice secret bob dave
has "Nothing was sent: dave plays no game with you"
assert_mails 1
for u in u1 u2 u3 u4 u5 u6 u7 u8 u9; do run 0 signup "$u" pw "$u@example.org"; done
run 0 challenge --gamble=none alice u1 u2 u3 u4 u5 u6 u7
run 0 challenge --gamble=none alice u8 u9
clear_outbox
INPUTFILE="$T/body" run 1 message alice secret u1 u2 u3 u4 u5 u6 u7 u8 u9
has "Nothing was sent: a message goes to at most 8 users"
assert_mails 0
# by mail the same: a stranger's list is one copy each, and nothing to non-players
msg "$T/m" alice@example.org "message alice secret $words" "Hi"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: bob@example.org$"
assert_mails 1 "^Subject: Genetess message from alice$"

# ---- bounded arguments, boards and replies; selfplay only at a terminal ----
many=$(for i in $(seq 1 257); do printf '101 '; done)
run 2 show $many
assert_grep "usage: a command takes at most 256 words" "$ERR"
run 2 show 101 101 101 101 101 101 101 101 101 101 101
assert_eq "usage: genetess show board[#k]... (at most 10 boards)" "$(cat "$ERR")" "show of 11 boards"
assert_empty "$OUT"
run 2 showas alice secret 101 101 101 101 101 101 101 101 101 101 101
assert_eq "usage: genetess showas userid password board... (at most 10 boards)" "$(cat "$ERR")" "showas of 11 boards"
assert_empty "$OUT"
run 2 show 101 "101#-1"
assert_eq "usage: genetess show board[#k]... (the k of board#k is a move number)" "$(cat "$ERR")" "show 101#-1"
assert_empty "$OUT"
# by mail the usage line is the reply, with where help is, as a wrong count's (contract 2.1)
msg "$T/m" zed@example.net "show 101 101 101 101 101 101 101 101 101 101 101"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^usage: genetess show board\[#k\]\.\.\. (at most 10 boards)$" "$OUTBOX"/*.mail
assert_grep '^(the Subject "help show" explains it)$' "$OUTBOX"/*.mail
assert_grep "^Subject: Genetess error$" "$OUTBOX"/*.mail
msg "$T/m" alice@example.org "selfplay --players=8"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "This command runs only at the server's terminal, not by mail" $(mail_to alice)
run 0 challenge --gamble=none alice bob
E=$(last_board)
run 0 resign "$E" alice secret
n=$(sed -n "s/^(moves $E.moves \([0-9]*\))$/\1/p" "$GAMES/$E")
awk 'BEGIN { for (i = 0; i < 40000; i++) print "1a alice MOVE C4 S-E-E-E-E-E-E (an admin'"'"'s long note)" }' >>"$GAMES/$E.moves"
sed -i "s/^(moves $E.moves $n)$/(moves $E.moves $((n + 40000)))/" "$GAMES/$E"
msg "$T/m" alice@example.org "show $E"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^(The reply was cut here: at most 1048576 bytes are mailed.)$" $(mail_to alice)
assert_eq 1 "$(ls "$OUTBOX" | grep -c .)" "one reply"
size=$(wc -c <"$(mail_to alice)")
[ "$size" -lt 1100000 ] && e2e_pass || e2e_fail "the cut reply is $size bytes"
rm -f "$GAMES/$E" "$GAMES/.$E" "$GAMES/$E.moves"    # hand-made history: not a game to replay

# ---- signup by mail: the address says yes first (double opt-in); one confirmation an address a day ----
msg "$T/m" mallory@example.net "signup victim pw victim@example.com"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 2
assert_mails 1 "^To: victim@example.com$"
assert_grep "^Subject: Genetess confirm victim [0-9a-f]\{16\}$" $(grep -l "^To: victim@example.com" "$OUTBOX"/*.mail)
assert_grep "^A confirmation was mailed to victim@example.com: the userid is signed up once" \
  $(grep -l "^To: mallory@example.net" "$OUTBOX"/*.mail)
assert_absent "^victim:" "$PBMHOME/etc/users"
assert_grep "^signup:victim:pw:victim@example.com:[0-9a-f]\{16\}:1800000000:mallory@example.net:-$" \
  "$PBMHOME/etc/pending"
code=$(sed -n 's/^Subject: Genetess confirm victim \([0-9a-f]*\)$/\1/p' "$OUTBOX"/*.mail)
# the same address again: no second mail within a day, whoever asks and for whichever userid
msg "$T/m" mallory@example.net "signup victim2 pw victim@example.com"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: mallory@example.net$"
assert_grep "A confirmation was mailed to victim@example.com less than a day ago:" "$OUTBOX"/*.mail
# a requester has at most 3 requests waiting; past PBMMAXPENDING (200) signups waiting, the oldest is forgotten
for i in 2 3; do
  msg "$T/m" mallory@example.net "signup v$i pw v$i@example.com"
  run 0 mail "$CONF" <"$T/m"
done
msg "$T/m" mallory@example.net "signup v4 pw v4@example.com"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: v4@example.com$"
assert_grep "3 requests of yours are waiting for their confirmation already" "$OUTBOX"/*.mail
msg "$T/m" other@example.net "signup v5 pw v5@example.com"
clear_outbox
cp "$PBMHOME/etc/pending" "$T/pending.before"
PBMMAXPENDING=3 run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: v5@example.com$"                  # the list is never full to a newcomer
assert_eq 3 "$(grep -c '^signup:' "$PBMHOME/etc/pending")" "signups waiting under PBMMAXPENDING=3"
assert_absent "^signup:victim:" "$PBMHOME/etc/pending"  # the oldest went for it
assert_grep "the oldest, of victim, is forgotten for a new one" "$ERR"
# ... but not that victim's mailbox was mailed: no second confirmation to it within the day (var/confirms)
cp "$PBMHOME/var/confirms" "$T/confirms.before"
cp "$PBMHOME/etc/pending" "$T/pending.after"
msg "$T/m" other2@example.net "signup victim3 pw Victim+x@example.com"
clear_outbox
PBMMAXPENDING=3 run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: Victim+x@example.com$"
assert_grep "^A confirmation was mailed to Victim+x@example.com less than a day ago:" "$OUTBOX"/*.mail
assert_same "$T/confirms.before" "$PBMHOME/var/confirms"
assert_same "$T/pending.after" "$PBMHOME/etc/pending"
# at most 10,000 mailboxes are mailed a confirmation in a day: past that none, none forgotten, until a day passes
awk 'BEGIN { for (i = 0; i < 10000; i++) print 1800000000, "m" i "@filler.example" }' >"$PBMHOME/var/confirms"
cp "$PBMHOME/var/confirms" "$T/confirms.full"
msg "$T/m" other3@example.net "signup v7 pw v7@example.com"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: v7@example.com$"
assert_grep "^10000 confirmations were mailed in a day: try again tomorrow$" "$OUTBOX"/*.mail
assert_same "$T/confirms.full" "$PBMHOME/var/confirms"
assert_same "$T/pending.after" "$PBMHOME/etc/pending"
cp "$T/confirms.before" "$PBMHOME/var/confirms"
cp "$T/pending.before" "$PBMHOME/etc/pending"           # victim's request back, for what follows
msg "$T/m" other@example.net "signup v6 pw v6@example.com"
clear_outbox
PBMMAXUSERS=3 run 0 mail "$CONF" <"$T/m"
assert_grep "This server takes no more users" "$OUTBOX"/*.mail
# a wrong code confirms nothing; the right one signs the user up, once; a request expires after 3 days
msg "$T/m" mallory@example.net "confirm victim 0000000000000000"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "Nothing waits for a confirmation of victim with that code" "$OUTBOX"/*.mail
# the most users are counted again at the confirmation: requests that waited together do not pass it together
# (contract 15.3); the request still waits, nothing is made
users=$(grep -c . "$PBMHOME/etc/users")
cp "$PBMHOME/etc/users" "$T/users.before"
cp "$PBMHOME/etc/pending" "$T/pending.before"
msg "$T/m" victim@example.com "Re: Genetess confirm victim $code"
clear_outbox
PBMMAXUSERS=$users run 0 mail "$CONF" <"$T/m"
assert_grep "^This server takes no more users (it has $users)$" $(grep -l "^To: victim@example.com" "$OUTBOX"/*.mail)
assert_same "$T/users.before" "$PBMHOME/etc/users"
assert_same "$T/pending.before" "$PBMHOME/etc/pending"
msg "$T/m" victim@example.com "Re: Genetess confirm victim $code"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^User victim signed up. Welcome to Genetess!$" $(grep -l "^To: victim@example.com" "$OUTBOX"/*.mail)
assert_grep "^victim:pw:victim@example.com$" "$PBMHOME/etc/users"
assert_absent "^signup:victim:" "$PBMHOME/etc/pending"
run 1 confirm victim "$code"
code3=$(sed -n 's/^signup:v3:pw:v3@example.com:\([0-9a-f]*\):.*/\1/p' "$PBMHOME/etc/pending")
GENETESS_NOW=$((NOW + 3 * 86400)) run 1 confirm v3 "$code3"
has "Nothing waits for a confirmation of v3 with that code (a request is forgotten 3 days after it was made)"
assert_absent "^v3:" "$PBMHOME/etc/users"

# ---- one address per user: add is refused; change of address by mail waits for the old address, then the new ----
msg "$T/m" bob@example.org "add bob hunter2 evil@example.net"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: evil@example.net$"
assert_grep "Each user has one address" "$OUTBOX"/*.mail
msg "$T/m" bob@example.org "change bob hunter2 address bob2@example.org"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: bob2@example.org$"
assert_mails 1 "^To: bob@example.org$"                 # one mail: the reply is the confirmation (contract 3.1)
assert_grep "^to send the mail of the userid bob, now sent here,$" "$OUTBOX"/*.mail
assert_grep "^to bob2@example.org from now on (that address is asked next)" "$OUTBOX"/*.mail
assert_grep "^bob:hunter2:bob@example.org$" "$PBMHOME/etc/users"
code=$(sed -n 's/^Subject: Genetess confirm bob \([0-9a-f]*\)$/\1/p' "$OUTBOX"/*.mail)
msg "$T/m" bob@example.org "Re: Genetess confirm bob $code"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: bob2@example.org$"
assert_grep "^bob:hunter2:bob@example.org$" "$PBMHOME/etc/users"
code=$(sed -n 's/^Subject: Genetess confirm bob \([0-9a-f]*\)$/\1/p' $(grep -l "^To: bob2@example.org$" "$OUTBOX"/*.mail))
msg "$T/m" bob2@example.org "Re: Genetess confirm bob $code"
run 0 mail "$CONF" <"$T/m"
assert_grep "^bob:hunter2:bob2@example.org$" "$PBMHOME/etc/users"
run 0 change bob hunter2 address bob@example.org    # at the terminal an admin is trusted

# ---- users at scale: a users file past 64 MiB still signs up and authenticates (read as a stream) ----
cp "$PBMHOME/etc/users" "$T/users.small"
awk 'BEGIN { for (i = 0; i < 1200000; i++) printf "user%07d:password%07d:user%07d@example.net\n", i, i, i }' \
  >>"$PBMHOME/etc/users"
run 0 signup latecomer pw late@example.org
assert_grep "^latecomer:pw:late@example.org$" "$PBMHOME/etc/users"
run 0 showas alice secret "$B"
run 1 showas user1199999 password1199999 "$B"
has "You are NOT playing this game"
cp "$T/users.small" "$PBMHOME/etc/users"

# ---- games by mail start with consent: the challenger's password, invitations, limits ----
msg "$T/m" mallory@example.net "challenge bob guess carol"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: mallory@example.net$"
assert_grep "Invalid password entered" "$OUTBOX"/*.mail
msg "$T/m" alice@example.org "challenge --deadline=1 alice secret bob"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "By mail a game's deadline is at least 24 hours" $(mail_to alice)
assert_mails 0 "^To: bob@example.org$"
msg "$T/m" alice@example.org "challenge --max-timeouts=0 alice secret bob"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "By mail --max-timeouts is 1 to 10 (a game must end)" $(mail_to alice)
# fifty challenges in one multiple: three invitations wait at most, each mailed once
lines=$(for i in $(seq 1 50); do printf 'challenge alice secret bob carol\n'; done)
msg "$T/m" alice@example.org "multiple" "$lines"
clear_outbox
before=$(ls "$GAMES" | grep -c '^[0-9]*$')
run 0 mail "$CONF" <"$T/m"
assert_mails 6 "^Subject: Genetess invitation [0-9]* from alice$"        # to bob and carol, three each
assert_eq 3 "$(mail_to bob | wc -l)" "invitations to bob"
assert_grep "alice has 3 invitations waiting for answers already: at most 3" $(mail_to alice)
assert_eq "$before" "$(ls "$GAMES" | grep -c '^[0-9]*$')" "boards made by invitations"
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to bob) | head -n 1)
# a stranger cannot accept for bob; bob accepts; carol declines: alice is told, nothing starts
msg "$T/m" mallory@example.net "accept $inv bob guess"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "Invalid password entered" "$OUTBOX"/*.mail
msg "$T/m" bob@example.org "accept $inv bob hunter2"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^You accepted invitation $inv; the game starts when everyone has.$" $(mail_to bob)
assert_mails 1
msg "$T/m" carol@example.org "decline $inv carol pw"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^carol declined invitation $inv: that game will not start.$" $(mail_to alice)
assert_grep "^You declined invitation $inv of alice.$" $(mail_to carol)
assert_eq "$before" "$(ls "$GAMES" | grep -c '^[0-9]*$')" "boards after a decline"
msg "$T/m" bob@example.org "accept $inv bob hunter2"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "No invitation $inv waits for you" $(mail_to bob)
# the last acceptance starts the board, with the by-mail forfeit limit when none was given
inv2=$((inv + 1))
for who in "bob hunter2" "carol pw"; do
  msg "$T/m" "${who%% *}@example.org" "accept $inv2 $who"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
done
N=$(last_board)
# carol's acceptance started it: her reply says so and is her own New sheet, no one else's (alice's was once in it)
assert_eq 1 "$(mail_to carol | wc -l)" "mails to carol for her acceptance (one mail per command per person)"
reply=$(mail_to carol)
assert_grep "^Subject: New Genetess Board $N " "$reply"
assert_grep "^Genetess board $N created for alice bob carol on map quartet\.$" "$reply"
assert_grep "genetess move $N carol " "$reply"
assert_absent "genetess move $N alice" "$reply"
assert_grep "max-timeouts=3" "$GAMES/$N"
assert_grep "^(players alice bob carol)$" "$GAMES/$N"
# an invitation lapses after 7 days
inv3=$((inv + 2))
msg "$T/m" bob@example.org "accept $inv3 bob hunter2"
clear_outbox
GENETESS_NOW=$((NOW + 7 * 86400)) run 0 mail "$CONF" <"$T/m"
assert_grep "No invitation $inv3 waits for you (an invitation lapses 7 days after it is" $(mail_to bob)
# against computer opponents only, by mail the board starts at once
msg "$T/m" carol@example.org "challenge carol pw bot:greedy"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Genetess board [0-9]* created for carol bot.greedy on map duel.$" $(mail_to carol)
# at most 20 games that have not ended per user, by mail
for i in $(seq 1 20); do run 0 challenge --gamble=none dave u1; done
msg "$T/m" dave@example.org "challenge dave pw u2"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "dave plays 20 games already: at most 20 at once by mail" $(mail_to dave)
# waiting invitations count too, those sent and those accepted (contract 6, 15.4): erin plays 19 games and sends
# one invitation, so no second; u6 plays 19 (one of alice's above) and accepted one, so no challenge of their own
for i in $(seq 1 19); do run 0 challenge --gamble=none erin u3; done
for i in $(seq 1 18); do run 0 challenge --gamble=none u6 u3; done
msg "$T/m" erin@example.org "challenge erin pw u4"
clear_outbox
run 0 mail "$CONF" <"$T/m"
ie=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from erin$/\1/p' $(mail_to u4))
msg "$T/m" erin@example.org "challenge erin pw u5"
clear_outbox
run 0 mail "$CONF" <"$T/m"
mail_text $(mail_to erin) | tr '\n' ' ' >"$T/cap"
assert_grep "erin plays 20 games already (1 of them invitations still waiting): at most 20 at once by mail" "$T/cap"
assert_mails 0 "^To: u5@example.org$"
msg "$T/m" u7@example.org "challenge --map=quartet u7 pw u6 u8"
run 0 mail "$CONF" <"$T/m"
iu=$(sed -n 's/^\([0-9]*\)\t.*\tu7 u6 u8\t.*/\1/p' "$PBMHOME/etc/invitations")
msg "$T/m" u6@example.org "accept $iu u6 pw"
run 0 mail "$CONF" <"$T/m"
msg "$T/m" u6@example.org "challenge u6 pw u9"
clear_outbox
run 0 mail "$CONF" <"$T/m"
mail_text $(mail_to u6) | tr '\n' ' ' >"$T/cap"
assert_grep "u6 plays 20 games already (1 of them invitations still waiting): at most 20 at once by mail" "$T/cap"
# everyone seated is counted when the last acceptance starts the game: erin reached 20 games at the terminal
# since she invited u4, so u4's acceptance is refused with the cap's message, nothing written; the invitation
# still waits, and starts once erin has a game less
run 0 challenge --gamble=none erin u3
cp "$PBMHOME/etc/invitations" "$T/invitations.before"
boards=$(ls "$GAMES" | grep -c '^[0-9]*$')
msg "$T/m" u4@example.org "accept $ie u4 pw"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^erin plays 20 games already: at most 20 at once by mail$" $(mail_to u4)
assert_same "$T/invitations.before" "$PBMHOME/etc/invitations"
assert_eq "$boards" "$(ls "$GAMES" | grep -c '^[0-9]*$')" "boards after an acceptance over the cap"
run 0 resign "$(last_board)" erin pw
msg "$T/m" u4@example.org "accept $ie u4 pw"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Subject: New Genetess Board [0-9]* " $(mail_to u4)
