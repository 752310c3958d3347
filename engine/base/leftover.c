/* leftover.c: a list, under a lock, of names to remove at a signal. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/fs.h"
#include "base/leftover.h"
#include "base/util.h"

struct leftover {
	char *name;
	int dirfd;
	struct leftover *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct leftover *list;

void leftover_add(int dirfd, const char *name)
{
	struct leftover *l = xcalloc(1, sizeof *l);

	l->name = xstrdup(name);
	l->dirfd = dirfd;
	pthread_mutex_lock(&lock);
	l->next = list;
	list = l;
	pthread_mutex_unlock(&lock);
}

void leftover_drop(int dirfd, const char *name)
{
	pthread_mutex_lock(&lock);
	for (struct leftover **p = &list; *p; p = &(*p)->next) {
		if ((*p)->dirfd == dirfd && strcmp((*p)->name, name) == 0) {
			struct leftover *l = *p;
			*p = l->next;
			free(l->name);
			free(l);
			break;
		}
	}
	pthread_mutex_unlock(&lock);
}

void leftover_remove_all(void)
{
	pthread_mutex_lock(&lock);
	int rootfd = fs_open_root("/");
	for (struct leftover *l = list; l; l = l->next) {
		int dfd = l->dirfd >= 0 ? l->dirfd : rootfd;
		const char *name = l->dirfd >= 0 ? l->name : l->name + strspn(l->name, "/");
		if (dfd >= 0)
			(void)(fs_remove_tree(dfd, name) == 0 || fs_remove_tree(dfd, name) == 0);
	}
}
