# mailplay: a game played by mail from its challenge, as new players write with Apple Mail and Outlook
# (tests/mail/*.eml): the invitation accepted by the password alone, round 0's GAMBLEs sent by reply one a line
# with a sign-off under them (read as prose, said, never an order), and round 0's end changing the turn order —
# every sheet still goes to its own player (contract 2.1, 4.1, 8).
given_players
CONF="--config=$T/none.conf"
# client NAME: the fixture tests/mail/NAME.eml for board $B, piped to genetess mail
client() {
  sed -e "s/@B@/$B/g" -e "s/@ID@/$(date +%s%N)/g" "$E2E_DIR/../mail/$1.eml" >"$T/m"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
}
plain() { # plain FROM SUBJECT BODY
  printf 'From: <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@c.example>\n\n%s\n' \
    "$1" "$2" "$(date +%s%N)" "$3" >"$T/m"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
}
# the invitation, answered by the password alone (above the quote Gmail writes)
# a challenge's text is not passed on (contract 15.4), and the reply says so rather than drop it unsaid
plain alice@example.org "challenge alice secret bob" "Hi Bob, fancy a game? I'm new to this too."
assert_grep "^Your mail's text (\"Hi Bob, fancy a game? I'm new\.\.\.\") was not passed on: an$" $(mail_to alice)
assert_absent "fancy" $(mail_to bob)
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to bob))
# the invitation opens its own thread, which the challenger's reply names too
assert_grep "^References: <genetess\.invitation\.$inv\.[0-9a-f]*@[^>]*>$" $(mail_to bob)
assert_grep "^References: <genetess\.invitation\.$inv\.[0-9a-f]*@[^>]*>$" $(mail_to alice)
plain bob@example.org "Re: Genetess invitation $inv from alice" "hunter2

On Fri, Jan 15, 2027 at 8:00 AM <genetess@example.org> wrote:
> alice invites you to a game of Genetess"
B=$(last_board)
assert_grep "^Subject: New Genetess Board $B ALL$" $(mail_to bob)
# the New sheet to the player who started the game is in the game's thread like every other mail of it, and
# continues the invitation's (its References name both, the invitation's first: one conversation)
assert_grep "^References: <genetess\.invitation\.$inv\.[0-9a-f]*@[^>]*>$" $(mail_to bob)
assert_grep "^ <genetess\.game\.$B\.[0-9a-f]*@[^>]*>$" $(mail_to bob)
assert_grep "^In-Reply-To: <[0-9]*@c\.example>$" $(mail_to bob)
# Apple Mail: two GAMBLEs one a line, quoted-printable, a typographic apostrophe, a sign-off without "-- "
client apple-gamble-signoff
mail_text $(mail_to alice) >"$T/r"
assert_lines 2 "^Gamble received" "$T/r"
assert_grep "^Not read as an order (no order keyword): \"Grüße, Alice\"$" "$T/r"
assert_absent "Invalid move" "$T/r"
# Outlook, HTML only, base64, German: bob's GAMBLEs win him the first turn, so round 0's end swaps the seats
client outlook-html-gamble
assert_grep "^Not read as an order (no order keyword): \"Bob\"$" $(mail_to bob)
assert_grep "^To move: bob (you)$" $(mail_to bob)
assert_eq 1 "$(mail_to alice | wc -l)" "mails to alice as round 0 ends"
mail_text $(mail_to alice) >"$T/a"
assert_grep "^To move: bob$" "$T/a"                              # alice's own sheet, not bob's
assert_grep "^  alice .*(you)$" "$T/a"                          # her line of the scores
assert_absent "staked 2E" "$T/a"                                 # nothing of bob's result reaches alice
assert_eq 1 "$(mail_to bob | wc -l)" "mails to bob for his gambles (one mail per command per person)"
# against computer opponents only, the text is not read either, and said so
plain alice@example.org "challenge alice secret bot:random" "Let's see how good you are."
assert_grep "^Your mail's text (\"Let's see how good you are.\") was not read: a challenge is" $(mail_to alice)
# a chat's line on how to answer is prose: wrapped as prose, never folded into an indented line as data
plain alice@example.org "chat $B alice secret" "Good luck, Bob!"
assert_grep "^(To answer alice alone, reply with your password first: \"yourpassword your$" $(mail_to bob)
assert_grep "^text\"; to write to everyone, send \"chat $B <userid> <password>\"\.)$" $(mail_to bob)
plain alice@example.org "chat $B alice secret to bob" "Only for you."
assert_grep "^(To answer alice alone, reply with your password first: \"yourpassword your$" $(mail_to bob)
# Gmail, a greeting above the password's line: the greeting is prose (said), not a wrong password
client gmail-greeting-first
assert_grep "^1a bob PASS$" "$GAMES/$B.moves"
assert_grep "^Not read as an order (no order keyword): \"Hi,\"$" $(mail_to bob)
assert_absent "Invalid password" $(mail_to bob)
assert_no_file "$PBMHOME/var/auth/bob"
# Outlook in French, the original below a rule and "De :" / "Envoyé :" (a space before the colon), Latin-1
client outlook-fr-below
assert_grep "^1b alice PASS$" "$GAMES/$B.moves"
mail_text $(mail_to alice) >"$T/fr"
assert_lines 2 "^Not read as an order" "$T/fr"                   # "Cordialement," and "Alice": not the original
assert_absent "It is your move\." "$T/fr"
# a reply to a mail of no game ("Genetess error", "Genetess signup", ...): its first line, a whole command, runs;
# anything else is quoted with what to send (not "Unknown command 'error'", not signup's usage)
plain carol@example.org "challenge carol bob" ""
plain carol@example.org "Re: Genetess error" "challenge carol pw bob

