# litlab: every entry point of the project. See README.md.
#
#   make            build build/litlab
#   make site       install deps, build, check every lesson, render the site
#   make check      build/litlab check lessons/
#   make test       the whole suite, built with AddressSanitizer and UBSan
#   make lab-NN     build and run lesson NN's labs (labs/lab-NN/)
#   make labs       tangle labs/ from the lessons
#   make bench      benchmarks, as ratios against a baseline run side by side
#   make corpus     recall and false errors of the timing rule on the labelled corpora (tests/corpus/)
#   make fuzz       run each libFuzzer target for FUZZ_SECONDS (clang; see tests/fuzz/)
#   make fuzz-smoke the same, 5 s each
#   make deps       install the Debian packages litlab needs (as root), or print the line
#   make install    install build/litlab and its manual page (docs/litlab.1) under $(DESTDIR)$(PREFIX)
#   make clean      remove build/ and site/public/

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config
# The compiler that builds litlab itself. Lesson blocks are compiled with $CC
# from the environment (default cc) at run time, not with this.
HOSTCC ?= cc

DEB_PACKAGES = build-essential pkg-config libcmark-dev cmark liblua5.4-dev libcmocka-dev \
	libjansson-dev nettle-dev libseccomp-dev libmicrohttpd-dev python3
PKGS = libcmark lua5.4 jansson nettle libseccomp libmicrohttpd
# Installed by make deps where it can be, never required: the browser test skips without
# chromium, the docs test skips rendering the manual page without groff, and the editors test
# skips reading diagnostics with vim's errorformat without vim, and make bench's rule pass against
# d191f32 skips without /usr/bin/time.
DEB_OPTIONAL = chromium python3-websocket groff-base vim time
# Only make fuzz needs these, and installs them (as root) when clang cannot link a fuzzer:
# clang alone does not bring libFuzzer's runtime.
DEB_FUZZ = clang libclang-rt-dev

WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -Wvla
# Warnings are errors in CI (CI=true there) and whenever WERROR=1.
ifneq ($(CI)$(WERROR),)
WARN += -Werror
endif

# Recursive (=), not simple (:=): on a fresh machine depcheck installs the packages first, and
# these must be read after that.
PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# libmicrohttpd is not linked: serve opens it (engine/cmd/preview.c), so that the libraries it
# brings are not loaded by every other command. Its soname, from the library built against:
PKG_LIBS = $(shell $(PKG_CONFIG) --libs $(filter-out libmicrohttpd,$(PKGS)) 2>/dev/null)
MHD_SONAME = $(shell objdump -p "$$($(PKG_CONFIG) --variable=libdir libmicrohttpd 2>/dev/null)/libmicrohttpd.so" \
	2>/dev/null | sed -n 's/^ *SONAME *//p')
CMOCKA_LIBS = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

CPPFLAGS_ALL = -D_GNU_SOURCE -Iengine -Ibuild/gen $(PKG_CFLAGS) $(CPPFLAGS)
build/obj/cmd/preview.o build/san/cmd/preview.o build/fuzz/cmd/preview.o: \
	CPPFLAGS_ALL += $(if $(MHD_SONAME),-DMHD_SONAME='"$(MHD_SONAME)"')
OPT ?= -O2 -g
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LIBS = $(PKG_LIBS) -lm -pthread

