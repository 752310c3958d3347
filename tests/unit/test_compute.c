/*
 * test_compute.c: sandbox_confine_compute(), the wall a rule child keeps
 * past Lua's: a confined child computes (with Lua too) and writes on its
 * pipe; every other descriptor is gone and a write on one fails; the
 * environment is wiped; the first call of any other kind (opening a file,
 * a socket, a signal to litlab, executable or file-backed memory, another
 * limit than its CPU's, exec, fork, shared memory, a futex other than to
 * wait and wake, a signal to another thread than abort()'s) kills it with
 * SIGSYS; its CPU and memory are bounded by hard limits it cannot raise,
 * abort() is SIGABRT without a core file; and where the filter cannot be
 * loaded it says so rather than running unconfined.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "sandbox/sandbox.h"
#include "testutil.h"

/*
 * Forks a child that confines itself (its pipe at some descriptor above 3, a
 * decoy descriptor open beside it), then runs act(pipe): act's return value
 * is written on the pipe as a byte. Returns the wait status; *said is the
 * byte read, or -1 if none came.
 */
/* The CPU seconds a confined child is given: enough for every act but the spin below. */
static long child_cpu = 5;

static int in_confined_child(int (*act)(int fd, int decoy), int *said)
{
	int fds[2];
	unsigned char byte;

	assert_int_equal(pipe(fds), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		int out = fcntl(fds[1], F_DUPFD, 20); /* not where it is moved to */
		int decoy = fcntl(open("/dev/null", O_WRONLY), F_DUPFD, 30); /* nor there */
		const char *why;
		if (out < 0 || decoy < 0 || sandbox_confine_compute(&out, child_cpu, 256LL << 20, &why) < 0)
			_exit(100);
		unsigned char r = (unsigned char)act(out, decoy);
		if (write(out, &r, 1) != 1)
			_exit(101);
		_exit(0);
	}
	close(fds[1]);
	ssize_t n = read(fds[0], &byte, 1);
	*said = n == 1 ? byte : -1;
	close(fds[0]);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static void assert_killed_by_filter(int (*act)(int fd, int decoy))
{
	int said;
	int status = in_confined_child(act, &said);

	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGSYS);
	assert_int_equal(said, -1);
}

static void assert_says(int (*act)(int fd, int decoy), int byte)
{
	int said;
	int status = in_confined_child(act, &said);

	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(said, byte);
}

/* What a rule pass does: memory, small and large, and Lua. */
static int compute(int fd, int decoy)
{
	(void)fd, (void)decoy;
	char *big = malloc(64 << 20);
	if (!big)
		return 1;
	memset(big, 1, 64 << 20);
	big = realloc(big, 128 << 20);
	if (!big)
		return 2;
	free(big);
	lua_State *L = luaL_newstate();
	if (!L)
		return 3;
	luaL_openlibs(L);
	if (luaL_dostring(L, "local t = {} for i = 1, 100000 do t[i] = ('x'):rep(i % 50) end "
			     "return #table.concat(t) + select('#', pcall(error, 'e'))") != LUA_OK)
		return 4;
	lua_close(L);
	struct rlimit rl;
	if (getrlimit(RLIMIT_CPU, &rl) < 0 || setrlimit(RLIMIT_CPU, &rl) < 0)
		return 5; /* the pass gives each file its CPU seconds */
	return 42;
}

static void test_computes(void **state)
{
	(void)state;
	assert_says(compute, 42);
}

/* The decoy (and 0 to 2) are closed; a write on any of them fails with EBADF, not death. */
static int other_descriptors(int fd, int decoy)
{
	if (fd != SANDBOX_COMPUTE_FD)
		return 1;
	/* (a sanitizer build, make test's, keeps stderr for its reports: sandbox_confine_compute()) */
#if defined(__SANITIZE_ADDRESS__)
	int kept = 2;
#else
	int kept = 3;
#endif
	for (int d = 0; d < kept; d++)
		if (write(d, "x", 1) != -1 || errno != EBADF)
			return 2;
	if (write(decoy, "x", 1) != -1 || errno != EBADF)
		return 3;
	return 42;
}

static void test_one_descriptor(void **state)
{
	(void)state;
	assert_says(other_descriptors, 42);
}

static int environment(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return getenv("LITLAB_TEST_SECRET") == NULL ? 42 : 1;
}

static void test_environment_wiped(void **state)
{
	(void)state;
	setenv("LITLAB_TEST_SECRET", "token", 1);
	assert_says(environment, 42);
	assert_string_equal(getenv("LITLAB_TEST_SECRET"), "token"); /* the parent's is its own */
	unsetenv("LITLAB_TEST_SECRET");
}

static int opens_a_file(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return open("/etc/hostname", O_RDONLY) >= 0;
}

static int makes_a_socket(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return socket(AF_INET, SOCK_STREAM, 0) >= 0;
}

static int signals_its_parent(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return kill(getppid(), 0) == 0;
}

static int maps_executable_memory(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) != MAP_FAILED;
}

static int makes_memory_executable(int fd, int decoy)
{
	(void)fd, (void)decoy;
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p != MAP_FAILED && mprotect(p, 4096, PROT_READ | PROT_EXEC) == 0;
}

static int maps_a_file(int fd, int decoy)
{
	(void)decoy;
	return mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) != MAP_FAILED;
}

