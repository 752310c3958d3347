/*
 * launch.c: litlab's side of the sandbox: the probe, the launch slots, work
 * folders, sandbox_launch(), and the signals that end a run.
 *
 * The probe tries the tiers from the strongest down (sandbox.h) by really
 * setting them up: a tier is in effect once the first helper of it has said
 * it is ready. Every launch then goes to a free helper (helper.c), one per
 * launch in progress, made when none is free.
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
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/leftover.h"
#include "sandbox/internal.h"

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
	unsigned parts;	     /* what the first helper set up: the isolation the label names */
	unsigned generation; /* of cfg.shown: a helper of an older one is made again */
	char **extra;	     /* sandbox_show()'s paths */
	size_t nextra;
	int swept;	     /* the stale folders of killed runs were removed */
} sb = { PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, PTHREAD_COND_INITIALIZER, 0, 0, 0, NULL, { 0, NULL },
	 { 0, -1, 0, 0, 0, NULL, NULL }, NULL, 0, 0, 0, NULL, 0, 0 };

static _Thread_local int last_slot = -1;

/*
 * Set when a signal ends the run: the helpers are killing what they run,
 * and nothing may restart or kill a helper meanwhile (a helper killed in
 * the middle of its cleanup would leave the programs it was killing).
 */
static int ending;

/* A thread that finds the run ending waits for the end. */
static void stop_if_ending(void)
{
	while (__atomic_load_n(&ending, __ATOMIC_ACQUIRE))
		pause();
}

int sbx_fault_ppoll;
int sbx_c_slots = SANDBOX_UID_C_SLOTS;

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

static void free_shown(void)
{
	for (size_t i = 0; sb.cfg.shown && sb.cfg.shown[i]; i++)
		free(sb.cfg.shown[i]);
	free(sb.cfg.shown);
	sb.cfg.shown = NULL;
}

/* 1 if path lies at or below dir. */
static int at_or_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* A path the sandbox cannot show where it is: its own folders are there. Said once. */
static int unshowable(const char *path)
{
	static const char *const own[] = { SANDBOX_WORK, "/dev", "/proc" };
	static int warned;

	for (size_t i = 0; i < ARRAY_LEN(own); i++) {
		if (!at_or_below(path, own[i]) && strcmp(path, "/tmp") != 0 && strcmp(path, "/") != 0)
			continue;
		if (!warned++)
			complain("warning: '%s' cannot be shown to lesson code: the sandbox has %s of its own "
			       "(LITLAB_SANDBOX_PATHS, or the compiler's place)",
			       path, at_or_below(path, own[i]) ? own[i] : path);
		return 1;
	}
	return 0;
}

/* cfg.shown: LITLAB_SANDBOX_PATHS, then sandbox_show()'s paths. */
static void collect_shown(void)
{
	const char *env = getenv("LITLAB_SANDBOX_PATHS");
	size_t n = 0;

	free_shown();
	sb.cfg.shown = xcalloc(1, sizeof *sb.cfg.shown);
	for (const char *p = env; p && *p;) {
		const char *colon = strchr(p, ':');
		size_t len = colon ? (size_t)(colon - p) : strlen(p);
		char *path = xstrndup(p, len);
		if (len > 1 && p[0] == '/' && !unshowable(path)) {
			sb.cfg.shown = xreallocarray(sb.cfg.shown, n + 2, sizeof *sb.cfg.shown);
			sb.cfg.shown[n++] = path;
			sb.cfg.shown[n] = NULL;
		} else {
			free(path);
		}
		p = colon ? colon + 1 : p + len;
	}
	for (size_t i = 0; i < sb.nextra; i++) {
		if (unshowable(sb.extra[i]))
			continue;
		sb.cfg.shown = xreallocarray(sb.cfg.shown, n + 2, sizeof *sb.cfg.shown);
		sb.cfg.shown[n++] = xstrdup(sb.extra[i]);
		sb.cfg.shown[n] = NULL;
	}
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
	free_shown();
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
	s->h.generation = sb.generation;
	sb.slots = xcalloc(1, sizeof *sb.slots);
	sb.slots[0] = s;
	sb.nslots = 1;
	return 0;
}

/*
 * Starts the helper of a slot after the probe's first (or in place of one
 * that died or is out of date): it must set up all that the first did,
 * which the isolation label names, or it is not used.
 */
