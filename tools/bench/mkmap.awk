# Bench map: awk -v n=SIZE -v per=PIECES_PER_PLAYER -v nspec=SPECIALS -v seed=SEED -f mkmap.awk
# An n x n board inside exterior walls, short interior wall segments, 8 starts (each with a clear 5x5
# room around it), nspec parameter-free or simple specials, and 8 x (per - 1) pieces (the start's King
# makes per pieces a player), never on a special. Deterministic: a Park-Miller generator from seed.
function rnd(k) { seed = (seed * 16807) % 2147483647; return seed % k }
function col(c,   s, x) { s = ""; x = c + 1; while (x > 0) { s = sprintf("%c", 65 + (x - 1) % 26) s; x = int((x - 1) / 26) } return s }
function sq(r, c) { return col(c) (r + 1) }
function free_sq(   r, c) {        # a floor square with nothing on it and outside the start rooms
    do { r = 1 + rnd(n - 2); c = 1 + rnd(n - 2) } while (g[r, c] != "." || used[r, c] || room[r, c])
    used[r, c] = 1; pr = r; pc = c
}
BEGIN {
    print "# bench map: " n "x" n ", 8 players, " per " pieces each, " nspec " specials (seed " seed ")"
    split("0.12 0.12|0.12 0.5|0.12 0.88|0.5 0.88|0.88 0.88|0.88 0.5|0.88 0.12|0.5 0.12", pos, "|")
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) g[r, c] = (r == 0 || c == 0 || r == n - 1 || c == n - 1) ? "#" : "."
    for (i = 1; i <= 8; i++) {
        split(pos[i], rc, " "); sr[i] = int(rc[1] * (n - 1)); sc[i] = int(rc[2] * (n - 1))
        for (r = sr[i] - 2; r <= sr[i] + 2; r++) for (c = sc[i] - 2; c <= sc[i] + 2; c++) room[r, c] = 1
    }
    walls = int((n - 2) * (n - 2) / 100)          # segments of 3 squares: about 3% of the floor
    for (k = 0; k < walls; k++) {
        r = 1 + rnd(n - 2); c = 1 + rnd(n - 2); d = rnd(2)
        for (j = 0; j < 3; j++) {
            rr = r + (d ? j : 0); cc = c + (d ? 0 : j)
            if (rr < n - 1 && cc < n - 1 && !room[rr, cc]) g[rr, cc] = "+"
        }
    }
    print "name bench" n; print "grid"
    for (r = 0; r < n; r++) { line = ""; for (c = 0; c < n; c++) line = line g[r, c]; print line }
    print "end"
    for (i = 1; i <= 8; i++) { used[sr[i], sc[i]] = 1; print "start GPC" i " " sq(sr[i], sc[i]) }
    split("S1|S4|S5|S11|S12|S14|S16|S17|S20|S22", kinds, "|"); split("e=2 |codes=B ||||||||", parm, "|")
    for (k = 0; k < nspec; k++) {
        free_sq(); j = k % 10 + 1
        print "special " kinds[j] " " sq(pr, pc) " " parm[j] "text=\"Bench special " k + 1 "\""
    }
    split("A AB AD ACD ABD A", seqs, " ")
    for (k = 0; k < 8 * (per - 1); k++) { free_sq(); print "piece GPC" k % 8 + 1 " " sq(pr, pc) " " seqs[k % 6 + 1] }
}