static int raises_another_limit(int fd, int decoy)
{
	(void)fd, (void)decoy;
	struct rlimit rl = { 1 << 20, 1 << 20 };
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

static int limits_another_process(int fd, int decoy)
{
	(void)fd, (void)decoy;
	struct rlimit rl = { 1, 1 };
	return prlimit(getppid(), RLIMIT_CPU, &rl, NULL) == 0;
}

static int runs_a_program(int fd, int decoy)
{
	(void)fd, (void)decoy;
	char *argv[] = { "/bin/true", NULL };
	execv(argv[0], argv);
	return 1;
}

static int forks(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return (int)syscall(SYS_fork) >= 0;
}

static int maps_shared_memory(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0) != MAP_FAILED;
}

static int locks_a_pi_futex(int fd, int decoy)
{
	static int word;
	(void)fd, (void)decoy;
	return (int)syscall(SYS_futex, &word, FUTEX_LOCK_PI, 0, NULL, NULL, 0) == 0;
}

static int signals_another_thread(int fd, int decoy)
{
	(void)fd, (void)decoy;
	return (int)syscall(SYS_tgkill, getpid(), getpid(), SIGTERM) == 0;
}

static int maps_a_stack(int fd, int decoy)
{
	(void)fd, (void)decoy;
	/* a stack mapping, which RLIMIT_DATA does not count */
	return mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_GROWSDOWN, -1, 0) !=
	       MAP_FAILED;
}

static int waits_on_a_futex(int fd, int decoy)
{
	static int word;
	(void)fd, (void)decoy;
	/* one thread: a wait could only last until the wall limit */
	return (int)syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0) == 0;
}

static void test_other_calls_kill(void **state)
{
	(void)state;
	assert_killed_by_filter(opens_a_file);
	assert_killed_by_filter(makes_a_socket);
	assert_killed_by_filter(signals_its_parent);
	assert_killed_by_filter(maps_executable_memory);
	assert_killed_by_filter(makes_memory_executable);
	assert_killed_by_filter(maps_a_file);
	assert_killed_by_filter(raises_another_limit);
	assert_killed_by_filter(limits_another_process);
	assert_killed_by_filter(runs_a_program);
	assert_killed_by_filter(forks);
	assert_killed_by_filter(maps_shared_memory);
	assert_killed_by_filter(locks_a_pi_futex);
	assert_killed_by_filter(signals_another_thread);
	assert_killed_by_filter(maps_a_stack);
	assert_killed_by_filter(waits_on_a_futex);
}

/* Spins with SIGXCPU blocked, having tried to raise its CPU limit: the kernel kills it at the hard
   limit it was given (1 s, and the second the limit rounds up by), which it could not raise. CPU
   time, not the wall clock: a busy machine makes it wait longer, never fail. */
static int spins_past_its_cpu(int fd, int decoy)
{
	sigset_t xcpu;
	struct rlimit rl;

	(void)fd, (void)decoy;
	sigemptyset(&xcpu);
	sigaddset(&xcpu, SIGXCPU);
	sigprocmask(SIG_BLOCK, &xcpu, NULL);
	if (getrlimit(RLIMIT_CPU, &rl) < 0 || rl.rlim_max == RLIM_INFINITY || rl.rlim_max > 60)
		return 1;
	rl.rlim_cur = rl.rlim_max = RLIM_INFINITY;
	if (setrlimit(RLIMIT_CPU, &rl) == 0)
		return 2;
	for (volatile unsigned long n = 0;; n++)
		;
	return 3;
}

static void test_cpu_bounded(void **state)
{
	int said;
	child_cpu = 1;
	int status = in_confined_child(spins_past_its_cpu, &said);

	(void)state;
	child_cpu = 5;
	assert_int_equal(said, -1);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
}

/* More memory than it was given (256 MiB, and a sanitizer's gigabyte) is refused, not taken. */
static int maps_too_much(int fd, int decoy)
{
	(void)fd, (void)decoy;
	void *p = mmap(NULL, 4ULL << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED && errno == ENOMEM ? 42 : 1;
}

static void test_memory_bounded(void **state)
{
	(void)state;
	assert_says(maps_too_much, 42);
}

/* abort() is SIGABRT (not a call the filter refuses), and writes no core file of litlab's memory. */
static int aborts(int fd, int decoy)
{
	(void)fd, (void)decoy;
	abort();
}

static void test_abort_without_core(void **state)
{
	struct rlimit core = { RLIM_INFINITY, RLIM_INFINITY };
	int said;

	(void)state;
	setrlimit(RLIMIT_CORE, &core); /* what a user's shell may have set; the child drops it */
	int status = in_confined_child(aborts, &said);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
	assert_false(WCOREDUMP(status));
}

static void test_refused_filter_said(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fds[2];
		const char *why = NULL;
		if (pipe(fds) < 0)
			_exit(98);
		test_refuse_prctl(PR_SET_SECCOMP);
		int fd = fds[1];
		int rc = sandbox_confine_compute(&fd, 5, 256LL << 20, &why);
		_exit(rc == -1 && why && strstr(why, "seccomp") && fd == SANDBOX_COMPUTE_FD ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_computes),
		cmocka_unit_test(test_one_descriptor),
		cmocka_unit_test(test_environment_wiped),
		cmocka_unit_test(test_other_calls_kill),
		cmocka_unit_test(test_cpu_bounded),
		cmocka_unit_test(test_memory_bounded),
		cmocka_unit_test(test_abort_without_core),
		cmocka_unit_test(test_refused_filter_said),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