On Fri, Jan 15, 2027 at 8:00 AM <genetess@example.org> wrote:
> By mail a challenge names you and your password first"
assert_grep "^Subject: Genetess invitation [0-9]* from carol$" $(mail_to bob)
plain carol@example.org "Re: Genetess signup" "Yes please"
assert_grep "^Your reply to the mail \"Genetess signup\" reads \"Yes please\": Genetess reads a$" $(mail_to carol)
assert_grep "^    challenge <userid> <password> <opponent>$" $(mail_to carol)
assert_absent "usage:" $(mail_to carol)
assert_grep "carol@example.org <[0-9]*@c.example>: reply to a mail of no game: not understood, exit 1$" \
  "$PBMHOME/var/mail.log"
# a reply to a chat without the password: the wrong password says which word was read as one
plain bob@example.org "Re: Genetess chat $B alice" "Thanks, you too!

> Good luck, Bob!"
assert_grep "^Invalid password entered$" $(mail_to bob)
assert_grep "^The first word of your reply was read as your password\. Write your password$" $(mail_to bob)
# a reply about the game that cannot be read (no password) is answered in the game's thread, under its Subject
plain bob@example.org "Re: Genetess Board $B bob" "PASS"
assert_grep "^Subject: Genetess Board $B error$" $(mail_to bob)
assert_grep "^References: <genetess\.game\.$B\.[0-9a-f]*@[^>]*>$" $(mail_to bob)
# a command that reads no text (a board command by reply, help, confirm, ...): the text's first line is said as
# not read, above the answer, never dropped unsaid
plain alice@example.org "Re: Genetess Board $B alice" "secret map

