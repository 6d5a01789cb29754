/* board: the Board (terrain, players and their news, pieces, specials, starts, clock, history); squares; pieces and the life of a Piece *; invariants. */
#ifndef GENETESS_BOARD_H
#define GENETESS_BOARD_H

#include "grid.h"
#include "params.h"
#include "pieces.h"
#include "rng.h"
#include "specials.h"

#define BOARD_FORMAT_VERSION 1
#define MAX_PLAYERS 26
#define USERID_MAX 32

typedef enum { PS_ACTIVE, PS_ELIMINATED, PS_RESIGNED, PS_FORFEIT } PlayerStatus;
/* As the board file and the sheets write a status: active, eliminated, resigned, forfeited. */
extern const char *const board_status_name[];

typedef enum { PHASE_ROUND0, PHASE_PLAY, PHASE_ENDED } Phase;

typedef struct Piece {
    int sq;
    int owner; /* player index */
    Genome g;
    uint32_t serial; /* which piece this is on its board while the board is in memory: given by board_add_piece,
                        kept while the piece moves or swaps; never saved (a special fires only for the piece that
                        started the turn on it, contract 14.5) */
} Piece;

#define REVEAL_ORPHAN (-2)

/* A piece revealed by S17/S18, as it stood when revealed (contract 8). */
typedef struct Reveal {
    int sq;
    int owner;          /* player index; REVEAL_ORPHAN for an orphan (written "*" in the board file) */
    char seq[64];       /* shown sequence ("K" only without F), or "?" */
    char label[16];     /* turn label of the reveal */
} Reveal;

/* One gamble of round 0 (contract 4.6): kind 0 position (prefs are start labels), 1 order (ordinals). */
typedef struct Gamble {
    bool set;
    int64_t stake;
    int prefs[MAX_PLAYERS];
    int nprefs;
} Gamble;

/* What an item of a player's news is, beside its text: sheets choose their opening from kinds, never from
 * the words (contract 8). */
typedef enum NewsKind {
    NEWS_EVENT,          /* something that happened, as the reader saw it */
    NEWS_STORED_RAN,     /* "Your stored order <order> was processed.": it opens the reader's next sheet */
    NEWS_STORED_FAILED,  /* a stored order ran and failed */
    NEWS_STORED_DROPPED, /* a stored order was dropped before it could run */
    NEWS_SHEET_SENT,     /* a mark, no text: the items before it were on the last sheet mailed */
    NEWS_SHEET_RESULT,   /* before the mark: the "Result of your last order" that sheet showed (no event) */
    NEWS_SHEET_NEW,      /* before the mark: that sheet was the New sheet (text "New game."; no event) */
} NewsKind;

typedef struct NewsItem {
    NewsKind kind;
    char *text;          /* NULL for NEWS_SHEET_SENT */
} NewsItem;

/* A player's news: items in the order they happened. */
typedef struct News {
    NewsItem *v;
    int n, cap;
} News;

typedef struct Player {
    char id[USERID_MAX + 1];
    int64_t e;
    PlayerStatus status;
    int out_seq;        /* 1, 2, ...: order in which players left the game; 0 still in */
    int kills;          /* eliminating captures (10 points each) */
    int start;          /* assigned start label number (GPC<start>), 0 before round 0 ends */
    int timeouts;       /* consecutive time-outs */
    int timeouts_total;
    int64_t holiday_left; /* seconds */
    bool quiet;
    bool lister;        /* the sheet shows "What your pieces can do" (options lister on) */
    bool plain;         /* sheet mails are plain text only, no HTML part (options html off) */
    bool full_view;     /* flare or S5 active until the start of the player's next turn */
    bool full_decode;   /* that whole-board view decodes (from an F piece) */
    char full_until[16]; /* label the view was gained at (for the sheet) */
    Reveal *reveals;
    int nreveals;
    StrList queue;      /* stored orders, canonical, a leading "*" marks run-at-once */
    News news;          /* what the player was told: their last sheet's items, a NEWS_SHEET_SENT mark, those since */
    News ebook;         /* E changes (NEWS_EVENT items, rendered) kept as the news are: up to a NEWS_SHEET_SENT mark
                         * what the last sheet showed, then what came since */
    Gamble gamble[2];
    bool gambled_any;
    char *known;        /* the terrain as the player last saw each square (w*h; NULL: the start's, b->start):
                         * their map (contract 8); private, like the queue and the news */
    uint8_t *kspecial;  /* the code of the special the player last saw on each square, 0 none (w*h; NULL: they
                         * remember none): on their map too (contract 8), private as known */
} Player;