static int start_more(struct sbx_helper *h, int index, char **why)
{
	unsigned parts;

	pthread_mutex_lock(&sb.lock);
	struct sbx_config cfg = sb.cfg;
	unsigned generation = sb.generation;
	/* The list may change while the helper starts: it gets a copy of its own. */
	size_t n = 0;
	while (cfg.shown && cfg.shown[n])
		n++;
	char **shown = xcalloc(n + 1, sizeof *shown);
	for (size_t i = 0; i < n; i++)
		shown[i] = xstrdup(cfg.shown[i]);
	cfg.shown = shown;
	pthread_mutex_unlock(&sb.lock);
	int rc = sbx_helper_start(h, &cfg, index, &parts, why);
	free_words(shown, n);
	if (rc < 0)
		return -1;
	h->generation = generation;
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
		complain("sandbox: tier %c: %s: %s", tier, what, why);
	free(why);
}

/*
 * Tier C's uids: SANDBOX_UID_C_SLOTS of them per run, range r from
 * SANDBOX_UID_C + r * SANDBOX_UID_C_SLOTS on. Two runs on one range would
 * kill each other's programs (the end of a launch kills every process of its
 * uid), so a run takes the first range whose lock (a file of root's
 * /run/litlab) no other run holds, and holds it while it runs; the kernel
 * lets it go when litlab ends, however it ends. Without /run, the range its
 * pid falls on, as before: two runs collide only if their pids are equal
 * modulo the number of ranges.
 */
/*
 * What runs killed outright (SIGKILL) left: every process of a tier C uid
 * whose range no run holds, and of the range this run just took (dir:
 * /run/litlab; mine: the range, or -1). One scan of /proc finds the uids;
 * each is killed the way a slot's are.
 */
static void sweep_ranges(int dir, int mine)
{
	const long first = SANDBOX_UID_C, last = SANDBOX_UID_C + SANDBOX_UID_C_RANGE;
	uid_t seen[64];
	size_t nseen = 0;
	DIR *d = opendir("/proc");
	struct stat st;

	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d)) && nseen < ARRAY_LEN(seen);) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		if (*end || pid <= 1 || fstatat(dirfd(d), e->d_name, &st, 0) < 0)
			continue;
		if ((long)st.st_uid < first || (long)st.st_uid >= last)
			continue;
		int known = 0;
		for (size_t i = 0; i < nseen && !known; i++)
			known = seen[i] == st.st_uid;
		if (!known)
			seen[nseen++] = st.st_uid;
	}
	closedir(d);
	for (size_t i = 0; i < nseen; i++) {
		int range = (int)((seen[i] - first) / SANDBOX_UID_C_SLOTS), fd = -1;
		int stale = range == mine;
		if (!stale) { /* a range whose lock no run holds: its runs are gone */
			char name[32];
			snprintf(name, sizeof name, "uids-%d", range);
			fd = openat(dir, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
			stale = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0;
		}
		/* Held while its uid is killed: a run taking it meanwhile would lose its programs. */
		if (stale)
			sbx_kill_uid(seen[i], (gid_t)(first + (long)range * SANDBOX_UID_C_SLOTS));
		if (fd >= 0)
			close(fd);
	}
}

