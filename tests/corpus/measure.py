#!/usr/bin/env python3
"""measure.py LITLAB LABELS TEXTS [-v]: recall and false errors of timing-needs-metadata on a
labelled set of real prose (see tests/corpus/README.md).

LABELS is a tab-separated file: header lines '# key: value' (corpus, commit, files: a glob of
the files in the set, relative to TEXTS; several 'files' lines add up; format: plain for files of
plain text, shown whole as preformatted text), then one line per labelled quantity:

    FILE <TAB> LINE <TAB> LABEL <TAB> TEXT [<TAB> note]

LABEL is 'claim' (a performance claim with an explicit figure: the rule must report it),
'specified' (a duration that is an input or a definition) or 'not-timing' (a name, an idiom,
a count); TEXT is the quantity as it stands on LINE of FILE ('TEXT#2': its second occurrence
on the line). Each file of the set is copied into a folder as a lesson (fenced blocks become
display blocks, so nothing is compiled; the lines stay where they were), `LITLAB check
--format json` runs over it, and each timing-needs-metadata diagnostic is matched with the
label whose text stands at (or just after) its column. A report that matches no label is a
false error too, listed with -v so that it can be labelled.

Prints one summary line and exits 0; exits 2 if TEXTS does not hold the set.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

RULE = "timing-needs-metadata"

# A claim "with an explicit figure", as the recall target counts them: a digit, or a number in
# words ("three milliseconds", "twice as fast", "half the time", "an order of magnitude", "a second").
# A magnitude in the plural ("hundreds of milliseconds", "tens of cycles") or a unit alone
# ("microseconds", "sub-millisecond") names no figure; the labels count it as a claim all the same,
# so both recalls are printed.
NUMBER_WORDS = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"thousand|million|billion|trillion|half|halved|halves|halving|twice|thrice|double|doubled|doubles|"
    r"doubling|triple|tripled|triples|tripling|quadrupled|third|thirds|quarter|quarters|fifth|tenth|"
    r"dozen|single|zero|once|\w+fold|orders? of magnitude|order-of-magnitude|"
    r"an? (second|minute|hour|day|week|millisecond|microsecond|nanosecond|cycle|frame|core|cpu|"
    r"gigabyte|megabyte|billion|million|thousand|hundred|factor))\b", re.I)
VAGUE = re.compile(r"\b(tens|dozens|hundreds|thousands|millions|billions)\b", re.I)


def explicit(text):
    """1 if a claim's TEXT states its figure: digits or a number in words (see NUMBER_WORDS)."""
    t = re.sub(r"#\d+$", "", text)
    if re.search(r"\d", t):
        return True
    if re.search(r"near[- ]zero", t, re.I):
        return False
    if VAGUE.search(t) and not re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\b", t, re.I):
        return False
    return bool(NUMBER_WORDS.search(t))
SLACK = 24  # a report may start up to this many bytes before the label's text ("a speedup of up to 30%")


def read_labels(path):
    meta, labels = {}, []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("#"):
                m = re.match(r"#\s*(\w+):\s*(.*)", line)
                if m and m.group(1) == "files" and "files" in meta:
                    meta["files"] += "\n" + m.group(2).strip()  # several '# files:' lines: each a glob
                elif m:
                    meta[m.group(1)] = m.group(2).strip()
                continue
            parts = line.split("\t")
            if len(parts) < 4 or parts[2] not in ("claim", "specified", "not-timing"):
                sys.exit(f"{path}:{n}: malformed label line (FILE<TAB>LINE<TAB>claim|specified|not-timing<TAB>TEXT)")
            labels.append({"file": parts[0], "line": int(parts[1]), "label": parts[2], "text": parts[3],
                           "where": f"{path}:{n}", "hit": False})
    return meta, labels