/* A start square, and a piece listed for whoever gets it (map `start`/`piece` lines). */
typedef struct Start {
    int label;          /* GPC<label> */
    int sq;
} Start;
typedef struct StartPiece {
    int label;
    int sq;
    Genome g;
} StartPiece;

/* Time-dependent state: never compared by verify (contract 10). */
typedef struct Clock {
    int64_t created;
    int64_t turn_start;     /* when the current turn (or round 0) began */
    int64_t deadline;       /* 0: none running (suspended) */
    bool fresh_used;        /* the once-per-turn fresh deadline of a failure (i) was given (contract 4.4) */
    bool nag_sent;
    int64_t holiday_since;  /* >0: game suspended by the player to move since then */
    int64_t ended;          /* when the game ended */
} Clock;

#define BOARD_HANDLED_MAX 32

/* The piece lines a board was read from, kept for writing them again (boardfile.c): a piece whose square, owner
 * and codes are still as read, and whose owner's userid and the board's width are too, is written as its line
 * was. Only lines in the form write_pieces writes are kept. */
typedef struct BoardLoaded {
    char *text;       /* the lines, each ended by a '\0' */
    int *line;        /* [serial]: where the line of the piece of that serial starts in text; -1: none kept */
    Piece *as_read;   /* [serial]: that piece as read */
    int n;            /* serials below n have an entry */
    int w, np;        /* the board's width and players as read */
    char id[MAX_PLAYERS][USERID_MAX + 1]; /* the players' userids as read */
} BoardLoaded;

typedef struct Board {
    int number;
    int version;
    Params par;
    int w, h;
    char *ter;          /* w*h terrain characters */
    char *start;        /* w*h: the terrain the game started with, which the players' maps begin from (NULL:
                         * not fixed yet; b->ter stands for it until the first action fixes it) */
    bool known_read;    /* the text it was read from had a (known entry (one written before maps were kept
                         * has none: its players' maps began from the start) */
    bool start_of_initial; /* start is the map of initial as the board file reads it (boardprivate): written
                            * against again as it is, not read from initial once more; false whenever initial,
                            * the size or start change */
    int *at;            /* w*h: index into pc, or -1 */
    Piece *pc;
    int npc, cappc;
    uint32_t serials;   /* the last Piece.serial given */
    Player *pl;
    int np;
    Special *sp;
    int nsp;
    Start *st;
    int nst;
    StartPiece *spc;    /* start pieces waiting for round 0 to assign starts */
    int nspc;
    StrList moves;      /* history lines in memory: those after the first moves_off (all when moves_off is 0) */
    int moves_off;      /* lines of the history kept in the move list file <n>.moves and not read (movelist.c) */
    int moves_saved;    /* lines of the history that <n>.moves holds for this board */
    int64_t moves_end;  /* the length of those lines in <n>.moves in bytes; -1 not known */
    bool moves_file;    /* the board file names <n>.moves: "(moves <n>.moves <count>)" (contract 10) */
    Rng rng;
    Phase phase;
    int round;          /* 0 in round 0, then 1, 2, ... */
    int seat;           /* player index to move (players are in turn order after round 0) */
    Clock clock;
    char result[128];   /* final result text once ended */
    /* the keys of the last BOARD_HANDLED_MAX mailed commands that changed this board (contract 2.1: a message
     * delivered again is not run twice), oldest first */
    uint64_t handled[BOARD_HANDLED_MAX];
    int nhandled;
    char *initial;      /* the board text the replay starts from (contract 10) */
    int initial_base;   /* number of moves lines already reflected in initial */
    BoardLoaded *loaded; /* the piece lines read (boardfile_parse), NULL: none; not copied with the board */
} Board;

