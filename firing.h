/* firing: the effects of the specials S1..S22 (the handlers of special_table) and the start-of-turn firing loop. */
#ifndef GENETESS_FIRING_H
#define GENETESS_FIRING_H

#include "specials.h"

/* The effects (SPEC 8), each special_table[n].fire: player's piece occ stands on sp, which fires; each
 * changes g's board and emits events. Called only through special_fire (game.h), which checks the occupant. */

/* S1: the player gains e= E (times their K codes with per-king=yes). */
void firing_e_bonus(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S2: walls (wall=) appear on targets=, occupied ones as occupied= says. */
void firing_wall_creation(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S3: a paid copy of the occupant appears on target=. */
void firing_duplicate(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S4: the occupant gains codes= free. */
void firing_add_codes(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S5: the player sees the whole board until their next turn. */
void firing_map_view(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S6: the pieces on targets= die (a King loses all but K). */
void firing_piece_killer(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S7: the occupant dies and blasts run from its square. */
void firing_detonate(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S8: the occupant is teleported to target= (a square, or a random one in a rectangle). */
void firing_teleport(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S9: the pieces on targets= lose count= random codes. */
void firing_radiate(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S10: interior walls on targets= become floor. */
void firing_wall_destruction(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S11: once per turn, the player gains floor(E x n x n / 100). */
void firing_factored_bonus(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S12: every other player loses e= E (not below 0). */
void firing_e_decay(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S13: every special moves to a random square of the onto= kind. */
void firing_relocate(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S14: the occupant's sequence doubles, paid at its cost. */
void firing_double_up(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S15: the player's non-K pieces are shuffled among their squares. */
void firing_redistribute(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S16: pieces, then specials, shift to a random free neighbour. */
void firing_tremor(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S17: every K piece of the other players is revealed to the player. */
void firing_target(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S18: every other piece with the occupant's sequence is revealed to the player. */
void firing_synergy(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S20: the occupant's view becomes interior wall; the pieces there die. */
void firing_rockfall(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S21: the occupant is destroyed and its cost refunded. */
void firing_recycle(struct Game *g, int player, Special *sp, struct Piece *occ);
/* S22: the pieces nearest each start square gain a K. */
void firing_monkey(struct Game *g, int player, Special *sp, struct Piece *occ);

#endif
