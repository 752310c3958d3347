/*
 * sandbox.c: the probe, the launch slots, and sandbox_launch().
 *
 * The probe tries the tiers from the strongest down (sandbox.h) by really
 * setting them up: a tier is in effect once the first helper of it has said
 * it is ready. Every launch then goes to a free helper (sandbox-helper.c),
 * one per launch in progress, made when none is free.
 *
 * litlab reads the program's pipes itself and watches them with ppoll()
 * against one deadline, so that neither a full pipe nor an orphan holding a
 * pipe open can hang it. When the deadline passes or an output cap is
 * reached, it asks the helper for a kill: the program's group goes first (so
 * that its own status and usage survive), then everything else it started.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox-int.h"

#define SIDE_FD 3
#define SIDE_CAP (1u << 20)
/* After the program exits, how long its pipes may stay open (an orphan holding them). */
#define DRAIN_GRACE_NS 200000000LL
/* After asking a helper for a kill, how long to wait for its answer before giving it up. */
#define KILL_GRACE_NS 5000000000LL

extern char **environ;

struct slot {
	struct sbx_helper h;
	int busy;
	int dead; /* it could not be (re)started */
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t freed;
	int inited;
	pid_t owner; /* the process that set it up: a forked child starts over */
	int tier;
	char *isolation;
	struct sock_fprog filter;
	struct sbx_config cfg;
	struct slot **slots;
	size_t nslots;
	unsigned parts; /* what the first helper set up: the isolation the label names */
} sb = { PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, PTHREAD_COND_INITIALIZER, 0, 0, 0, NULL, { 0, NULL }, { 0, -1, -1, 0, 0, 0, NULL },
	 NULL, 0, 0 };

static _Thread_local int last_slot = -1;

void launch_result_init(struct launch_result *r)
{
	memset(r, 0, sizeof *r);
	buf_init(&r->out);
	buf_init(&r->err);
	buf_init(&r->side);
}

void launch_result_release(struct launch_result *r)
{
	buf_release(&r->out);
	buf_release(&r->err);
	buf_release(&r->side);
	free(r->error);
	launch_result_init(r);
}

/* ---- the probe ---- */

static int have_cap(int cap)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	memset(data, 0, sizeof data);
	if (syscall(SYS_capget, &hdr, data) < 0)
		return 0;
	return (data[cap / 32].effective >> (cap % 32)) & 1;
}

/* How many processes uid has now (RLIMIT_NPROC counts them all). */
static long count_processes(uid_t uid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	struct stat st;
	long n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && fstatat(dirfd(d), e->d_name, &st, 0) == 0 &&
		    st.st_uid == uid)
			n++;
	closedir(d);
	return n;
}

static void forget_all(void)
{
	for (size_t i = 0; i < sb.nslots; i++) {
		sbx_helper_forget(&sb.slots[i]->h);
		free(sb.slots[i]);
	}
	free(sb.slots);
	sb.slots = NULL;
	sb.nslots = 0;
	free(sb.isolation);
	sb.isolation = NULL;
	free(sb.filter.filter);
	memset(&sb.filter, 0, sizeof sb.filter);
	if (sb.cfg.idmap_fd >= 0)
		close(sb.cfg.idmap_fd);
	sb.cfg.idmap_fd = -1;
	sb.inited = 0;
}

/*
 * A fork while another thread holds the lock would leave it locked for good
 * in the child: fork waits for it. The lock is recursive because the probe
 * itself forks while holding it.
 */
static void atfork_prepare(void)
{
	pthread_mutex_lock(&sb.lock);
}

static void atfork_parent(void)
{
	pthread_mutex_unlock(&sb.lock);
}

/* The child is another thread as far as the mutex knows: it gets a new one, unlocked. */
static void atfork_child(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&sb.lock, &attr);
	pthread_mutexattr_destroy(&attr);
	pthread_cond_init(&sb.freed, NULL);
}

