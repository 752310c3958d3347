/*
 * leftover.h: what litlab is making and would leave behind if a signal
 * ended it half way: a temporary file that is not yet renamed into place
 * (fs_temp()), a site being written beside the old one, a run's work
 * folder. Each is named below a folder open as dirfd (-1: the name is an
 * absolute path) and stays listed until its maker drops it, once it is
 * renamed into place or removed.
 *
 * At SIGINT, SIGTERM or SIGHUP, the thread sandbox_catch_signals() makes
 * calls leftover_remove_all() just before litlab exits: nothing it was
 * making stays behind, in a lesson's folder, the cache or beside the site.
 * The maker keeps dirfd open while the entry is listed: it drops the entry
 * before it closes the folder.
 */
#ifndef LITLAB_LEFTOVER_H
#define LITLAB_LEFTOVER_H

/* Lists name (copied) below dirfd as a leftover. */
void leftover_add(int dirfd, const char *name);
/* Drops the entry leftover_add() made with the same dirfd and name, if any. */
void leftover_drop(int dirfd, const char *name);
/*
 * Removes every listed leftover (a folder with what it holds), each tried
 * twice: a file its maker was adding as the first pass ran comes after it.
 * Takes the list's lock and keeps it: a maker that comes to add or drop
 * waits until the process ends. For the signal thread only.
 */
void leftover_remove_all(void);

#endif