Thanks!"
mail_text $(mail_to alice) >"$T/map"
assert_eq "Your mail's text (\"Thanks!\") was not read:" "$(head -1 "$T/map")" "the first line of the map's reply"
assert_grep "^Your map of Genetess board $B" "$T/map"
plain dave@example.org "signup dave pw4 dave@example.org" ""
code=$(sed -n 's/^Subject: Genetess confirm dave \([0-9a-f]*\)$/\1/p' $(grep -l '^To: dave@example.org$' "$OUTBOX"/*.mail))
plain dave@example.org "Re: Genetess confirm dave $code" "Yes, that was me!

On Fri, Jan 15, 2027 at 8:00 AM <genetess@example.org> wrote:
> Someone asked this Genetess server"
assert_grep "^Your mail's text (\"Yes, that was me!\") was not read:$" "$OUTBOX"/*.mail
assert_grep "^User dave signed up" "$OUTBOX"/*.mail
# the line is quoted to its first 29 characters, "..." only when it had more (contract 2.1)
plain zed@example.org "help calc" "abcdefghijklmnopqrstuvwxyz012"
assert_grep "^Your mail's text (\"abcdefghijklmnopqrstuvwxyz012\") was not read:$" "$OUTBOX"/*.mail
plain zed@example.org "help calc" "abcdefghijklmnopqrstuvwxyz0123"
assert_grep "^Your mail's text (\"abcdefghijklmnopqrstuvwxyz012\.\.\.\") was not read:$" "$OUTBOX"/*.mail
plain zed@example.org "help calc" "abcdefghijklmnopqrstuvwxyz0123456789"
assert_grep "^Your mail's text (\"abcdefghijklmnopqrstuvwxyz012\.\.\.\") was not read:$" "$OUTBOX"/*.mail
# ... and a message delivered again is still not answered again, text or not (contract 2.1)
printf 'From: <alice@example.org>\nSubject: Re: Genetess Board %s alice\nMessage-ID: <again.%s@c.example>\n\nsecret quiet on\n\nThanks!\n' \
  "$B" "$(date +%s%N)" >"$T/again"
clear_outbox
run 0 mail "$CONF" <"$T/again"
assert_grep "^Your mail's text (\"Thanks!\") was not read:$" $(mail_to alice)
assert_grep "^<pre class=\"reply\">Your mail's text (&quot;Thanks!&quot;) was not read:$" $(mail_to alice)  # and in HTML
clear_outbox
run 0 mail "$CONF" <"$T/again"
assert_mails 0 "^To: alice@example.org$"
# a line of directions alone may be the rest of an order a mailer wrapped (Outlook's plain text, at 76): never
# prose — the message is refused whole, rather than a shorter move run; a real sign-off still is prose
run 0 challenge --gamble=none --seed=5 alice bob
W=$(last_board)
plain alice@example.org "Re: Genetess Board $W alice" "secret MOVE C3 E
E"
assert_grep "^Invalid move \"MOVE C3 E / E\" entered: order 2" $(mail_to alice)
assert_eq 0 "$(grep -c "^1a" "$GAMES/$W.moves")" "moves of board $W after the refused message"
plain alice@example.org "Re: Genetess Board $W alice" "secret PASS

Wes"
assert_grep "^Invalid move \"PASS / Wes\" entered" $(mail_to alice)   # "Wes" reads as directions: safe, not prose
plain alice@example.org "Re: Genetess Board $W alice" "secret PASS

Best wishes, Anna"
assert_grep "^1a alice PASS$" "$GAMES/$W.moves"
# an invitation answered under a greeting: the greeting is said as not read, the answer runs
plain alice@example.org "challenge alice secret carol" ""
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to carol))
plain carol@example.org "Re: Genetess invitation $inv from alice" "Hi Alice,

pw accept

Carol"
assert_grep "^Subject: New Genetess Board [0-9]* ALL$" $(mail_to carol)
assert_grep "^Your mail's text (\"Hi Alice,\") was not read:$" $(mail_to carol)
# a NUL byte in a reply is a character like any other control character (contract 2.1): the lines after it are
# read — here named as not read, the NUL shown as "?" — and the headers after a NUL in the Subject are kept
printf 'From: <bob@example.org>\nSubject: Re: Genetess Board %s bob\000\nMessage-ID: <nul.%s@c.example>\n\nhunter2 PASS\n\000MOVE C4 E\n' \
  "$W" "$(date +%s%N)" >"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^1b bob PASS$" "$GAMES/$W.moves"
assert_grep "^Not read as an order (no order keyword): \"?MOVE C4 E\"$" $(mail_to bob)
assert_grep "^In-Reply-To: <nul\.[0-9]*@c\.example>$" $(mail_to bob)
# queue by mail with nothing after the password reads the mail's text as its orders (contract 2.1, 4.1, 4.3): the
# Subject form and a reply's "PASSWORD queue" store the lines; with no text at all it shows the queue
plain bob@example.org "queue $W bob hunter2" "PASS
MOVE C3 N

Thanks, Bob"
assert_grep "^Not read as an order (no order keyword): \"Thanks, Bob\"$" $(mail_to bob)
assert_grep "^Stored for your next turn: PASS / MOVE C3 N " $(mail_to bob)
plain bob@example.org "Re: Genetess Board $W bob" "hunter2 queue
*PASS"
assert_grep "^Stored for your next turn: \*PASS " $(mail_to bob)
plain bob@example.org "queue $W bob hunter2" ""
assert_grep "^Your stored orders: \*PASS " $(mail_to bob)