/* Starts slot 0 with cfg; 0, or -1 with *why. */
static int start_first(struct sbx_config *cfg, unsigned *parts, char **why)
{
	struct slot *s = xcalloc(1, sizeof *s);

	if (sbx_helper_start(&s->h, cfg, 0, parts, why) < 0) {
		free(s);
		return -1;
	}
	sb.slots = xcalloc(1, sizeof *sb.slots);
	sb.slots[0] = s;
	sb.nslots = 1;
	return 0;
}

/*
 * Starts the helper of a slot after the probe's first (or in place of one
 * that died): it must set up all that the first did, which the isolation
 * label names, or it is not used.
 */
static int start_more(struct sbx_helper *h, int index, char **why)
{
	unsigned parts;

	if (sbx_helper_start(h, &sb.cfg, index, &parts, why) < 0)
		return -1;
	if ((parts & sb.parts) != sb.parts) {
		h->broken = 1;
		sbx_helper_stop(h);
		*why = xasprintf("a sandbox helper set up less than the first (parts %#x of %#x)", parts, sb.parts);
		return -1;
	}
	return 0;
}

/* With LITLAB_SANDBOX_DEBUG set, says why a part of a tier could not be had. */
static void why_not(int tier, const char *what, char *why)
{
	if (why && getenv("LITLAB_SANDBOX_DEBUG"))
		fprintf(stderr, "litlab: sandbox: tier %c: %s: %s\n", tier, what, why);
	free(why);
}

/* Sets the configuration of tier up and starts its first helper: 0, or -1. */
static int try_tier(int tier, unsigned *parts)
{
	char *why = NULL;

	free(sb.filter.filter);
	memset(&sb.filter, 0, sizeof sb.filter);
	if (sbx_filter_build(tier == 'C' || tier == 'D', &sb.filter, &why) < 0) {
		why_not(tier, "seccomp", why);
		why = NULL;
	}
	sb.cfg.tier = tier;
	sb.cfg.uid = tier == 'A'   ? SANDBOX_UID
		     : tier == 'C' ? SANDBOX_UID_C + (int)(getpid() % (SANDBOX_UID_C_RANGE / SANDBOX_UID_C_SLOTS)) *
							 SANDBOX_UID_C_SLOTS
				   : -1;
	sb.cfg.idmap_fd = tier == 'A' ? sbx_idmap_userns(SANDBOX_UID, &why) : -1;
	why_not(tier, "idmapping", why);
	why = NULL;
	sb.cfg.use_cgroup = tier == 'A';
	sb.cfg.landlock = 0;
	if (tier == 'C' || tier == 'D') {
		int fd = sbx_landlock_ruleset("/", &sb.cfg.landlock);
		if (fd >= 0)
			close(fd);
	}
	sb.cfg.filter = sb.filter.filter ? &sb.filter : NULL;
	sb.cfg.nproc = 0;
	int rc = sb.cfg.use_cgroup ? start_first(&sb.cfg, parts, &why) : -1;
	if (rc < 0) {
		why_not(tier, "with a cgroup", why);
		why = NULL;
		/* Where no pids cgroup counts a launch's processes, RLIMIT_NPROC does, on top of
		   what the uid already runs (in tier B, only what runs in its user namespace). */
		sb.cfg.use_cgroup = 0;
		sb.cfg.nproc = SANDBOX_NPROC;
		if (tier != 'B')
			sb.cfg.nproc += count_processes(sb.cfg.uid >= 0 ? (uid_t)sb.cfg.uid : getuid());
		rc = start_first(&sb.cfg, parts, &why);
	}
	why_not(tier, "helper", why);
	if (rc < 0 && sb.cfg.idmap_fd >= 0) {
		close(sb.cfg.idmap_fd);
		sb.cfg.idmap_fd = -1;
	}
	return rc;
}