ENGINE_SRC := $(filter-out engine/cmd/main.c,$(wildcard engine/*/*.c))
RULES := $(sort $(wildcard engine/rules/*.lua))
GEN_SRC = build/gen/rules_embedded.c

GEN = rules_embedded litlab_h style_css
OBJ := $(ENGINE_SRC:engine/%.c=build/obj/%.o) $(GEN:%=build/obj/%.o)
SAN_OBJ := $(ENGINE_SRC:engine/%.c=build/san/%.o) $(GEN:%=build/san/%.o)
# ThreadSanitizer: the threads a warm check or build shares its work with (tests/scripts/threads.sh).
TSAN_OBJ := $(ENGINE_SRC:engine/%.c=build/tsan/%.o) $(GEN:%=build/tsan/%.o)

UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/san/tests/%)
# The fuzz targets as plain programs that replay their corpus (tests/scripts/fuzz-corpus.sh).
REPLAY_BIN := $(patsubst tests/fuzz/fuzz_%.c,build/san/fuzz/replay_%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: all deps depcheck site check test unit bench corpus install clean format labs lab-% \
	tangle-check fuzz fuzz-smoke fuzzcheck
.DEFAULT_GOAL := all

all: depcheck build/litlab

# A missing library is one clear message naming the packages, not a wall of compiler errors.
# As root, the packages are installed on the spot, so every target works on a fresh machine.
depcheck:
	@$(PKG_CONFIG) --exists $(PKGS) cmocka 2>/dev/null || \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "litlab: installing the build dependencies (make deps)" >&2; $(MAKE) --no-print-directory deps; \
	else \
	  echo "litlab: missing build dependencies (pkg-config cannot find: $(PKGS) cmocka)." >&2; \
	  echo "litlab: run 'make deps' as root, or: apt-get install $(DEB_PACKAGES)" >&2; exit 2; \
	fi

deps:
	@if [ "$$(id -u)" = 0 ]; then \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $(DEB_PACKAGES) $(DEB_OPTIONAL); \
	else \
	  echo "run as root: apt-get install $(DEB_PACKAGES) $(DEB_OPTIONAL)"; \
	fi

build/gen/rules_embedded.c: engine/embed.sh $(RULES)
	@mkdir -p $(@D)
	sh engine/embed.sh $(RULES) > $@.tmp && mv $@.tmp $@

build/gen/litlab_h.c: engine/embed-file.sh engine/include/litlab.h
	@mkdir -p $(@D)
	sh engine/embed-file.sh litlab_h engine/include/litlab.h > $@.tmp && mv $@.tmp $@

build/gen/style_css.c: engine/embed-file.sh site/style.css
	@mkdir -p $(@D)
	sh engine/embed-file.sh style_css site/style.css > $@.tmp && mv $@.tmp $@

build/obj/%.o: engine/%.c | depcheck
	@mkdir -p $(@D)
	$(HOSTCC) $(WARN) $(OPT) $(CPPFLAGS_ALL) $(CFLAGS) -MMD -MP -c $< -o $@

build/obj/%.o: build/gen/%.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=c11 $(OPT) -Iengine -c $< -o $@

build/san/%.o: engine/%.c | depcheck
	@mkdir -p $(@D)
	$(HOSTCC) $(WARN) -O1 -g $(SANFLAGS) $(CPPFLAGS_ALL) $(CFLAGS) -MMD -MP -c $< -o $@

build/san/%.o: build/gen/%.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=c11 -O1 -Iengine -c $< -o $@

build/tsan/%.o: engine/%.c | depcheck
	@mkdir -p $(@D)
	$(HOSTCC) $(WARN) -O1 -g -fsanitize=thread $(CPPFLAGS_ALL) $(CFLAGS) -MMD -MP -c $< -o $@

build/tsan/%.o: build/gen/%.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=c11 -O1 -Iengine -c $< -o $@

build/tsan/litlab: build/tsan/cmd/main.o $(TSAN_OBJ)
	$(HOSTCC) -fsanitize=thread -o $@ $^ $(LIBS) $(LDFLAGS)

build/libengine.a: $(OBJ)
	rm -f $@ && ar rcs $@ $^

build/san/libengine.a: $(SAN_OBJ)
	rm -f $@ && ar rcs $@ $^

# build/litlab takes cmark, Lua, jansson, nettle and libseccomp from their Debian archives (.a):
# every command starts faster by the half millisecond the dynamic loader spent mapping and
# relocating five libraries (a warm build of three lessons costs ten). A security update of one
# of them then needs `make` again. STATIC_DEPS=0 links them as shared libraries.
STATIC_DEPS ?= 1
STATIC_ARCHIVES = libcmark liblua5.4 libjansson libnettle libseccomp
LIBDIR = $(shell $(PKG_CONFIG) --variable=libdir jansson 2>/dev/null)
STATIC_FILES = $(wildcard $(foreach a,$(STATIC_ARCHIVES),$(LIBDIR)/$(a).a))
ifeq ($(STATIC_DEPS)$(words $(STATIC_FILES)),1$(words $(STATIC_ARCHIVES)))
LITLAB_LIBS = -Wl,-Bstatic $(PKG_LIBS) -Wl,-Bdynamic -lm -ldl -pthread
LITLAB_DEPS = $(STATIC_FILES) # an updated archive links build/litlab again
else
LITLAB_LIBS = $(LIBS)
endif

build/litlab: build/obj/cmd/main.o build/libengine.a $(LITLAB_DEPS)
	$(HOSTCC) $(OPT) -o $@ build/obj/cmd/main.o build/libengine.a $(LITLAB_LIBS) $(LDFLAGS)

build/san/litlab: build/san/cmd/main.o build/san/libengine.a
	$(HOSTCC) $(SANFLAGS) -o $@ $^ $(LIBS) $(LDFLAGS)

build/san/tests/%: tests/unit/%.c build/san/libengine.a
	@mkdir -p $(@D)
	$(HOSTCC) $(WARN) -O1 -g $(SANFLAGS) $(CPPFLAGS_ALL) -MMD -MP $< -o $@ build/san/libengine.a $(LIBS) $(CMOCKA_LIBS)

build/san/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h build/san/libengine.a
	@mkdir -p $(@D)
	$(HOSTCC) $(WARN) -O1 -g $(SANFLAGS) $(CPPFLAGS_ALL) $< tests/fuzz/replay.c -o $@ \
		build/san/libengine.a $(LIBS)

# The main job: install what is missing (only when pkg-config cannot find the libraries, so
# that it stays fast), build, check every lesson, render the site to site/public/. build
# writes nothing when a lesson has an error.
site:
	@$(PKG_CONFIG) --exists $(PKGS) 2>/dev/null || $(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory all
	build/litlab build

check: all
	build/litlab check lessons/

# The students' entry point: build and run lesson NN's programs from labs/lab-NN/.
lab-%: all
	@build/litlab lab $*

# Write labs/ from the lessons; tangle-check only says where they differ.
labs: all
	build/litlab tangle

tangle-check: all
	build/litlab tangle --check

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer. The last line is
# the plain "N passed, N failed" that CI reads.
test: depcheck build/litlab build/san/litlab build/tsan/litlab $(UNIT_BIN) $(REPLAY_BIN)
	@LITLAB=build/san/litlab LITLAB_TSAN=build/tsan/litlab sh tests/run.sh $(UNIT_BIN)

unit: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do $$t || exit 1; done

build/bench_runner: tests/bench/bench_runner.c build/libengine.a
	$(HOSTCC) $(WARN) $(OPT) $(CPPFLAGS_ALL) $< -o $@ build/libengine.a $(LIBS)

build/bench_session: tests/bench/bench_session.c build/libengine.a
	$(HOSTCC) $(WARN) $(OPT) $(CPPFLAGS_ALL) $< -o $@ build/libengine.a $(LIBS)

bench: all build/bench_runner build/bench_session
	@sh tests/bench/run.sh

# The timing rule on real prose: each tests/corpus/NAME.labels against the full text in
# tests/corpus/texts/NAME/ (or $(CORPUS_DIR)/NAME/), when it is there; nothing is fetched.
CORPUS_DIR ?= tests/corpus/texts
corpus: all
	@sh tests/corpus/run.sh build/litlab $(CORPUS_DIR)

# libFuzzer targets (tests/fuzz/fuzz_NAME.c), built with clang, with the engine compiled again
# by clang under the same sanitizers: gcc's objects carry no coverage for libFuzzer. Two
# targets at once with make -j2; -k goes on past a failing one. Failures are saved in
# build/fuzz/; see tests/fuzz/run.sh. Not part of make test (it needs clang, and minutes of
# random inputs are no gate): make test replays tests/fuzz/corpus/ instead (REPLAY_BIN).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = lesson attr match quantity rawhtml
FUZZ_SAN = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_OBJ := $(ENGINE_SRC:engine/%.c=build/fuzz/%.o) $(GEN:%=build/fuzz/%.o)
FUZZ_BIN := $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)

fuzzcheck: depcheck
	@mkdir -p build/fuzz
	@printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >build/fuzz/probe.c
	@$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) build/fuzz/probe.c -o build/fuzz/probe 2>/dev/null || \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "litlab: installing $(DEB_FUZZ) for libFuzzer" >&2; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $(DEB_FUZZ); \
	else \
	  echo "litlab: $(FUZZ_CC) cannot link a libFuzzer target: run as root: apt-get install $(DEB_FUZZ)" >&2; \
	  exit 2; \
	fi

build/fuzz/%.o: engine/%.c | fuzzcheck
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SAN) $(CPPFLAGS_ALL) -MMD -MP -c $< -o $@

build/fuzz/%.o: build/gen/%.c | fuzzcheck
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -O1 -Iengine -c $< -o $@

build/fuzz/libengine.a: $(FUZZ_OBJ)
	rm -f $@ && ar rcs $@ $^

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h build/fuzz/libengine.a
	$(FUZZ_CC) $(WARN) -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) $(CPPFLAGS_ALL) -MMD -MP $< -o $@ \
		build/fuzz/libengine.a $(LIBS)

.SECONDARY: $(FUZZ_BIN)
fuzz: $(FUZZ_TARGETS:%=fuzz-run-%)
fuzz-run-%: build/fuzz/fuzz_%
	@FUZZ_FLAGS="$(FUZZ_FLAGS)" sh tests/fuzz/run.sh $* $(FUZZ_SECONDS)

fuzz-smoke: $(FUZZ_TARGETS:%=fuzz-smoke-%)
fuzz-smoke-%: build/fuzz/fuzz_%
	@sh tests/fuzz/run.sh $* 5

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 build/litlab $(DESTDIR)$(BINDIR)/litlab
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 644 docs/litlab.1 $(DESTDIR)$(MANDIR)/man1/litlab.1

format:
	clang-format -i engine/*/*.c engine/*/*.h tests/unit/*.c tests/unit/*.h

clean:
	rm -rf build site/public

-include $(wildcard build/obj/*.d build/obj/*/*.d build/san/*.d build/san/*/*.d build/tsan/*.d build/tsan/*/*.d \
	build/fuzz/*.d build/fuzz/*/*.d)