def locate(labels, texts):
    """Each label's byte span (1-based columns) on its line; exits if a label does not match the text."""
    cache = {}
    bad = 0
    for lb in labels:
        if lb["file"] not in cache:
            with open(os.path.join(texts, lb["file"]), "rb") as f:
                cache[lb["file"]] = f.read().split(b"\n")
        lines = cache[lb["file"]]
        text, nth = lb["text"], 1
        m = re.match(r"(.*)#(\d+)$", text)
        if m:
            text, nth = m.group(1), int(m.group(2))
        want = text.encode("utf-8")
        line = lines[lb["line"] - 1] if 0 < lb["line"] <= len(lines) else b""
        at = -1
        for _ in range(nth):
            at = line.find(want, at + 1)
            if at < 0:
                break
        if at < 0:
            print(f"{lb['where']}: '{text}' is not on line {lb['line']} of {lb['file']}", file=sys.stderr)
            bad += 1
            continue
        lb["first"], lb["last"] = at + 1, at + len(want)
    if bad:
        sys.exit(2)


TEXI_BLOCK = r"(?:small)?(?:example|lisp|display|format|verbatim)\b"
ROFF_BLOCK = {".EX": ".EE", ".nf": ".fi"}  # man(7) example and no-fill blocks: opening line -> closing line
MDOC_LITERAL = ".Ed"
ROFF_SECTION = {".SH": "##", ".Sh": "##", ".SS": "###", ".Ss": "###"}  # section and subsection headings  # mdoc(7) literal display: ".Bd -literal [...]" opens it, ".Ed" closes it


# Info strings that name no programming language: the block shows text (what a program printed,
# a log, a table), not code; pandoc's '{.default}' is a block without a language. The timing rule
# reads such display blocks as it reads output blocks (engine/rules/timing.lua, the same names).
TEXT_LIKE = {"", "text", "txt", "plain", "plaintext", "output", "log", "default"}


def fence_info(info):
    """A fence's info string as a display block's: none where the author gave none, 'text' where
    the author named a text-like one ('text', 'output', ...), else 'code' (no language litlab
    runs); attributes are dropped."""
    info = info.strip()
    if info.startswith("{"):
        classes = re.findall(r"\.([A-Za-z0-9_+-]+)", info)
        lang = classes[0] if classes else ""
    else:
        lang = info.split()[0] if info else ""
    if not lang:
        return ""  # untagged, as written: the rule reads such a block as a program or as output by its text
    return "text" if lang.lower() in TEXT_LIKE else "code"


RST_CODE = {"code-block", "code", "sourcecode"}  # reStructuredText directives whose body is code
RST_UNDERLINE = re.compile(r"([=\-~^*+#\"`:.'_])\1{2,}")  # a section title's underline (or overline)


