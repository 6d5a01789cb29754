/* ratings: the finished-game records (history/Genetess, scores from the finished boards) and what the standings and ratings commands make of them. */
#ifndef GENETESS_RATINGS_H
#define GENETESS_RATINGS_H

#include "pipeline.h"

/* Elo as help/command-ratings.txt describes it: every player starts at RATINGS_START; a game of n
 * players is n(n-1)/2 matches, each with RATINGS_K / (n - 1) at stake. */
#define RATINGS_START 1500.0
#define RATINGS_K 32.0

/* One finished game: its players (as the board spells them) and their final scores. */
typedef struct RatingsGame {
    int board;
    int np;
    char **ids;
    int *score;
} RatingsGame;

/* The finished games in the order they ended, one per board. */
typedef struct RatingsGames {
    RatingsGame *v;
    int n, cap;
} RatingsGames;

/* What the finished games say of one player. */
typedef struct RatingsPlayer {
    char *id;
    int games, wins, ties, points;
    double rating;
} RatingsPlayer;

/* Every player of the finished games, in the order first met. */
typedef struct RatingsTable {
    RatingsPlayer *v;
    int n, cap;
} RatingsTable;

/* Reads history/Genetess text ("<date> <board> <winner|TIE> <points> <players>" lines) into gs, each
 * game's scores from its line alone (the winner the points, the others 0; TIE: everyone the points). A
 * board listed again (a line appended again after a crash) counts once: its last line, in that line's
 * place. Lines that are not such a line are skipped. Returns the number of games in gs. */
int ratings_parse_history(const char *text, RatingsGames *gs);
/* Replaces game g's players and scores with those of its finished board b (game_score). Returns 0, or
 * -1 (g untouched) when b has not ended: the line was written before a crash kept the end from being
 * saved, and the game is not over. */
int ratings_use_board(RatingsGame *g, const Board *b);
/* Reads each game's board (live or archived) into gs with ratings_use_board; a game whose board has not
 * ended is dropped; a board that is missing or cannot be read leaves its line's scores. */
void ratings_load_boards(const Store *st, RatingsGames *gs);
/* Frees the games; gs becomes empty. */
void ratings_games_free(RatingsGames *gs);

/* Fills t (empty) from the games in order: games, wins (the top score alone), ties (the top score
 * shared), points (the sum of the final scores) and the Elo rating after the last game. */
void ratings_compute(const RatingsGames *gs, RatingsTable *t);
/* The rating of userid in t (compared case-insensitively) rounded to the point, or 0 when not found. */
int ratings_rating_of(const RatingsTable *t, const char *userid);
/* Frees the table; t becomes empty. */
void ratings_table_free(RatingsTable *t);

/* Appends the standings of t: one line a player, most wins first (help/command-standings.txt). */
void ratings_standings_text(const RatingsTable *t, Buf *out);
/* Appends the ratings of t: one line a player, the highest first (help/command-ratings.txt). */
void ratings_ratings_text(const RatingsTable *t, Buf *out);

/* standings: the players' finished games, wins, ties, losses and points. Returns 0. */
int ratings_standings(CommandCtx *c);
/* ratings: the players' Elo ratings from the finished games, recomputed on each call. Returns 0. */
int ratings_ratings(CommandCtx *c);

#endif
