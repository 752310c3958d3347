#!/bin/sh
# Lays out the labelled sets' texts for `make corpus` from git clones of their repositories.
#
#   sh tests/corpus/get-texts.sh CLONES [NAME...]
#
# CLONES is a folder holding one git directory per repository, named OWNER+NAME (a bare clone,
# OWNER+NAME/repo, or a clone with a work tree); each must hold the commit the set's .labels file
# names. Each set NAME becomes tests/corpus/texts/NAME (or $CORPUS_DIR/NAME): the files its
# '# files:' globs name, at that commit, under the same paths. A set whose clone is missing is
# said so and skipped. freebsd-manpages comes from a Debian package, not a repository: see below.
# Nothing here is committed: the texts' licences are the sets' (tests/corpus/README.md).
set -euf # -f: the globs handed to git stay words, not expanded here
here=$(dirname "$0")
clones=${1:?usage: get-texts.sh CLONES [NAME...]}
shift
out=${CORPUS_DIR:-$here/texts}

# NAME REPOSITORY COMMIT [FOLDER]: FOLDER, when given, is where in texts/NAME the repository goes
sets='
abseil-fast abseil/abseil.github.io ffa890f
bgc beejjorgensen/bgc f6edbbb
bgnet beejjorgensen/bgnet 9fb2a78
brooker-blog mbrooker/mbrooker-blog cf015f7
cs149-assts stanford-cs149/asst1 05e602d asst1
cs149-assts stanford-cs149/asst2 bc68eac asst2
cs149-assts stanford-cs149/asst3 43bf472 asst3
cs3130-labhw charlesreiss/cs3130-website 560d438
cs341-handouts illinois-cs241/illinois-cs241.github.io 73ca622
cython-docs cython/cython 7c6185f
freertos-kernel-book FreeRTOS/FreeRTOS-Kernel-Book ba20b2f
glfw-docs glfw/glfw 92dcf4c
glibc-manual bminor/glibc 04e750e
go-blog golang/website b02076a
go-perfbook dgryski/go-perfbook 648834a
julia-blog JuliaLang/www.julialang.org c36dbab
jvns-blog zachvalenta/jvns.ca 6cb3783
lemire-blog eklausme/saaze-lemire aa9edb9
libcurl-docs curl/curl 5c61e16
libuv-docs libuv/libuv 6179e7a
man-pages mkerrisk/man-pages ae6b221
msvc-crt MicrosoftDocs/cpp-docs a2e592a
nnethercote-blog nnethercote/nnethercote.github.io d43cb59
nng-docs nanomsg/nng 2ab9b45
ostep-homework remzi-arpacidusseau/ostep-homework 6c6cfc7
perf-book dendibakh/perf-book c880e39
redis-doc redis/redis-doc 1044224
rust-perf-book nnethercote/perf-book a05dd0f
sdlwiki libsdl-org/sdlwiki 8bce034
tokio-blog tokio-rs/website 0b99454
travisdowns-blog travisdowns/travisdowns.github.io c520951
v8-blog v8/v8.dev 7aabdf8
libev-manual yusiwen/libev 585f36b
kobzol-blog Kobzol/kobzol.github.io e9fe2da
byui-cse351 byui-cse/cse351-student-version 0006bb5
apple-libc apple-oss-distributions/Libc 55b54c0
posa-book aosabook/aosabook 3c147d3
mula-toys WojciechMula/toys 15ba010
zeux-blog zeux/zeux.github.io e12bf19
allegro-refman liballeg/allegro5 565ce51
linux-insides 0xAX/linux-insides 74ea07a
bgipc beejjorgensen/bgipc 6a67268
kilo-tutorial snaptoken/kilo-tutorial 06eb5af
simdjson-docs simdjson/simdjson f807de973
cp-algorithms cp-algorithms/cp-algorithms 861a995
nigeltao-blog nigeltao/nigeltao.github.io ba5e7b9
raphlinus-blog raphlinus/raphlinus.github.io d63210f
mbed-os-docs ARMmbed/mbed-os-5-docs 9f3a33948
libevent-book libevent/libevent-book ddd1681
reynolds-blog Marc-B-Reynolds/Marc-B-Reynolds.github.io 4c80294
glib-docs GNOME/glib c2237ff1cb
rust-blog rust-lang/blog.rust-lang.org 0243724c
bcc-examples iovisor/bcc 6d0a964c
dendibakh-blog dendibakh/dendibakh.github.io 63ca378
nuttx-docs apache/nuttx 4ebc8a7291d
ncurses-man mirror/ncurses 87c2c84c
libsodium-doc jedisct1/libsodium-doc ef89119
pdcurses-docs wmcbrine/PDCurses 09cf16db
zstd-docs facebook/zstd 2dddf0905
akinshin-blog AndreyAkinshin/aakinshin.net b5398fff7
tcmalloc-docs google/tcmalloc fce3f55d
ispc-docs ispc/ispc 13713a66c
highway-docs google/highway 23907139
napkin-math sirupsen/napkin-math aae5832
less-slow ashvardanian/less_slow.cpp 82647c8
riot-docs RIOT-OS/RIOT c8bd52ff13
learn-c ronreiter/interactive-tutorials 926659b
gbench-docs google/benchmark 267a1115
folly-docs facebook/folly ff98381ea
blis-docs flame/blis 36df51a81
perf-ninja dendibakh/perf-ninja 2908212
arduino-ref arduino/reference-en b367b02
cmsis-rtos2 ARM-software/CMSIS_5 51f8f8961
pypy-blog wdv4758h/pypy-extradoc 1d9c6779
rocksdb-blog facebook/rocksdb 1dfa729793
ripgrep-docs BurntSushi/ripgrep 3fce3b5b
lws-readmes warmcat/libwebsockets 1e967537a
nodemcu-docs nodemcu/nodemcu-firmware 36cbf9f0
mynewt-docs apache/mynewt-documentation 58014d5
xxhash-docs Cyan4973/xxHash b2e9dbb
micropython-docs micropython/micropython 1c3c201149
seastar-docs scylladb/seastar 525fcc86e
mimalloc-docs microsoft/mimalloc a3ca0e5e2eb283c2c9275f30872e30252a91b66c
avr-libc avrdudes/avr-libc b6c2bb815942de5c3efb551f9e8ce83f61cfc69f
simdutf-docs simdutf/simdutf d3bac9a2307949f3212746e8f10cad43fe7362c9
matklad-blog matklad/matklad.github.io 9fc2553bd6f2bba248f5055b1aee6c6f18f2c784
regex-docs rust-lang/regex 2b527599eb9eea0dcc288c704584f242f26a5c61
questdb-blog prtkgpt/questdb.io f5aad762eb9ea6fb3dfc8c8b800e4f1ac7dc1a98
cs5220-notes cs5220-f20/web d96345ac2b678b24a47ae8928472341dde0ad4f1
'

