/* Looks for the queue the block before left: finding it would let one block change another's verdict. */
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>

int main(void)
{
	mqd_t q = mq_open("/litlab-hostile-queue", O_RDONLY | O_NONBLOCK);

	puts(q == (mqd_t)-1 ? "none" : "FOUND the queue of another block");
	return 0;
}
