# forgot.mk: tangled by 'litlab tangle' from block 'forgot' of lessons/16-several-files.md (lines 161-173):
# the program built from forgot.c, counter.c, each compiled alone, then linked.
#   make -f forgot.mk        builds ./forgot
CC = cc
CFLAGS = -std=c11 -Wall -Wextra -I ../include
LDLIBS =
OBJS = forgot.o counter.o
HEADERS = counter.h

forgot: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $(OBJS) $(LDLIBS)

$(OBJS): $(HEADERS)

clean:
	rm -f forgot $(OBJS)

.PHONY: clean
