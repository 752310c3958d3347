/* ptrace(): being traced, and attaching to its parent. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

int main(void)
{
	long rc = ptrace(PTRACE_TRACEME, 0, NULL, NULL);
	printf("traceme: %s\n", rc < 0 ? strerror(errno) : "ALLOWED");
	rc = ptrace(PTRACE_ATTACH, getppid(), NULL, NULL);
	printf("attach to the parent: %s\n", rc < 0 ? strerror(errno) : "ALLOWED");
	return 0;
}