static void describe(unsigned parts)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%c: ", sb.tier);
	if (sb.tier == 'A' || sb.tier == 'B') {
		if (sb.tier == 'B')
			buf_adds(&b, "userns,");
		buf_adds(&b, "ns=mount+net+ipc+uts+pid,fs=ro+tmpfs");
		if (parts & PART_OVERLAY)
			buf_adds(&b, "+overlay");
		if (parts & PART_PROC)
			buf_adds(&b, "+proc");
		if (parts & PART_IDMAP)
			buf_adds(&b, "+idmap");
		if (sb.tier == 'A')
			buf_addf(&b, ",cgroup=%s,uid=%d", (parts & PART_CGROUP) ? "v1" : "none", SANDBOX_UID);
		else
			buf_adds(&b, ",caps=none");
	} else {
		if (sb.cfg.uid >= 0) /* the string is part of cache keys: no number that changes */
			buf_adds(&b, "uid=per-run,");
		buf_adds(&b, "pgroup,subreaper");
		if (sb.cfg.landlock > 0)
			buf_addf(&b, ",landlock=v%d", sb.cfg.landlock);
	}
	if (parts & PART_SECCOMP)
		buf_adds(&b, ",seccomp");
	buf_adds(&b, ",rlimits");
	sb.isolation = buf_detach(&b, NULL);
}

static void probe(void)
{
	const char *cap_env = getenv("LITLAB_ISOLATION");
	int cap = cap_env && cap_env[0] >= 'A' && cap_env[0] <= 'D' && !cap_env[1] ? cap_env[0] : 'A';
	unsigned parts = 0;

	sb.tier = 0;
	if (cap <= 'A' && geteuid() == 0 && have_cap(CAP_SYS_ADMIN) && try_tier('A', &parts) == 0)
		sb.tier = 'A';
	else if (cap <= 'B' && try_tier('B', &parts) == 0)
		sb.tier = 'B';
	else if (geteuid() == 0 && cap <= 'C' && try_tier('C', &parts) == 0)
		sb.tier = 'C';
	else if (try_tier('D', &parts) == 0)
		sb.tier = 'D';
	if (!sb.tier) /* not even a plain helper: launches will say why when they try again */
		sb.tier = geteuid() == 0 && cap <= 'C' ? 'C' : 'D';
	sb.parts = parts;
	describe(parts);
}

void sandbox_init(void)
{
	static int registered;

	pthread_mutex_lock(&sb.lock);
	if (sb.inited && sb.owner != getpid())
		forget_all(); /* a forked child of litlab: the helpers are its parent's */
	if (!sb.inited) {
		sb.owner = getpid();
		probe();
		sb.inited = 1;
		if (!registered) {
			registered = 1;
			atexit(sandbox_release);
			pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
		}
	}
	pthread_mutex_unlock(&sb.lock);
}

void sandbox_release(void)
{
	pthread_mutex_lock(&sb.lock);
	if (sb.inited && sb.owner == getpid()) {
		for (size_t i = 0; i < sb.nslots; i++)
			if (!sb.slots[i]->dead)
				sbx_helper_stop(&sb.slots[i]->h);
	}
	if (sb.inited)
		forget_all();
	pthread_mutex_unlock(&sb.lock);
}

const char *sandbox_isolation(void)
{
	sandbox_init();
	return sb.isolation;
}

const char *sandbox_isolation_known(void)
{
	const char *iso = NULL;

	pthread_mutex_lock(&sb.lock);
	if (sb.inited && sb.owner == getpid())
		iso = sb.isolation;
	pthread_mutex_unlock(&sb.lock);
	return iso;
}

/* Adds the file's text (at most 64 KiB; with only, its lines holding one of only's words), or "-". */
static void add_file_text(struct buf *b, const char *path, const char *const *only)
{
	char text[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf_addf(b, "%s:", path);
	if (n < 0) {
		buf_adds(b, "-\n");
		return;
	}
	text[n] = '\0';
	for (char *line = text, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line) - 1;
		int keep = !only;
		for (size_t i = 0; only && only[i] && !keep; i++)
			keep = memmem(line, (size_t)(nl - line + 1), only[i], strlen(only[i])) != NULL;
		if (keep)
			buf_add(b, line, (size_t)(nl - line + 1));
	}
	buf_addc(b, '\n');
}

