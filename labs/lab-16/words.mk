# words.mk: tangled by 'litlab tangle' from block 'words' of lessons/16-several-files.md (lines 144-145):
# the program built from main.c, counter.c, each compiled alone, then linked.
#   make -f words.mk        builds ./words
#   make -f words.mk run    builds it and runs it as the lesson does
CC = cc
CFLAGS = -std=c11 -Wall -Wextra -I ../include
LDLIBS =
OBJS = main.o counter.o
HEADERS = counter.h

words: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $(OBJS) $(LDLIBS)

$(OBJS): $(HEADERS)

run: words
	./words words.txt

clean:
	rm -f words $(OBJS)

.PHONY: run clean
