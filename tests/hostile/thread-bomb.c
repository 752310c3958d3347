/* A thread bomb: threads until they fail, then a busy loop. */
#include <pthread.h>
#include <unistd.h>

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(void)
{
	for (;;) {
		pthread_t t;
		pthread_create(&t, NULL, idle, NULL);
	}
}