static int claim_uid_range(void)
{
	const int ranges = SANDBOX_UID_C_RANGE / SANDBOX_UID_C_SLOTS;
	int fallback = (int)(getpid() % ranges);
	struct stat st;

	if (mkdir("/run/litlab", 0700) < 0 && errno != EEXIST)
		return fallback;
	int dir = open("/run/litlab", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dir < 0)
		return fallback;
	if (fstat(dir, &st) < 0 || st.st_uid != 0 || (st.st_mode & 022)) {
		close(dir);
		return fallback;
	}
	int mine = -1;
	for (int r = 0; r < ranges && r < 4096 && mine < 0; r++) {
		char name[32];
		snprintf(name, sizeof name, "uids-%d", r);
		int fd = openat(dir, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			mine = r; /* fd stays open, and locked, until litlab ends */
		else
			close(fd);
	}
	sweep_ranges(dir, mine);
	close(dir);
	return mine >= 0 ? mine : fallback;
}

/* Sets the configuration of tier up and starts its first helper: 0, or -1. */
static int try_tier(int tier, unsigned *parts)
{
	char *why = NULL;

	free(sb.filter.filter);
	memset(&sb.filter, 0, sizeof sb.filter);
	if (sbx_filter_build(tier, &sb.filter, &why) < 0) {
		why_not(tier, "seccomp", why);
		why = NULL;
	}
	sb.cfg.tier = tier;
	/*
	 * Tier B run by root maps its namespace's 65534 to the host's and runs
	 * programs as that: root of a user namespace whose root is the host's
	 * would still be root to the kernel's checks of host files (/proc/sys).
	 */
	sb.cfg.uid = tier == 'A' || (tier == 'B' && geteuid() == 0) ? SANDBOX_UID
		     : tier == 'C' ? SANDBOX_UID_C + claim_uid_range() * SANDBOX_UID_C_SLOTS
				   : -1;
	sb.cfg.use_cgroup = tier == 'A';
	sb.cfg.landlock = 0;
	if (tier == 'C' || tier == 'D') {
		int fd = sbx_landlock_ruleset(-1, NULL, &sb.cfg.landlock);
		if (fd >= 0)
			close(fd);
		else
			sb.cfg.landlock = 0;
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
	return rc;
}

/*
 * The label evidence records. It says what the launches are kept from and,
 * in the weaker tiers, what they are not: every part of it is a fact about
 * the tier, never a number that changes from run to run (it is part of
 * cache keys).
 */
static void describe(unsigned parts)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "%c: ", sb.tier);
	if (sb.tier == 'A' || sb.tier == 'B') {
		if (sb.tier == 'B')
			buf_adds(&b, "userns,");
		buf_adds(&b, "ns=mount+net+ipc+uts+pid");
		buf_adds(&b, (parts & PART_ROOT) ? ",root=allowlist" : ",root=host");
		buf_adds(&b, (parts & PART_TMPFS) ? ",work=tmpfs" : ",work=host");
		if (parts & PART_PROC)
			buf_adds(&b, ",proc");
		if (parts & PART_IPC)
			buf_adds(&b, ",ipc=per-launch");
		if (sb.tier == 'A')
			buf_addf(&b, ",cgroup=%s,uid=%d", (parts & PART_CGROUP) ? "v1" : "none", SANDBOX_UID);
		else if (sb.cfg.uid >= 0)
			buf_addf(&b, ",uid=%d", sb.cfg.uid);
		else
			buf_adds(&b, ",caps=none");
	} else {
		if (sb.cfg.uid >= 0) /* the string is part of cache keys: no number that changes */
			buf_adds(&b, "uid=per-run,");
		buf_adds(&b, "pgroup,subreaper");
		if (sb.cfg.landlock > 0)
			buf_addf(&b, ",landlock=v%d,read=allowlist", sb.cfg.landlock);
		else
			buf_adds(&b, ",files=host");
		buf_adds(&b, ",proc=host,work=host-folder(unbounded),ipc=refused");
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

	/* D keeps litlab's uid: for root that would be no sandbox at all. Root's weakest is C. */
	if (cap == 'D' && geteuid() == 0)
		cap = 'C';

	collect_shown();
	sb.tier = 0;
	if (cap <= 'A' && geteuid() == 0 && have_cap(CAP_SYS_ADMIN) && try_tier('A', &parts) == 0)
		sb.tier = 'A';
	else if (cap <= 'B' && try_tier('B', &parts) == 0)
		sb.tier = 'B';
	else if (geteuid() == 0 && cap <= 'C' && try_tier('C', &parts) == 0)
		sb.tier = 'C';
	else if (try_tier('D', &parts) == 0)
		sb.tier = 'D';
	if (!sb.tier) { /* not even a plain helper: launches will say why when they try again */
		sb.tier = geteuid() == 0 && cap <= 'C' ? 'C' : 'D';
		sb.cfg.tier = sb.tier;
	}
	sb.parts = parts;
	describe(parts);
	if ((sb.tier == 'C' || sb.tier == 'D') && !sb.cfg.landlock)
		complain("warning: no Landlock in this kernel and no namespaces to use: lesson code can read and "
		       "write every file %s can; check only lessons you trust here",
		       sb.tier == 'C' ? "its own uid" : "you");
}

void sandbox_init(void)
{
	static int registered;

	pthread_mutex_lock(&sb.lock);
	if (sb.inited && sb.owner != getpid())
		forget_all(); /* a forked child of litlab: the helpers are its parent's */
	if (!sb.inited) {
		/*
		 * In tier D programs have litlab's uid: were litlab dumpable, one could
		 * read its environment and write its memory through /proc/<pid>.
		 */
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
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

void sandbox_show(const char *path)
{
	if (!path || path[0] != '/' || sbx_shown_by_system(path))
		return;
	pthread_mutex_lock(&sb.lock);
	int known = 0;
	for (size_t i = 0; i < sb.nextra; i++)
		known |= strcmp(sb.extra[i], path) == 0;
	if (!known) {
		sb.extra = xreallocarray(sb.extra, sb.nextra + 1, sizeof *sb.extra);
		sb.extra[sb.nextra++] = xstrdup(path);
		sb.generation++;
		if (sb.inited)
			collect_shown();
	}
	pthread_mutex_unlock(&sb.lock);
}


int sandbox_shows(const char *path)
{
	int shown = path[0] == '/' && sbx_shown_by_system(path);
	const char *env = getenv("LITLAB_SANDBOX_PATHS");

	for (const char *p = env; !shown && p && *p;) {
		const char *colon = strchr(p, ':');
		char *dir = xstrndup(p, colon ? (size_t)(colon - p) : strlen(p));
		shown = dir[0] == '/' && at_or_below(path, dir);
		free(dir);
		p = colon ? colon + 1 : p + strlen(p);
	}
	pthread_mutex_lock(&sb.lock);
	for (size_t i = 0; !shown && i < sb.nextra; i++)
		shown = at_or_below(path, sb.extra[i]);
	pthread_mutex_unlock(&sb.lock);
	return shown && !strstr(path, "/../");
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
	const char *iso = getenv("LITLAB_ISOLATION"), *tmp = getenv("TMPDIR"), *paths = getenv("LITLAB_SANDBOX_PATHS");

	buf_addf(&b, "LITLAB_ISOLATION=%s\nTMPDIR=%s\nLITLAB_SANDBOX_PATHS=%s\nuid=%d gid=%d euid=%d egid=%d\n",
		 iso ? iso : "", tmp ? tmp : "", paths ? paths : "", (int)getuid(), (int)getgid(), (int)geteuid(),
		 (int)getegid());
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
	return sb.cfg.uid;
}

/* ---- slots ---- */

/* Replaces a helper that died or is out of date; 0, or -1 with *why. */
static int restart(struct slot *s, char **why)
{
	int index = s->h.slot;

	stop_if_ending();
	s->h.broken = 1;
	sbx_helper_stop(&s->h);
	if (start_more(&s->h, index, why) < 0) {
		s->dead = 1;
		return -1;
	}
	return 0;
}

/* A free helper: this thread's last one if free, another, or a new one. NULL with *why. */
static struct slot *take_slot(char **why)
{
	stop_if_ending();
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
			int stale = s->h.generation != sb.generation;
			pthread_mutex_unlock(&sb.lock);
			if (stale && restart(s, why) < 0) { /* shown paths changed: made again */
				pthread_mutex_lock(&sb.lock);
				s->busy = 0;
				if (alive <= 1) {
					pthread_mutex_unlock(&sb.lock);
					return NULL;
				}
				free(*why);
				*why = NULL;
				continue;
			}
			return s;
		}
		/*
		 * Tier C gives each slot a uid of its own out of SANDBOX_UID_C_SLOTS
		 * (slot % SANDBOX_UID_C_SLOTS): past that many, two slots would share
		 * a uid, and the end of a launch in one (which kills every process of
		 * its uid) would kill the other's. A dead slot is made again in its
		 * place; else the launch waits for a slot to be free.
		 */
		if (sb.cfg.tier == 'C' && sb.cfg.uid >= 0 && sb.nslots >= (size_t)sbx_c_slots) {
			size_t d = 0;
			while (d < sb.nslots && !(sb.slots[d]->dead && !sb.slots[d]->busy))
				d++;
			if (d == sb.nslots) {
				pthread_cond_wait(&sb.freed, &sb.lock);
				continue;
			}
			struct slot *again = sb.slots[d];
			again->busy = 1;
			again->dead = 0;
			pthread_mutex_unlock(&sb.lock);
			int rc = start_more(&again->h, (int)d, why);
			pthread_mutex_lock(&sb.lock);
			if (rc == 0) {
				last_slot = (int)d;
				pthread_mutex_unlock(&sb.lock);
				return again;
			}
			again->dead = 1;
			again->busy = 0;
			if (alive == 0) {
				pthread_mutex_unlock(&sb.lock);
				return NULL;
			}
			free(*why);
			*why = NULL;
			pthread_cond_wait(&sb.freed, &sb.lock);
			continue;
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

size_t sbx_slot_count(void)
{
	pthread_mutex_lock(&sb.lock);
	size_t n = sb.nslots;
	pthread_mutex_unlock(&sb.lock);
	return n;
}

static void give_back(struct slot *s)
{
	pthread_mutex_lock(&sb.lock);
	s->busy = 0;
	pthread_cond_signal(&sb.freed);
	pthread_mutex_unlock(&sb.lock);
}

/* ---- work folders ---- */

/* $TMPDIR, else /tmp, resolved (malloc'd). */
static char *temporary_root(void)
{
	const char *tmp = getenv("TMPDIR");
	char *root = realpath(tmp && *tmp ? tmp : "/tmp", NULL);

	return root ? root : xstrdup("/tmp");
}

/*
 * Removes the host folders that runs of litlab killed before they could
 * (SIGKILL, a power cut) left in the temporary root: litlab-PID-XXXXXX,
 * ours, of a process that is gone.
 */
static void sweep_stale(int rootfd)
{
	int lfd = openat(rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
	struct stat st;

	if (!d) {
		if (lfd >= 0)
			close(lfd);
		return;
	}
	for (struct dirent *e; (e = readdir(d));) {
		char *end;
		if (strncmp(e->d_name, "litlab-", 7) != 0)
			continue;
		long pid = strtol(e->d_name + 7, &end, 10);
		if (end == e->d_name + 7 || *end != '-' || pid <= 0 || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(rootfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		fs_remove_tree(rootfd, e->d_name);
	}
	closedir(d);
}

/* A host work folder of tiers C and D: removed at a signal (leftover.h). */
static void register_folder(const char *path)
{
	leftover_add(-1, path);
}

static void unregister_folder(const char *path)
{
	leftover_drop(-1, path);
}

void sandbox_remove_at_signal(int dirfd, const char *name)
{
	leftover_add(dirfd, name);
}

void sandbox_keep_at_signal(int dirfd, const char *name)
{
	leftover_drop(dirfd, name);
}

void sandbox_pause_if_ending(void)
{
	stop_if_ending();
}

/*
 * Tier C: the slots' uids must cross every folder above the temporary root
 * (their programs run in it, their compiler writes there). A root-only one
 * (a `mktemp -d` TMPDIR, mode 0700) would make every compile fail in ways
 * that name no cause: said once, here. NULL if they can.
 */
static char *closed_to_slots(const char *root)
{
	char *real = realpath(root, NULL);
	char *why = NULL;
	struct stat st;

	if (!real)
		return NULL; /* the open below says what is wrong */
	for (char *end = real + strlen(real); !why && end > real; end = strrchr(real, '/')) {
		*end = '\0';
		const char *dir = *real ? real : "/";
		if (stat(dir, &st) == 0 && !(st.st_mode & S_IXOTH))
			why = xasprintf("the sandbox's users cannot reach the temporary folder '%s': '%s' is closed to "
					"other users (mode %03o); set TMPDIR to a folder every user may cross, such "
					"as /tmp",
					root, dir, (unsigned)(st.st_mode & 0777));
		if (end == real)
			break;
	}
	free(real);
	return why;
}

/*
 * Tiers C and D: $TMPDIR/litlab-PID-XXXXXX, closed to everyone but root and
 * (tier C) the slots' group, holding work/, the folder itself.
 */
static int host_folder(struct sandbox_folder *f, char **why)
{
	char *root = temporary_root();
	int rootfd = fs_open_root(root);

	if (rootfd < 0) {
		*why = xasprintf("cannot open the temporary folder '%s': %s", root, strerror(errno));
		free(root);
		return -1;
	}
	if (sb.tier == 'C' && sb.cfg.uid >= 0 && (*why = closed_to_slots(root))) {
		close(rootfd);
		free(root);
		return -1;
	}
	pthread_mutex_lock(&sb.lock);
	int sweep = !sb.swept;
	sb.swept = 1;
	pthread_mutex_unlock(&sb.lock);
	if (sweep)
		sweep_stale(rootfd);
	char *dir = xasprintf("%s/litlab-%ld-XXXXXX", root, (long)getpid());
	int rc = -1, dfd = -1;
	if (!mkdtemp(dir)) {
		*why = xasprintf("cannot make a folder in '%s': %s", root, strerror(errno));
		goto out;
	}
	register_folder(dir);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0 || mkdirat(dfd, "work", 0700) < 0) {
		*why = xasprintf("cannot make a folder in '%s': %s", dir, strerror(errno));
		goto out;
	}
	if (sb.tier == 'C' && sb.cfg.uid >= 0) { /* the slots may cross it, and no one else */
		if (fchown(dfd, 0, (gid_t)sb.cfg.uid) < 0 || fchmod(dfd, 0710) < 0) {
			*why = xasprintf("cannot give '%s' to the sandbox: %s", dir, strerror(errno));
			goto out;
		}
	}
	f->fd = openat(dfd, "work", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (f->fd < 0) {
		*why = xasprintf("cannot open '%s/work': %s", dir, strerror(errno));
		goto out;
	}
	f->path = xasprintf("%s/work", dir);
	f->tmp = xstrdup(f->path);
	f->host = dir;
	dir = NULL;
	rc = 0;
out:
	if (dir) {
		fs_remove_tree(rootfd, dir + strlen(root) + 1);
		unregister_folder(dir);
	}
	if (dfd >= 0)
		close(dfd);
	close(rootfd);
	free(dir);
	free(root);
	return rc;
}

/* Tiers A and B: a tmpfs a helper makes, mounted nowhere; litlab keeps its descriptor. */
static int tmpfs_folder(struct sandbox_folder *f, char **why)
{
	char *w = NULL;
	struct slot *s = take_slot(&w);

	if (!s) {
		*why = xasprintf("cannot start the sandbox: %s", w ? w : "no helper");
		free(w);
		return -1;
	}
	int mnt = sbx_helper_folder(&s->h, f->bytes, f->files);
	if (mnt < 0 && s->h.broken && restart(s, &w) == 0)
		mnt = sbx_helper_folder(&s->h, f->bytes, f->files);
	int e = errno;
	if (s->h.broken && restart(s, &w) < 0) {
		free(w);
		w = NULL;
	}
	give_back(s);
	free(w);
	if (mnt < 0) {
		*why = xasprintf("cannot make a work folder: %s", strerror(e));
		return -1;
	}
	/*
	 * The descriptor fsmount() gave is kept as it is (an O_PATH one: openat()
	 * below it works, listing takes openat(fd, ".")): a mount attached nowhere
	 * lives as long as that very open file, and only it can be mounted.
	 */
	f->fd = mnt;
	f->path = xstrdup(SANDBOX_WORK);
	f->tmp = xstrdup("/tmp");
	return 0;
}

int sandbox_folder_make(struct sandbox_folder *f, const struct folder_limits *lim, char **why)
{
	memset(f, 0, sizeof *f);
	f->fd = -1;
	f->bytes = lim && lim->bytes > 0 ? lim->bytes : SANDBOX_FOLDER_BYTES;
	f->files = lim && lim->files > 0 ? lim->files : SANDBOX_FOLDER_FILES;
	sandbox_init();
	int rc = (sb.parts & PART_TMPFS) ? tmpfs_folder(f, why) : host_folder(f, why);
	if (rc < 0)
		sandbox_folder_release(f);
	return rc;
}

void sandbox_folder_release(struct sandbox_folder *f)
{
	if (f->fd >= 0)
		close(f->fd);
	if (f->host) {
		int rootfd = fs_open_root("/");
		if (rootfd >= 0) {
			fs_remove_tree(rootfd, f->host + 1);
			close(rootfd);
		}
		unregister_folder(f->host);
	}
	free(f->path);
	free(f->tmp);
	free(f->host);
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

/* ---- signals ---- */

struct signal_start {
	sigset_t set;
	sem_t ready; /* posted when the thread is about to wait */
	int fd;	     /* a signalfd of set, or -1: the thread waits with sigwait() */
};

/*
 * Held by the thread from the moment it takes a signal, and by main() as
 * litlab ends (sandbox_signals_end()): a signal is either still pending
 * when main() looks, or taken and being acted on, never in between.
 */
static pthread_mutex_t signal_gate = PTHREAD_MUTEX_INITIALIZER;

/* The signal the thread takes: read from the signalfd under signal_gate, which it keeps. */
static int take_signal(struct signal_start *start)
{
	int sig = 0;

	while (start->fd >= 0) {
		struct pollfd p = { start->fd, POLLIN, 0 };
		struct signalfd_siginfo si;
		if (poll(&p, 1, -1) <= 0)
			continue;
		pthread_mutex_lock(&signal_gate);
		if (read(start->fd, &si, sizeof si) == (ssize_t)sizeof si)
			return (int)si.ssi_signo;
		pthread_mutex_unlock(&signal_gate);
	}
	while (sigwait(&start->set, &sig) != 0)
		;
	pthread_mutex_lock(&signal_gate);
	return sig;
}

/*
 * The thread that takes SIGINT, SIGTERM and SIGHUP: every helper is told to
 * go (its socket shut down, so that it kills what it runs), their cgroups
 * are removed once they are gone, every host work folder is removed, and
 * litlab ends as the signal would have ended it.
 */
static void *signal_thread(void *arg)
{
	struct signal_start *start = arg;

	sem_post(&start->ready);
	int sig = take_signal(start);
	__atomic_store_n(&ending, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&sb.lock);
	if (sb.inited && sb.owner == getpid()) {
		for (size_t i = 0; i < sb.nslots; i++)
			if (!sb.slots[i]->dead && sb.slots[i]->h.sock >= 0)
				shutdown(sb.slots[i]->h.sock, SHUT_RDWR);
		long long until = now_ns() + 3000000000LL;
		for (size_t i = 0; i < sb.nslots; i++) {
			struct sbx_helper *h = &sb.slots[i]->h;
			while (h->pid > 0 && waitpid(h->pid, NULL, WNOHANG) == 0 && now_ns() < until)
				usleep(2000);
			if (h->pid > 0 && now_ns() >= until)
				kill(h->spawner > 0 ? h->spawner : h->pid, SIGKILL);
			if (h->cg.pids_dir)
				rmdir(h->cg.pids_dir);
			if (h->cg.mem_dir)
				rmdir(h->cg.mem_dir);
		}
	}
	leftover_remove_all(); /* the work folders, and what each command was making */
	/* One line, by write(): stdio's lock may be held by a thread stopped in the middle. */
	const char *what = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
	char line[160];
	int n = snprintf(line, sizeof line, "\nlitlab: stopped by %s: every program it ran was stopped and its folders "
					  "removed\n", what);
	if (n > 0 && write(2, line, (size_t)n) < 0)
		errno = 0;
	_exit(128 + sig);
}

static struct signal_start signal_start;
static int signal_thread_made; /* and not known to wait yet: sandbox_signals_settled() */
static int signal_thread_runs; /* made: it takes the signals until litlab ends */
static pthread_mutex_t settle_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Does not wait for the thread to start (that cost a warm build a tenth of
 * its time): a signal sent meanwhile stays pending, blocked in every
 * thread, until the thread takes it.
 */
void sandbox_catch_signals(void)
{
	static int started;
	pthread_t t;

	if (started)
		return;
	started = 1;
	sigemptyset(&signal_start.set);
	sigaddset(&signal_start.set, SIGINT);
	sigaddset(&signal_start.set, SIGTERM);
	sigaddset(&signal_start.set, SIGHUP);
	sem_init(&signal_start.ready, 0, 0);
	pthread_sigmask(SIG_BLOCK, &signal_start.set, NULL);
	signal_start.fd = signalfd(-1, &signal_start.set, SFD_NONBLOCK | SFD_CLOEXEC);
	if (pthread_create(&t, NULL, signal_thread, &signal_start) == 0) {
		pthread_detach(t);
		signal_thread_made = signal_thread_runs = 1;
	} else {
		if (signal_start.fd >= 0)
			close(signal_start.fd);
		pthread_sigmask(SIG_UNBLOCK, &signal_start.set, NULL);
	}
}

/*
 * A thread being started allocates; a process forked from this one
 * meanwhile inherits the allocator's locks as they stand, and with
 * AddressSanitizer's allocator, which fork() does not prepare, it hung at
 * its first malloc (2 runs of `litlab rules` in 100 under make test).
 */
void sandbox_signals_settled(void)
{
	pthread_mutex_lock(&settle_lock);
	if (signal_thread_made) {
		while (sem_wait(&signal_start.ready) < 0 && errno == EINTR)
			;
		signal_thread_made = 0;
	}
	pthread_mutex_unlock(&settle_lock);
}

/*
 * A signal sent before the thread first ran is pending still when a short
 * command is done (`litlab --version`, a warm check): it would be dropped
 * with the process, which would end with the command's status. Left for
 * the thread to take, it ends litlab as it should, as does one the thread
 * took and is acting on (signal_gate: without it, main() could look in the
 * instant between the thread's taking one and its acting, and end with the
 * command's status, 1 run in 400).
 */
void sandbox_signals_end(void)
{
	sigset_t pending;

	if (!signal_thread_runs)
		return;
	sandbox_signals_settled();
	pthread_mutex_lock(&signal_gate); /* (waits for ever if the thread took one: it ends litlab) */
	if (sigpending(&pending) == 0 && (sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 ||
					  sigismember(&pending, SIGHUP) == 1)) {
		pthread_mutex_unlock(&signal_gate);
		for (;;)
			pause(); /* the thread takes it and ends litlab */
	}
	/* The gate stays held: a signal sent from now on comes after the command's end, and is dropped. */
}

/* ---- the launch ---- */

struct prep {
	int in;
	int out[2], err[2], side[2];
	char **env;
	char *extra;
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
	free(p->env);
	free(p->extra);
}

static char **with_side_env(char *const *envp, char **extra)
{
	size_t n = 0;

	while (envp[n])
		n++;
	char **env = xcalloc(n + 2, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(envp[i], "LITLAB_REGION_FD=", 17) != 0)
			env[k++] = envp[i];
	*extra = xasprintf("LITLAB_REGION_FD=%d", SIDE_FD);
	env[k++] = *extra;
	env[k] = NULL;
	return env;
}

static int fail_launch(struct launch_result *r, char *error)
{
	r->end = END_LAUNCH_FAILED;
	free(r->error);
	r->error = error;
	return -1;
}

/*
 * The program's stdin: a sealed memory file holding the data (never a file
 * of the work folder, which the program could have replaced with a link
 * before litlab wrote it), or /dev/null.
 */
static int stdin_fd(const char *data, size_t len)
{
	if (!data)
		return open("/dev/null", O_RDONLY | O_CLOEXEC);
	int fd = memfd_create("litlab-stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0)
		return -1;
	if (write_all(fd, data, len) < 0 || lseek(fd, 0, SEEK_SET) < 0 ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Opens stdin, makes the pipes. 0, or -1 with r filled in. */
static int prepare(const struct launch *l, struct prep *p, struct launch_result *r)
{
	memset(p, 0, sizeof *p);
	p->in = -1;
	for (int i = 0; i < 2; i++)
		p->out[i] = p->err[i] = p->side[i] = -1;
	if (!l->work || l->work->fd < 0 || !l->envp || !l->argv || !l->argv[0])
		return fail_launch(r, xstrdup("a launch needs a program, a work folder and an environment"));
	if (l->work->used)
		return fail_launch(r, xasprintf("the work folder of '%s' has served a launch already", l->argv[0]));
	l->work->used = 1;
	if ((p->in = stdin_fd(l->stdin_data, l->stdin_len)) < 0)
		return fail_launch(r, xasprintf("cannot give '%s' its stdin: %s", l->argv[0], strerror(errno)));
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
	return 0;
}

static char *failure_text(const struct launch *l, int failure)
{
	const char *e = strerror(FAILURE_ERRNO(failure));

	switch (FAILURE_STAGE(failure)) {
	case STAGE_EXEC:
		return xasprintf("cannot run '%s': %s", l->argv[0], e);
	case STAGE_CWD:
		return xasprintf("cannot enter the work folder '%s': %s", l->work->path, e);
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
	c->trunc[2] = &r->side_truncated;
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
		.envp = p->env ? p->env : l->envp,
		.work_fd = l->work->fd,
		.folder_bytes = l->work->bytes,
		.folder_files = l->work->files,
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

	struct capture c;
	struct msg_done o;
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
		int fault = __atomic_exchange_n(&sbx_fault_ppoll, 0, __ATOMIC_RELAXED);
		int pr = fault ? (errno = fault, -1) : ppoll(pf, (nfds_t)(n + !got), &ts, NULL);
		if (pr < 0 && errno != EINTR) {
			/* Nothing can be watched any more: the program may still run, so the helper
			   that runs it goes, and the launch with it; never "exited 0". */
			if (!got)
				gone = 1;
			break;
		}
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
	/* Kept until the run's end, for every block: no more memory than the bytes themselves. */
	buf_fit(&r->out);
	buf_fit(&r->err);
	buf_fit(&r->side);
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
		return fail_launch(r, xasprintf("cannot mount the work folder of '%s': %s", l->argv[0],
						strerror(o.failure_mount)));
	if (o.failure)
		return fail_launch(r, failure_text(l, o.failure));
	r->pid = o.pid;
	r->start_ns = o.start_ns;
	r->end_ns = o.end_ns;
	r->wall_ns = o.end_ns - o.start_ns;
	set_status(r, o.status);
	set_usage(r, &o.ru);
	if (o.limits & LIMIT_MEMORY)
		r->limit = "memory";
	else if (o.limits & LIMIT_PROCS)
		r->limit = "processes";
	else if (o.limits & LIMIT_DISK)
		r->limit = "disk";
	else if (o.limits & LIMIT_FILES)
		r->limit = "files";
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
