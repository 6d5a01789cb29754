/* libFuzzer target: one whole command run in-process, as genetess main() runs it, on a scratch $PBMHOME that
 * holds two users, a board in round 0 and a board in play. The input's first line is the command's words
 * (split at spaces, at most 16), the rest the mail body (the request's body). After every command: the exit status is
 * 0..3 and every board file still loads and passes its invariants. The home is restored before each input. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boardfile.h"
#include "commands.h"

typedef struct Snap {
    char *path; /* relative to the home */
    char *data; /* NULL: a directory */
    size_t len;
    mode_t mode;
    int seen; /* found as it should be by the current restore's walk */
} Snap;

static char home[64];
static Snap *snap;
static int nsnap;

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st, (void)flag, (void)f;
    return remove(p);
}

static int take_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)f;
    if (strcmp(p, home) == 0)
        return 0;
    snap = realloc(snap, sizeof *snap * (size_t)(nsnap + 1));
    Snap *s = &snap[nsnap++];
    s->path = strdup(p + strlen(home) + 1);
    s->data = NULL;
    s->len = 0;
    s->mode = st->st_mode;
    if (flag == FTW_F) {
        s->len = (size_t)st->st_size;
        s->data = malloc(s->len + 1);
        FILE *in = fopen(p, "rb");
        if (!in || fread(s->data, 1, s->len, in) != s->len)
            abort();
        fclose(in);
    }
    return 0;
}

static Snap *snap_find(const char *rel)
{
    for (int i = 0; i < nsnap; i++)
        if (strcmp(snap[i].path, rel) == 0)
            return &snap[i];
    return NULL;
}

/* A file of the snapshot that still holds exactly its snapshot bytes, mode and no second name. */
static int file_intact(const char *p, const struct stat *st, const Snap *s)
{
    if (!s->data || !S_ISREG(st->st_mode) || st->st_mode != s->mode || st->st_nlink != 1 || (size_t)st->st_size != s->len)
        return 0;
    static char buf[1 << 20];
    if (s->len > sizeof buf)
        return 0;
    int fd = open(p, O_RDONLY);
    if (fd < 0)
        return 0;
    ssize_t got = read(fd, buf, s->len);
    close(fd);
    return got == (ssize_t)s->len && memcmp(buf, s->data, s->len) == 0;
}

/* nftw visits a directory after its entries (FTW_DEPTH): whatever the snapshot does not hold as it is goes. */
static int check_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)f;
    if (strcmp(p, home) == 0)
        return 0;
    Snap *s = snap_find(p + strlen(home) + 1);
    if (s && !s->data && flag == FTW_DP && st->st_mode == s->mode)
        s->seen = 1;
    else if (s && file_intact(p, st, s))
        s->seen = 1;
    else
        remove(p); /* a directory the snapshot lacks is empty by now: its entries came first */
    return 0;
}

/* The home as the snapshot holds it. Only what a command changed is rewritten: removing and rewriting the
 * whole home for every input took half of the target's time. */
static void restore(void)
{
    for (int i = 0; i < nsnap; i++)
        snap[i].seen = 0;
    nftw(home, check_one, 16, FTW_DEPTH | FTW_PHYS);
    mkdir(home, 0755);
    char p[512];
    for (int i = 0; i < nsnap; i++) { /* nftw listed every directory before its files */
        if (snap[i].seen)
            continue;
        snprintf(p, sizeof p, "%s/%s", home, snap[i].path);
        if (!snap[i].data) {
            mkdir(p, snap[i].mode & 07777);
            chmod(p, snap[i].mode & 07777);
            continue;
        }
        int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, snap[i].mode & 07777);
        if (fd < 0 || write(fd, snap[i].data, snap[i].len) != (ssize_t)snap[i].len)
            abort();
        fchmod(fd, snap[i].mode & 07777);
        close(fd);
    }
}

static Host host;  /* the scratch home, a short lock wait */
static Request rq; /* what every command is given: a fixed time, the input's body */

static int run(int argc, char **argv)
{
    if (argc < 1)
        return EXIT_USAGE;
    return command_run(&host, &rq, argc, argv, NULL);
}

static int run_words(const char *line)
{
    char buf[512], *argv[16];
    snprintf(buf, sizeof buf, "%s", line);
    int argc = 0;
    for (char *save, *w = strtok_r(buf, " ", &save); w && argc < 16; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    return run(argc, argv);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* tmpfs when there is one: fsync costs nothing there, and the target runs many commands a second */
    snprintf(home, sizeof home, "%s/genetess-fuzz-%ld", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (long)getpid());
    nftw(home, rm_one, 16, FTW_DEPTH | FTW_PHYS);
    mkdir(home, 0755);
    host = request_host_init();
    host.home = home;
    host.lock_wait = 1;
    rq = request_init(1790000000);
    run_words("signup alice secret alice@example.org");
    run_words("signup bob hunter2 bob@example.org");
    run_words("challenge --seed=7 alice bob");                   /* 101: round 0 */
    run_words("challenge --seed=8 --gamble=none alice bob");     /* 102: in play, alice to move */
    run_words("move 102 alice secret CREATE C4 A");
    nftw(home, take_one, 16, FTW_PHYS);
    return 0;
}

/* The board file n as the snapshot holds it is text[0..len): a command that did not save it left it loadable. */
static int unchanged(int n, const char *text, size_t len)
{
    char rel[32];
    snprintf(rel, sizeof rel, "games/Genetess/%d", n);
    const Snap *s = snap_find(rel);
    return s && s->data && s->len == len && memcmp(s->data, text, len) == 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 8192)
        return 0;
    restore();
    const unsigned char *nl = memchr(data, '\n', size);
    size_t first = nl ? (size_t)(nl - data) : size;
    char line[512];
    if (first >= sizeof line)
        first = sizeof line - 1;
    memcpy(line, data, first);
    line[first] = '\0';
    if (memchr(line, '\0', first))
        return 0; /* argv words cannot hold NUL */
    static char text[8193];
    size_t blen = nl ? size - (size_t)(nl - data) - 1 : 0; /* not size - first: first is cut at 511 */
    memcpy(text, nl ? nl + 1 : data, blen);
    text[blen] = '\0';
    rq.body = nl && !memchr(text, '\0', blen) ? text : NULL; /* a body with NUL is no text (as INPUTFILE's) */
    int rc = run_words(line);
    rq.body = NULL;
    if (rc < 0 || rc > 3)
        abort(); /* exit statuses are 0..3 (contract 3) */
    for (int n = 101; n <= 103; n++) {
        char p[256];
        snprintf(p, sizeof p, "%s/games/Genetess/%d", home, n);
        FILE *in = fopen(p, "rb");
        if (!in)
            continue;
        static char saved[1 << 20];
        size_t len = fread(saved, 1, sizeof saved - 1, in);
        fclose(in);
        saved[len] = '\0';
        if (unchanged(n, saved, len))
            continue; /* the snapshot's board loaded when it was taken */
        Err err;
        char name[8];
        snprintf(name, sizeof name, "%d", n);
        Board *bd = boardfile_parse(saved, name, &err);
        if (!bd || board_check(bd, &err) < 0)
            abort(); /* a command left a board that does not load */
        board_free(bd);
    }
    return 0;
}