/* ---- squares ---- */
/* The square at zero-based col and row; its column and row. */
static inline int board_sq(const Board *b, int col, int row) { return row * b->w + col; }
static inline int board_col(const Board *b, int sq) { return sq % b->w; }
static inline int board_row(const Board *b, int sq) { return sq / b->w; }
/* Parses "K3"/"ab12" into a square of b; fails (err says why) when malformed or off the grid. */
int board_parse_sq(const Board *b, const char *s, int *sq, Err *err);
/* Writes a square's name into buf (at least 8 bytes) and returns buf. */
char *board_sq_name(const Board *b, int sq, char *buf);
/* The neighbour of sq in direction d, or -1 off the grid. */
int board_step(const Board *b, int sq, int d);
/* board_step for the square at col and row: a walk that knows them steps without a division. */
static inline int board_step_at(const Board *b, int col, int row, int d)
{
    int c = col + grid_dir_dc[d], r = row + grid_dir_dr[d];
    return c < 0 || r < 0 || c >= b->w || r >= b->h ? -1 : board_sq(b, c, r);
}
/* Chebyshev distance between two squares. */
int board_dist(const Board *b, int a, int c);

/* ---- pieces ----
 * A Piece * points into b->pc: it is valid until the next board_add_piece (the array may move) or
 * board_remove_piece (the last piece moves into the hole) on that board, and no longer. Code that adds or
 * removes pieces while it holds one keeps its square instead (a stable handle) and looks it up again with
 * board_piece_at: an order's handler gets its acting piece fetched by its square (dispatch_run) and uses it
 * only until it adds or removes a piece (actions.c says where); the specials work on squares. Moving and
 * swapping pieces keep every Piece * valid (they change p->sq). board_piece_valid guards a held pointer. */
/* The piece on sq, or NULL (also off the grid). */
Piece *board_piece_at(const Board *b, int sq);
/* True when p is a live piece of b (for asserts on a held Piece *: see above). */
static inline bool board_piece_valid(const Board *b, const Piece *p)
{
    return p >= b->pc && p < b->pc + b->npc && b->at[p->sq] == (int)(p - b->pc);
}
/* Adds a piece on an empty square; returns it (every other Piece * of b may die: see above). */
Piece *board_add_piece(Board *b, int sq, int owner, const Genome *g);
/* Removes the piece on sq (must exist; every Piece * of b may die: see above). */
void board_remove_piece(Board *b, int sq);
/* Moves the piece on from (must exist) to the empty square to. */
void board_move_piece(Board *b, int from, int to);
/* Swaps the pieces on two squares (both must exist). */
void board_swap_pieces(Board *b, int s1, int s2);
/* Squares of pieces in reading order; caller frees. Returns the count. */
int board_piece_squares(const Board *b, int **out);
/* Orphan: the owner left the game by resigning/forfeit, or was eliminated and the piece lacks P. */
static inline bool board_is_orphan(const Board *b, const Piece *p)
{
    PlayerStatus s = b->pl[p->owner].status;
    if (s == PS_RESIGNED || s == PS_FORFEIT)
        return true;
    return s == PS_ELIMINATED && !p->g.n[GENE_P];
}
/* The player may order this piece (their own, or their ronin piece). */
static inline bool board_controls(const Board *b, int player, const Piece *p)
{
    return p->owner == player && !board_is_orphan(b, p);
}
/* Number of K codes on the player's pieces (E accrual). */
int64_t board_king_codes(const Board *b, int player);
/* The player still takes turns: active, or eliminated with a ronin piece. */
bool board_player_has_turns(const Board *b, int player);
/* Appends an item of kind with a copy of text (NULL for a mark) to l. */
void board_news_add(News *l, NewsKind kind, const char *text);
/* Appends an item of kind with text itself (malloc'd; the list frees it). */
void board_news_take(News *l, NewsKind kind, char *text);
/* Frees the items; l is empty and keeps its storage. */
void board_news_clear(News *l);
/* Frees the items and the storage. */
void board_news_free(News *l);
/* True when pl (a player of b, or a copy of one) has sent every gamble round 0 asks of them (the game's gamble
 * mode: on position, on turn order, both or none). */
