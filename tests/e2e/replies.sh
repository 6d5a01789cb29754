# replies: mail play as a person plays it — a reply to any game mail (a sheet, a reminder, an error, a
# chat) with the password and the order on the first line; what ordinary mail clients send (their
# Subject prefixes, no-break spaces, HTML-only bodies); how-to answers for what is not understood.
given_players
CONF="--config=$T/none.conf"
LOG=$PBMHOME/var/mail.log
run 0 challenge --gamble=none --seed=5 alice bob carol
B=$(last_board)

# reply FILE FROM SUBJECT BODY [CONTENT-TYPE]: a reply from a mail client (LF line ends, as an MTA may
# give them)
reply() {
  { printf 'From: Someone <%s>\nTo: genetess@example.org\nSubject: %s\n' "$2" "$3"
    printf 'Message-ID: <%s@client.example>\nMIME-Version: 1.0\n' "$(date +%s%N)"
    printf 'Content-Type: %s\n\n' "${5:-text/plain; charset=utf-8}"
    printf '%s\n' "$4"
  } >"$1"
}
to_move() { sed -n "s/^$B:[^:]*:[0-9]*:\\(.*\\) turn\$/\\1/p" "$LIST"; }
assert_eq alice "$(to_move)" "the first to move"

# ---- a reply to the New sheet: password and order on the first line, the quote below left out ----
reply "$T/m" alice@example.org "Re: New Genetess Board $B alice" "secret PASS

On Friday Genetess wrote:
> Genetess board $B
> genetess move $B alice <password> <ORDER>#1"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_eq bob "$(to_move)" "bob to move after alice's PASS by reply"
assert_grep "^1a alice PASS$" "$GAMES/$B"
assert_eq 1 "$(mail_to alice | wc -l)" "mails to alice"
assert_eq "PASS: done" "$(mail_text $(mail_to alice) | head -1)" "the reply's first line"
assert_grep "reply: move: exit 0$" "$LOG"

# ---- a reply to a sheet from a German client (AW:), with a no-break space after the order ----
reply "$T/m" bob@example.org "AW: Genetess Board $B bob" "$(printf 'hunter2 PASS\302\240')"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^1b bob PASS$" "$GAMES/$B"
assert_grep "^PASS: done" $(mail_to bob)

# ---- a reply to the reminder (Nag:, under SV: and Re[2]:) with the password alone on the first line ----
reply "$T/m" carol@example.org "SV: Re[2]: Nag: Genetess Board $B carol" "pw
PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^1c carol PASS$" "$GAMES/$B"

# ---- an HTML-only reply (a phone's client): the text of its HTML, the quoted sheet left out ----
reply "$T/m" alice@example.org "Antw: Genetess Board $B alice" \
  '<html><head><style>p{color:red}</style></head><body><div dir="ltr">secret&nbsp;PASS</div><br><blockquote>Genetess board '"$B"'<br>PASS</blockquote></body></html>' \
  "text/html; charset=utf-8"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^2a alice PASS$" "$GAMES/$B"
assert_grep "^PASS: done" $(mail_to alice)

# ---- a whole command on the first line of a reply to a chat ----
reply "$T/m" bob@example.org "Re: Genetess chat $B alice" "move $B bob hunter2 PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^2b bob PASS$" "$GAMES/$B"

