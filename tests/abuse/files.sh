# files: a link planted where the program writes inside its home (a board's move list, the lock file, the
# game list, etc/users) is never written through: the command fails cleanly, or replaces the link with a
# file of its own; and everything the program makes under its home is its owner's alone, whatever the umask.
umask 022 # a host's usual umask: the program's own modes must not depend on it
given_players
run 0 challenge --gamble=none alice bob
B=$GAMES/101
printf 'outside\n' >"$T/outside"
chmod 644 "$T/outside"
cp "$T/outside" "$T/want"

# ---- a board's move list: the move that would append to it fails (exit 3), nothing changes ----
mv "$B.moves" "$T/moves.kept"
ln -s "$T/outside" "$B.moves"
cp "$B" "$T/board.before"
run 3 move 101 alice secret PASS
has "Genetess board 101 could not be saved: nothing was changed; try again later"
assert_grep "^genetess: cannot open $B.moves: Too many levels of symbolic links$" "$ERR"
assert_same "$T/outside" "$T/want"
assert_same "$B" "$T/board.before"
rm "$B.moves"
mv "$T/moves.kept" "$B.moves"

# ---- the lock file, also a dangling link (it would make the file it names): exit 3, nothing made ----
rm "$GAMES/.lockfile"
ln -s "$T/outside" "$GAMES/.lockfile"
run 3 move 101 alice secret PASS
has "Genetess cannot take its lock; try again later"             # the reply names no path (contract 15)
assert_grep "cannot open $GAMES/.lockfile: Too many levels of symbolic links" "$ERR"
assert_same "$T/outside" "$T/want"
rm "$GAMES/.lockfile"
ln -s "$T/nowhere" "$GAMES/.lockfile"
run 3 move 101 alice secret PASS
assert_no_file "$T/nowhere"
rm "$GAMES/.lockfile"
assert_same "$B" "$T/board.before"

# ---- a file replaced atomically (the game list): the link is replaced, its target untouched; etc/users, which
# a signup appends to, is neither read nor written through a link ----
ln -sf "$T/outside" "$LIST"
run 0 move 101 alice secret PASS
has "PASS: done"
assert_same "$T/outside" "$T/want"
if [ -f "$LIST" ] && [ ! -L "$LIST" ]; then e2e_pass; else e2e_fail "$LIST is not a file of its own"; fi
assert_grep "^101:alice bob:2:bob turn$" "$LIST"
cp "$PBMHOME/etc/users" "$T/users"
chmod 644 "$T/users"
ln -sf "$T/users" "$PBMHOME/etc/users"
run 3 signup dave pw dave@example.org
has "The users cannot be read; try again later"
assert_grep "cannot read the users file: Too many levels of symbolic links" "$ERR"
assert_absent "^dave:" "$T/users"
rm "$PBMHOME/etc/users"
install -m 600 "$T/users" "$PBMHOME/etc/users"
run 0 signup dave pw dave@example.org
assert_grep "^dave:pw:dave@example.org$" "$PBMHOME/etc/users"

# ---- private modes: a game, a mailed command (var/), a refused mail that becomes a dead letter: every
# directory 0700, every file 0600 ----
msg_file=$T/m
printf 'From: carol@example.org\nSubject: history\nMessage-ID: <m1@example.org>\n\n' >"$msg_file"
run 0 mail --config="$T/none.conf" <"$msg_file"
SENDER=carol@example.org PBMSENDMAIL="cat >/dev/null; exit 1" run 0 history
GENETESS_NOW=$((NOW + 3 * 86400)) PBMSENDMAIL="cat >/dev/null; exit 1" run 0 show 101
assert_grep "message moved to spool/dead/" "$ERR"
assert_file "$PBMHOME/var/mail.log"
assert_dir "$PBMHOME/var/rate"
assert_dir "$PBMHOME/spool/dead"
loose=$(find "$PBMHOME" \( -type d ! -perm 700 \) -o \( -type f ! -perm 600 \) | sed "s|^$PBMHOME|~|")
assert_eq "" "$loose" "directories not 0700 and files not 0600"
assert_eq 0 "$(find "$PBMHOME" -type f -perm /077 | wc -l)" "files others may read"