gitdir() { # the git directory of a clone, or nothing
	for d in "$clones/$1/repo" "$clones/$1/repo/.git" "$clones/$1/.git" "$clones/$1"; do
		if [ -f "$d/HEAD" ] && [ -d "$d/objects" ]; then
			echo "$d"
			return
		fi
	done
}

# The files to take from the repository: each glob as a git pathspec with shell-glob meaning
# (':(glob)', a '*' stays within one folder), so that nothing else of the folder is read (a
# snapshot may lack its large files). With FOLDER, only the globs under FOLDER/, without it.
paths() {
	sed -n 's/^# files: *//p' "$here/$1.labels" | while read -r g; do
		if [ -n "$4" ]; then
			case $g in
			"$4"/*) g=${g#"$4"/} ;;
			*) continue ;;
			esac
		fi
		echo ":(glob)$g"
	done | sort -u
}

wanted() { # is set $1 among the names asked for (all, when none was)
	[ $# -eq 1 ] && return 0
	n=$1
	shift
	for w; do [ "$w" = "$n" ] && return 0; done
	return 1
}

status=0
while read -r name repo commit folder; do
	[ -n "$name" ] || continue
	wanted "$name" "$@" || continue
	g=$(gitdir "$(echo "$repo" | tr / +)")
	if [ -z "$g" ]; then
		echo "$name: no clone of $repo in $clones (OWNER+NAME); skipped" >&2
		continue
	fi
	dest=$out/$name${folder:+/$folder}
	rm -rf "$dest"
	mkdir -p "$dest"
	# the archive in a file first, so that git's own failure is seen (a pipe would hide it)
	# shellcheck disable=SC2046 # the paths are words, one per glob
	if git --git-dir="$g" archive -o "$dest.tar" "$commit" -- $(paths "$name" "$repo" "$commit" "$folder") &&
		tar -x -C "$dest" -f "$dest.tar"; then
		rm -f "$dest.tar"
		echo "$name: $repo $commit -> $dest"
	else
		echo "$name: $repo has no commit $commit, or not the files its labels name" >&2
		rm -f "$dest.tar"
		status=1
	fi
done <<END
$sets
END

# The probes: chapters written new for this project (tests/corpus/probes/NAME, committed, ours), laid
# out as the other sets are, so that a probe is measured as one (tests/corpus/README.md, "Probes").
set +f
for d in "$here"/probes/*/; do
	[ -d "$d" ] || continue
	name=$(basename "$d")
	wanted "$name" "$@" || continue
	rm -rf "${out:?}/$name"
	mkdir -p "$out/$name"
	cp -R "$d". "$out/$name/"
	echo "$name: $d -> $out/$name"
done
set -f

# freebsd-manpages: Debian's package freebsd-manpages 12.2-1 (its SHA-256 in the .labels header),
# pages of sections 2, 4 and 9, decompressed and named NAME.N under man2/, man4/, man9/:
#   apt-get download freebsd-manpages=12.2-1 && dpkg-deb -x freebsd-manpages_12.2-1_all.deb pkg
#   for s in 2 4 9; do mkdir -p texts/freebsd-manpages/man$s; for f in pkg/usr/share/man/man$s/*.${s}freebsd.gz;
#     do b=$(basename "$f" .${s}freebsd.gz); gunzip -c "$f" > texts/freebsd-manpages/man$s/$b.$s; done; done
exit $status