def rst_list_tables(lines):
    """reStructuredText's list-table directives ('.. list-table:: CAPTION', options, then rows
    '* - cell' and '  - cell'), as the tables they show: {line: (text, segments)} for each line
    of a directive (1-based). The caption becomes a paragraph 'Table: CAPTION' (pandoc's way to
    write a table's caption in Markdown) on the directive's lines, and the rows a pipe table,
    one row a line from the first row's line on, its first row the header (the directive's rows
    are its cells; without ':header-rows:' rST shows the first row as the others, and it names
    the columns all the same); the table's other lines are left blank. segments maps a line's
    columns back: (out_first, out_end, src_line, src_first), 1-based columns."""
    out = {}
    n = 0
    while n < len(lines):
        text = lines[n].rstrip("\n").expandtabs(8)
        body = text.lstrip(" ")
        indent = len(text) - len(body)
        m = re.match(r"\.\.\s+list-table::\s*(.*)$", body)
        if not m:
            n += 1
            continue
        start = n
        caption = [(n + 1, indent + m.start(1) + 1, m.group(1))] if m.group(1).strip() else []
        rows, k = [], n + 1
        in_options = True
        while k < len(lines):
            t = lines[k].rstrip("\n").expandtabs(8)
            b = t.lstrip(" ")
            ind = len(t) - len(b)
            if b and ind <= indent:
                break
            if b:
                if b.startswith("* - ") or b == "* -":
                    rows.append([])
                    b, ind = b[2:], ind + 2
                if b.startswith("- ") and rows:
                    rows[-1].append([k + 1, ind + 3, b[2:].strip()])
                    in_options = False
                elif rows and rows[-1]:
                    rows[-1][-1][2] += " " + b.strip()  # a cell's next line
                elif in_options and not b.startswith(":") and not rows:
                    caption.append((k + 1, ind + 1, b))
            k += 1
        end = k  # lines[start:end] are the directive's
        n = end
        if len(rows) < 2 or any(len(r) < 1 for r in rows):
            continue
        for i in range(start, end):
            out[i + 1] = ("\n", [])
        for line, col, cap in caption:
            prefix = "Table: " if line == caption[0][0] else ""
            out[line] = (prefix + cap + "\n", [(1 + len(prefix), 1 + len(prefix) + len(cap), line, col)])
        first = rows[0][0][0]  # the first row's line
        ncols = max(len(r) for r in rows)
        layout = [rows[0], None] + rows[1:]
        for j, row in enumerate(layout):
            line = first + j
            if line > end:
                break
            if row is None:
                out[line] = ("|" + "|".join([" --- "] * ncols) + "|\n", [])
                continue
            text, segs = "|", []
            for src_line, src_col, cell in row:
                cell = cell.replace("|", "/")
                text += " "
                segs.append((len(text) + 1, len(text) + 1 + len(cell), src_line, src_col))
                text += cell + " |"
            text += " |" * (ncols - len(row))
            out[line] = (text + "\n", segs)
    return out


GRID_BORDER = re.compile(r"( *)\+([-=]+\+)+ *$")
SIMPLE_BORDER = re.compile(r"( *)(=+)( +=+)+ *$")


def rst_grid_tables(lines):
    """reStructuredText's grid tables ('+----+----+' borders, '| cell | cell |' rows), as pipe
    tables in place: {line: (text, shift)} for each of a table's lines (1-based), as
    rst_list_tables() gives. A row line is a pipe table's row already and stays, dedented; the
    header takes the top border's line and the delimiter row the header's, so that the table
    starts where the rST one does, right under its lead-in's blank line (thirty-fourth round: a
    blank line in the border's place set the lead-in two blank lines away, which a paragraph right
    above a Markdown table never is); the border under the header (the '+====+' one, else the
    first after the first row) and a border between rows become empty rows, the last a blank line.
    No other line moves, and a report in the header maps back to its line. A table whose header
    takes more than one line is left as it is."""
    out = {}
    n = 0
    while n < len(lines):
        m = GRID_BORDER.match(lines[n].rstrip("\n").expandtabs(8))
        if not m:
            n += 1
            continue
        indent = len(m.group(1))
        k = n
        while k < len(lines):
            t = lines[k].rstrip("\n").expandtabs(8)
            if len(t) - len(t.lstrip(" ")) != indent or t.lstrip(" ")[:1] not in ("+", "|"):
                break
            k += 1
        block = [lines[i].rstrip("\n").expandtabs(8)[indent:].rstrip() for i in range(n, k)]
        borders = [i for i, t in enumerate(block) if GRID_BORDER.match(t)]
        heads = [i for i in borders if "=" in block[i]]
        delim = heads[0] if heads else (borders[1] if len(borders) > 1 else None)
        if delim is None or delim != 2 or borders[-1] != len(block) - 1 or len(block) < 5:
            n = k
            continue
        ncols = block[0].count("+") - 1
        for i, t in enumerate(block):
            if i == len(block) - 1:
                out[n + i + 1] = ("\n", 0)
            elif i == 0:
                # the header in the top border's place, each column mapped back to its own line
                out[n + 1] = (block[1] + "\n", [(1, len(block[1]) + 1, n + 2, indent + 1)])
            elif i == 1:
                out[n + 2] = ("|" + "|".join([" --- "] * ncols) + "|\n", 0)
            elif i in borders:
                out[n + i + 1] = ("|" + " |" * ncols + "\n", 0)
            else:
                out[n + i + 1] = (t + "\n", indent)
        n = k
    return out


