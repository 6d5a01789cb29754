# text: what a stranger's text can do to outgoing mail — control characters of a body never go out, a long
# address list is folded into lines of at most 78 characters (none over 998), an address no folding fits is
# refused, and a Subject of a megabyte of encoded-word beginnings costs a command no more than a moment.
given_players
run 0 challenge --gamble=none alice bob
L=$(last_board)

# ---- a chat body (INPUTFILE, as pbmserv gives it) with CR, ESC, BEL and DEL: '?' in their place ----
printf 'Red\033[31m alert\007 and\rover\177\r\nnext line\r\n' >"$T/body"
clear_outbox
INPUTFILE="$T/body" run 0 chat "$L" alice secret
assert_mails 1 "^Subject: Genetess chat $L alice$"
assert_grep "^Red?\[31m alert? and?over?$" $(mail_to bob)
assert_grep "^next line$" $(mail_to bob)
assert_eq "" "$(cat "$OUTBOX"/*.mail | tr -d '\n\040-\176')" "bytes other than printable ASCII and newline"

# ---- an address field of 80 addresses (an admin's list in etc/users): mail goes to the first alone (contract
# 15), never to the list (the folding of a long To: is tested in check_mail) ----
list=$(i=0; while [ $i -lt 80 ]; do printf '%sp%02d@example.org' "${i#0}" "$i" | sed 's/^[1-9][0-9]*p/,p/'; i=$((i + 1)); done)
printf 'dave:pw:%s\n' "$list" >>"$PBMHOME/etc/users"
clear_outbox
run 0 challenge --gamble=none alice dave
assert_mails 1 "^To: p00@example.org$"
assert_absent "p01@example.org" "$OUTBOX"/*.mail
assert_eq 0 "$(awk 'length > 998' "$OUTBOX"/*.mail | wc -l)" "lines over 998 octets"

# ---- an address no folding fits (one word of 1,100 octets): that mail is refused, said on stderr; the rest
# of the command goes on ----
long=$(printf '%01100d' 0 | tr 0 x)
printf 'erin:pw:%s@example.org\n' "$long" >>"$PBMHOME/etc/users"
clear_outbox
run 0 challenge --gamble=none alice erin
assert_grep "refusing a mail header that no folding fits in lines of 998 octets (To:)" "$ERR"
assert_mails 1 "^To: alice@example.org$"
assert_eq 0 "$(awk 'length > 998' "$OUTBOX"/*.mail | wc -l)" "lines over 998 octets"

# ---- a Subject of a megabyte of encoded-word beginnings that never end, by mail: answered within a second of
# CPU (ulimit -t 10 stops the quadratic decoding this once took, over a minute) ----
{ printf 'From: carol@example.org\nMessage-ID: <big@example.org>\nSubject: '
  i=0
  while [ $i -lt 8 ]; do i=$((i + 1)); printf '=?x?Q?a='; done >"$T/unit"
  j=0
  while [ $j -lt 14 ]; do cat "$T/unit" "$T/unit" >"$T/unit2"; mv "$T/unit2" "$T/unit"; j=$((j + 1)); done
  cat "$T/unit"
  printf '\n\n'
} >"$T/m"
assert_eq 1 "$(head -c 2000000 "$T/m" | wc -c | awk '{print ($1 > 1000000)}')" "a Subject of over a megabyte"
G_ALL=$G
few_cpu() { sh -c 'ulimit -t 10 && exec "$@"' sh "$G_ALL" "$@"; }
G=few_cpu
clear_outbox
PBMMAXSIZE=4194304 run 0 mail --config="$T/none.conf" <"$T/m"
G=$G_ALL
assert_grep "carol@example.org <big@example.org>: " "$PBMHOME/var/mail.log"