bool board_gambles_in(const Board *b, const Player *pl);
/* Index of a player by userid (case-insensitive) or -1. */
int board_player_index(const Board *b, const char *id);
/* The special on sq, or NULL. */
Special *board_special_at(const Board *b, int sq);
/* sq is on the grid and floor. */
bool board_is_floor(const Board *b, int sq);
/* Inside the exterior walls: any non-wall, non-outside square or interior wall. */
bool board_in_area(const Board *b, int sq);

/* ---- what each player knows of the terrain and the specials (contract 8: their map) ---- */
/* The terrain the game started with: b->start, or b->ter while it is not fixed yet. */
const char *board_start_terrain(const Board *b);
/* Fixes b->start to the terrain as it is now, unless it is fixed already (the first action does). */
void board_start_fix(Board *b);
/* The terrain as player p last saw each square (w*h): their own copy, or the start's when they have none. */
const char *board_known(const Board *b, int p);
/* Player p remembers terrain t on sq (allocating their copy from the start's when it differs). */
void board_known_set(Board *b, int p, int sq, char t);
/* The code of the special player p last saw on sq (1..22), 0 when they remember none there. */
static inline int board_known_special(const Board *b, int p, int sq)
{
    return b->pl[p].kspecial ? b->pl[p].kspecial[sq] : 0;
}
/* Player p remembers the special of code (0: none) on sq (allocating their memory at its first special). */
void board_known_special_set(Board *b, int p, int sq, int code);
/* The first square from sq on where player p remembers a special, or -1: for walking their memory, which holds
 * few (sq = board_known_special_next(b, p, 0); sq >= 0; sq = board_known_special_next(b, p, sq + 1)). */
int board_known_special_next(const Board *b, int p, int sq);

/* ---- turns ---- */
/* Writes the current turn label ("0", "3b") into buf (8 bytes). */
char *board_turn_label(const Board *b, char *buf);
/* The number of lines of the history, in memory or not. */
int board_moves_count(const Board *b);
/* The move number k of contract 4.1: lines in moves + 1. */
int board_move_number(const Board *b);

/* ---- life cycle, invariants ---- */
/* A new empty board: format version, default parameters, no grid (caller frees with board_free). */
Board *board_new(void);
/* A copy of src's play state — grid, pieces (room for spare more), players without their lists, reveals or
 * maps, generator, turn and clock — and nothing else: no specials, starts, history or snapshot (the scratch
 * boards the order lister and the bots run orders on). Caller frees with board_free. */
Board *board_copy_play(const Board *src, int spare);
/* Frees what player p holds (their queue, news, E book, reveals, maps), leaving it empty. */
void board_player_free(Player *p);
/* Frees b and everything it owns; NULL is allowed. */
void board_free(Board *b);
/* Allocates the grid for w x h, all outside, and drops every piece, the start terrain and the players' maps. */
void board_set_size(Board *b, int w, int h);
/* When the holiday of the player to move ends: as their allowance runs out (contract 4.5), measured from when it
 * began. Only meaningful while one runs (clock.holiday_since > 0). */
int64_t board_holiday_ends(const Board *b);
/* Checks the invariants of contract 10; returns 0 or fails with the reason. */
int board_check(const Board *b, Err *err);
/* Whether every floor and interior wall square of b is enclosed (contract 7: nothing lies outside the exterior
 * walls): none at the grid's edge, none next to an outside square in any direction. */
typedef enum { BOARD_ENCLOSED, BOARD_AT_EDGE, BOARD_TOUCHES_OUTSIDE } BoardEnclosure;
/* BOARD_ENCLOSED, or how the first square in reading order that is not enclosed fails, that square in *sq. */
BoardEnclosure board_enclosure(const Board *b, int *sq);

/* True when the mailed command key (request_command_key, bound to its userid: handled_bind) changed b already. */
bool board_handled_has(const Board *b, uint64_t key);
/* Records that the mailed command key changed b (the oldest key goes once BOARD_HANDLED_MAX are kept). */
void board_handled_add(Board *b, uint64_t key);

#endif
