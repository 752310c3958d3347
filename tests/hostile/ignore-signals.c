/* An infinite loop that ignores SIGXCPU, SIGTERM, SIGINT and SIGHUP. */
#include <signal.h>

int main(void)
{
	signal(SIGXCPU, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	for (volatile unsigned long i = 0;; i++)
		;
}
