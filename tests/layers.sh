#!/bin/sh
# The tiers of the sources (README, "Source layout"), checked: every module belongs to one tier — 0 base,
# 1 storage and formats, 2 model, 3 rules through the turn driver, 4 presentation and commands — and every
# #include "x.h" of a module (its .c and its .h) names a module of the same or a lower tier; and the modules
# form no cycle (a.c/a.h include b.h while b.c/b.h lead back to a.h). Run from the repository root:
#   sh tests/layers.sh            prints "layers: N modules, M includes, no cycle" or each violation; exit 1
# A module is a .c/.h pair named alike; the generated embedded.c belongs to embedded.h.
set -u
cd "$(dirname "$0")/.." || exit 2

# Tier of each module, lowest first. Keep in step with the README.
layers='
0 util rng grid pieces request embedded embedded_find
1 disk store users spool mail mailtext mailin subject rate gamefile handled
2 params specials board boardentry boardprivate boardfile movelist map gamelist
3 sight failure notice event game orders actions slides dispatch firing gamble deadline legal threat weigh greedy search scripts bot turn queue submit replay
4 layout view html sheet help lister pipeline play query confirm challenge admin ratings chat host selfplay webpage webreplay web commands mailfront genetess
'

modules=$(ls -1 *.c *.h 2>/dev/null | sed 's/\.[ch]$//' | sort -u)

# The README's tier table names the same modules in the same tiers: its row for tier N ("| N name | `m` ... |")
# lists, in backticks, exactly the modules of line N above.
readme_bad=0
for tier in 0 1 2 3 4; do
  want=$(printf '%s\n' "$layers" | awk -v t="$tier" '$1 == t { for (i = 2; i <= NF; i++) print $i }' | sort)
  have=$(grep "^| $tier [a-z]" README.md | head -1 | awk -F'|' '{ print $3 }' | grep -o '`[a-z_]*`' | tr -d '`' |
    sort)
  if [ "$want" != "$have" ]; then
    echo "layers: the README's tier $tier row lists: $(echo $have); tests/layers.sh's: $(echo $want)"
    readme_bad=1
  fi
done
[ "$readme_bad" = 0 ] || exit 1
edges=$(for m in $modules; do
  for f in "$m.c" "$m.h"; do
    [ -f "$f" ] || continue
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([A-Za-z0-9_]*\)\.h".*/\1/p' "$f" |
      while read -r t; do [ "$t" != "$m" ] && echo "$m $t"; done
  done
done | sort -u)

printf '%s\n' "$edges" | awk -v layers="$layers" -v mods="$(echo $modules)" '
BEGIN {
  n = split(layers, L, "\n")
  for (i = 1; i <= n; i++) { k = split(L[i], w, " "); for (j = 2; j <= k; j++) layer[w[j]] = w[1] }
  nm = split(mods, M, " ")
  for (i = 1; i <= nm; i++) if (!(M[i] in layer)) { printf "layers: module %s is in no layer (tests/layers.sh)\n", M[i]; bad = 1 }
}
NF == 2 {
  ne++
  from = $1; to = $2
  adj[from] = adj[from] " " to
  if ((from in layer) && (to in layer) && layer[to] > layer[from]) {
    printf "layers: %s (layer %d) includes %s.h (layer %d): includes must point down\n", from, layer[from], to, layer[to]
    bad = 1
  }
}
function visit(m,   k, a, i, p, j, path) {
  state[m] = 1; stack[++sp] = m
  k = split(adj[m], a, " ")
  for (i = 1; i <= k; i++) {
    if (state[a[i]] == 1) {
      for (p = sp; p >= 1 && stack[p] != a[i]; p--) ;
      path = stack[p]; for (j = p + 1; j <= sp; j++) path = path " -> " stack[j]
      printf "layers: include cycle: %s -> %s\n", path, a[i]; bad = 1
    } else if (state[a[i]] == 0) visit(a[i])
  }
  state[m] = 2; sp--
}
END {
  for (i = 1; i <= nm; i++) if (state[M[i]] == 0) visit(M[i])
  if (bad) exit 1
  printf "layers: %d modules, %d includes, every include points down, no cycle\n", nm, ne
}'
