/* Leaves a POSIX message queue with a message in it, for the next block to find. */
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	mqd_t q = mq_open("/litlab-hostile-queue", O_CREAT | O_WRONLY, 0666, NULL);

	if (q == (mqd_t)-1) {
		printf("mq_open: refused (%s)\n", strerror(errno));
		return 0;
	}
	printf("mq_send: %s\n", mq_send(q, "left", 4, 0) == 0 ? "done" : strerror(errno));
	return 0;
}