def rst_simple_tables(lines):
    """reStructuredText's simple tables ('=====  =====' borders: the first, one under the header,
    the last; '-----  -----' lines between rows maybe), as pipe tables in place, as
    rst_grid_tables() gives them: each row's cells are cut at the columns the first border
    shows (the last runs to the end of its line) and joined by '|', each cell mapped back to its
    column; the header takes the top border's line, the delimiter row the header's and the border
    under the header becomes an empty row (the table starts where the rST one does, as in
    rst_grid_tables()), a '-' line an empty row, the last border a blank line. A table with no
    header (two borders only) or a row line that is not all in its columns is left as it is."""
    out = {}
    n = 0
    while n < len(lines):
        first = lines[n].rstrip("\n").expandtabs(8)
        m = SIMPLE_BORDER.match(first)
        if not m:
            n += 1
            continue
        cols = [(c.start(), c.end()) for c in re.finditer(r"=+", first)]
        k, borders = n + 1, [0]
        while k < len(lines):
            t = lines[k].rstrip("\n").expandtabs(8)
            if not t.strip():
                break
            if SIMPLE_BORDER.match(t):
                borders.append(k - n)
            k += 1
        if len(borders) != 3 or borders[1] != 2 or borders[2] != k - n - 1:
            n = k
            continue
        table, ok = {}, True
        for i in range(n, k):
            t = lines[i].rstrip("\n").expandtabs(8)
            if i - n == 0:
                continue  # the header's place (below)
            if i - n == 1:
                table[i + 1] = ("|" + "|".join([" --- "] * len(cols)) + "|\n", 0)
            if i - n in borders:
                table[i + 1] = ("\n", 0) if i - n != 2 else ("|" + " |" * len(cols) + "\n", 0)
                continue
            if re.fullmatch(r" *-+( +-+)* *", t):
                table[i + 1] = ("|" + " |" * len(cols) + "\n", 0)
                continue
            text, segs = "|", []
            for j, (a, b) in enumerate(cols):
                end = len(t) if j == len(cols) - 1 else b
                if j + 1 < len(cols) and t[b:cols[j + 1][0]].strip():
                    ok = False  # a cell across the gap between two columns
                cell = t[a:end]
                lead = len(cell) - len(cell.lstrip(" "))
                cell = cell.strip().replace("|", "/")
                text += " "
                if cell:
                    segs.append((len(text) + 1, len(text) + 1 + len(cell), i + 1, a + lead + 1))
                text += cell + " |"
            table[i + 1 if i - n != 1 else n + 1] = (text + "\n", segs)
        if ok:
            out.update(table)
        n = k
    return out