char *sandbox_fingerprint(void)
{
	struct buf b = BUF_INIT;
	struct stat st;
	const char *iso = getenv("LITLAB_ISOLATION"), *tmp = getenv("TMPDIR");

	buf_addf(&b, "LITLAB_ISOLATION=%s\nTMPDIR=%s\nuid=%d gid=%d euid=%d egid=%d\n", iso ? iso : "",
		 tmp ? tmp : "", (int)getuid(), (int)getgid(), (int)geteuid(), (int)getegid());
	if (stat("/proc/self/exe", &st) == 0)
		buf_addf(&b, "exe=%llu:%llu size=%lld mtime=%lld.%09ld\n", (unsigned long long)st.st_dev,
			 (unsigned long long)st.st_ino, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			 st.st_mtim.tv_nsec);
	add_file_text(&b, "/proc/sys/kernel/random/boot_id", NULL);
	add_file_text(&b, "/proc/sys/kernel/osrelease", NULL);
	static const char *const status[] = { "Cap", "NoNewPrivs", "Seccomp:", NULL };
	add_file_text(&b, "/proc/self/status", status);
	add_file_text(&b, "/proc/self/attr/current", NULL); /* the AppArmor or SELinux label */
	add_file_text(&b, "/proc/self/cgroup", NULL);
	add_file_text(&b, "/proc/self/mountinfo", NULL); /* cgroups, and what / and /tmp are */
	add_file_text(&b, "/proc/sys/user/max_user_namespaces", NULL);
	add_file_text(&b, "/proc/sys/kernel/unprivileged_userns_clone", NULL);
	add_file_text(&b, "/proc/sys/kernel/apparmor_restrict_unprivileged_userns", NULL);
	return buf_detach(&b, NULL);
}

int sandbox_tier(void)
{
	sandbox_init();
	return sb.tier;
}

int sandbox_uid(void)
{
	sandbox_init();
	return sb.tier == 'A' || sb.tier == 'C' ? sb.cfg.uid : -1;
}

/* ---- slots ---- */

/* A free helper: this thread's last one if free, another, or a new one. NULL with *why. */
static struct slot *take_slot(char **why)
{
	pthread_mutex_lock(&sb.lock);
	for (;;) {
		struct slot *s = NULL;
		int alive = 0;
		if (last_slot >= 0 && (size_t)last_slot < sb.nslots && !sb.slots[last_slot]->busy &&
		    !sb.slots[last_slot]->dead)
			s = sb.slots[last_slot];
		for (size_t i = 0; i < sb.nslots; i++) {
			alive += !sb.slots[i]->dead;
			if (!s && !sb.slots[i]->busy && !sb.slots[i]->dead) {
				s = sb.slots[i];
				last_slot = (int)i;
			}
		}
		if (s) {
			s->busy = 1;
			pthread_mutex_unlock(&sb.lock);
			return s;
		}
		/* All busy: one more helper, started without the lock held. */
		struct slot *n = xcalloc(1, sizeof *n);
		n->busy = 1;
		n->h.sock = -1;
		size_t index = sb.nslots;
		sb.slots = xreallocarray(sb.slots, sb.nslots + 1, sizeof *sb.slots);
		sb.slots[sb.nslots++] = n;
		pthread_mutex_unlock(&sb.lock);
		int rc = start_more(&n->h, (int)index, why);
		pthread_mutex_lock(&sb.lock);
		if (rc == 0) {
			last_slot = (int)index;
			pthread_mutex_unlock(&sb.lock);
			return n;
		}
		n->dead = 1;
		n->busy = 0;
		if (alive == 0) {
			pthread_mutex_unlock(&sb.lock);
			return NULL;
		}
		free(*why);
		*why = NULL;
		pthread_cond_wait(&sb.freed, &sb.lock);
	}
}

static void give_back(struct slot *s)
{
	pthread_mutex_lock(&sb.lock);
	s->busy = 0;
	pthread_cond_signal(&sb.freed);
	pthread_mutex_unlock(&sb.lock);
}

