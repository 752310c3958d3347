/*
 * protocol.c: messages between litlab, a spawner and a mounter.
 *
 * They talk over SOCK_SEQPACKET sockets: one send is one message, whole or
 * not at all, and descriptors (the program's pipes, a work folder) go with
 * it as SCM_RIGHTS. Only what the message types in internal.h say is ever
 * sent; a message of the wrong size ends the conversation.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sandbox/internal.h"

int sbx_send(int sock, const void *buf, size_t len, const int *fds, int nfds)
{
	char control[CMSG_SPACE(sizeof(int) * SBX_MAX_FDS)];
	struct iovec iov = { (void *)buf, len };
	struct msghdr mh;

	memset(&mh, 0, sizeof mh);
	memset(control, 0, sizeof control);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	if (nfds > 0) {
		if (nfds > SBX_MAX_FDS) {
			errno = EINVAL;
			return -1;
		}
		mh.msg_control = control;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
	}
	while (sendmsg(sock, &mh, MSG_NOSIGNAL) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

ssize_t sbx_recv(int sock, void *buf, size_t len, int *fds, int max_fds, int *nfds, int flags)
{
	char control[CMSG_SPACE(sizeof(int) * SBX_MAX_FDS * 2)];
	struct iovec iov = { buf, len };
	struct msghdr mh;
	ssize_t n;

	memset(&mh, 0, sizeof mh);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = control;
	mh.msg_controllen = sizeof control;
	*nfds = 0;
	while ((n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC | flags)) < 0 && errno == EINTR)
		;
	for (struct cmsghdr *c = n >= 0 ? CMSG_FIRSTHDR(&mh) : NULL; c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
		int got[SBX_MAX_FDS * 2];
		if (count > SBX_MAX_FDS * 2)
			count = SBX_MAX_FDS * 2;
		memcpy(got, CMSG_DATA(c), sizeof(int) * (size_t)count);
		for (int i = 0; i < count; i++) {
			if (*nfds < max_fds)
				fds[(*nfds)++] = got[i];
			else
				close(got[i]);
		}
	}
	if (n >= 0 && (mh.msg_flags & MSG_TRUNC)) { /* longer than any message: not ours */
		for (int i = 0; i < *nfds; i++)
			close(fds[i]);
		*nfds = 0;
		errno = EPROTO;
		return -1;
	}
	return n;
}

NORETURN void sbx_fail(int sock, const char *what)
{
	struct msg_ready m;

	memset(&m, 0, sizeof m);
	m.type = MSG_FAIL;
	snprintf(m.why, sizeof m.why, "%s: %s", what, strerror(errno));
	sbx_send(sock, &m, sizeof m, NULL, 0);
	_exit(1);
}