def rst_as_markdown(lines):
    """A reStructuredText file's lines as the Markdown that shows what they are, line for line,
    and for each line the bytes taken from its start (to add to a column in it). In rST,
    indentation nests: a directive's indented body (a function's description under
    '.. c:function::', a note) is prose, so it is dedented (an indented Markdown line would be a
    code block); a literal block (the indented lines after a paragraph that ends in '::', or
    after '.. code-block::') is fenced: the marker line when it holds nothing else, else the
    blank line after it, opens the fence, and the last blank line of the block
    (or a line added at the end of the file) closes it; its lines lose the indentation of its
    first line, as rST shows them (a fence's lines start at their first column). The fence's
    info is the directive's language as fence_info() reads a Markdown fence's ('```code' for
    '.. code-block:: c', '```text' for '.. code-block:: text'); a '::' literal block names no
    language, so its fence has none, as an untagged Markdown fence (the rule tells a program
    from its printed output in such a block by its text, as it does in a lesson). A title underlined with '=' or '-' is a
    Markdown heading already; one underlined with another character becomes '### title' (its
    underline and overline blank lines). No line moves."""
    out, shift = [], {}
    literal = None  # the marker's indentation while a literal block is expected or open
    info = ""  # the fence's info: a literal block names no language (as an untagged fence)
    opener_at = None  # out index of the last fence opened by a marker line
    opened = False  # the literal block's fence is open
    blank_at = None  # out index of the last blank line seen in the literal block (or after its marker)
    depth = 0  # the indentation of the literal block's first line, which rst does not show
    tables = {**rst_grid_tables(lines), **rst_simple_tables(lines), **rst_list_tables(lines)}
    for n, line in enumerate(lines, 1):
        if n in tables and literal is None:
            out.append(tables[n][0])
            shift[n] = tables[n][1]
            continue
        text = line.rstrip("\n").expandtabs(8)
        body = text.lstrip(" ")
        indent = len(text) - len(body)
        if literal is not None:
            if not body:
                blank_at = len(out)
                out.append("\n")
                continue
            if indent > literal:
                if not opened:
                    if blank_at is None:  # options of a code directive (':linenos:'): not code
                        shift[n] = indent
                        out.append(body + "\n")
                        continue
                    out[blank_at] = "```" + info + "\n"
                    opened, blank_at = True, None
                    depth = indent
                # rst takes the block's indentation off its lines, as a fence's lines have none
                if depth is None:
                    depth = indent
                cut = min(indent, depth)
                shift[n] = cut
                out.append(text[cut:] + "\n")
                continue
            if opened and blank_at is not None:
                out[blank_at] = "```\n"
            literal, opened, blank_at = None, False, None
        if not body:
            out.append("\n")
            continue
        m = re.match(r"\.\.\s+([\w:-]+)::", body)
        if m and m.group(1) in RST_CODE:
            literal, opened, blank_at, depth = indent, True, None, None
            info = fence_info(body[m.end():])
            opener_at = len(out)
            out.append("```" + info + "\n")
            continue
        if body.rstrip().endswith("::") and not m:
            literal, blank_at, info = indent, None, ""
            if body.strip() == "::":
                opened, depth = True, None
                opener_at = len(out)
                out.append("```\n")
                continue
        u = RST_UNDERLINE.fullmatch(body.rstrip())
        if u and out and out[-1].strip() and not RST_UNDERLINE.fullmatch(out[-1].strip()) and indent == 0:
            if u.group(1) in "=-":
                out.append(body.rstrip() + "\n")
                continue
            title = n - 2  # the title line, already out
            if title >= 0 and out[title].strip() and not out[title].startswith("### "):
                out[title] = "### " + out[title]
                shift[n - 1] = shift.get(n - 1, 0) - 4
            out.append("\n")
            continue
        if u and indent == 0 and n < len(lines) and lines[n].strip() and not (out and opener_at == len(out) - 1):
            out.append("\n")  # an overline
            continue
        shift[n] = indent
        out.append(body if body.endswith("\n") else body + "\n")
    if opened:
        if blank_at is not None:
            out[blank_at] = "```\n"
        else:
            out.append("```\n")
    return out, shift


