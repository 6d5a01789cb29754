# Extend a board's history by PASS turns, exactly as the game plays them:
#   awk -v add=M -v step=SECONDS -v movesfile=DIR/101.moves -f extend.awk BOARD > NEWBOARD
# Each PASS appends "<round><seat letter> <userid> PASS" to the move list file (movesfile; the board's
# "(moves 101.moves <count>)" and "(moves-end <count> <bytes>)" count it), hands the turn to the next seat
# (a new round after the last), and gives the player whose turn starts their accrual: e-per-king per K code
# they hold. Every player is mailed a sheet after each PASS, so each one's news is the last PASS ("You passed."
# and its "!result" line for the mover) and the "-- sheet sent --" marker, and the ebook the accrual (for the player whose turn starts) and the marker.
# The clock reads as if move k had been sent at created + k x step: turn-start is the last move's time, the
# deadline the params' deadline hours later. Only for boards where PASS fires nothing: no piece on a special,
# nobody quiet, nobody out. Only the top-level entries are touched: the (initial copy has its lines escaped.
function field(l, name,   re) { re = " " name "=[^ )]*"; if (!match(l, re)) return ""; return substr(l, RSTART + length(name) + 2, RLENGTH - length(name) - 2) }
function setf(l, name, v) { sub(" " name "=[^ )]*", " " name "=" v, l); return l }
function words(l, a,   t) { t = l; sub(/^\([a-z-]+ ?/, "", t); sub(/\)$/, "", t); return split(t, a, " ") }
{ line[++n] = $0 }
$0 ~ /^\(params / { iparams = n }
$0 ~ /^\(turn / { iturn = n }
$0 ~ /^\(players / { iplayers = n }
$0 ~ /^\(energy / { ienergy = n }
$0 ~ /^\(clock / { iclock = n }
$0 ~ /^\(moves [0-9]+\.moves [0-9]+\)$/ { imoves = n; words($0, mw); mname = mw[1]; nmoves = mw[2] }
$0 ~ /^\(moves-end / { imend = n; words($0, me); mcount = me[1]; mend = me[2] }
$0 == "(pieces" { inpieces = 1; next }
$0 == "(news" { inews = n; innews = 1; next }
$0 == "(ebook" { iebook = n; inebook = 1; next }
$0 == ")" { if (innews) inews_end = n; if (inebook) iebook_end = n; inpieces = innews = inebook = 0; next }
inpieces { seq[$2] = seq[$2] $3 }
END {
    if (!iturn || !iplayers || !ienergy || !iclock || !imoves || !imend || !inews_end || !iebook_end || mcount != nmoves) {
        print "extend.awk: not a board in play with its move list in a file" > "/dev/stderr"; exit 1
    }
    epk = field(line[iparams], "e-per-king"); hours = field(line[iparams], "deadline")
    words(line[iturn], t); if (t[1] != "play") { print "extend.awk: not in play" > "/dev/stderr"; exit 1 }
    round = t[2]; seat = t[3]
    np = words(line[iplayers], who); words(line[ienergy], e)
    for (s = 1; s <= np; s++) { k = seq[who[s]]; kings[s] = gsub(/K/, "", k) }
    bytes = 0
    for (i = 0; i < add; i++) {
        mover = who[seat + 1]
        l = round sprintf("%c", 97 + seat) " " mover " PASS"
        print l >> movesfile
        bytes += length(l) + 1
        if (++seat == np) { seat = 0; round++ }
        e[seat + 1] += epk * kings[seat + 1]      # pieces.txt K: each K earns E at the start of your turn
    }
    close(movesfile)
    line[iturn] = "(turn play " round " " seat ")"
    l = "(energy"; for (s = 1; s <= np; s++) l = l " " e[s]; line[ienergy] = l ")"
    now = field(line[iclock], "created") + (nmoves + add) * step
    line[iclock] = setf(setf(line[iclock], "turn-start", now), "deadline", now + hours * 3600)
    line[imoves] = "(moves " mname " " (nmoves + add) ")"
    line[imend] = "(moves-end " (nmoves + add) " " (mend + bytes) ")"
    for (i = 1; i <= n; i++) {
        if (add > 0 && (i > inews && i < inews_end || i > iebook && i < iebook_end)) continue
        if (add > 0 && i == inews_end)
            for (s = 1; s <= np; s++)                # the mover reads it in the second person, with its result
                if (who[s] == mover) print who[s] " You passed.\n" who[s] " !result PASS: done\n" who[s] " -- sheet sent --"
                else print who[s] " " mover " passed.\n" who[s] " -- sheet sent --"
        if (add > 0 && i == iebook_end)
            for (s = 1; s <= np; s++) {
                if (s == seat + 1 && kings[s])
                    printf "%s +%d accrual at %d%c (%d K)\n", who[s], epk * kings[s], round, 97 + seat, kings[s]
                print who[s] " -- sheet sent --"
            }
        print line[i]
    }
}