/* Replaces a helper that died; 0, or -1 with *why. */
static int restart(struct slot *s, char **why)
{
	int index = s->h.slot;

	s->h.broken = 1;
	sbx_helper_stop(&s->h);
	if (start_more(&s->h, index, why) < 0) {
		s->dead = 1;
		return -1;
	}
	return 0;
}

/* ---- the launch ---- */

struct prep {
	int in;
	int out[2], err[2], side[2];
	char **env;
	char *extra;
	char *cwd;	   /* the path the program enters */
	int cwd_fd;
	char *writable;	   /* the folder it may write in, or NULL */
	int writable_root; /* writable is the temporary root: a launch without a cwd */
	char *tmp_root;
	char *path;	   /* the program, as found in PATH (or argv[0] with a slash) */
	int exec_fd;	   /* it, opened */
	int script;
};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void prep_release(struct prep *p)
{
	close_fd(&p->in);
	for (int i = 0; i < 2; i++) {
		close_fd(&p->out[i]);
		close_fd(&p->err[i]);
		close_fd(&p->side[i]);
	}
	close_fd(&p->cwd_fd);
	close_fd(&p->exec_fd);
	free(p->path);
	free(p->env);
	free(p->extra);
	free(p->cwd);
	free(p->writable);
	free(p->tmp_root);
}

static char **with_side_env(char *const *envp, char **extra)
{
	size_t n = 0;
	char *const *src = envp ? envp : environ;

	while (src[n])
		n++;
	char **env = xcalloc(n + 2, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(src[i], "LITLAB_REGION_FD=", 17) != 0)
			env[k++] = src[i];
	*extra = xasprintf("LITLAB_REGION_FD=%d", SIDE_FD);
	env[k++] = *extra;
	env[k] = NULL;
	return env;
}

static int strictly_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strcmp(dir, "/") != 0 && strncmp(path, dir, n) == 0 && path[n] == '/';
}

/* $TMPDIR, else /tmp, resolved (malloc'd). */
static char *temporary_root(void)
{
	const char *tmp = getenv("TMPDIR");
	char *root = realpath(tmp && *tmp ? tmp : "/tmp", NULL);

	return root ? root : xstrdup("/tmp");
}

static int fail_launch(struct launch_result *r, char *error)
{
	r->end = END_LAUNCH_FAILED;
	free(r->error);
	r->error = error;
	return -1;
}

/* The launch's PATH: from its environment, or litlab's; execvp()'s default without one. */
static const char *search_path(const struct launch *l)
{
	if (!l->envp)
		return getenv("PATH") ? getenv("PATH") : "/bin:/usr/bin";
	for (char *const *e = l->envp; *e; e++)
		if (strncmp(*e, "PATH=", 5) == 0)
			return *e + 5;
	return "/bin:/usr/bin";
}

static int open_program(const char *path, struct prep *p)
{
	struct stat st;
	char head[2];

	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(st.st_mode & 0111)) {
		close(fd);
		errno = EACCES;
		return -1;
	}
	p->script = pread(fd, head, 2, 0) == 2 && head[0] == '#' && head[1] == '!';
	p->exec_fd = fd;
	p->path = xstrdup(path);
	return 0;
}

/*
 * Finds the program as execvp() would, with the launch's PATH and relative
 * to its folder, and opens it: the spawner runs it by that path, or from the
 * descriptor where the path is out of the program's reach. 0, or -1 (errno).
 */
static int find_program(const struct launch *l, struct prep *p)
{
	const char *name = l->argv[0];

	if (strchr(name, '/')) {
		char *path = name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", p->cwd, name);
		int rc = open_program(path, p);
		if (rc < 0 && errno == EACCES) { /* not executable: let exec say so, as it would have */
			p->path = path;
			return 0;
		}
		free(path);
		return rc;
	}
	int err = ENOENT;
	for (const char *dir = search_path(l);;) {
		const char *colon = strchr(dir, ':');
		size_t n = colon ? (size_t)(colon - dir) : strlen(dir);
		char *path = n ? xasprintf("%.*s/%s", (int)n, dir, name) : xasprintf("%s/%s", p->cwd, name);
		int rc = open_program(path, p);
		free(path);
		if (rc == 0)
			return 0;
		if (errno == EACCES)
			err = EACCES;
		if (!colon)
			break;
		dir = colon + 1;
	}
	errno = err;
	return -1;
}