def as_lesson(src, dst):
    """The file as a lesson: every fence's info string becomes 'text' where it names a text-like
    language ('text', 'output', ...: the block shows text), 'code' where it names a programming
    language (pandoc's '{.c}' too) and stays empty where it names none, so that nothing is
    compiled or run and the rule can tell shown text from code, as in a lesson (an untagged block
    by its text); nothing else changes.
    A Texinfo file (.texi) keeps its markup, but the lines that open and close its example
    blocks (@example, @smallexample, ...) become fence lines, so that its code is code, as in a
    Markdown reference ('code': an example display has no language to tell program text from
    a program's output); no line moves. A manual page (roff: a name ending in .1 to .9, or
    with a suffix, as ncurses' .3x and .1m, or a first line that is a roff comment) likewise:
    the lines that open and close its .EX/.EE and .nf/.fi blocks (man) and its .Bd -literal/.Ed
    displays (mdoc) become fence lines, and its section headings (.SH/.Sh, .SS/.Ss with their
    title on the line) Markdown headings, as the page shows them."""
    if src.endswith(".rst"):
        with open(src, encoding="utf-8", errors="replace") as f:
            out, shift = rst_as_markdown(f.readlines())
        with open(dst, "w", encoding="utf-8") as f:
            f.writelines(out)
        return shift
    out, fence = [], None
    texi = src.endswith(".texi")
    adoc = src.endswith(".adoc")
    roff = re.search(r"\.[1-9][a-z]*$", src) is not None  # .3, and ncurses' .3x and .1m
    if not roff:  # a page kept under another name (terminfo.tail, MKncu_config.in): a roff comment first
        with open(src, encoding="utf-8", errors="replace") as f:
            roff = re.match(r"^[.']\\\"", f.readline()) is not None
    with open(src, encoding="utf-8", errors="replace") as f:
        for line in f:
            if roff:
                word = line.split()[0] if line.split() else ""
                if fence is None and word in ROFF_BLOCK:
                    fence, line = ROFF_BLOCK[word], "```code\n"
                elif fence is None and word == ".Bd" and "-literal" in line.split():
                    fence, line = MDOC_LITERAL, "```code\n"
                elif fence and word == fence:
                    fence, line = None, "```\n"
                elif fence is None and word in ROFF_SECTION and len(line.split()) > 1:
                    title = " ".join(line.split()[1:]).replace('"', "")
                    line = ROFF_SECTION[word] + " " + title + "\n"
                out.append(line)
                continue
            if texi:
                if fence is None and re.match(r"^@" + TEXI_BLOCK, line):
                    fence, line = "@", "```code\n"
                elif fence and re.match(r"^@end " + TEXI_BLOCK, line):
                    fence, line = None, "```\n"
                out.append(line)
                continue
            # Doxygen's code blocks (\code ... \endcode, @code{.c} ... @endcode) and AsciiDoc's
            # listing and literal blocks (a line of four or more '-' or '.' opens and closes one) are
            # code as the page shows them, as a Markdown fence is; no line moves
            bare, converted = line.strip(), True
            if fence is None and re.match(r"^[\\@]code(\{\.?\w+\})?$", bare):
                fence, line = "\\endcode", "```code\n"
            elif fence == "\\endcode" and re.match(r"^[\\@]endcode$", bare):
                fence, line = None, "```\n"
            elif adoc and fence is None and re.match(r"^(-{4,}|\.{4,})$", bare):
                fence, line = bare, "```code\n" if bare[0] == "-" else "```text\n"
            elif adoc and fence and fence[0] in "-." and bare == fence:
                fence, line = None, "```\n"
            else:
                converted = False
            if converted or fence == "\\endcode" or (fence and fence[0] in "-."):
                out.append(line)
                continue
            m = re.match(r"^( {0,3})(`{3,}|~{3,})(.*)$", line.rstrip("\n"))
            if m and fence is None:
                fence = m.group(2)
                line = f"{m.group(1)}{fence}{fence_info(m.group(3))}\n"
            elif m and fence and m.group(2).startswith(fence[0]) and len(m.group(2)) >= len(fence) \
                    and not m.group(3).strip():
                fence = None
            out.append(line)
    with open(dst, "w", encoding="utf-8") as f:
        f.writelines(out)
    return {}


