/* disk: single files read whole and replaced crash-safely — the whole-file read, the atomic write (in two
 * steps, so that the disk writes while the caller works on), syncs of several files side by side, and the
 * temporaries' names (".<name>.tmp.<pid>"). Where files live under $PBMHOME is store.h's. */
#ifndef GENETESS_DISK_H
#define GENETESS_DISK_H

#include "util.h"

#include <stddef.h>

/* Reads a whole file into *out (malloc'd, NUL-terminated; *len, when len is non-NULL, gets the
   length). Returns 0, 1 when the file does not exist (*out untouched), -1 on other errors with
   err: "<path> is not a text file" (NUL bytes, or not a regular file), "<path> is too large"
   (over 64 MiB), or the system error. */
int disk_read_file(const char *path, char **out, size_t *len, Err *err);
/* disk_read_file with NUL bytes allowed (a copy of a file as it is). */
int disk_read_raw(const char *path, char **out, size_t *len, Err *err);

/* fsyncs put off, so that they wait for the disk side by side with others that must come after the same step
 * (a directory's, after a rename in it, with the next file's): open descriptors, synced and closed together by
 * disk_later_run. At most DISK_LATER_MAX; NULL where one is asked for: each is done at once. */
enum { DISK_LATER_MAX = 4 };
typedef struct DiskLater {
    int fd[DISK_LATER_MAX];
    int n;
} DiskLater;
#define DISK_LATER_NONE ((DiskLater){.n = 0})
/* Puts off the fsync of directory dir into l (NULL, or l full: done now); best effort, as disk_sync_dir. */
void disk_later_dir(DiskLater *l, const char *dir);

/* An atomic write under way: data is in the temporary file beside path, its writeback started, not yet
 * synced nor renamed (disk_write_begin ... disk_write_finish, or disk_write_abandon). */
typedef struct DiskWrite {
    char *path, *tmp, *dir;
    int fd;      /* the temporary */
    bool synced; /* set by a caller that synced fd itself (with files of its own): finish only renames */
    DiskLater *later; /* set by a caller that puts the directory's fsync off (finish adds it there) */
} DiskWrite;
/* Runs l's fsyncs (l NULL: none) side by side, with w's temporary's when w is given (then w->synced), and
 * closes l's descriptors: l is empty after. 0, or -1 with errno when w's temporary could not be synced (a
 * directory's failure is let go, as disk_sync_dir lets it go). */
int disk_later_run(DiskLater *l, DiskWrite *w);
/* A DiskWrite that holds nothing (safe to abandon). */
#define DISK_WRITE_NONE ((DiskWrite){.fd = -1})
/* Writes data to path's temporary (disk_temp_path) and starts its writeback: other work may go on while the
 * disk writes it. 0, or -1 with err (nothing left behind). */
int disk_write_begin(const char *path, const char *data, size_t len, DiskWrite *w, Err *err);
/* disk_write_begin when path's temporary name already holds a spare file (linked there by the caller): it is
 * written over instead of a new one made (making a file waits on the disk's journal), in place from its start
 * and then cut to len (emptied first, its blocks would be freed — with discard, a wait for the disk each — and
 * others allocated for the same bytes); with no file there, a new one is made as disk_write_begin does. */
int disk_write_over(const char *path, const char *data, size_t len, DiskWrite *w, Err *err);
/* Syncs w's temporary (unless w->synced), renames it over its path and syncs the directory (or puts that off
 * into w->later). 0, or -1 with err (the temporary removed, path untouched). w is done with either way. */
int disk_write_finish(DiskWrite *w, Err *err);
/* Gives up w: the temporary is removed. Harmless on a finished or failed write. */
void disk_write_abandon(DiskWrite *w);
/* Replaces path with data atomically: writes ".<base>.tmp.<pid>" in the same directory (made afresh,
   O_EXCL|O_NOFOLLOW: a file or link of that name goes first), fsyncs it, renames it over path (a link
   there is replaced, its target untouched) and fsyncs the directory. The permission bits of a file of
   path's own are kept, a new file is 0600. Returns 0, or -1 with err (the temporary file is removed; path
   is unchanged). */
int disk_write_atomic(const char *path, const char *data, size_t len, Err *err);

/* Syncs the n open files fds[0..n) at once: their fsyncs run side by side (threads), so the disk is
 * waited for about once for all of them rather than n times one after the other. 0, or -1 with errno and
 * *bad the lowest index of a file that failed (every file is tried either way). */
int disk_sync_files(const int *fds, int n, int *bad);
/* Starts writing fd's data to disk without waiting (Linux: sync_file_range; elsewhere nothing), so that
 * fsyncs of several files that follow wait once for all of them rather than one after the other. */
void disk_start_writeback(int fd);
/* fsyncs directory dir so a rename in it survives a crash; best effort (some file systems refuse). */
void disk_sync_dir(const char *dir);
/* Returns the malloc'd directory part of path ("." when it has none). */
char *disk_dir_of(const char *path);

/* The temporary name of path: ".<name>.tmp.<pid>" beside it (malloc'd). */
char *disk_temp_path(const char *path);
/* The pid in a temporary file's name (".<name>.tmp.<pid>", or the spool's ".tmp.<pid>.<rest>"), 0 when the
 * name is no temporary's. */
long disk_temp_pid(const char *name);

#endif