/* Opens stdin, makes the pipes, resolves the folders. 0, or -1 with r filled in. */
static int prepare(const struct launch *l, struct prep *p, struct launch_result *r)
{
	char path[PATH_MAX];
	char *tmp_root;

	memset(p, 0, sizeof *p);
	p->in = p->cwd_fd = p->exec_fd = -1;
	for (int i = 0; i < 2; i++)
		p->out[i] = p->err[i] = p->side[i] = -1;

	const char *in = l->stdin_path ? l->stdin_path : "/dev/null";
	if ((p->in = open(in, O_RDONLY | O_CLOEXEC)) < 0)
		return fail_launch(r, xasprintf("cannot open '%s' for stdin: %s", in, strerror(errno)));
	if (pipe2(p->out, O_CLOEXEC) < 0 || pipe2(p->err, O_CLOEXEC) < 0 ||
	    (l->side_channel && pipe2(p->side, O_CLOEXEC) < 0))
		return fail_launch(r, xasprintf("cannot start '%s': %s", l->argv[0], strerror(errno)));
	for (int i = 0; i < 3; i++) {
		int fd = i == 0 ? p->out[0] : i == 1 ? p->err[0] : p->side[0];
		if (fd >= 0)
			fcntl(fd, F_SETFL, O_NONBLOCK);
	}
	if (l->side_channel)
		p->env = with_side_env(l->envp, &p->extra);

	tmp_root = temporary_root();
	if (l->cwd) {
		if (!realpath(l->cwd, path)) {
			free(tmp_root);
			return fail_launch(r, xasprintf("cannot enter '%s': %s", l->cwd, strerror(errno)));
		}
		p->cwd = xstrdup(path);
		if (strictly_under(path, tmp_root))
			p->writable = xstrdup(path);
	} else {
		if (!getcwd(path, sizeof path)) {
			free(tmp_root);
			return fail_launch(r, xasprintf("cannot find the current folder: %s", strerror(errno)));
		}
		p->cwd = xstrdup(path);
		if (strcmp(tmp_root, "/") != 0) {
			p->writable = xstrdup(tmp_root);
			p->writable_root = 1;
		}
	}
	p->tmp_root = tmp_root;
	if ((p->cwd_fd = open(p->cwd, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		return fail_launch(r, xasprintf("cannot enter '%s': %s", p->cwd, strerror(errno)));
	if (find_program(l, p) < 0)
		return fail_launch(r, xasprintf("cannot run '%s': %s", l->argv[0], strerror(errno)));
	return 0;
}

static char *failure_text(const struct launch *l, const struct prep *p, int failure)
{
	const char *e = strerror(FAILURE_ERRNO(failure));

	switch (FAILURE_STAGE(failure)) {
	case STAGE_EXEC:
		return xasprintf("cannot run '%s': %s", l->argv[0], e);
	case STAGE_CWD:
		return xasprintf("cannot enter '%s': %s", p->cwd, e);
	default:
		return xasprintf("cannot set up the sandbox for '%s': %s", l->argv[0], e);
	}
}

/* The pipes of one launch, read as they fill. */
struct capture {
	int fd[3];
	struct buf *b[3];
	size_t cap[3];
	int *trunc[3];
	int side_trunc;
	int open;
};

static void capture_init(struct capture *c, struct prep *p, const struct launch *l, struct launch_result *r)
{
	memset(c, 0, sizeof *c);
	c->fd[0] = p->out[0];
	c->fd[1] = p->err[0];
	c->fd[2] = p->side[0];
	p->out[0] = p->err[0] = p->side[0] = -1;
	c->b[0] = &r->out;
	c->b[1] = &r->err;
	c->b[2] = &r->side;
	c->cap[0] = c->cap[1] = l->lim.output_cap;
	c->cap[2] = SIDE_CAP;
	c->trunc[0] = &r->out_truncated;
	c->trunc[1] = &r->err_truncated;
	c->trunc[2] = &c->side_trunc;
	for (int i = 0; i < 3; i++)
		c->open += c->fd[i] >= 0;
}

static int capture_poll(const struct capture *c, struct pollfd *pf)
{
	int n = 0;

	for (int i = 0; i < 3; i++) {
		if (c->fd[i] >= 0) {
			pf[n].fd = c->fd[i];
			pf[n].events = POLLIN;
			pf[n].revents = 0;
			n++;
		}
	}
	return n;
}

/* Reads what is there from fd into b, keeping at most cap bytes. 0 at EOF. */
static int drain(int fd, struct buf *b, size_t cap, int *truncated)
{
	char chunk[65536];
	ssize_t n = read(fd, chunk, sizeof chunk);

	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : 0;
	if (n == 0)
		return 0;
	size_t keep = (size_t)n;
	if (b->len + keep > cap) {
		keep = cap > b->len ? cap - b->len : 0;
		*truncated = 1;
	}
	buf_add(b, chunk, keep);
	return 1;
}

/* Reads every ready pipe of pf[0..n); 1 if stdout or stderr is over its cap. */
static int capture_read(struct capture *c, const struct pollfd *pf, int n)
{
	int over = 0;

	for (int i = 0; i < n; i++) {
		if (!pf[i].revents)
			continue;
		for (int k = 0; k < 3; k++) {
			if (c->fd[k] != pf[i].fd)
				continue;
			if (!drain(c->fd[k], c->b[k], c->cap[k], c->trunc[k])) {
				close(c->fd[k]);
				c->fd[k] = -1;
				c->open--;
			}
			if (k < 2 && *c->trunc[k])
				over = 1;
		}
	}
	return over;
}

static void capture_close(struct capture *c)
{
	for (int i = 0; i < 3; i++)
		close_fd(&c->fd[i]);
}

static struct timespec until(long long deadline, long long now)
{
	long long wait = deadline > now ? deadline - now : 0;
	struct timespec ts = { (time_t)(wait / 1000000000LL), (long)(wait % 1000000000LL) };

	return ts;
}

static void set_status(struct launch_result *r, int status)
{
	if (WIFEXITED(status)) {
		r->exit_code = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		r->signo = WTERMSIG(status);
		if (r->end == END_EXITED)
			r->end = END_SIGNALED;
	}
}

static void set_usage(struct launch_result *r, const struct rusage *ru)
{
	r->user_ns = (long long)ru->ru_utime.tv_sec * 1000000000LL + ru->ru_utime.tv_usec * 1000LL;
	r->sys_ns = (long long)ru->ru_stime.tv_sec * 1000000000LL + ru->ru_stime.tv_usec * 1000LL;
	r->max_rss_kb = ru->ru_maxrss;
}

/* A free slot's helper runs it; litlab reads the pipes and keeps the deadline. */
static int launch_helper(const struct launch *l, struct prep *p, struct launch_result *r)
{
	char *why = NULL;
	struct slot *s = take_slot(&why);

	if (!s) {
		int rc = fail_launch(r, xasprintf("cannot start the sandbox for '%s': %s", l->argv[0],
						  why ? why : "no helper"));
		free(why);
		return rc;
	}
	struct sbx_request rq = {
		.argv = l->argv,
		.path = p->path,
		.exec_fd = p->exec_fd,
		.script = p->script,
		.envp = p->env ? p->env : l->envp ? l->envp : environ,
		.cwd = p->cwd,
		.cwd_fd = p->cwd_fd,
		.writable = p->writable,
		.writable_root = p->writable_root,
		.tmp_root = p->tmp_root,
		.fd_in = p->in,
		.fd_out = p->out[1],
		.fd_err = p->err[1],
		.fd_side = p->side[1],
		.lim = &l->lim,
	};
	long long start = now_ns();
	if (sbx_helper_send(&s->h, &rq) < 0 && (errno == E2BIG || restart(s, &why) < 0 || sbx_helper_send(&s->h, &rq) < 0)) {
		int rc = fail_launch(r, xasprintf("cannot start the sandbox for '%s': %s", l->argv[0],
						  why ? why : strerror(errno)));
		free(why);
		give_back(s);
		return rc;
	}
	/* The helper has its own copies now. */
	close_fd(&p->in);
	close_fd(&p->out[1]);
	close_fd(&p->err[1]);
	close_fd(&p->side[1]);
	close_fd(&p->cwd_fd);
	close_fd(&p->exec_fd);

	struct capture c;
	struct sbx_outcome o;
	capture_init(&c, p, l, r);
	long long deadline = start + (long long)(l->lim.wall_s * 1e9);
	long long drain_deadline = 0, kill_deadline = 0;
	int got = 0, asked = 0, gone = 0;
	memset(&o, 0, sizeof o);
	r->end = END_EXITED;
	while (!got || c.open > 0) {
		long long now = now_ns();
		if (!got && !asked && now >= deadline) {
			sbx_helper_kill(&s->h);
			asked = 1;
			kill_deadline = now + KILL_GRACE_NS;
			r->end = END_TIMEOUT;
		}
		if (got && now >= drain_deadline)
			break;
		if (!got && asked && now >= kill_deadline) {
			gone = 1; /* a helper that does not answer is stopped, its namespace with it */
			break;
		}
		struct pollfd pf[4];
		int n = capture_poll(&c, pf);
		if (!got) {
			pf[n].fd = s->h.sock;
			pf[n].events = POLLIN;
			pf[n].revents = 0;
		}
		struct timespec ts = until(got ? drain_deadline : asked ? kill_deadline : deadline, now);
		int pr = ppoll(pf, (nfds_t)(n + !got), &ts, NULL);
		if (pr < 0 && errno != EINTR)
			break;
		if (pr <= 0)
			continue;
		if (capture_read(&c, pf, n) && !got && !asked) {
			sbx_helper_kill(&s->h);
			asked = 1;
			kill_deadline = now_ns() + KILL_GRACE_NS;
			r->end = END_OUTPUT_LIMIT;
		}
		if (!got && pf[n].revents) {
			int rc = sbx_helper_outcome(&s->h, &o);
			if (rc < 0) {
				gone = 1;
				break;
			}
			if (rc > 0) {
				got = 1;
				drain_deadline = now_ns() + DRAIN_GRACE_NS;
			}
		}
	}
	capture_close(&c);
	if (gone || s->h.broken) {
		s->h.broken = 1;
		restart(s, &why);
		free(why);
		why = NULL;
	}
	give_back(s);
	if (gone && asked) { /* it was being killed anyway: it was, with its helper */
		r->signo = SIGKILL;
		return 0;
	}
	if (gone)
		return fail_launch(r, xasprintf("the sandbox helper running '%s' ended unexpectedly", l->argv[0]));
	if (o.failure_mount)
		return fail_launch(r, xasprintf("cannot make the work folder '%s' writable: %s", p->writable,
						strerror(o.failure_mount)));
	if (o.failure)
		return fail_launch(r, failure_text(l, p, o.failure));
	r->pid = o.pid;
	r->wall_ns = o.end_ns - o.start_ns;
	set_status(r, o.status);
	set_usage(r, &o.ru);
	if (o.limits & LIMIT_MEMORY)
		r->limit = "memory";
	else if (o.limits & LIMIT_PROCS)
		r->limit = "processes";
	return 0;
}

int sandbox_launch(const struct launch *l, struct launch_result *r)
{
	struct prep p;
	int rc;

	sandbox_init();
	if (prepare(l, &p, r) < 0)
		rc = -1;
	else
		rc = launch_helper(l, &p, r);
	prep_release(&p);
	return rc;
}