# ---- from an address no player of the board has: what to write instead, nothing played ----
cp "$GAMES/$B" "$T/board.before"
reply "$T/m" stranger@example.net "Re: Genetess Board $B carol" "pw PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_same "$T/board.before" "$GAMES/$B"
assert_eq "Your address stranger@example.net
is not the address of a player of Genetess board $B,
so a reply cannot say who you are. Write the whole command on the first line
instead:
    move $B <userid> <password> <ORDER>" "$(mail_text $(grep -l '^To: stranger@example.net$' "$OUTBOX"/*.mail))" \
  "the answer to a stranger's reply"

# ---- a Reply-To other than the From: whether the From is a player's address is never told elsewhere ----
{ printf 'From: carol@example.org\nReply-To: stranger@example.net\nSubject: Re: Genetess Board %s carol\n' "$B"
  printf 'Message-ID: <rt1@client.example>\n\npw PASS\n'
} >"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_same "$T/board.before" "$GAMES/$B"
assert_eq "A reply whose Reply-To: is not its From: address cannot say who you are.
Write the whole command on the first line instead:
    move $B <userid> <password> <ORDER>" "$(mail_text $(grep -l '^To: stranger@example.net$' "$OUTBOX"/*.mail))" \
  "the answer to a reply with another Reply-To"
sed 's/carol@example.org/nobody@example.org/' "$T/m" >"$T/m2"
clear_outbox
run 0 mail "$CONF" <"$T/m2"
assert_eq "A reply whose Reply-To: is not its From: address cannot say who you are.
Write the whole command on the first line instead:
    move $B <userid> <password> <ORDER>" "$(mail_text $(grep -l '^To: stranger@example.net$' "$OUTBOX"/*.mail))" \
  "the same answer whoever the From: is"

# ---- a wrong password in a reply: refused as a move with it would be ----
reply "$T/m" carol@example.org "Re: Genetess Board $B carol" "guess PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_same "$T/board.before" "$GAMES/$B"
assert_grep "^Invalid password entered" $(mail_to carol)

# ---- a reply with no text at all; an HTML part with nothing in it ----
reply "$T/m" carol@example.org "Re: Genetess Board $B carol" ""
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Your reply about Genetess board $B has no order" $(mail_to carol)
reply "$T/m" carol@example.org "Re: Genetess Board $B carol" '<html><body><img src="cid:x"></body></html>' \
  "text/html; charset=utf-8"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Your mail has no text Genetess can read (no plain text part, and no HTML part$" $(mail_to carol)
assert_grep "^with text in it): please send your order as plain text\.$" $(mail_to carol)  # wrapped as prose
assert_same "$T/board.before" "$GAMES/$B"

# ---- a board that does not exist ----
reply "$T/m" carol@example.org "Re: Genetess Board 999 carol" "pw PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_eq "Genetess board 999 not found" "$(mail_text $(mail_to carol))" "a reply about no board"

# ---- a Subject that is no command and names no board: the word quoted, and how to send a command ----
reply "$T/m" carol@example.org "Re: hello there" "pw PASS"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^Unknown command 'hello'; try 'genetess help'.$" $(mail_to carol)
assert_grep "^a mail of your game with your password and your order on the first line,$" $(mail_to carol)
# ... and a command with its words missing: the usage line and where its help is
reply "$T/m" carol@example.org "move $B" ""
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^usage: genetess move board userid password \[ORDER...\]$" $(mail_to carol)
assert_grep '^(the Subject "help move" explains it)$' $(mail_to carol)
# at a terminal the unknown command stays one line
run 1 movee
assert_eq "Unknown command 'movee'; try 'genetess help'" "$(cat "$OUT")" "the terminal's unknown command"
run 0 verify "$B"
has "consistent"

# ---- exactly once: the same message delivered again (same Message-ID, same sender) runs once ----
run 0 challenge --gamble=none --seed=5 alice bob
E=$(last_board)
printf 'From: alice@example.org\nSubject: move %s alice secret PASS\nMessage-ID: <twice-1@client.example>\n\n' \
  "$E" >"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_grep "^1a alice PASS$" "$GAMES/$E"
cp "$GAMES/$E" "$T/once"
clear_outbox
run 0 mail "$CONF" <"$T/m"                        # delivered again after a complete first handling: no answer
assert_same "$T/once" "$GAMES/$E"
assert_mails 0
assert_lines 2 "<twice-1@client.example>: " "$LOG"          # one log line per delivery (contract 2.1)
assert_grep "<twice-1@client.example>: move: exit 0; handled already: not run again, not answered$" "$LOG"
# the first delivery killed after its commit, before it noted the message: the board itself knows it
rm -f "$PBMHOME/var/handled"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_same "$T/once" "$GAMES/$E"
assert_mails 1
assert_eq "This message was handled already, when it first came: it is not run again." \
  "$(mail_text $(mail_to alice) | head -1)" "the answer to a delivery again the board caught"
# the same Message-ID from another sender is another message
printf 'From: bob@example.org\nSubject: move %s bob hunter2 PASS\nMessage-ID: <twice-1@client.example>\n\n' \
  "$E" >"$T/m"
run 0 mail "$CONF" <"$T/m"
assert_grep "^1b bob PASS$" "$GAMES/$E"
# each command of a `multiple` once
printf 'From: alice@example.org\nSubject: multiple\nMessage-ID: <twice-2@client.example>\n\nmove %s alice secret PASS\nquiet %s alice secret on\n' \
  "$E" "$E" >"$T/m"
run 0 mail "$CONF" <"$T/m"
assert_grep "^2a alice PASS$" "$GAMES/$E"
cp "$GAMES/$E" "$T/once"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_same "$T/once" "$GAMES/$E"
assert_mails 0
# a stranger's message, which no password let run, is not noted: answered again (within the rate limit)
printf 'From: stranger@example.net\nSubject: help\nMessage-ID: <twice-3@client.example>\n\n' >"$T/m"
run 0 mail "$CONF" <"$T/m"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^To: stranger@example.net$"
assert_eq 4 "$(wc -l <"$PBMHOME/var/handled")" "the commands noted as handled (alice, bob, the two lines)"
# after the window (14 days) the note is gone, but the board still knows the move
GENETESS_NOW=$((NOW + 15 * 86400)) run 0 mail "$CONF" <"$T/m"
printf 'From: bob@example.org\nSubject: move %s bob hunter2 PASS\nMessage-ID: <twice-1@client.example>\n\n' \
  "$E" >"$T/m"
cp "$GAMES/$E" "$T/once"
GENETESS_NOW=$((NOW + 15 * 86400)) run 0 mail "$CONF" <"$T/m"
assert_grep "^1b bob PASS$" "$GAMES/$E"
assert_lines 1 "^1b bob PASS$" "$GAMES/$E.moves"

# ---- a reply to one's own chat goes to every other player; a reply to another's chat to its author alone ----
reply "$T/m" alice@example.org "Re: Genetess chat $B alice" "secret See you all at the deadline"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_eq 1 "$(grep -l "See you all" $(mail_to bob) | wc -l)" "bob's copy of alice's answer to her own chat"
assert_eq 1 "$(grep -l "See you all" $(mail_to carol) | wc -l)" "carol's copy of alice's answer to her own chat"
reply "$T/m" bob@example.org "Re: Genetess chat $B alice" "hunter2 Only for you"
clear_outbox
run 0 mail "$CONF" <"$T/m"
assert_eq 1 "$(grep -l "Only for you" $(mail_to alice) | wc -l)" "alice's copy of bob's answer"
assert_eq "" "$(grep -l "Only for you" $(mail_to carol) 2>/dev/null)" "carol is not told bob's answer to alice"