def as_plain(src, dst):
    """A plain-text file ('# format: plain' in the labels' header: a walk-through whose prose and
    printed output stand side by side, with no markup) as a lesson that shows it as a browser or
    a repository's viewer does: all of it preformatted, one untagged fence (longer than any run of
    backticks in the file), its lines one below where they are in the file."""
    with open(src, encoding="utf-8", errors="replace") as f:
        text = f.read()
    ticks = max([len(m) for m in re.findall(r"`+", text)] + [2]) + 1
    with open(dst, "w", encoding="utf-8") as f:
        f.write("`" * ticks + "\n" + text + ("" if text.endswith("\n") or not text else "\n") + "`" * ticks + "\n")


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    if len(args) != 3:
        sys.exit(__doc__)
    litlab, labels_path, texts = args
    meta, labels = read_labels(labels_path)
    files = sorted({os.path.relpath(p, texts) for pattern in meta.get("files", "*.md").split("\n")
                    for p in glob.glob(os.path.join(texts, pattern))})
    name = meta.get("corpus", os.path.basename(labels_path))
    if not files:
        print(f"{name}: not present in {texts} (see tests/corpus/README.md)")
        return 2
    locate(labels, texts)
    work = tempfile.mkdtemp(prefix="litlab-corpus-")
    try:
        course = os.path.join(work, "course")
        os.mkdir(course)
        lesson_of, shift_of = {}, {}
        plain = meta.get("format", "") == "plain"
        for i, rel in enumerate(files, 1):
            base = f"{i:03d}-{re.sub(r'[^A-Za-z0-9]+', '-', os.path.splitext(os.path.basename(rel))[0]).strip('-').lower()}.md"
            if plain:
                as_plain(os.path.join(texts, rel), os.path.join(course, base))
            else:
                shift_of[rel] = as_lesson(os.path.join(texts, rel), os.path.join(course, base))
            lesson_of[os.path.join(course, base)] = rel
        env = dict(os.environ, LITLAB_CACHE_DIR=os.path.join(work, "cache"))
        run = subprocess.run([litlab, "check", "--format", "json", course], env=env, capture_output=True)
        try:
            doc = json.loads(run.stdout)
        except ValueError:
            sys.exit(f"{litlab} check printed no JSON: {run.stderr.decode(errors='replace')[:500]}")
    finally:
        shutil.rmtree(work)
    by_line = {}
    for lb in labels:
        by_line.setdefault((lb["file"], lb["line"]), []).append(lb)
    reports, unlabelled, false_hits, column_off = 0, [], [], []
    for lesson in doc["lessons"]:
        rel = lesson_of.get(lesson["path"]) or lesson_of.get(os.path.abspath(lesson["path"]))
        for d in lesson["diagnostics"]:
            if d["rule"] != RULE:
                continue
            reports += 1
            moved = shift_of.get(rel, {}).get(d["line"], 0)
            if isinstance(moved, list):  # a list-table's line (.rst): each cell from its own line
                for out_first, out_end, src_line, src_first in moved:
                    if out_first <= d["column"] <= out_end:
                        d["line"], d["column"] = src_line, src_first + d["column"] - out_first
                        break
            else:
                d["column"] += moved  # a line whose start was taken (.rst)
            if plain:
                d["line"] -= 1  # the fence line above the file's first line
            best = None
            # A label not yet reported first; a second report inside a label already reported
            # (the two ends of a range) is the same claim again, not a false error.
            for again in (False, True):
                for lb in by_line.get((rel, d["line"]), []):
                    if "first" in lb and lb["first"] - SLACK <= d["column"] <= lb["last"] and lb["hit"] == again:
                        if best is None or abs(lb["first"] - d["column"]) < abs(best["first"] - d["column"]):
                            best = lb
                if best is not None:
                    break
            if best is None:
                # A claim led by words on the line before its figure ("slowdowns of" / "1-4%"):
                # the label on the next line whose text ends the reported quantity.
                m = re.search(r"'([^']*)' in ", d["message"])
                said = " ".join(m.group(1).split()) if m else ""
                for lb in by_line.get((rel, d["line"] + 1), []):
                    want = re.sub(r"#\d+$", "", lb["text"])
                    if "first" in lb and said.endswith(want) and "\n" not in want and said != want:
                        best = lb
                        break
            if best is None:
                # The engine's column is wrong after a long link destination on the same line (a
                # URL of about 100 bytes or more is not counted): the label not yet reported on that
                # line whose text is the reported quantity, or inside it, counted and listed with -v.
                m = re.search(r"'([^']*)' in ", d["message"])
                said = " ".join(m.group(1).split()) if m else ""
                for lb in by_line.get((rel, d["line"]), []):
                    want = re.sub(r"#\d+$", "", lb["text"])
                    if "first" in lb and not lb["hit"] and said and (want in said or said in want) \
                            and lb["first"] > d["column"]:
                        best = lb
                        column_off.append(f"{rel}:{d['line']}:{d['column']}: '{said}' stands at column {lb['first']}")
                        break
            if best is None:
                unlabelled.append(f"{rel}:{d['line']}:{d['column']}: {d['message']}")
            else:
                if best["hit"] and best["label"] == "claim":
                    reports -= 1  # counted once
                    continue
                best["hit"] = True
                if best["label"] == "claim":
                    # one report of a range ("at 280 and 305 cycles") covers the claims inside it
                    m = re.search(r"'([^']*)' in ", d["message"])
                    span_end = d["column"] + len(m.group(1).encode("utf-8")) if m else d["column"]
                    for lb in by_line.get((rel, d["line"]), []):
                        if lb is not best and lb["label"] == "claim" and "first" in lb and \
                                d["column"] <= lb["first"] and lb["last"] <= span_end:
                            lb["hit"] = True
                if best["label"] != "claim":
                    false_hits.append(f"{rel}:{d['line']}:{d['column']}: [{best['label']}] {d['message']}")
    dump = os.environ.get("LITLAB_CORPUS_DUMP")
    if dump:  # unreported.py's input: each file's reports (at their source lines) and the labels
        where = {}
        for lesson in doc["lessons"]:
            rel = lesson_of.get(lesson["path"]) or lesson_of.get(os.path.abspath(lesson["path"]))
            for d in lesson["diagnostics"]:
                if d["rule"] == RULE:
                    m = re.search(r"'([^']*)' in ", d["message"])
                    where.setdefault(rel, []).append([d["line"], d["column"], len(m.group(1).encode()) if m else 1])
        with open(dump, "a", encoding="utf-8") as f:
            f.write(json.dumps({"set": os.path.basename(labels_path)[:-len(".labels")], "kind": meta.get("kind"),
                                "texts": texts, "files": files, "reports": where,
                                "labels": [{k: lb.get(k) for k in ("file", "line", "label", "first", "last", "hit")}
                                           for lb in labels]}) + "\n")
    claims = [lb for lb in labels if lb["label"] == "claim"]
    caught = sum(lb["hit"] for lb in claims)
    stated = [lb for lb in claims if explicit(lb["text"])]
    stated_caught = sum(lb["hit"] for lb in stated)
    others = len(labels) - len(claims)
    false_errors = len(false_hits) + len(unlabelled)
    recall = 100.0 * caught / len(claims) if claims else 100.0
    precision = 100.0 * (reports - false_errors) / reports if reports else 100.0
    print(f"{name}: {len(claims)} claims, {others} specified or not timing; "
          f"recall {caught}/{len(claims)} ({recall:.1f}%); false errors {false_errors} "
          f"({len(false_hits)} on labelled non-claims, {len(unlabelled)} unlabelled); "
          f"{reports} reports, {precision:.1f}% of them claims; "
          f"claims with an explicit figure: recall {stated_caught}/{len(stated)}")
    totals = os.environ.get("LITLAB_CORPUS_TOTALS")
    if totals:  # run.sh's sums by kind: KIND, claims, caught, false errors, reports, name
        with open(totals, "a", encoding="utf-8") as t:
            t.write(f"{meta.get('kind', 'unsorted')}\t{len(claims)}\t{caught}\t{false_errors}\t{reports}"
                    f"\t{os.path.basename(labels_path)[:-len('.labels')]}\t{len(stated)}\t{stated_caught}\n")
    if verbose:
        for lb in claims:
            if not lb["hit"]:
                print(f"  missed: {lb['file']}:{lb['line']}: {lb['text']}")
        for s in false_hits:
            print(f"  false: {s}")
        for s in unlabelled:
            print(f"  unlabelled: {s}")
        for s in column_off:
            print(f"  column off (matched by its text): {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
