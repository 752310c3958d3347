-- timing-needs-metadata: a performance figure (how long code takes, how
-- fast it runs, latency, throughput, a speed-up, a cycle cost, a share of
-- the run time) stands in a lesson only as a {{measure:...}} reference,
-- which the renderer fills in from a measurement with its metadata, or as a
-- {{cite:KEY|...}} of a published source. Typed into prose, a heading or
-- any output block (the source of a measure block's output included: there
-- it was typed, not measured), it is an error.
--
-- A duration that is an input or a definition (a sleep or timeout, an
-- interval, a limit from a standard, a clock or time-zone fact, a timer's
-- resolution) is not a claim: litlab.quantities() decides from the words
-- around each value, and every value let pass goes into the ledger with the
-- words that decided. When nothing decides, the value is reported, with
-- both ways out.

local what = {
  time = "a time value",
  rate = "a rate",
  speedup = "a speed-up claim",
  cycles = "a cycle count",
  share = "a share of the run time",
}

-- display blocks that show text, not code (measure.py's TEXT_LIKE)
local shown_text = { [""] = true, text = true, txt = true, plain = true, plaintext = true,
                     output = true, log = true }

local function quote(s)
  return (s:gsub("%s+", " "))
end

-- How a lesson says that a figure in `where` is a model's given: a table by the sentence that leads
-- it in, a sentence by its opening.
local function as_given(where)
  return where == "a table" and "lead the table in with a sentence that opens with 'Assume' ('Assume the "
    .. "following jobs:')" or "open its sentence with 'Assume'"
end

-- s with every plain occurrence of a replaced by b.
local function replace_plain(s, a, b)
  local out, from = {}, 1
  while true do
    local i, j = s:find(a, from, true)
    if not i then break end
    out[#out + 1] = s:sub(from, i - 1) .. b
    from = j + 1
  end
  out[#out + 1] = s:sub(from)
  return table.concat(out)
end

local message_

-- Whether the prose unit being read is a pipe table the page draws as one (a top-level paragraph whose
-- first line holds a '|' over a delimiter row): set by the text handler, read by message().
local pipe_unit = false

-- The message for q in `where`, its citation advice placed where a citation works (a new author's
-- review, thirty-fourth round): in a pipe table the reference's '|' is written '\|', or it would end
-- the cell (not in an HTML or a pandoc table, where '\|' stays as typed: an attacker's review); a
-- display block, an output block or a code span shows its text as typed, so the figure is cited in
-- the prose around it and suppressed where it stands.
local function message(q, where)
  local m = message_(q, where)
  if where == "a table" and pipe_unit then
    return replace_plain(m, "{{cite:KEY|", "{{cite:KEY\\|")
  end
  if where:find("^a display block") or where:find("output") or where:find("^a code span") then
    local typed = "{{cite:KEY|" .. quote(q.text) .. "}}"
    return replace_plain(m, typed, typed .. " in the prose around it, then suppress it here (<!-- " ..
                         "litlab-disable timing-needs-metadata: from KEY -->)")
  end
  return m
end

message_ = function(q, where)
  local text = quote(q.text)
  -- a title is shown as written: no reference is filled in, no comment can suppress there
  local title = where:find("^the front")
  -- a cost or a time in the lesson's own sentences may be a model's given the sentence does not
  -- frame ("a miss takes 100 cycles in our model"): the message says how the lesson says so
  local model = (where == "prose" or where == "a table") and (q.kind == "time" or q.kind == "cycles")
  -- A measure reference gives a time (min, median, max of a measure block's samples): a rate, a cycle
  -- count or a share is cited, or shown as the real output of a measure block that prints it; a
  -- speed-up is said by the measured times it compares, in its place: the factor beside the references
  -- is still a typed figure (authors' reviews, twenty-second and twenty-third rounds).
  local remedy
  if q.kind == "speedup" then
    remedy = "replace it with the measured times it compares ({{measure:ID:STAT}} for each), or cite the source with {{cite:KEY|%s}}"
  elseif q.kind == "time" then
    remedy = "cite a measure block with {{measure:ID:STAT}}, or the source with {{cite:KEY|%s}}"
  else
    remedy = "cite the source with {{cite:KEY|%s}}, or show it as the real output of a measure block that "
      .. "prints it (a {{measure:ID:STAT}} reference gives times only)"
  end
  -- "Assume the copy takes 40 ms on your machine", "let us assume ... a typical connection": the
  -- sentence already opens with 'Assume'; what makes it a claim is the real machine or the real
  -- systems it names, so the message says to suppose the model's instead
  local placed = q.class == "claim" and q.why and (q.why:find("^a supposition placed on a real machine") and
    "place it on the model's machine, not a real one ('on the toy machine', 'in our model')" or
    q.why:find("^a supposition of what is typical") and
    "say it of the model ('in our model'), not of what is typical of real systems")
  if placed then
    return string.format("%s '%s' in %s is a performance claim without measurement metadata ('%s': %s): "
      .. remedy .. "; if it is a given of a model the lesson sets up, %s", what[q.kind], text, where,
      quote(q.cue or ""), q.why, text, placed)
  end
  if q.class == "claim" then
    local because = q.cue and string.format(" ('%s': %s)", quote(q.cue), q.why) or ""
    return string.format("%s '%s' in %s is a performance claim without measurement metadata%s: "
      .. (title and "a title is shown as written: state it in the body, measured ({{measure:ID:STAT}}) or "
      .. "cited ({{cite:KEY|%s}})" or remedy .. (model and "; if it is a given of a model the lesson sets up, "
      .. as_given(where) or "")), what[q.kind], text, where, because, text)
  end
  -- a bare figure of a table of results (see results_table): the header says what a column holds
  if q.why == "a figure of a table of results that names no unit" then
    local col = quote(q.cue or "")
    return string.format("a figure '%s' in %s of results names no unit ('%s'): if it is a measured time or "
      .. "rate, name the unit in the column's header ('%s (ms)') and cite it ({{cite:KEY|%s}}) or show it "
      .. "as a measure block's real output; if it is something else, say what in the header ('%s "
      .. "(count)', '%s (score)'), or suppress with <!-- litlab-disable timing-needs-metadata: why -->",
      text, where, col, col, text, col, col)
  end
  -- what else an undecided figure may be: a duration an input or a definition, a rate a setting
  local other = q.kind == "rate" and "a setting (a configured rate, a line's speed, a sampling rate)"
    or "a specified duration (a sleep, timeout, interval or limit)"
  return string.format("%s '%s' in %s may be a performance claim (nothing near it says): if it is one, "
    .. (title and "state it in the body, measured ({{measure:ID:STAT}}) or cited ({{cite:KEY|%s}}); if it is "
    .. other .. ", say so in the title" or (q.kind == "time" and "measure it ({{measure:ID:STAT}}) or cite it "
    .. "({{cite:KEY|%s}})" or "cite it ({{cite:KEY|%s}}) or show a measure block's real output") .. "; if it is "
    .. other .. ", say so near it" .. (model and " (a model's given: " .. as_given(where) .. ")" or "")
    .. ", or suppress with <!-- litlab-disable timing-needs-metadata: why -->"),
    what[q.kind], text, where, text)
end

-- A reference page is written in standard sections (man-pages(7), mdoc(7), and the
-- Syntax / Parameters / Return value / Remarks of a library reference). Those that specify the
-- interface say what a call does and takes; a duration there that no word near it decides is part
-- of that specification. Those that comment on it (notes, bugs, examples, history) may hold
-- performance remarks. Only a heading that is a section's name, whole, counts: a lesson's
-- headings name topics ("Timing the loop"), and topics are transparent.
-- A section that states an interface's defaults (libcurl's DEFAULT: what an option is when the
-- caller does not set it) specifies the interface too: its values are inputs the library chooses.
-- A rate left unsure there is the interface's as a duration is (a hint's "60 times per second", a
-- line's speed): rates pass too; factors, shares and cycle counts are never left unsure.
local specifying = {
  ["synopsis"] = true, ["syntax"] = true, ["description"] = true, ["options"] = true,
  ["parameters"] = true, ["arguments"] = true, ["return value"] = true, ["return values"] = true,
  ["exit status"] = true, ["errors"] = true, ["environment"] = true, ["remarks"] = true,
  ["configuration"] = true,
  ["default"] = true, ["defaults"] = true, ["default value"] = true, ["default values"] = true,
}
local commenting = {
  ["notes"] = true, ["implementation notes"] = true, ["bugs"] = true, ["caveats"] = true,
  ["example"] = true, ["examples"] = true, ["history"] = true, ["versions"] = true,
  ["see also"] = true, ["standards"] = true, ["conforming to"] = true, ["authors"] = true,
  ["security considerations"] = true, ["requirements"] = true, ["diagnostics"] = true,
  ["compatibility"] = true, ["performance"] = true,
}

-- The headings above the unit being read, by level, each { text, kind } (reset for each lesson).
local headings = {}

-- A course's handout states how it grades in a section named for it ("Grading", "Grading
-- Guidelines", "Rubric"): there a percentage or a factor weighs a part of the grade ("Correctness
-- (75%)", "only 15% of the performance points") or sets the tolerance a grade is given at ("full
-- points for implementations within 20% of the reference"); none says how fast code ran (issue 13,
-- fourteenth round). Times keep their words: "excessive overhead (e.g. > 10 ms per rule)" is a target.
local function grading_name(t)
  local first, rest = t:match("^(%a+)(.*)$")
  if not first then return false end
  if first == "rubric" or first == "rubrics" or first == "grades" then return rest == "" end
  -- "grading" alone or with one word after it ("Grading Guidelines", "Grading Policy")
  return first == "grading" and (rest == "" or rest:match("^ %a+$") ~= nil)
end

local function section_name(text)
  local t = text:gsub("%b{}%s*$", ""):gsub("[%s#:.]+$", ""):gsub("^%s+", ""):lower():gsub("%s+", " ")
  if specifying[t] then return "specifying" end
  if commenting[t] then return "commenting" end
  if grading_name(t) then return "grading" end
  return nil
end

-- The innermost enclosing heading that names a section decides: named is that heading's entry of
-- headings, nil when none names one; kept as headings change, not looked for at every unit.
local named = nil

-- The innermost heading above the unit being read; named: the innermost that is a section's name.
local function innermost(named)
  for level = 6, 1, -1 do
    local h = headings[level]
    if h and (h.kind or not named) then return h end
  end
  return nil
end

local function innermost_named()
  return innermost(true)
end

-- In a section that specifies the interface, a worked case ("For example, if the callback took 250
-- ms to execute and returned 1000, the timer would only wait another 750 ms") shows what the
-- interface does for a given input: its values are that input, even under a word of running (eighth
-- round). The sentence holding the value opens with "For example, if", "For instance, if" or "E.g.,
-- if", and the value stands after that "if". Outside such a section a worked case is still reported.
-- The sentence's opening is looked for at most 400 bytes before the value (bounded work per value).
local function worked_case(text, first)
  local lo = math.max(1, first - 400)
  local window = text:sub(lo, first - 1)
  local from = nil
  for pos in window:gmatch("()[.!?]%s") do
    if window:sub(pos - 3, pos):lower() ~= "e.g." then from = pos + 1 end
  end
  if not from then
    if lo > 1 then return false end
    from = 1
  end
  local sentence = window:sub(from):lower()
  return sentence:find("^%s*for example,?%s+if%s") ~= nil or sentence:find("^%s*for instance,?%s+if%s") ~= nil or
         sentence:find("^%s*e%.g%.,?%s+if%s") ~= nil
end

-- A figure is an input when the text shows the reader giving it to the program (issue 13, eleventh
-- round: a course's worked examples). A command the text shows (a line of a block, a code span, or a
-- flag written in prose: "-A 20,40,60 sets the allotment per queue to 20ms, 40ms and 60ms") gives
-- each flag a value: "-q 10", "--jlist 0,180,0:100,20,0", "--timeout=30", and glued to a one-letter
-- flag, "-d10". From the flag to the end of its section (the next heading), a time or a rate whose
-- figure opens with one of those numerals, written the same way ("180 ms", "10-ms", "10s"; not
-- "10.00s", a result printed with its own precision, nor "about 10 ms"), is that input: the worked
-- example restates what the reader typed. The inputs of the lesson being read (reset in `lesson`):
-- a list of { line, col, section, numeral, cue }, and the heading lines that bound the sections.
-- pending: the lesson whose inputs are not read yet (they are read when a figure first needs them).
local inputs, heading_lines, pending = {}, {}, nil
local label_quantity -- the quantity a printed line's label names (defined with the printed labels)

-- True if a heading stands after line a and at or before line b (a flag's reach ends there).
local function heading_between(a, b)
  for _, h in ipairs(heading_lines) do
    if h > a and h <= b then return true end
  end
  return false
end

-- A unit's name as one spelling ("msec", "millisecond", "ms" are "ms"); a name that is no time
-- unit stays as it is, lowercased ("10k", "4G").
local unit_names = { ns = "ns", nsec = "ns", nanosecond = "ns", nanoseconds = "ns",
  us = "us", usec = "us", ["\194\181s"] = "us", ["\206\188s"] = "us", microsecond = "us", microseconds = "us",
  ms = "ms", msec = "ms", msecs = "ms", millisecond = "ms", milliseconds = "ms",
  s = "s", sec = "s", secs = "s", second = "s", seconds = "s",
  m = "min", min = "min", mins = "min", minute = "min", minutes = "min",
  h = "h", hr = "h", hrs = "h", hour = "h", hours = "h" }

local function unit_name(u)
  u = u:lower()
  return unit_names[u] or u
end

-- Each flag's value in s, as numerals: add(offset of the flag, numeral, the flag and its value, glued,
-- the unit written on the value or nil).
local function flag_values(s, add)
  local padded = " " .. s
  -- a flag, then its value after '=' or a space: "-q 10", "--jlist 0,180,0:100,20,0", "--timeout=30s"
  -- (a line break may stand between them in prose); a unit glued to the value ("30s") is its unit
  for pos, flag, sep, value, unit in padded:gmatch("%s()(%-%-?%a[%w%-]*)([=%s])(%d[%d.,:]*)([%a\194\181\206\188]*)") do
    local cue = flag .. (sep == "=" and "=" or " ") .. value:gsub("[,:.]$", "") .. unit
    unit = (unit ~= "" and value:sub(-1):find("%d")) and unit_name(unit) or nil
    for numeral in value:gmatch("%d[%d.]*") do add(pos - 1, (numeral:gsub("%.$", "")), cue, nil, unit) end
  end
  -- a value glued to a one-letter flag, a unit maybe after it: "-d10", "-d10s", "-t1"; such a value
  -- may be a name ("-O3" is an optimisation level, "-g2" a debug level), so it counts only where
  -- the program's printed output repeats it ("Running 10s test" after `-d10`)
  -- (a compiler's optimisation and debug levels, "-O2", "-g3", are never one: "gcc -O3 ... && ./sort"
  -- prints the sort's time, "sorted in 3 ms", no level)
  for pos, flag, numeral, unit in padded:gmatch("%s()(%-%a)(%d[%d.]*)(%a*)%f[%s%z]") do
    if flag ~= "-O" and flag ~= "-g" then
      add(pos - 1, (numeral:gsub("%.$", "")), flag .. numeral .. unit, true, unit ~= "" and unit_name(unit) or nil)
    end
  end
end

local function add_input(line, col, numeral, cue, glued, unit)
  if #inputs < 500 then
    inputs[#inputs + 1] = { line = line, col = col, numeral = numeral, cue = cue, glued = glued, unit = unit }
  end
end

-- The flags a prose unit gives values to, in its text and its code spans (headings: their line).
local function unit_inputs(unit)
  if unit.kind == "heading" then heading_lines[#heading_lines + 1] = unit.line end
  if unit.kind == "title" then return end
  local text = unit.text
  if (text:find(" -", 1, true) or text:find("\n-", 1, true) or text:sub(1, 1) == "-") and
     (" " .. text):find("%s%-%-?%a") then
    flag_values(text, function(off, numeral, cue, glued, vunit)
      local p = unit.at(off)
      add_input(p.line, p.col, numeral, cue, glued, vunit)
    end)
  end
  for _, span in ipairs(unit.code_spans) do
    if (span.text:find(" -", 1, true) or span.text:sub(1, 1) == "-") and (" " .. span.text):find("%s%-%-?%a") then
      local p = nil
      flag_values(span.text, function(_, numeral, cue, glued, vunit)
        p = p or unit.at(span.offset)
        add_input(p.line, p.col, numeral, cue, glued, vunit)
      end)
    end
  end
end

-- The inputs the blocks give (each block searched once; its lines read only if it has a flag with a
-- value) and those of every prose unit, with the headings' lines. Read once per lesson, when a time
-- or a rate is first reported or left unsure (a lesson with none reads nothing).
local function collect_inputs(lesson)
  inputs, heading_lines = {}, {}
  for _, block in ipairs(lesson.blocks) do
    local code, start, n = block.code or "", 1, 0
    if not (code:find(" -", 1, true) or code:find("\t-", 1, true) or code:find("\n-", 1, true) or code:sub(1, 1) == "-") or
       not (("\n" .. code):find("%s%-%-?%a[%w%-]*[=%s]%d") or ("\n" .. code):find("%s%-%a%d")) then
      start = #code + 1
    end
    while start <= #code do
      local stop = code:find("\n", start, true) or #code + 1
      local line = code:sub(start, stop - 1)
      n = n + 1
      if line:find("%-") then
        flag_values(line, function(off, numeral, cue, glued, vunit)
          add_input(block.line + n, off, numeral, cue, glued, vunit)
        end)
      end
      start = stop + 1
    end
  end
  for _, unit in ipairs(lesson.units) do unit_inputs(unit) end
end

-- The input a figure restates, or nil: a time or a rate whose figure is an input's numeral and its
-- unit (no other digit: "1m59.596s" is no "1"), after the flag and in its section; printed: the
-- figure stands in what a program printed.
local function given(q, where, printed)
  if not where or not (q.kind == "time" or q.kind == "rate") then return nil end
  if pending then
    collect_inputs(pending)
    pending = nil
  end
  if #inputs == 0 then return nil end
  local numeral = q.text:match("^%d[%d,.]*")
  if not numeral then return nil end
  numeral = numeral:gsub("[,.]$", "")
  if numeral:find(",", 1, true) or q.text:find("%d", #numeral + 1) then return nil end
  -- the unit written after the figure: a value given with its own unit ("--timeout=30s") is not a
  -- figure in another ("30 ms")
  -- a bare figure (a table's cell under "latency (ms)", a label's "Took: 10") writes no unit: what the
  -- header or the label names is a result, not the value given
  local rest = q.text:sub(#numeral + 1)
  if not rest:find("[%a\194\206/]") then return nil end
  local unit = unit_name(rest:match("^[%s%-]*([%a\194\181\206\188]*)") or "")
  local found = nil
  for _, input in ipairs(inputs) do
    if input.numeral == numeral and (printed or not input.glued) and (not input.unit or input.unit == unit) and (where.line > input.line or (where.line == input.line and where.col > input.col)) then
      -- the nearest before it: inputs are in the order of the blocks, then of the prose
      if (not found or input.line > found.line or (input.line == found.line and input.col > found.col)) and
         not heading_between(input.line, where.line) then
        found = input
      end
    end
  end
  return found
end

-- A figure the sentence says is set ("is set to 7 ms", "the default is 7 ms", an option's or an
-- argument's value) is that setting where the same sentence names it again ("it runs for 7 ms
-- before each I/O"): the words that give a value, not a target or a goal (a result may meet those).
local giving = { "^set$", "^sets$", "^setting", "^default", "^option", "^argument", "^parameter", "^specif",
                 "^configur", "^pass" }

local function gives(q)
  if q.class ~= "specified" or not q.cue then return false end
  local cue = q.cue:lower()
  for _, pat in ipairs(giving) do
    if cue:find(pat) then return true end
  end
  return false
end

local function same_figure(a, b)
  return a.text:lower():gsub("[%s%-]", "") == b.text:lower():gsub("[%s%-]", "")
end

local function one_sentence(text, a, b)
  if a > b then a, b = b, a end
  return not text:sub(a, b):find("[.!?]%s")
end

local function set_in_sentence(text, givers, q)
  if q.kind ~= "time" then return nil end
  for _, other in ipairs(givers) do
    if same_figure(other, q) and one_sentence(text, q.first, other.first) then
      return other
    end
  end
  return nil
end

-- A model the text sets up (issue 13, twelfth round: a course's stated model). A sentence that asks
-- the reader to suppose ("Assume ...", "You can assume ...", "For this lab, suppose ...", "Let us
-- say ...") gives the model's values; litlab.quantities() decides that of its own figures. When such
-- a sentence ends its paragraph open on a list (with ':', "where", "such that" or "as follows"), the
-- list after it states the model's rules ("Assume a five-stage pipeline, where" then "- each stage
-- handles one instruction per cycle"); and a section whose first paragraph opens by supposing one
-- ("For this assignment, we will consider an out-of-order processor ...", "consider" before "a" or
-- "an": an instance set up) states that model's rules in each list its paragraphs open with ':' ("The
-- processor works as follows:"), to the section's end. A figure claimed or left unsure in such a list
-- is the model's given: specified. A lead-in that speaks of results (results, measured, a
-- benchmark, observed, timings) opens a list of what ran, never a model's. A condition is no such frame ("if the loop took 10 s": a
-- hypothetical result stays a claim), and a paragraph after the list is read as prose again.
local suppose_verbs = { assume = true, suppose = true, imagine = true, pretend = true }
local suppose_subjects = { you = true, we = true, can = true, may = true, might = true, could = true,
  should = true, must = true, will = true, shall = true, let = true, ["let's"] = true, us = true,
  ["we'll"] = true, ["you'll"] = true, also = true, now = true, just = true, simply = true, safely = true,
  further = true, ["then"] = true, ["and"] = true, so = true }

-- The verb by which sentence (its first words) asks the reader to suppose, or nil; consider: "consider
-- a ..." counts too (a section's opening).
local function supposes(sentence, consider)
  local head = sentence:sub(1, 200):lower()
  -- most sentences hold none of the verbs: a few plain searches decide that before any word is split
  if not (head:find("assume", 1, true) or head:find("suppose", 1, true) or head:find("imagine", 1, true) or
          head:find("pretend", 1, true) or head:find("say", 1, true) or (consider and head:find("consider", 1, true))) then
    return nil
  end
  local words, lead = {}, nil
  for w, comma in head:gmatch("([%a']+)([,:]?)") do
    words[#words + 1] = w
    if comma ~= "" and not lead then lead = #words end
    if #words >= 9 then break end
  end
  for _, first in ipairs({ 1, lead and lead <= 5 and lead + 1 or nil }) do
    local i = first
    while i < first + 3 and words[i] and suppose_subjects[words[i]] do i = i + 1 end
    local v = words[i]
    if v and (suppose_verbs[v] or
              (v == "say" and i > first and (words[i - 1] == "let's" or words[i - 1] == "us")) or
              (consider and v == "consider" and (words[i + 1] == "a" or words[i + 1] == "an"))) then
      return v
    end
  end
  return nil
end

-- The last sentence of a paragraph that ends open on a list, or nil.
local function opens_list(text)
  -- its last character first, then its last characters (no copy of the paragraph unless it ends so)
  local e = #text
  while e > 0 and text:byte(e) <= 32 do e = e - 1 end
  local b = text:byte(e)
  if b ~= 58 and b ~= 46 and b ~= 101 and b ~= 116 then return nil end -- ':', '.', "where", "such that"
  local tail = text:sub(math.max(1, e - 23), e):lower()
  if not (tail:sub(-1) == ":" or tail:find("%f[%a]where$") or tail:find("%f[%a]such that$") or
          tail:find("%f[%a]as follows%.?$")) then
    return nil
  end
  local from = 1
  for pos in text:gmatch("[.!?]%s+()") do from = pos end
  return text:sub(from)
end

-- A lead-in (lowercased) that tells what ran on a real machine ("On the lab machine, the two versions
-- ran as follows:", "Here is what we got on my laptop:"): in a section that supposes a model, the list
-- or table it opens is a run's results, not the model's rules (an author's review, twelfth round).
local function ran_on_hardware(l)
  for _, pat in ipairs({ "%f[%a]ran%f[%A]", "%f[%a]took%f[%A]", "%f[%a]got%f[%A]", "%f[%a]timed%f[%A]",
                         "%f[%a]laptop", "%f[%a]real hardware", "%f[%a]in practice",
                         "%f[%a]lab machine", "%f[%a]test machine", "%f[%a]our machine", "%f[%a]my machine",
                         "%f[%a]your machine" }) do
    if l:find(pat) then return true end
  end
  return false
end

-- A paragraph of a model's section that turns from the model to what runs: it speaks of running or
-- measuring ("A useful habit is to run both versions interleaved, thirty times each, and compare
-- medians."), and not within the model ("We ignore the TLB and prefetching for now, to keep the
-- arithmetic simple.", "In this model a hit costs nothing.") nor as an aside in brackets ("(Real
-- caches are messier, but this is enough here.)") (twentieth round, an attacker's review).
local within_model = { "%f[%a]model", "%f[%a]ignor", "%f[%a]neglect", "%f[%a]assum", "%f[%a]suppos",
  "%f[%a]pretend", "%f[%a]imagin", "%f[%a]simplif", "%f[%a]simple%f[%A]", "%f[%a]for now%f[%A]",
  "%f[%a]idealis", "%f[%a]idealiz", "%f[%a]hypothetical", "%f[%a]toy%f[%A]" }
local of_runs = { "%f[%a]runs?%f[%A]", "%f[%a]ran%f[%A]", "%f[%a]running%f[%A]", "%f[%a]measur",
  "%f[%a]benchmark", "%f[%a]medians?%f[%A]", "%f[%a]percentile", "%f[%a]timings?%f[%A]", "%f[%a]profil",
  "%f[%a]took%f[%A]", "%f[%a]laptop", "%f[%a]in practice%f[%A]", "%f[%a]real hardware", "%f[%a]our machine",
  "%f[%a]my machine", "%f[%a]your machine", "%f[%a]lab machine", "%f[%a]test machine" }
local function turns_to_runs(text)
  local l = text:sub(1, 1200):lower()
  if l:find("^%s*%(") and l:find("%)[%s.]*$") then return false end
  for _, pat in ipairs(within_model) do
    if l:find(pat) then return false end
  end
  for _, pat in ipairs(of_runs) do
    if l:find(pat) then return true end
  end
  return false
end

-- The lesson's models: by heading level, the section's model { cue, line, ended } (its first
-- paragraph supposed one; ended: a later paragraph turned to what runs, so that only a lead-in that
-- names the model frames a list or table with it); after_heading: the level of the heading whose
-- first paragraph is next; frame: the list being read states a model's rules, { cue, line } (reset
-- for each lesson).
local models, after_heading, frame = {}, nil, nil

-- How many claims the lesson's prose has reported so far, and the place of the last unit that
-- reported one (see results_table), reset for each lesson.
local claims_seen, last_claim_unit = 0, nil

-- The unit before the one being read (see table_lead), reset for each lesson.
local last_unit = nil
local unit_index = 0 -- the place of the unit being read in lesson.units (see table_trail)

-- Whether a prose unit is a pipe table: its second line is a delimiter row.
local function is_table(text)
  -- most paragraphs have no second line, or one that no delimiter row starts as: ruled out by a byte
  local nl = text:find("\n", 1, true)
  local c = nl and text:byte(nl + 1)
  if not (c == 124 or c == 58 or c == 45 or c == 43 or c == 32 or c == 9) then return false end
  if text:match("^[^\n]*", nl + 1):find("^[%s|:+]*%-[%s|:+%-]*$") then return true end
  -- a pipe table written without its delimiter row, as the scanner reads one (bare_pipe_table):
  -- three lines or more, each opening with '|' and holding as many, no cell of the first a figure
  -- (nineteenth round)
  local count, lines = nil, 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if not line:find("^%s*|") then return false end
    local n = select(2, line:gsub("|", ""))
    if n < 3 or (count and n ~= count) then return false end
    if not count and line:find("|%s*%d") then return false end
    count, lines = n, lines + 1
  end
  return lines >= 3
end

-- The words that say a table holds timings, in its lead-in or its section's heading. Words of
-- results alone ("results", "performance", "measured", "faster", "timed") name a program's output,
-- a class's grades, a voltmeter's readings or a model's predictions as often in a course, and
-- reported them (a second attacker's review).
local results_words = { "%f[%a]benchmark results?%f[%A]", "%f[%a]timings?%f[%A]", "%f[%a]throughputs?%f[%A]",
  "%f[%a]latenc", "%f[%a]run ?times%f[%A]", "%f[%a]runtimes%f[%A]" }

-- The figures a page's prose states before a table for words of results alone to lead it in.
local DENSE_CLAIMS = 5

-- Words of results alone, which speak of timings only on a page dense with claims (see
-- results_table).
local loose_words = { "%f[%a]results?%f[%A]", "%f[%a]benchmarks?%f[%A]", "%f[%a]performance%f[%A]" }

-- Whether a text speaks of timings (its first 400 bytes); loose: words of results alone do too.
local function says_results(text, loose)
  local l = text:sub(1, 400):lower()
  for _, w in ipairs(results_words) do
    if l:find(w) then return true end
  end
  for _, w in ipairs(loose and loose_words or {}) do
    if l:find(w) then return true end
  end
  return false
end

-- Whether the last sentence of a lead-in states a performance claim of its own ("... and the CPU
-- time per request reached 60 ms:"), not only the paragraph it ends.
local function states_claim(lead)
  for _, q in ipairs(litlab.quantities(lead:match("[^.!?]*$") or "")) do
    if q.class == "claim" then return true end
  end
  return false
end

-- A pipe table stands among results when the lesson's prose has already stated a performance
-- figure (a claim it reported, a measure reference, a cited time, rate, cycle count or speed-up: the
-- C references state none) and its lead-in or, when no sentence leads it in, the heading of its
-- section speaks of timings ("Here are the timings on the 2-channel 3900X:", "#### Throughput"),
-- or its lead-in's last sentence states a claim and ends on ':': a bare figure in it that nothing
-- else decides is reported as unsure (thirtieth round: tables whose unit the writer left to the
-- prose around them were the largest part of what the rule missed).
local function results_table(text, lead)
  if claims_seen < 1 or not is_table(text) then return false end
  local heading = innermost(false)
  -- (the heading speaks only for a table no sentence leads in, a short line that does not end as one
  -- does: a label such as "**Linux with Xeon Gold 6548N**"; a sentence that says what the table holds
  -- speaks for it: "The average probe counts for the same runs:")
  local label = not lead or (#lead <= 80 and not lead:find("\n") and not lead:find("[.:!?]%s*$"))
  if lead and last_claim_unit == unit_index - 1 and lead:find(":%s*$") and states_claim(lead) then return true end
  -- on a page whose prose has stated five figures or more before the table, words of results alone
  -- speak of timings too ("Here are the results compared to the 2-channel 3900X:", a "####
  -- Performance" section's label): a course's lesson that shows a program's output rarely has
  -- stated so many
  local dense = claims_seen >= DENSE_CLAIMS
  return says_results(lead or "", dense) or (label and heading and says_results(heading.text, dense)) or false
end

-- Whether a text cites a performance figure ({{cite:KEY|40 ms}}, not {{cite:c11|undefined
-- behavior}} nor {{cite:c11|32767}}) or refers to a measurement ({{measure:...}}).
local function states_reference(text)
  if text:find("{{%s*measure:") then return true end
  for value in text:gmatch("{{%s*cite:[^|}]*|([^}]*)}}") do
    for _, q in ipairs(litlab.quantities(value)) do
      if q.kind ~= "share" then return true end
    end
  end
  return false
end

-- Whether an HTML block's text ends with a table's "</table>" (its last bytes looked at).
local function html_ends_table(text)
  return text:sub(-40):find("</[Tt][Aa][Bb][Ll][Ee]%s*>%s*$") ~= nil
end

-- The sentence that leads a table in, which may say what its figures are ("The results in MB/s
-- are:", a caption "ISPC speed-up with target redesign", a heading "Run times (ms)"): for a unit
-- that is a pipe table (its second line a delimiter row), the unit right before it in the same
-- place, when that is a heading, a one-line caption, or a paragraph whose last sentence ends on ':'
-- or speaks of the table ("The following table shows speedups for ..."); nil otherwise. The
-- scanner reads only a unit or a speed-up there (issue 13, eighteenth round).
-- Whether unit b stands right after unit a, a blank line at most between (true when a line is unknown).
local function next_to(a, b)
  if not (a.line and b.line) then return true end
  local _, breaks = a.text:gsub("\n", "")
  return b.line - (a.line + breaks) <= 2
end

local function lead_of(unit, before)
  local t = before.text
  if #t > 2000 then return nil end
  -- right before it: a block or a list between the two (a gap of more than a blank line) ends the lead-in
  if not next_to(before, unit) then return nil end
  if before.kind == "heading" then return #t <= 200 and t or nil end
  if before.kind ~= "paragraph" then return nil end
  -- a caption: one short line that names, with no sentence of its own ("ISPC speed-up with target
  -- redesign"; not "Speed-up is not everything, memory matters too")
  if #t <= 120 and not t:find("\n") and not t:find("[.!?:]%s*$") and not t:find("[.!?,;]%s") then
    local l = " " .. t:lower() .. " "
    if not (l:find(" is ", 1, true) or l:find(" are ", 1, true) or l:find(" was ", 1, true) or
            l:find(" were ", 1, true)) then
      return t
    end
    return nil
  end
  local from = 1
  for pos in t:gmatch("[.!?]%s+()") do from = pos end
  local last = t:sub(from)
  if last:find(":%s*$") or last:lower():find("%f[%a]table%f[%A]") then return last end
  -- "Times are milliseconds per multiply, the median of 50 runs.", "Times are in ms.": a last
  -- sentence that opens by saying what the figures are (twentieth round, an HPC author's chapters)
  -- the last two sentences ("Times are in ms. Lower is better."), "the" or "all" first, "below" or
  -- "here" after the noun ("All timings are in ms.", "The times below are in ms.")
  local sentences, from2 = {}, 1
  for pos in t:gmatch("[.!?]%s+()") do sentences[#sentences + 1] = pos end
  if #sentences >= 2 then from2 = sentences[#sentences - 1] end
  -- (twenty-first round: "Each cell is the throughput in GB/s, ...", "The last two columns are
  -- nanoseconds per query.", "the next two are nanoseconds per query": what the cells or columns are)
  -- (thirty-fourth round: "The numbers show how much CPU cycles are spent per one byte ...": a
  -- sentence that opens by saying the figures count cycles per some work, anywhere in a paragraph that ends right
  -- above the table, the sentences after it saying what the datasets are. Only cycles: a time or a
  -- count further up, or one the figures "show", is as often a program's, a plan's or a setting's:
  -- "The values are seconds since the Epoch." three sentences above a table of struct tm's ranges,
  -- "The numbers show how many milliseconds the LED stays on", an attacker's review)
  local function says_figures(sentence, last_two)
    -- (cycles spent per some work, "how much CPU cycles are spent per one byte": not a life cycle, a
    -- duty cycle, cycles of rinsing or a pipeline diagram's clock cycles, a second attacker's review)
    local cycles = sentence:lower():find("%f[%a]cycles%f[%A][%a%s]-%f[%a]per%f[%A]") ~= nil
    if not last_two and not cycles then return false end
    local l = sentence:lower():gsub("^%s+", "")
    for _ = 1, 4 do
      l = l:gsub("^the%s+", ""):gsub("^all%s+", ""):gsub("^each%s+", ""):gsub("^both%s+", "")
           :gsub("^last%s+", ""):gsub("^first%s+", ""):gsub("^next%s+", ""):gsub("^other%s+", "")
           :gsub("^two%s+", ""):gsub("^three%s+", ""):gsub("^four%s+", "")
    end
    if last_two and (l:find("^are%f[%A]") or l:find("^is%f[%A]")) then return true end
    for _, noun in ipairs({ "times", "timings", "figures", "figure", "numbers", "number", "results", "values",
                            "latencies", "cells", "cell", "columns", "column", "entries", "entry" }) do
      local rest = l:match("^" .. noun .. "%s+(.*)$")
      if rest then
        rest = rest:gsub("^below%s+", ""):gsub("^here%s+", ""):gsub("^shown%s+", "")
        -- (further up, only a verb right after the noun: "The first number in a cell shows the time of
        -- ..." says what one figure of each cell is, not their unit)
        if rest:find("^are%f[%A]") or rest:find("^is%f[%A]") or (last_two and rest:find("^in%f[%A]")) or
           (cycles and rest:find("^shows? how m[ua][cn][hy]%f[%A]")) then
          return true
        end
      end
    end
    return false
  end
  for sentence in t:sub(from2):gmatch("[^.!?]+[.!?]?") do
    if says_figures(sentence, true) then return sentence end
  end
  local earlier = {}
  for sentence in t:sub(1, from2 - 1):gmatch("[^.!?]+[.!?]?") do earlier[#earlier + 1] = sentence end
  for k = #earlier, math.max(1, #earlier - 5), -1 do
    if says_figures(earlier[k], false) then return earlier[k] end
  end
  return nil
end

-- The sentence right after a table (a pipe table, or an HTML block that ends with a raw HTML table)
-- that says what its figures are, when none leads it in: the first sentence of the paragraph that
-- follows it in the same place, when it looks back at the table
-- ("All figures above are nanoseconds per lookup.", "Times in the table above are in ms.") or is a
-- caption numbered as a table's ("Table 3: time per query, ns"); nil otherwise. Like a lead-in, it
-- gives the table only a unit or a speed-up (twentieth round, an HPC author's chapters).
local function table_trail(unit, after)
  local html = unit.kind == "html" and html_ends_table(unit.text)
  if not after or not (html or unit.kind == "paragraph" and is_table(unit.text)) or after.kind ~= "paragraph" or
     (unit.context or "") ~= (after.context or "") or is_table(after.text) then
    return nil
  end
  if html and unit.end_line and after.line then
    if after.line - unit.end_line > 2 then return nil end
  elseif not next_to(unit, after) then
    return nil
  end
  local t = after.text:sub(1, 400)
  -- a caption numbered as a table's: its line ("Table 3: time per query (ns)")
  -- (pandoc's "Table: ..." and a caption in brackets or emphasis too: "[Table 2: ...]", "*Table 2. ...*")
  if t:lower():find("^%s*[%[(*_]*table%s+%d+[.:]") or t:lower():find("^%s*[%[(*_]*table:") then
    local line = t:match("^[^\n]*")
    return #line <= 160 and line or nil
  end
  -- its first sentence, a bracket closing it kept ("(Times above are in nanoseconds per number.)"),
  -- up to its first clause's end: "The numbers above are misses per 1000 lookups; the time in ns is in
  -- the next table", "What matters above is the miss count, not the time in ms" say what the figures
  -- are not
  local first = t:match("^(.-[.!?:]%)?)%s") or t
  if #first > 200 then return nil end
  local bracket = first:find("^%(") ~= nil
  first = first:gsub("^%(", "")
  first = first:match("^(.-)%s*[;(]") or first
  first = first:match("^(.-),%s+[Nn]ot%f[%A]") or first:match("^(.-),%s+but%f[%A]") or first
  local l = first:lower():gsub("%s+", " ")
  -- it looks back at the table ("above", "in the table", "this table"), or is a bracket or an "All
  -- figures ..." that says what all of them are ("(All figures in microseconds.)")
  -- ("The table gives the time relative to the aligned version", "The table above shows ...")
  if (l:find("%f[%a]above%f[%A]") or l:find("%f[%a]table%f[%A]")) and
     (l:find("%f[%a]are%f[%A]") or l:find("%f[%a]is%f[%A]") or l:find("%f[%a]in%f[%A]") or
      l:find("%f[%a]gives%f[%A]") or l:find("%f[%a]shows%f[%A]") or l:find("%f[%a]lists%f[%A]")) then
    return first
  end
  -- a bracket was tested before its '(' was taken off (twenty-first round: "(Query latency in
  -- nanoseconds, averaged over 10^7 random queries; ...)" under a table was not read)
  if #l <= 100 and (bracket or l:find("^all %a+ ")) then return first end
  return nil
end

-- A paragraph that is a pipe table: its lead-in (a raw HTML table's: see scan_html).
local function table_lead(unit, before)
  if not before or unit.kind ~= "paragraph" or (unit.context or "") ~= (before.context or "") or
     not is_table(unit.text) or is_table(before.text) then
    return nil
  end
  return lead_of(unit, before)
end

-- The frame a prose unit stands in, or nil; reads the unit's place (a heading, a list's lead-in).
local function model_frame(unit)
  if unit.kind == "heading" then
    if unit.level then
      for level = unit.level, 6 do models[level] = nil end
      after_heading = unit.level
    end
    frame = nil
    return nil
  end
  if unit.kind ~= "paragraph" then return nil end
  -- a table right after the lead-in (a pipe or pandoc table, one paragraph: a header, then a line of
  -- dashes) is the model's as a list is ("Assume the following run times:" over a job table)
  if frame and frame.table and (unit.context or "") == (frame.context or "") and is_table(unit.text) then
    local given = frame
    frame = nil
    return given
  end
  if frame and not (unit.context or ""):find("list item", 1, true) then frame = nil end
  local given = frame
  if frame then frame.table = nil end -- a list read: a table after it is no longer right after the lead-in
  local sets_up = nil
  if after_heading then
    sets_up = supposes(unit.text:sub(1, 240):gsub("^[%s(]+", ""), true)
    if sets_up then models[after_heading] = { cue = sets_up, line = unit.line } end
    after_heading = nil
  end
  -- a paragraph of the section's own prose that opens no list or table and turns to what runs ends the
  -- section's models ("Suppose version B runs in 98 ms ..." then "A useful habit is to run both
  -- versions interleaved ...": the table a later lead-in opens is what ran, not the model's); one
  -- that still speaks within the model keeps them (twentieth round)
  if not sets_up and not given and (unit.context or "") == "" and not opens_list(unit.text) and
     next(models) ~= nil and not is_table(unit.text) and turns_to_runs(unit.text) then
    for level = 1, 6 do
      if models[level] then models[level].ended = true end
    end
  end
  if not frame then
    local last = opens_list(unit.text)
    -- a list of results is what something ran, whatever was supposed before it ("Imagine a slow
    -- service. We measured it:", "The results were as follows:")
    local l = last and unit.text:lower()
    if l and (l:find("result", 1, true) or l:find("measur", 1, true) or l:find("benchmark", 1, true) or
              l:find("observ", 1, true) or l:find("timings", 1, true)) then
      last = nil
    end
    -- a supposition of what is typical of a real system ("let's assume the worst case for a typical
    -- broadband connection:") states real figures a reader would want a source for, no model's
    -- givens (fourteenth round); the sentence's own figures are decided so in the scanner
    if last and last:lower():find("%f[%a]typical%f[%A]") then last = nil end
    if last then
      local cue = supposes(last:gsub("^[%s(]+", ""), false)
      -- "We make the following assumptions:", "Assumptions:": the lead-in names what follows as the
      -- model's assumptions
      if not cue and last:lower():find("%f[%a]assumptions?%f[%A][^.!?]*:%s*$") then cue = "assumptions" end
      if cue then
        frame = { cue = cue, line = unit.line, table = true, context = unit.context }
      elseif unit.text:find(":%s*$") and not ran_on_hardware(l) then
        -- "The model then predicts:": a lead-in that names the model frames its table, even after
        -- the prose turned to what runs
        local names = last:lower():find("%f[%a]model%f[%A]") or last:lower():find("%f[%a]predict")
        for level = 6, 1, -1 do
          if models[level] and (names or not models[level].ended) then
            frame = { cue = models[level].cue, line = models[level].line, table = true, context = unit.context }
            break
          end
        end
      end
    end
  end
  return given
end

-- Two lengths of time set equal that are the same length state a conversion of units ("1 second
-- == 1,000,000,000 nanoseconds", "1000 ms = 1 s", "28,800 seconds equals 8 hours"): a definition,
-- not a figure of code (issue 13, fourteenth round). Unequal ones ("10 ns = 30 ns") are no such
-- thing and keep their words, and so does a time its words claim: "Our loop took 12 ms = 12,000 us"
-- restates a result in another unit, so only values nothing decided pass as a conversion (an
-- author's review, fourteenth round).
local seconds_in = {
  ns = 1e-9, nanosecond = 1e-9, nanoseconds = 1e-9,
  us = 1e-6, ["\u{b5}s"] = 1e-6, ["\u{3bc}s"] = 1e-6, microsecond = 1e-6, microseconds = 1e-6,
  ms = 1e-3, msec = 1e-3, millisecond = 1e-3, milliseconds = 1e-3,
  s = 1, sec = 1, secs = 1, second = 1, seconds = 1,
  min = 60, mins = 60, minute = 60, minutes = 60,
  h = 3600, hr = 3600, hrs = 3600, hour = 3600, hours = 3600,
  day = 86400, days = 86400, week = 604800, weeks = 604800,
}

-- The length of a plain time ("1,000,000,000 nanoseconds", "10ms") in seconds, or nil.
local function length_of(t)
  local num, unit = t:match("^([%d,]*%.?%d+)[%s%-]*(%S+)$")
  local n = num and tonumber((num:gsub(",", "")))
  local per = n and seconds_in[unit:lower()]
  return per and n * per or nil
end

-- 1 if the times a and b, one right after the other, state a conversion of units: nothing but
-- '=', '==', "equals" or "is" between them, and the same length.
local function converts(text, a, b)
  if not (a and b and a.kind == "time" and b.kind == "time" and b.first - a.last <= 16) then return false end
  local between = text:sub(a.last + 1, b.first - 1)
  if not (between:find("^%s*==?%s*$") or between:find("^%s+equals%s+$") or between:find("^%s+is%s+$")) then
    return false
  end
  local x, y = length_of(a.text), length_of(b.text)
  return x ~= nil and y ~= nil and x > 0 and math.abs(x - y) <= 1e-9 * x
end

-- True if the sentence holding q tells what ran on a real machine ("The reference took 35% less
-- time", "is 3x faster than the naive loop on our machine") or what was measured: a result stated
-- in a grading section, not a weight or a tolerance of the grade (an author's review, fourteenth
-- round).
local function ran_in_sentence(text, q)
  local from = 1
  for stop in text:sub(1, q.first - 1):gmatch("()[.!?]%s") do from = stop + 1 end
  local to = text:find("[.!?]%s", q.last + 1) or #text
  local l = text:sub(from, to):lower()
  return ran_on_hardware(l) or l:find("%f[%a]measur") ~= nil
end

-- A time a demonstrative points back to ("because it takes longer than those 10 seconds", "after
-- that 5 ms") restates a value the same text gave before it, and is that value: when the last
-- earlier time of the same length was let pass (a timer's "every 10 seconds"), so is this one; a
-- claim restated stays a claim (issue 13, fourteenth round). qs[i] is q, the values before it are
-- those of the same text; reported: those of them reported. The earlier value, or nil.
local function pointed_back(text, qs, i, reported)
  local q = qs[i]
  -- the word before ends in 'e', 's' or 't' and a space: most figures are ruled out here
  local c = text:byte(q.first - 2)
  if text:byte(q.first - 1) ~= 32 or not (c == 101 or c == 115 or c == 116) then return nil end
  local b = text:sub(math.max(1, q.first - 12), q.first - 1):lower()
  if not (b:find("%f[%a]those%s+$") or b:find("%f[%a]these%s+$") or b:find("%f[%a]that%s+$") or
          b:find("%f[%a]this%s+$") or b:find("%f[%a]the same%s+$")) then
    return nil
  end
  local x = length_of(q.text)
  if not x then return nil end
  for j = i - 1, 1, -1 do
    local y = qs[j].kind == "time" and length_of(qs[j].text)
    if y and math.abs(y - x) <= 1e-9 * x then return not (reported and reported[qs[j]]) and qs[j] or nil end
  end
  return nil
end

-- "## Breakout (45 minutes)", "## Logistics slides (30 minutes)", "(20 minutes breakout + 15 minutes
-- report-in)": a heading that closes on a bracket of minutes or hours, and q in it, gives the time an
-- agenda allots to a part of a meeting or a lab (twentieth round, cs5220-notes); "## Sorting in 5 ms"
-- and "## Results (45 ms)" are a run's.
local function agenda_item(text, q)
  local open = text:match("^.*()%(")
  if not open or q.first < open or not text:find("%)%s*$") then return false end
  local t = q.text:lower()
  return t:find("min") ~= nil or t:find("hour") ~= nil or t:find("hr") ~= nil
end

local function scan(text, spans, at, report, ledger, where, section, branches, model, grading, lead, results)
  local qs = litlab.quantities(text, spans, lead, results)
  local reported = nil -- the times reported so far (see pointed_back)
  local givers = nil -- the values the text says are set, if any (see set_in_sentence)
  for _, q in ipairs(qs) do
    if gives(q) then
      givers = givers or {}
      givers[#givers + 1] = q
    end
  end
  for i, q in ipairs(qs) do
    local open = q.class == "claim" or q.class == "unsure"
    local printed = where:find("display block") or where:find("output")
    -- a printed figure after a label of a measured time or rate on its line ("elapsed: 5 ms",
    -- "latency 10ms", "throughput: 1000 ops/s") is a result the run measured, whatever was given
    -- and so is one a clause gives after naming such a quantity ("the average response time drops to
    -- 1 second", "its throughput is 1000 requests per second")
    local before = printed and text:sub(1, q.first - 1):match("[^\n]*$") or
                   text:sub(math.max(1, q.first - 200), q.first - 1):match("[^.!?;,]*$")
    -- a value the engine let pass as set ("-B 40,80 sets the boost to 40ms") is explained by the
    -- command that gives it, when the page shows one
    local set = q.class == "specified" and q.why == "an input, setting or threshold"
    local input = (open or set) and (pending or #inputs > 0) and not label_quantity(before) and
                  given(q, at(q.first), printed) or nil
    local setting = open and givers and not input and set_in_sentence(text, givers, q) or nil
    local restated = open and q.kind == "time" and i > 1 and not input and not setting and
                     pointed_back(text, qs, i, reported) or nil
    if input then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': a value the reader gives the program, an argument of a command the text shows on line %d",
          input.cue, input.line))
    elseif setting then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': the value the same sentence says is set (%s)", quote(setting.cue), setting.why))
    elseif branches and (q.class == "claim" or q.class == "unsure") and q.text:find("%%%s*$") then
      ledger(at(q.first), quote(q.text), "not timing", branches)
    elseif q.class == "unsure" and (q.kind == "time" or q.kind == "rate") and section then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': a reference page's section that specifies the interface", quote(section)))
    elseif q.class == "claim" and q.kind == "time" and section and q.why == "how long code takes" and
           worked_case(text, q.first) then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': a worked case of the interface ('For example, if ...') in a section that specifies it",
          quote(section)))
    elseif restated then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': the value stated before it, which was let pass", quote(restated.text)))
    elseif q.class == "unsure" and q.kind == "time" and
           (converts(text, qs[i - 1], q) or converts(text, q, qs[i + 1])) then
      ledger(at(q.first), quote(q.text), "specified", "a conversion of units: two lengths of time set equal")
    elseif grading and open and (q.kind == "speedup" or q.kind == "share") and not ran_in_sentence(text, q) then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': a section that states how the course grades: a weight of the grade or the "
          .. "tolerance a grade is given at, not a run", quote(grading)))
    elseif model and (q.class == "claim" or q.class == "unsure") then
      ledger(at(q.first), quote(q.text), "specified",
        string.format("'%s': a rule of the model the text sets up (line %d), a given, not a run", model.cue, model.line))
    elseif open and where == "a heading" and q.kind == "time" and agenda_item(text, q) then
      ledger(at(q.first), quote(q.text), "specified",
        "a heading's bracket of minutes or hours: the time an agenda gives a part of a session, not a run")
    elseif q.class == "claim" or q.class == "unsure" then
      -- a table in prose is read as one paragraph, but the author knows it as a table
      report(at(q.first), message(q, where == "prose" and q.table and "a table" or where))
      -- (a sure claim of the lesson's own text arms a table among results; an unsure one, or a
      -- display block's, read before the prose, does not: an attacker's review)
      if q.class == "claim" and (where == "prose" or where == "HTML") then
        claims_seen = claims_seen + 1
        last_claim_unit = unit_index
      end
      if q.kind == "time" then
        reported = reported or {}
        reported[q] = true
      end
    else
      local why = q.cue and string.format("'%s': %s", quote(q.cue), q.why) or q.why
      ledger(at(q.first), quote(q.text), q.class, why)
    end
  end
end

-- Raw HTML as the page shows it (twentieth round, avr-libc's benchmark pages). cmark leaves an HTML
-- block's character references as written, so the few that write a unit's letter or the space
-- before it are read as what they show: "903 &mu;s" is 903 µs (&micro;, &#956; and &#181; too),
-- "10&nbsp;ms" has a space, "3&times;" a sign of times. Others stay as written.
local entities = { mu = "\194\181", micro = "\194\181", ["#956"] = "\194\181", ["#181"] = "\194\181",
  ["#x3bc"] = "\194\181", ["#xb5"] = "\194\181", nbsp = " ", ["#160"] = " ", ["#xa0"] = " ", thinsp = " ",
  ["#8201"] = " ", ["#8239"] = " ", times = "\195\151", ["#215"] = "\195\151", ["#xd7"] = "\195\151",
  ndash = "\226\128\147", ["#8211"] = "\226\128\147", asymp = "\226\137\136", approx = "\226\137\136" }

-- Text made of pieces of a unit's text, with the way back: put(s, at, exact) appends s, taken from
-- the unit's byte at (byte i of s from at + i - 1 when exact, else all of it from at); done() gives
-- the text and a function from a byte of it to the unit's byte (a binary search of the pieces).
-- The pieces' starts are packed eight bytes each, a few hundred at a time: a table of a hundred
-- thousand cells is some hundred thousand pieces, which Lua tables of numbers would hold in tens
-- of megabytes.
local function remade()
  local parts, packed, texts, nums, size = {}, {}, {}, {}, 0
  local function pack()
    if #texts == 0 then return end
    parts[#parts + 1] = table.concat(texts)
    packed[#packed + 1] = string.pack("<" .. string.rep("i4", #nums), table.unpack(nums))
    texts, nums = {}, {}
  end
  local r = {}
  function r.put(s, at, exact)
    if s == "" then return end
    texts[#texts + 1] = s
    nums[#nums + 1] = size + 1
    nums[#nums + 1] = exact and at or -at -- at is at least 1
    size = size + #s
    if #texts >= 256 then pack() end
  end
  function r.done()
    pack()
    local map = table.concat(packed)
    local n = #map // 8
    local function back(i)
      if n == 0 then return 1 end
      local lo, hi = 1, n
      while lo < hi do
        local mid = (lo + hi + 1) // 2
        if string.unpack("<i4", map, (mid - 1) * 8 + 1) <= i then lo = mid else hi = mid - 1 end
      end
      local out, at = string.unpack("<i4i4", map, (lo - 1) * 8 + 1)
      return at > 0 and at + (i - out) or -at
    end
    return table.concat(parts), back
  end
  return r
end

-- Calls put(s, at, exact) for text[a, b] as shown: a reference of `entities` decoded, each run of
-- other bytes as it is.
local function each_shown(text, a, b, put)
  local s, p = text:sub(a, b), 1 -- searched within itself: a search of text would run past b
  while true do
    local amp = s:find("&", p, true)
    if not amp then break end
    local name, stop = s:match("^&(#?%w+);()", amp)
    local shown = name and entities[name:lower()]
    if shown then
      put(s:sub(p, amp - 1), a + p - 1, true)
      put(shown, a + amp - 1, false)
      p = stop
    else
      put(s:sub(p, amp), a + p - 1, true)
      p = amp + 1
    end
  end
  put(s:sub(p), a + p - 1, true)
end

-- Tags that set no words apart ("<b>-2.86</b>", "x<tt>y</tt>"); any other ends a word.
local inline_tags = { a = true, b = true, i = true, u = true, s = true, em = true, strong = true, tt = true,
  code = true, span = true, small = true, big = true, font = true, mark = true, abbr = true, strike = true }

-- A column whose header names the unit of each line of its cells.
local label_headers = { unit = true, units = true, metric = true, metrics = true }

-- A raw HTML table (twentieth round, avr-libc) read as the pipe table it shows, as one piece of
-- text (one litlab.quantities() call, so the same bound on figures as a pipe table's).
-- - The header is the rows before the first data row that are in <thead> or hold only <th> cells;
--   a row with a <td> is data ("<tr><th>hash map</th><td>45 ns</td>" has a row header), so a first
--   row of <td> cells leaves the table without a header and the lead-in decides. A header cell
--   spanning columns (colspan) names each of them; a second header row refines the first: a
--   column's name is its header cells' words in order ("Time (µs)" over "-O2" is "Time (µs) -O2").
-- - Each <td> or <th> runs from its tag to the next cell, row or table tag (closing tags are
--   optional: "<tr><td> 1102 <td> 1957"); a data cell's colspan leaves the columns it spans empty;
--   a cell's rowspan holds its columns in the rows below it, which stay empty there (the pipe
--   table's "| | -Os | 34 |"). A table nested in a cell is that cell's words; it does not end the
--   outer table. An HTML comment is not shown and not read.
-- - <br> breaks a cell into lines, and a row whose cells have several lines is as many lines of the
--   pipe table, line k of each cell on the k-th (at most 16). <sup> raises what follows to a power
--   of the word before it ("2<sup>20</sup>" is 2^20, "10<sup>-3</sup> s" 10^-3 s); <sub> parts words
--   ("Cycles<sub>max</sub>" names cycles). Any other tag is markup and its attributes are never read
--   ("<td align='right'>"); a run of spaces is one space; '|' is shown as '/'.
-- - A column whose header names the unit of each line of a row ("Units" over "Flash bytes<br>Stack
--   bytes<br>Cycles") is put first, where a pipe table's row label stands, so that each line's
--   label decides the figures on it.
-- - Work is bounded by the HTML read: the columns written (spans, rows held by a rowspan, the lines
--   of a <br>) are at most one per byte read plus a thousand; past that a row's last columns are
--   not written. A row is written only as wide as its own cells.
-- text[first] opens the table ("<table"); read(t, back, caption, stop) is called once with the pipe table
-- (nothing when the table has neither header nor row), back leading to the unit's bytes (see
-- remade), caption the caption's words or nil, stop as returned. Returns the byte after the table's "</table>" (the
-- unit's end when none closes it) and the bytes between "<caption>" and "</caption>", if any. One
-- pass over the table's bytes; the data rows read are not kept.
local HTML_TAGS_MAX = 100000
local html_tags_left = HTML_TAGS_MAX -- the tags html_table may still read in the lesson

local function html_table(text, first, read)
  local row, cell, caption, in_caption, cap_a, cap_b = nil, nil, nil, false, nil, nil
  local heads, head_done, label, rows_seen = {}, false, nil, 0
  local carry = {} -- column -> { cell, last row it holds }
  local r, depth, in_thead, used, cut = nil, 0, false, 0, false
  local stop = #text + 1
  local p = (text:find(">", first, true) or #text) + 1 -- past the table's own tag
  local function budget() return (p - first) + 1024 - used end
  local function line_of() return cell and cell.lines[#cell.lines] or in_caption and caption or nil end
  -- a line's words: pairs of a string and its first byte (negative: all of it from that byte, a
  -- decoded reference); words one space apart in the text are one string
  local function put_word(line, t, at)
    line[#line + 1] = t
    line[#line + 1] = at
  end
  -- s0[rs, re) (s0 = text[a, ...]) into line, after a space when a gap stands before it
  local function put_run(line, a, s0, rs, re)
    if line.gap and #line > 0 then put_word(line, " ", -(a + rs - 2)) end
    line.gap = false
    local amp = s0:find("[&|]", rs)
    if amp and amp < re then
      each_shown(text, a + rs - 1, a + re - 2, function(t, at, exact)
        if t ~= "" then put_word(line, (t:gsub("|", "/")), exact and at or -at) end
      end)
    else
      put_word(line, s0:sub(rs, re - 1), a + rs - 1)
    end
  end
  -- the text text[a, b] between tags, into the open cell's line (or the caption); words one space
  -- apart are one string
  local function add(a, b)
    local line = line_of()
    if not line or b < a then return end
    local s0 = text:sub(a, b)
    local run_s, run_e, last = nil, nil, 1
    for ws, we in s0:gmatch("()%S+()") do
      if run_s and (ws ~= last + 1 or s0:byte(last) ~= 32) then
        put_run(line, a, s0, run_s, run_e)
        run_s = nil
      end
      if not run_s then
        if ws > 1 then line.gap = true end
        run_s = ws
      end
      run_e, last = we, we
    end
    if run_s then put_run(line, a, s0, run_s, run_e) end
    if last <= #s0 then line.gap = true end
  end
  local function put_words(line)
    for i = 1, #line, 2 do
      local at = line[i + 1]
      r.put(line[i], at < 0 and -at or at, at > 0)
    end
  end
  local function words(line)
    local t = {}
    for i = 1, #line, 2 do t[#t + 1] = line[i] end
    return table.concat(t)
  end
  -- one line of the pipe table: line k of each of cols[1, width], the label column first
  local function put_line(cols, width, k, at)
    -- the bytes between two cells' words ("  |" for each empty cell between) go with the next
    local opened, empties = false, 0
    local function put_cell(c)
      local line = c and c.lines[k]
      if line and #line > 0 then
        r.put((opened and " |" or "|") .. string.rep("  |", empties) .. " ", c.at, false)
        put_words(line)
        opened, empties = true, 0
      else
        empties = empties + 1
      end
    end
    if label then put_cell(cols[label]) end
    for i = 1, width do if i ~= label then put_cell(cols[i]) end end
    r.put((opened and " |" or "|") .. string.rep("  |", empties) .. "\n", at, false)
  end
  -- the columns of a row (header: a spanning cell in each column it spans and in the rows its
  -- rowspan holds; data: in its first column only), and its width, bounded by the work left
  local function columns(cells, header)
    local cols, j, room = {}, 1, budget()
    local function held()
      while j <= room do
        local h = carry[j]
        if not h or h.last < rows_seen then return end
        cols[j] = header and h.cell or false
        j = j + 1
      end
    end
    for _, c in ipairs(cells) do
      held()
      for s = 1, c.span do
        if j > room then break end
        cols[j] = (s == 1 or header) and c or false
        carry[j] = c.rows > 1 and { cell = c, last = rows_seen + c.rows - 1 } or nil
        j = j + 1
      end
    end
    used = used + j - 1
    return cols, j - 1
  end
  -- the header line, as wide as the widest header row (no header: an empty one as wide as the
  -- first row, `wide`) and the delimiter row under it
  local function start(wide)
    r = remade()
    local width = #heads == 0 and wide or 0
    for _, h in ipairs(heads) do width = math.max(width, h.width) end
    -- a column's name: its header cells' lines in order, each cell once
    local names = {}
    for i = 1, width do
      local line, seen = {}, {}
      for _, h in ipairs(heads) do
        local c = h.cols[i]
        if c and not seen[c] then
          seen[c] = true
          for _, l in ipairs(c.lines) do
            -- a name is its first words: a spanning cell's thousand words are not copied into each of
            -- the columns it spans (twentieth round, an attacker's second review)
            if #line >= 64 then break end
            if #l > 0 and #line > 0 then put_word(line, " ", -c.at) end
            table.move(l, 1, math.min(#l, 64), #line + 1, line)
          end
        end
      end
      names[i] = #line > 0 and { lines = { line }, at = line[2] < 0 and -line[2] or line[2] } or false
      if not label and i > 1 and #line > 0 and label_headers[words(line):lower()] then label = i end
    end
    put_line(names, width, 1, first)
    r.put("|" .. string.rep(" --- |", width > 0 and width or 1) .. "\n", first, false)
    head_done = true
  end
  local function has_figure(cells)
    for _, c in ipairs(cells) do
      for _, l in ipairs(c.lines) do
        if words(l):find("%d") then return true end
      end
    end
    return false
  end
  -- a row ends: a header row is kept until the first data row; a data row is put into the table
  local function end_row()
    cell = nil
    if not row or #row == 0 then row = nil return end
    local cells = row
    row = nil
    rows_seen = rows_seen + 1
    -- a header: in <thead>, of <th> cells only, or a first row with no figure in any cell (an empty
    -- corner "<td></td>", "<td><b>Time (ms)</b>"): a row with figures is data
    if not head_done and (cells.thead or not cells.td or (#heads == 0 and rows_seen == 1 and not has_figure(cells))) then
      local cols, width = columns(cells, true)
      heads[#heads + 1] = { cols = cols, width = width }
      return
    end
    local cols, width = columns(cells, false)
    if not head_done then start(width) end
    local most = 1
    for _, c in ipairs(cells) do if #c.lines > most then most = #c.lines end end
    if most > 1 then
      most = math.max(1, math.min(most, budget() // math.max(1, width)))
      used = used + (most - 1) * width
    end
    if width == 0 then return end
    local at = cells[1].at
    for k = 1, most do put_line(cols, width, k, at) end
  end
  local function number(attrs, name)
    return tonumber(attrs:match(name .. "%s*=%s*[\"']?(%d+)") or "1") or 1
  end
  while p < stop do
    local lt = text:find("<", p, true)
    if not lt then add(p, stop - 1) break end
    if html_tags_left <= 0 then
      -- the lesson's tags to read are spent: the rest is read as prose, as written
      add(p, lt - 1)
      stop, cut = lt, true
      break
    end
    html_tags_left = html_tags_left - 1
    if text:sub(lt, lt + 3) == "<!--" then
      -- a comment: not shown
      add(p, lt - 1)
      local e = text:find("-->", lt + 4, true)
      p = e and e + 3 or stop
      local line = line_of()
      if line then line.gap = true end
    else
      local close, name = text:match("^<(/?)(%a%w*)", lt)
      local gt = name and text:find(">", lt, true)
      if name and not gt then
        -- no '>' after lt: no tag after it either, nor the table's end
        add(p, stop - 1)
        break
      elseif not gt then
        add(p, lt)
        p = lt + 1
      else
        add(p, lt - 1)
        p = gt + 1
        name = name:lower()
        local structure = name == "table" or name == "tr" or name == "td" or name == "th" or name == "thead" or
                          name == "tbody" or name == "tfoot" or name == "caption"
        -- a caption left open ends where the table's rows begin or the table ends
        if in_caption and structure and name ~= "caption" and depth == 0 then
          cap_b, in_caption = lt - 1, false
        end
        if depth > 0 and structure then
          if name == "table" then depth = depth + (close == "/" and -1 or 1) end
          local line = line_of()
          if line then line.gap = true end
        elseif name == "table" and close == "/" then
          stop = p
          break
        elseif name == "table" then
          depth = 1 -- a table in a cell: its words are the cell's
          local line = line_of()
          if line then line.gap = true end
        elseif name == "tr" or name == "thead" or name == "tbody" or name == "tfoot" then
          end_row()
          if name == "thead" then in_thead = close == "" end
          if name == "tbody" or name == "tfoot" then in_thead = false end
        elseif (name == "td" or name == "th") and close == "" then
          local attrs = text:sub(lt, gt):lower()
          cell = { lines = { {} }, at = lt, span = math.max(1, math.min(number(attrs, "colspan"), 1000)),
                   rows = math.max(1, math.min(number(attrs, "rowspan"), 65534)) }
          row = row or { thead = in_thead }
          row[#row + 1] = cell
          if name == "td" then row.td = true end
        elseif name == "td" or name == "th" then
          cell = nil
        elseif name == "br" and cell then
          if #cell.lines < 16 then cell.lines[#cell.lines + 1] = {} else cell.lines[#cell.lines].gap = true end
        elseif name == "caption" then
          cell = nil
          if close == "" and not caption then caption, cap_a = {}, p end
          if in_caption and close == "/" then cap_b = lt - 1 end
          in_caption = close == "" and caption and not cap_b
        elseif name == "sup" and close == "" then
          local line = line_of()
          if line then
            put_word(line, "^", -lt)
            line.gap = false
          end
        elseif not inline_tags[name] then
          local line = line_of()
          if line then line.gap = true end
        end
      end
    end
  end
  end_row()
  -- a table of header rows only is read too: its words and figures under none
  if not head_done and #heads > 0 then start(0) end
  if r then
    local t, back = r.done()
    read(t, back, caption and #caption > 0 and words(caption) or nil, stop)
  end
  return stop, cap_a, cap_b or cap_a and stop - 1, cut
end

-- An HTML block that holds raw HTML tables, or character references (see html_table, `entities`):
-- each table is read as the pipe table it shows, under its caption, or the sentence before it when
-- it opens the unit, as a table's lead-in, and the sentence after it when it ends the unit (see
-- table_trail); the rest of the unit, its tables blanked but for their captions (its lines kept),
-- is read as before, its character references decoded. A table in an HTML comment is blanked: the
-- page does not show it. Only an HTML block's "<table" is a tag as written: in a paragraph cmark has
-- decoded the text ("&lt;table&gt;", "\<table>" are text about tables), so a paragraph is read as
-- prose.
local function scan_html(unit, before, trail, report, ledger, where, section, model, grading)
  local text = unit.text
  local rest, p = remade(), 1
  local function shown(a, b) each_shown(text, a, b, rest.put) end
  local function at_of(back) return function(i) return unit.at(back(i)) end end
  local function blank(a, b) rest.put((text:sub(a, b):gsub("[^\n]", " ")), a, true) end
  local closed = 1 -- the comments that open before this byte are closed before it
  while true do
    local at = text:find("<[Tt][Aa][Bb][Ll][Ee][%s>]", p)
    if not at then break end
    -- a comment open at the table hides it, up to the comment's end
    local hidden = nil
    while closed < at do
      local c = text:find("<!--", closed, true)
      if not c or c > at then closed = c or #text + 1 break end
      local e = text:find("-->", c + 4, true)
      if not e or e > at then hidden = e or #text + 1 break end
      closed = e + 3
    end
    shown(p, at - 1)
    if hidden then
      blank(at, hidden - 1)
      p = hidden
    else
      local lead = nil
      if not text:sub(p, at - 1):find("%S") and p == 1 and before and
         (unit.context or "") == (before.context or "") and not is_table(before.text) then
        lead = lead_of(unit, before)
      end
      local stop, cap_a, cap_b, cut = html_table(text, at, function(t, back, caption, stop)
        local given = caption or lead
        if trail and not text:find("%S", stop) then given = given and given .. "\n\n" .. trail or trail end
        scan(t, nil, at_of(back), report, ledger, "a table", section, nil, model, grading, given)
      end)
      if cap_a and cap_b and cap_b >= cap_a then
        blank(at, cap_a - 1)
        shown(cap_a, cap_b)
        at = cap_b + 1
      end
      blank(at, stop - 1)
      p = stop
      if cut then break end
    end
  end
  shown(p, #text)
  local t, back = rest.done()
  scan(t, #t == #text and unit.code_spans or nil, at_of(back), report, ledger, where, section, nil, model, grading)
end

-- A printed table (a profile's report, a benchmark's columns): a header line, then a rule of
-- dashes, dots or '=' in runs set apart by spaces, one per column, the pair maybe commented out with
-- '#' ("# Overhead  Command" over "# ........  ......."). The header names what each column holds,
-- so each row below it, to the first blank line, is read with the header and the rule above it, as
-- a pandoc table is: the row alone says nothing of what its figures are. The rule, comment marks
-- blanked and its runs made dashes; nil when the line is no rule.
local function printed_rule(line)
  if not line:find("[-.=][-.=]") then return nil end
  local body = line:gsub("^(%s*)#", "%1 ")
  local runs = 0
  for run in body:gmatch("%S+") do
    if not (run:match("^%-%-+$") or run:match("^%.%.+$") or run:match("^==+$")) then return nil end
    runs = runs + 1
  end
  if runs < 2 then return nil end
  return (body:gsub("[.=]", "-"))
end

-- A shell session shown, not run (the contract's `console` block: a line that starts with "$ " is a
-- command, "> " continues one, the lines up to the next command are what it printed): its output
-- is read as a display block that shows text is, its commands are not (their arguments are inputs).
-- Any display block holding a command line is one, whatever its language; true if code holds one.
local function session_of(code)
  return code:sub(1, 2) == "$ " or code:find("\n$ ", 1, true) ~= nil
end

-- A transcript of an interactive session (issue 13, eleventh round). Whatever the fence's tag, a
-- display block whose lines begin with a prompt, a short prefix marking what the reader typed, shows
-- a session: the lines typed are commands (their figures are inputs), what follows a typed line until
-- the next prompt is what the program printed, read as output, as a shell session's is (eighth
-- round). A prompt names no language: it stands at a line's start and is
-- - a name, a path or an address, maybe with a parenthesised part and counters, then '>', '$' or '#'
--   and a space ("julia> ", "prompt> ", "ns2# ", "drepper$ ", "irb(main):001:0> ", "iex(1)> ",
--   "127.0.0.1:6379> ", "user@host:~/src$ ");
-- - a parenthesised name, a space and a command's word ("(gdb) break", "(pprof) top"); an input
--   counter "In [3]: ";
-- - ">>> "; or '%', a sign that is also a comment mark, only when it opens two or more lines.
-- '#' and '>' alone are never one: a comment's and a quotation's or a diff's mark (a '>' line
-- continues a command, as in a `console` block). The block is a transcript when a prompt opens its
-- first line, or when the same prompt (its counters aside) opens two or more of its lines: a line of
-- code rarely opens with a word glued to '>' and a space, never twice. The prompt's text (counters
-- made 0) and its width, or nil.
local c_types = { void = true, char = true, short = true, int = true, long = true, float = true, double = true,
                  signed = true, unsigned = true, bool = true, _Bool = true, const = true, volatile = true }

local function prompt_of(line)
  local b = line:byte(1)
  if not b or b == 32 or b == 9 then return nil end
  -- a Python environment's or conda's name before a shell's prompt ("(venv) user@host:~$ ", "(base)
  -- [alice@lab src]$ ", "(3.12.8) [user@computer RIOT]$ make"): the prompt, the name kept (eighteenth
  -- round, riot-docs)
  if b == 40 then
    local after = line:match("^%([%w._%-]+%) ()[%[%a~]")
    if after then
      local p, width = prompt_of(line:sub(after))
      if p and p ~= "%" and p:sub(1, 1) ~= "(" then return "(0) " .. p, width + after - 1 end
    end
  end
  if line:sub(1, 4) == ">>> " or line == ">>>" then return ">>>", 4 end
  -- a parenthesised name is a prompt when a command word follows it ("(gdb) break main"), not a
  -- parenthesis ("(isnan) (x)", C's way to call a function a macro hides)
  local p = line:match("^(%(%a[%w._%-]*%) )%a") or line:match("^In %[%d*%]: ") or
            line:match("^%d+%.%d+%.%d+%.%d+:%d+[>$#] ")
  -- nor is C's cast ("(void) close(fd);", "(size_t) n * 4"): a type's name in the parentheses
  if p and p:sub(1, 1) == "(" and (c_types[p:sub(2, -3)] or p:find("_t%) $")) then return nil end
  if not p then
    -- a name, a path from the home folder ("~/src$ "), or a bracketed one ("[alice@lab src]$ ",
    -- Fedora's and RHEL's default: a space inside its brackets)
    local i = line:match("^%a[%w._~/@:%-]*()") or line:match("^~[%w._~/@:%-]*()") or
              line:match("^%[%a[%w._~/@:%-]* [^%]\n]*%]()")
    if i then
      i = line:match("^%b()()", i) or i
      i = line:match("^[%w:]*()", i)
      local sign, after = line:sub(i, i), line:sub(i + 1, i + 1)
      -- "node-> next": C's arrow, not a prompt; nor is a number's label in a log ("Job# 1 finished in
      -- 40 ms", "Test# 12 passed"): a root shell's '#' is followed by a command, not a count
      if (sign == ">" or sign == "$" or sign == "#") and (after == " " or after == "") and
         not (sign == ">" and line:sub(i - 1, i - 1) == "-") and
         not (sign == "#" and line:find("^%d", i + 2)) then
        p = line:sub(1, i)
      end
    end
  end
  if not p and (line:sub(1, 2) == "% " or line == "%") then return "%", 2 end
  if not p then return nil end
  p = p:gsub("%s+$", "")
  -- a shell's prompt names its working folder, which a `cd` changes ("user@host:~/src$ " then
  -- "user@host:~/src/build$ "): the same prompt, its folder aside
  return (p:gsub("%d", "0"):gsub(":[~/][^:]*([$#])$", ":%1"):gsub("^~[^$#>]*", "~")
           :gsub("^(%[[^ %]]*) [^%]]*%]", "%1]")), #p + 1
end

-- Whether `anchored` (a pattern opening with '^') matches at the start of one of code's lines. A
-- block's whole text is searched only with plain finds (memchr's speed), a pattern only at each
-- line's start: an unanchored pattern costs tens of instructions per byte, and a shown block may
-- hold megabytes (bad-input.sh's ten, under the rules' CPU limit).
local function opens_a_line(code, anchored)
  local at = 1
  while at do
    if code:find(anchored, at) then return true end
    at = code:find("\n", at, true)
    at = at and at + 1
  end
  return false
end

-- The prompts that make a block a transcript (a set of prompt_of's texts), or nil when it is none.
local function transcript_of(code)
  -- a prompt ends its line's first word with '>', '$', '#', ')', ':' or '%' and a space ("In [3]: "
  -- apart): no such line, no transcript (one search over the block, which each line's first word
  -- ends)
  if not (opens_a_line(code, "^[%w(>%%~][^\n ]-[>$#)%%:] ") or
          (code:find("In [", 1, true) and code:find("In %[%d*%]: ")) or
          code:find("]$ ", 1, true) or code:find("]# ", 1, true)) then return nil end
  local count, first, found = {}, nil, nil
  for line in code:gmatch("[^\n]*") do
    if first == nil and line:find("%S") then
      first = prompt_of(line) or false
      if first and first ~= "%" then
        found = found or {}
        found[first] = true
      end
    end
    if line:byte(1) and line:byte(1) ~= 32 then
      local p = prompt_of(line)
      if p then
        count[p] = (count[p] or 0) + 1
        if count[p] == 2 then
          found = found or {}
          found[p] = true
        end
      end
    end
  end
  return found
end

-- A line typed in a transcript after a prompt of `prompts`, or continuing the one typed on the line
-- before it (`typing`: the width of that line's prompt, or nil): "... " and "...: " (Python,
-- IPython), a '>' line (a shell's or a debugger's secondary prompt), or a line indented at least as
-- far as the prompt is wide (Julia's REPL aligns what continues under what was typed). The width of
-- the prompt it is typed after (the line is typed), or nil (it was printed).
local function typed_width(line, prompts, typing)
  local p, width = prompt_of(line)
  if p and prompts[p] then return width end
  if not typing or not line:find("%S") then return nil end
  if line:find("^%s*%.%.%.:? ") or line:find("^%s*%.%.%.:?$") or line:sub(1, 1) == ">" then return typing end
  -- Python's and IPython's sessions mark what continues with "... " and "...: ": an indented line
  -- there is printed (cProfile's "         214 function calls in 0.512 seconds")
  if prompts[">>>"] or prompts["In [0]:"] then return nil end
  local indent = #line:match("^ *")
  if indent >= typing then return typing end
  return nil
end

-- A printed line as it is read (the same length, so columns stay). A tool prints a figure and then
-- the name of what it counts, glued (perf stat: "2,917,340,919  resource_stalls.any", and after its
-- '#' a derived metric, "#  53.4 %  tma_backend_bound"; "0.0 %  bad_speculation  (20.08%)"): that
-- name is what the figure is attached to, so it is read as its words (issue 13, eighth round).
-- An event of cycles or stalls counts cycles (ref-cycles, uops_executed.stall_cycles,
-- cycle_activity.stalls_l3_miss); a name followed by its unit in parentheses ("cpu-clock  (msec)")
-- gives the value's unit, as a newer perf prints it before the name ("60046.41 msec cpu-clock");
-- the percentage in parentheses that ends such a line (an event's glued name, a metric's share,
-- or a metric after '#') is the share of the run the counter was counted in (perf multiplexes its counters), not a
-- figure of the program, and is not read; "5.2 ms  parse  (12%)" keeps its share.
local counter_units = { msec = true, ms = true, usec = true, nsec = true, ns = true, sec = true,
                        seconds = true }

local function counter(seg, derived)
  local pre, num, sp, name, rest = seg:match("^(%s*)(%d[%d,.]*%s*%%?)(%s+)(%a[%w_.:/%-]*)(.*)$")
  if not pre then return nil end
  -- perf's own line: an event's glued name, a metric's share before its name, or a derived metric
  -- after its '#'
  local perf = derived or name:find("[_.%-]") ~= nil or num:find("%%") ~= nil
  local parts = name:lower():gsub("[_.:/%-]", " ")
  local cycles = parts:find("%f[%w]stalls?%f[%W]") or parts:find("%f[%w]cycles?%f[%W]")
  local gap, unit = rest:match("^(%s+)%((%a+)%)")
  if num:find("%%") then
    for _ = 1, 2 do name = name:gsub("(%w)[_.%-](%a)", "%1 %2") end
  elseif cycles and #name >= 6 then
    name = "cycles" .. string.rep(" ", #name - 6)
  elseif unit and counter_units[unit:lower()] then
    local width = #sp + #name + #gap + #unit + 2
    sp, name = " ", unit .. string.rep(" ", width - 1 - #unit)
    rest = rest:sub(#gap + #unit + 3)
  else
    for _ = 1, 2 do name = name:gsub("(%w)[_.%-](%a)", "%1 %2") end
  end
  local body, share = rest:match("^(.-)(%(%d[%d.]*%%%)%s*)$")
  if body and perf then rest = body .. string.rep(" ", #share) end
  return pre .. num .. sp .. name .. rest
end

local function printed(line)
  local hash = line:find("#", 1, true)
  if not hash and not line:find("^%s*%d") then return line end
  if not hash then return counter(line) or line end
  local first, rest = line:sub(1, hash - 1), line:sub(hash)
  local lead, last = rest:match("^(.*#)([^#]*)$")
  return (counter(first) or first) .. lead .. (counter(last, true) or last)
end

-- 1 if line is the header of a `perf report` of branch records ("# Overhead  Samples  Mis  From Line
-- To Line", "Source Sym  Target Sym", "BBCycles") or of memory accesses ("Local Weight  Memory access",
-- "Data Symbol", "Snoop", "TLB access"): its "Overhead" is a share of the branches or the accesses
-- sampled, not of the run time (twenty-sixth round), wherever such a header is read.
local function perf_other_header(line)
  if not line:find("^%s*#%s*Overhead%f[%W]") then return false end
  local l = line:lower()
  for _, w in ipairs({ "%f[%w]from%f[%W]", "%f[%w]to line%f[%W]", "%f[%w]source sym", "%f[%w]target sym",
                       "bbcycles", "%f[%w]mis%f[%W]", "%f[%w]weight%f[%W]", "memory access", "data symbol",
                       "%f[%w]snoop", "%f[%w]tlb%f[%W]" }) do
    if l:find(w) then return true end
  end
  return false
end

-- 1 if a perf event's name counts cycles, a clock or time ('cycles:ppp', 'cpu-clock', 'offcpu-time'),
-- not stalls ('stalled-cycles-frontend')
local function clock_event(event)
  local e = event:lower()
  if e:find("stall", 1, true) or e:find("{", 1, true) or e:find(",", 1, true) then
    return false -- stalls; a group's events ("{cycles,instructions}"), each a share of its own
  end
  -- by whole parts of the name: "cycles:ppp", "cpu_core/cycles/", "ref-cycles", "cpu-clock",
  -- "task-clock", "offcpu-time"; not "timer:hrtimer_expire_entry" nor "probe_libc:clock_gettime",
  -- whose parts only hold the letters (an attacker's review)
  for part in e:gmatch("[%w_]+") do
    if part == "cycles" or part == "cycle" or part == "cpu_clk_unhalted" then return true end
  end
  return e:find("%f[%w]cpu%-clock%f[%W]") ~= nil or e:find("%f[%w]task%-clock%f[%W]") ~= nil or
         e:find("%f[%w]offcpu%-time%f[%W]") ~= nil or e:find("%f[%w]cpu%-time%f[%W]") ~= nil
end

-- The event a lesson's `perf record -e E` (or `perf top -e E`) sampled, until the next such command:
-- a report's header of columns alone then holds shares of that event (twenty-sixth round, an
-- attacker's review). Set by profile_kind, cleared at each lesson's start.
local recorded_event = nil
local recorded_branches = false -- a `perf record -b` of the lesson's, until the next `perf record`
local recording = false -- a `perf record` line ended by '\', its options on the next line

-- perf's header of a report's columns: "# Overhead", two spaces, then only the names of sort keys
-- ("Children  Self  Command  Shared Object  Symbol"), one of Symbol, Shared Object or Command among
-- them; "# Overhead budget per command (binary size, symbol table)" is prose (an attacker's review)
local sort_keys = { children = true, self = true, samples = true, period = true, command = true, shared = true,
                    object = true, symbol = true, pid = true, tid = true, cpu = true, socket = true, srcline = true,
                    ["source:line"] = true, parent = true, comm = true, dso = true, sym = true, srcfile = true,
                    ["pid:command"] = true }
local function report_header(line)
  local rest = line:match("^%s*#%s*Overhead  +(.*)$")
  if not rest or perf_other_header(line) then return false end
  local l = rest:lower()
  if not (l:find("symbol", 1, true) or l:find("shared object", 1, true) or l:find("command", 1, true)) then
    return false
  end
  for word in l:gmatch("%S+") do
    if not sort_keys[word] then return false end
  end
  return true
end

-- perf's tools whose reports count memory accesses, locks, allocations or scheduling, not the run time
local other_tools = { mem = true, c2c = true, lock = true, kmem = true, sched = true }

-- The event and the branch mode a `perf record` (or `perf top`) command line names, read from its
-- options up to the program it runs ("perf record -e cache-misses -g ./walk"; "perf record ./grep -e
-- foo" samples the default event: an attacker's review). nil, false when it names none.
local value_options = { ["-e"] = true, ["--event"] = true, ["-c"] = true, ["-F"] = true, ["-o"] = true,
                        ["-p"] = true, ["-t"] = true, ["-C"] = true, ["-m"] = true, ["-r"] = true, ["-u"] = true,
                        ["-G"] = true, ["--call-graph"] = true, ["--output"] = true, ["--freq"] = true }
local function record_options(rest)
  local event, branches, want = nil, false, nil
  for tok in rest:gmatch("%S+") do
    if want then
      if want == "-e" or want == "--event" then event = tok end
      want = nil
    elseif tok == "--" or tok:sub(1, 1) ~= "-" then
      break
    elseif value_options[tok] then
      want = tok
    elseif tok:find("^%-e.") then
      event = tok:sub(3)
    elseif tok:find("^%-%-event=") then
      event = tok:sub(9)
    elseif tok == "-b" or tok == "-j" or tok:find("^%-%-branch") then
      branches = true
    end
  end
  return event, branches
end

-- Every `perf record` or `perf top` the lesson names, in a block or in a code span of its prose
-- ("We counted cache misses with `perf record -e cache-misses ./a.out`"), in the order of the
-- lesson's lines: { line, seq, event, branches } (an attacker's review: the command is often not in
-- the block the report is shown in)
local function record_mentions(lesson)
  local out = {}
  local function scan(text, line)
    if not text or not line or not text:find("perf", 1, true) then return end
    text = text:gsub("\\%s*\n%s*", " ") -- a command continued on the next line
    for _, verb in ipairs({ "record", "top" }) do
      for rest in text:gmatch("perf%s+" .. verb .. "%f[%W]([^\n`]*)") do
        local event, branches = record_options(rest)
        out[#out + 1] = { line = line, seq = #out, event = event, branches = branches }
      end
    end
    for tool in text:gmatch("perf%s+(%a+)%s+record%f[%W]") do
      if other_tools[tool] then out[#out + 1] = { line = line, seq = #out, event = "perf " .. tool, branches = false } end
    end
  end
  for _, u in ipairs(lesson.units or {}) do
    scan(u.text, u.line)
    for _, span in ipairs(u.code_spans or {}) do scan(span.text, u.line) end
  end
  for _, b in ipairs(lesson.blocks or {}) do scan(b.code, b.line) end
  table.sort(out, function(x, y) if x.line ~= y.line then return x.line < y.line end return x.seq < y.seq end)
  return out
end

-- A session's command says what its output counts. A profile taken of branch records
-- (`perf record -b`, `-j`, `--branch-filter`, `--branch-any`) is reported in shares of the taken
-- branches sampled, not of the run time: its percentages are let pass, until the next `perf record`
-- (issue 13, eighth round). The reason given to the ledger, or nil.
local function branch_profile(line, current)
  local rest = line:match("perf%s+record%f[%W](.*)$")
  if not rest then return current end
  if select(2, record_options(rest)) then
    return "'perf record -b': a share of the branches sampled, not of the run time"
  end
  return nil
end

-- A profile listing's shares are shares of what the profile samples (issue 13, ninth round). `go tool
-- pprof` prints, for each function, flat, flat%, sum%, cum and cum% ("-0.46s  0.39%  0.39%  -0.91s
-- 0.77%  runtime.scanobject"; a `peek` listing's context rows "-0.86s 94.51% |  caller") and above
-- them "Showing nodes accounting for -0.10s, 0.084% of 118.73s total". Of a CPU profile those shares
-- are shares of the samples, of the run time: claims; of a heap or allocation profile they are
-- shares of the memory: not timing. Which profile it is, the session says: the command that wrote or
-- read it (`-cpuprofile`, `-memprofile`, `.../debug/pprof/heap`, a file named `cpu...pprof`) or the
-- listing's own header ("Type: cpu", "Total samples = 118.73s", "Total: 82.4 MB", "Adjusting heap
-- profiles"). The kind holds, through the lesson, until another says otherwise; with none known, the
-- listing is read as any printed line is. The kind and the words that decided, or current.
local function profile_kind(line, current, branches)
  -- a profile known by its header of columns speaks for the rows under it, as a table's header does: a
  -- blank line ends it ("12.50%  after the table: no header above"), and so does any line that is no
  -- row of perf's, a command after any prompt ("$ bloaty walk", "% bloaty", "root@box:~# ccache -s");
  -- a row opens with its share, perf's own lines with '#', '|', '-' or '.' (an attacker's review)
  if current and current.rows and (not line:find("%S") or line:find("^%s*%$") or not line:find("^[%s%d#|%-.]")) then
    return current.before
  end
  -- `perf record -e E` (`-b`): what the lesson's later reports sample, its options maybe on a line
  -- continued with '\'
  -- (one plain search first: the patterns below run only on lines that name perf)
  local named = line:find("perf", 1, true)
  local rest = named and (line:match("perf%s+record%f[%W](.*)$") or line:match("perf%s+top%f[%W](.*)$"))
  if rest or recording then
    local fresh = not recording
    recording = line:find("\\%s*$") ~= nil
    local event, br = record_options(rest or line)
    if fresh then
      -- a new recording: the reports after it are of it, not of what an earlier command reported
      recorded_event, recorded_branches = nil, false
      if current and not current.own then current = nil end
    end
    recorded_event = event or recorded_event
    recorded_branches = recorded_branches or br
  end
  -- `perf mem`, `perf c2c`, `perf lock`, `perf kmem`, `perf sched`: reports of memory accesses, locks,
  -- allocations and scheduling, not shares of the run time (an attacker's review: "perf mem report"
  -- holds no "perf report")
  local other = named and line:match("perf%s+(%a+)%f[%W]")
  other = other_tools[other] and other
  if other then
    if line:find("perf%s+%a+%s+record%f[%W]") then recorded_event = "perf " .. other end
    return { cpu = false, perf = true, event = true, cue = "perf " .. other }
  end
  -- `perf report`'s rows ("    31.20%  [.] strtok") are shares of the samples it read, of the run
  -- time when they are of cycles (twentieth round, an HPC author's case study: books trim the header
  -- and its dotted rule); `perf mem report`, `perf c2c` are of memory accesses, not of the time
  local a, b = line:find("perf report", 1, true)
  if a then
    -- a report sorted by branch records' ends ("--sort symbol_from,symbol_to", after `perf record -b`)
    -- counts branches taken, not time: the session's branch profile reads it (branch_profile)
    if branches or line:find("_from", 1, true) or line:find("_to", 1, true) or
       line:find("perf mem", 1, true) or line:find("%-%-branch") then
      return nil -- after `perf record -b`, the branch profile reads the report (branch_share)
    end
    -- of the event the lesson recorded ("$ perf record -e cache-misses ./a.out" before it: a third
    -- attacker's review)
    if recorded_event and not clock_event(recorded_event) then
      return { cpu = false, perf = true, event = true, cue = "-e " .. recorded_event }
    end
    return { cpu = true, perf = true, cue = line:sub(a, b) }
  end
  -- the report's own first line when the command is left out ("Samples: 152K of event 'cycles'",
  -- "# Samples: 9K of event 'cpu-clock'"): its rows are shares of the run time when the event counts
  -- cycles, a clock or time ('offcpu-time'), of something else ('cache-misses', 'stalled-cycles-...')
  -- when not (twenty-fifth round, a probe's profile whose rows name `__strcoll_l` and `[kernel]
  -- page_fault`); it holds for its own block, the profile before it kept for after
  -- (the event between the quotes a book may print: "of event ‘MEM_LOAD_RETIRED.L3_MISS’", the
  -- closing one lost, or double ones; a group's "of events 'anon group { cache-misses, cycles }'" is
  -- shares of each of its events: none read as the run time's)
  local samples = line:match("^%s*#?%s*Samples:%s+[%d.]+[KMG]?%s+of%s+(events?%s+.*)$")
  local event, group = nil, false
  if samples then
    group = samples:find("^events") ~= nil
    local q = samples:match("^events?%s+(.*)$")
    event = q:match("^'([^']+)'") or q:match('^"([^"]+)"') or q:match("^\226\128[\152\153\156\157]([^'\"\226]+)")
  end
  if event and branches then
    return current -- after `perf record -b` the samples are branch records, whatever the event (branch_share)
  elseif event then
    local cpu = not group and clock_event(event)
    return { cpu = cpu, perf = true, event = not cpu, own = true, before = current and (current.own and current.before or current),
             cue = "of event '" .. event .. "'" }
  end
  -- the report's header of columns when its first lines are left out too ("# Overhead  Shared Object
  -- Symbol", "# Overhead  Symbol"): perf's default event counts cycles, so its rows are shares of the run
  -- time, for the rows under it (twenty-sixth round: a probe's two listings); a profile a command or a
  -- "Samples:" line gave says its event instead (report_header: not a branch record's or a memory
  -- access's header)
  if line:find("Overhead", 1, true) and report_header(line) then
    if branches or recorded_branches or (current and current.perf) then return current end
    -- `perf record -e E` said what the lesson sampled: the rows are shares of E
    local cpu = not recorded_event or clock_event(recorded_event)
    return { cpu = cpu, perf = true, event = not cpu, own = true, rows = true,
             before = current and (current.own and current.before or current),
             cue = recorded_event and not cpu and "-e " .. recorded_event or "# Overhead" }
  end
  if not (line:find("prof", 1, true) or line:find("Type:", 1, true) or line:find("otal", 1, true)) then
    return current
  end
  local l = line:lower()
  local memory = { "%-memprofile", "%.mprof%f[%W]", "/debug/pprof/heap", "/debug/pprof/allocs", "type: inuse",
                   "type: alloc", "heap profile", "total: [%d.]+ ?[kmg]?b%f[%W]", "[%d.]+[kmg]?b of [%d.]+[kmg]?b total",
                   "mem[%w_.%-]*%.pprof" }
  local cpu = { "%-cpuprofile", "type: cpu", "total samples = [%d.]+m?s", "total: %d+ samples", "/debug/pprof/profile",
                "cpu[%w_.%-]*%.pprof", "cpu[%w_.%-]*%.prof%f[%W]" }
  for _, pat in ipairs(memory) do
    local a, b = l:find(pat)
    if a then return { cpu = false, cue = line:sub(a, b) } end
  end
  for _, pat in ipairs(cpu) do
    local a, b = l:find(pat)
    if a then return { cpu = true, cue = line:sub(a, b) } end
  end
  return current
end

-- The figures on a line of a pprof listing (a `top` row, a `peek` row, its "Showing nodes accounting
-- for" line), decided by the profile they are of: a list of { first, last, kind, claim, cue, why }, or
-- nil when the line is none of those. A percentage is a share of what the profile samples; a time
-- ("-0.46s", "-1s", "120ms") is a CPU profile's time in a function. Bare counts (an older pprof's
-- samples, "298") and byte sizes are left to be read as printed, as is a time in a memory profile's
-- listing (none of its columns).
local function profile_figures(line, profile)
  if profile.perf then
    -- a row of `perf report`: its leading shares ("31.20%", "Children  Self" both), then a name
    if not line:find("^%s*%d[%d.]*%%%s+") then return nil end
    local figures = {}
    for a, tok in line:gmatch("()(%S+)") do
      -- perf prints a few leading shares ("Children  Self", a group's one per event): a row of thousands
      -- is no report's, and each would rebuild the line (an attacker's quadratic row)
      if not tok:find("^%d[%d.]*%%$") or #figures >= 8 then break end
      figures[#figures + 1] = { first = a, last = a + #tok - 1, cue = profile.cue, claim = profile.cpu,
                                kind = "share",
                                why = profile.cpu and "a share of a CPU profile's samples, of the run time" or
                                      profile.event and "a share of the samples of an event that is no clock, not of the run time" or
                                      "a share of a memory profile's samples, not of the run time" }
    end
    return figures
  end
  local cell = "%-?[%d.]+%a*"
  local share = "%-?[%d.]+%%"
  local row = "^%s*" .. cell .. "%s+" .. share .. "%s+" .. share .. "%s+" .. cell .. "%s+" .. share .. "%s+%S"
  if not (line:find(row) or line:find("^%s+" .. cell .. "%s+" .. share .. "%s+|") or
          line:find("^%s*Showing nodes accounting for ")) then
    return nil
  end
  local figures = {}
  for a, tok in line:gmatch("()(%S+)") do
    tok = tok:gsub(",$", "")
    local num, unit = tok:match("^(%-?%d[%d.]*)(%S*)$")
    local f = { first = a, last = a + #tok - 1, cue = profile.cue, claim = profile.cpu }
    if num and unit == "%" then
      f.kind = "share"
      f.why = profile.cpu and "a share of a CPU profile's samples, of the run time" or
              "a share of a memory profile's samples, not of the run time"
      figures[#figures + 1] = f
    elseif num and profile.cpu and (unit == "s" or unit == "ms" or unit == "us" or unit == "\194\181s" or
                                    unit == "ns" or unit == "min" or unit == "h") then
      f.kind, f.why = "time", "a CPU profile's time in a function"
      figures[#figures + 1] = f
    end
  end
  return figures
end

-- A benchmark comparison's table names its unit in its header, not in its cells (issue 13, ninth
-- round). benchstat prints, over its rows, the files compared and the unit of each column
-- ("│ sec/op │ sec/op vs base │"; an older benchstat "name  old time/op  new time/op  delta"), and
-- in each row a value with its spread and, after the first file, the change against it:
-- "Load-12  374.5µ ± 1%  360.2µ ± 0%  -3.83% (p=0.000 n=40)". Under a time per operation those
-- cells are timings and changes of a timing (claims) whatever the cell's own suffix ("374.5µ" holds
-- no unit a scanner knows); under bytes or allocations per operation, not timing. Under cycles per
-- operation ("name  CYCLES/op", a counter the benchmark read), each cell is a cycle count with its
-- spread, the cost of the operation: a claim too (thirteenth round). The header's unit and the words
-- that decided ({ timing, kind, cue }), until the table's end (a blank line), or current.
local function bench_header(line, current)
  if not line:find("/op", 1, true) then return current end
  if not (line:find("\226\148\130") or line:find("^%s*name%s")) then return current end
  local l = line:lower()
  for _, unit in ipairs({ "sec/op", "time/op", "ns/op", "\194\181s/op", "us/op", "ms/op" }) do
    local a = l:find(unit, 1, true)
    if a then return { timing = true, kind = "time", cue = line:sub(a, a + #unit - 1) } end
  end
  local a, b = l:find("%f[%w_]cycles?/op")
  if not a then a, b = l:find("%f[%w_]clocks?/op") end
  if a then return { timing = true, kind = "cycles", cue = line:sub(a, b) } end
  a, b = l:find("%a+/op")
  return { timing = false, cue = line:sub(a, b) }
end

local function bench_figures(line, bench)
  local figures = {}
  local timing = bench.timing
  for a, text in line:gmatch("()(%d[%d.]*%S*%s+\194\177%s*[%d.]+%%)") do
    figures[#figures + 1] = { first = a, last = a + #text - 1, kind = bench.kind or "time", claim = timing,
                              cue = bench.cue,
                              why = timing and (bench.kind == "cycles" and "a cycle count under a benchmark table's unit" or
                                                "a timing under a benchmark table's unit") or
                                    "a benchmark table's figure of something else than time" }
  end
  -- benchstat's "geomean" row: the geometric means, no spread, and their change (twenty-seventh round)
  local g = line:match("^%s*geomean%s+()")
  if g then
    for a, text in line:gmatch("()(%d[%d.]*[%a\194\181]*)%f[%s\0]", g) do
      figures[#figures + 1] = { first = a, last = a + #text - 1, kind = bench.kind or "time", claim = timing,
                                cue = "geomean", why = timing and "the geometric mean of a benchmark table's timings" or
                                                      "the geometric mean of something else than time" }
    end
    for a, text in line:gmatch("()([+-]%d[%d.]*%%)", g) do
      figures[#figures + 1] = { first = a, last = a + #text - 1, kind = "speedup", claim = timing, cue = "geomean",
                                why = timing and "a change of a timing's geometric mean" or "a change of something else than time" }
    end
  end
  for a, text in line:gmatch("()([+-]%d[%d.]*%%)%s+%(p=") do
    figures[#figures + 1] = { first = a, last = a + #text - 1, kind = "speedup", claim = timing, cue = bench.cue,
                              why = timing and "a change of a timing against the base, in a benchmark table" or
                                    "a change of something else than time, in a benchmark table" }
  end
  if #figures == 0 then return nil end
  table.sort(figures, function(x, y) return x.first < y.first end)
  return figures
end

-- `time` in csh and as many wrappers print it (`/usr/bin/time -f '%Uu %Ss %er'`): "17.70u 0.05s
-- 17.80r", the user, system and elapsed seconds of the command run, each marked by its letter
-- (csh: "0.030u 0.010s 0:00.04"). The three figures are times the run took: claims.
local function clock_figures(line)
  local a, u, b, sy, c, r = line:match("^%s*()(%d[%d.]*u)%s+()(%d[%d.]*s)%s+()(%d[%d.:]*r?)%f[%s\0]")
  if not a or (not r:find("r$") and not r:find(":")) then return nil end
  local why = "a time `time` printed: the command's user, system and elapsed seconds"
  return { { first = a, last = a + #u - 1, kind = "time", claim = true, cue = u, why = why },
           { first = b, last = b + #sy - 1, kind = "time", claim = true, cue = u, why = why },
           { first = c, last = c + #r - 1, kind = "time", claim = true, cue = u, why = why } }
end

-- A printed line's label names the quantity of the figures after it (issue 13, tenth round). A
-- benchmark or load tool prints its results as lines that open with a label and go on with
-- figures, whatever the tool: "Requests/sec: 113923.19", "Req/Sec  114.61k  8.45k", "Transfer/sec:
-- 9.56MB", "Latency  371.53us  99.05us  1.97ms", "p99: 4.1", "Time taken for tests: 2.5". A label
-- that is a rate (a per-second unit, "per second", IOPS, QPS, RPS, TPS, throughput, bandwidth) or a
-- measured time (latency, response time, time taken, time per, elapsed, a percentile "p99") makes
-- the figures after it that quantity, bare or with a k/M suffix or a unit glued on: claims. A
-- percentage without a sign there is not that quantity (a rate or a time is no percentage): the
-- share of samples within a spread (a "+/- Stdev" column), let pass. Only a label of words counts:
-- one with '_' or a digit is a key of a config or of code ("max_latency: 5ms" sets a bound), and
-- words of a setting (timeout, interval, delay, limit, max/min ...: none of the above) are never
-- such a label. A figure with a unit word after it ("1 microseconds") is left to be read as printed.
-- Called only on what a display block shows as printed (never a command typed, never a config
-- block, which is no text). A list of { first, last, kind, claim, cue, why }, or nil.
function label_quantity(label)
  local l = " " .. label:lower() .. " "
  for _, pat in ipairs({ "/s%f[%A]", "/sec%f[%A]", "/second%f[%A]", "per sec%f[%A]", "per second%f[%A]",
                         "%f[%a]iops%f[%A]", "%f[%a]qps%f[%A]", "%f[%a]rps%f[%A]",
                         "%f[%a]tps%f[%A]", "throughput", "bandwidth", "%f[%a]bw%f[%A]" }) do
    if l:find(pat) then return "rate" end
  end
  -- a count of cycles or a rate per cycle ("Total Cycles: 110", "uOps Per Cycle: 2.73": llvm-mca's
  -- summary; twenty-seventh round)
  if l:find("per cycle%f[%A]") then return "rate" end
  local before = l:match("^%s*(%a*)%s*cycles%s*$")
  if before and (before == "" or before == "total" or before == "core" or before == "cpu" or before == "clock" or
                 before == "elapsed" or before == "ref" or before == "reference" or before == "unhalted") then
    return "cycles"
  end
  for _, pat in ipairs({ "latenc", "response time", "time taken", "time per", "elapsed", "round%-?trip",
                         "%f[%a]took%f[%A]", "total time", "run ?time", "time to complete", "cpu time" }) do
    if l:find(pat) then return "time" end
  end
  return nil
end

-- A label glued to its figure by '=' anywhere on the line ("read: IOPS=9.8k, BW=38.3MiB/s"): a
-- rate's or a time's key names its value as a label at the line's start does; a key that is part of
-- an identifier (max_latency=5) does not. The list as labelled_figures gives it, or nil.
local function keyed_figures(line)
  if not line:find("=", 1, true) then return nil end
  local figures = {}
  for a, key, b, value in line:gmatch("()%f[%w_]([%a][%a/]*)=()([+-]?%d[%d.,]*[%a\194\181/]*)") do
    local kind = label_quantity(key)
    if kind and not line:sub(a - 1, a - 1):find("[%w_]") then
      value = value:gsub(",$", "")
      figures[#figures + 1] = { first = b, last = b + #value - 1, cue = key, kind = kind, claim = true,
                                why = kind == "rate" and "a figure after a printed label that names a rate" or
                                      "a figure after a printed label that names a measured time" }
    end
  end
  if #figures == 0 then return nil end
  return figures
end

local function labelled_figures(line)
  -- a log line's clock stamp before its label ("11:23:59| Total time = 39.07"; thirteenth round,
  -- after the measure) is when the line was written: the label is read after it
  local stamp = line:match("^%s*%d%d?:%d%d:%d%d[%.,]?%d*%s*[|%]:-]?%s*")
  if stamp and #stamp < #line then
    return labelled_figures(string.rep(" ", #stamp) .. line:sub(#stamp + 1))
  end
  -- the right half of two listings printed side by side ("      \226\148\130  Core cycles: 4.00"): read after
  -- the rule that parts them (twenty-seventh round)
  local side = line:match("^%s*\226\148\130%s*")
  if side and #side < #line then
    return labelled_figures(string.rep(" ", #side) .. line:sub(#side + 1))
  end
  -- a label is short: the patterns below read at most its 80 characters (linear in the line)
  local digit = line:find("%d")
  if not digit or digit > 80 then return nil end
  local head = line:sub(1, digit)
  -- a percentile's label first: "p99: 4.1ms", "P50=812"
  local lead, label, gap = line:sub(1, 80):match("^(%s*)([pP]%d%d?%d?%.?%d*)(%s*[:=]%s*)[+-]?%d")
  if not lead then
    lead, label, gap = head:match("^(%s*)(%a[%a%s/%.%-+()#]-)([%s:=]*)[+-]?%d")
    if not lead or (not gap:find("[:=]") and #gap < 2) then return keyed_figures(line) end
  end
  local first = #lead + #label + #gap + 1
  local kind = label:match("^[pP]%d") and "time" or label_quantity(label)
  if not kind then return keyed_figures(line) end
  local cue = label:gsub("%s+$", "")
  local figures = {}
  local rest = line:sub(first)
  for a, tok, after in rest:gmatch("()(%S+)()") do
    -- another label begins ("Core cycles: 4.00  \226\148\130 Instructions retired: 3.00", two listings
    -- side by side): its figures are its own (twenty-seventh round)
    if tok:find("%a:$") then break end
    local figure = tok:gsub("[,;]$", "")
    local num, unit = figure:match("^([+-]?%d[%d,.]*)([%a\194\181/%%]*)$")
    -- a duration printed as a clock ("Total CPU time:   00:26:31.17", TestU01; sixteenth round)
    if not num and figure:find("^%d%d?:%d%d:%d%d[%.%d]*$") then num, unit = figure, "" end
    local word = rest:match("^%s+(%a+)", after)
    if num and not (unit == "" and word) then
      local f = { first = first + a - 1, last = first + a - 2 + #figure, cue = cue }
      if unit == "%" then
        if num:find("^%d") then
          f.kind, f.claim = "share", false
          f.why = "a percentage after a rate's or a time's label: a share of the samples (a spread), not the quantity"
          figures[#figures + 1] = f
        end
      else
        f.kind, f.claim = kind, true
        f.why = kind == "rate" and "a figure after a printed label that names a rate" or
                kind == "cycles" and "a figure after a printed label that names a count of cycles" or
                "a figure after a printed label that names a measured time"
        figures[#figures + 1] = f
      end
    end
  end
  if #figures == 0 then return nil end
  return figures
end

-- A printed row whose label is a unit, its figures bare in the columns after it (thirteenth round):
-- "nanoseconds |  4571 |  6139 | 25567", "cycles   20474   27837": a tool that prints one row per
-- quantity names each row's unit once, at its start, as a table's header names a column's. The
-- figures are that many nanoseconds or cycles: claims. Only a unit spelled out, alone as the label,
-- set apart from the figures by '|' or two spaces, and a row of nothing but bare figures (and '|')
-- counts; a row labelled by anything else is read as printed.
local row_units = { nanoseconds = "time", microseconds = "time", milliseconds = "time", seconds = "time",
  cycles = "cycles", clocks = "cycles" }
local function unit_row(line)
  local lead, label, gap = line:match("^(%s*)(%a+)(%s*|?%s*)%d")
  if not lead or #gap < 2 then return nil end
  local kind = row_units[label:lower()]
  if not kind then return nil end
  local base = #lead + #label + #gap
  local figures = {}
  for a, tok in line:sub(base + 1):gmatch("()(%S+)") do
    if tok:find("^%d[%d.,]*$") then
      figures[#figures + 1] = { first = base + a, last = base + a + #tok - 1, kind = kind, claim = true, cue = label,
                                why = "a figure in a printed row whose label is its unit" }
    elseif tok ~= "|" then
      return nil
    end
  end
  return figures
end

-- A printed call graph draws each path as a branch with its share written on it (thirteenth
-- round): "|--55.52%--parse", "--9.08%--main", the lines of a tree ('|', spaces) before it. The
-- share is the part of the profile's samples that went through that path, a share of the run time
-- where the profile samples time (as a profile's listing, profile_figures): a claim, unless the
-- session said the profile is of memory.
local function branch_share(line, profile)
  local a, share = line:match("^[%s|]*%-%-()(%d[%d.]*%%)%-%-%S")
  if not a or profile and not profile.cpu then return nil end
  return { { first = a, last = a + #share - 1, kind = "share", claim = true, cue = "--" .. share .. "--",
             why = "a share drawn on a branch of a printed call graph: the samples of that path" } }
end

-- A printed time followed by a percentage in parentheses (thirteenth round, after the measure):
-- "Rustc:   414.21s ( 4.59%)", "Total samples = 118.73s (101.55%)": the share of the whole that
-- time took, printed beside it as a timing table or a profile's header prints it: a claim, as the
-- time is. Only a figure with a unit of time right before the '(' (a space or none between), and
-- a percentage alone in the parentheses; the time itself is read as printed. The line must hold
-- "%)" (one find) before anything else is tried.
local paren_time_units = { s = true, ms = true, us = true, ["\194\181s"] = true, ns = true, sec = true,
  secs = true, seconds = true, min = true, mins = true, minutes = true, h = true, hours = true }
local function time_shares(line)
  if not line:find("%", 1, true) then return nil end
  local figures
  for time, unit, a, share in line:gmatch("(%d[%d.,]*)([%a\194\181]+)%s?%(%s*()(%d[%d.]*%%)%s*%)") do
    if paren_time_units[unit:lower()] then
      figures = figures or {}
      figures[#figures + 1] = { first = a, last = a + #share - 1, kind = "share", claim = true,
                                cue = time .. unit .. " (" .. share .. ")",
                                why = "a percentage printed beside a time: the share of the whole it took" }
    end
  end
  return figures
end

-- A traced call's duration (fourteenth round): a printed line that closes with a bare decimal
-- fraction in angle brackets ("close(3) = 0 <0.000123>", or that alone on a line continuing a
-- record) gives the time the call it records took, in seconds, as a tracer prints it after each
-- call's result: a claim. Only a figure with a fraction, alone in the brackets, nothing after them.
local function call_duration(line)
  local a, time = line:match("<()(%d+%.%d+)>%s*$")
  if not a then return nil end
  return { { first = a, last = a + #time - 1, kind = "time", claim = true, cue = "<" .. time .. ">",
             why = "a bare fraction in angle brackets closing a traced call's record: the time the call took" } }
end

-- A metric's share printed before its glued name (fourteenth round): a percentage that opens a
-- printed line, or what follows its '#', right before a name joined by '_' or '.'
-- ("0.0 %  bad_speculation_mispredicts  (20.08%)", "#   0.2 %  tma_bad_speculation"), with
-- nothing after the name but the counter's own share in parentheses or a marker ("<=="), is the
-- share of the run that metric took: a claim, whatever the name's words say ("memory", "branch"),
-- unless the name ends in a rate or a ratio.
local function metric_share(line)
  local seg = line:match("#([^#]*)$") or line
  local off = #line - #seg
  local a, num, name, rest = seg:match("^%s*()(%d[%d.]*%s?%%)%s+(%a%w*[_.][%w_.]*)(.*)$")
  if not a or not (rest:find("^%s*$") or rest:find("^%s+%(%d[%d.]*%%%)%s*$") or rest:find("^%s+<=+%s*$")) then
    return nil
  end
  -- a name that ends in a rate or a ratio ("l1d_miss_rate", "branch_miss_ratio", "dtlb_mpki") counts
  -- events against events: its percentage is no share of the run (an author's review)
  local last = name:lower():match("([%a%d]+)$")
  if last == "rate" or last == "ratio" or last == "mpki" or last == "pki" then
    return { { first = off + a, last = off + a + #num - 1, kind = "share", claim = false, cue = name,
               why = "a metric's name that ends in a rate or a ratio: events counted against events, no share of the run" } }
  end
  return { { first = off + a, last = off + a + #num - 1, kind = "share", claim = true, cue = name,
             why = "a share printed before a metric's glued name: the part of the run it took" } }
end

-- What a tool's listing decides of a printed line's figures (profile_figures, bench_figures,
-- clock_figures, branch_share, unit_row, labelled_figures, call_duration, time_shares), or nil.
-- A benchmark tool that compares runs prints each one's figure with its spread and then its ratio
-- to the baseline ("libpng_decode_19k_8bpp  58.0MB/s ± 0%  1.00x"), and a summary of a group as the
-- range of those ratios ("wuffs  1.50x to 2.75x"): the ratios are speed-ups, claims (sixteenth
-- round, nigeltao-blog); the figure before is read as printed. A list as labelled_figures gives it,
-- or nil.
local function ratio_figures(line)
  local why = "a ratio to the baseline printed after a run's figure and its spread, a speed-up"
  local a, x = line:match("\194\177%s*[%d.]+%%%s+()(%d[%d.]*x)%s*$")
  if a then
    return { { first = a, last = a + #x - 1, kind = "speedup", claim = true, cue = "\194\177", why = why } }
  end
  local b, lo, c, hi = line:match("^%s*[%w_/.+-]+%s+()(%d[%d.]*x) to ()(%d[%d.]*x)%s*$")
  if not b then return nil end
  why = "a range of ratios to the baseline printed for a group of runs, speed-ups"
  return { { first = b, last = b + #lo - 1, kind = "speedup", claim = true, cue = "to", why = why },
           { first = c, last = c + #hi - 1, kind = "speedup", claim = true, cue = "to", why = why } }
end

local function listed_figures(line, profile, bench)
  local figures = profile and profile_figures(line, profile) or bench and bench_figures(line, bench) or
                  clock_figures(line) or branch_share(line, profile) or unit_row(line) or ratio_figures(line) or
                  labelled_figures(line) or
                  line:find(">%s*$") and call_duration(line) or line:find("%", 1, true) and metric_share(line)
  local shares = time_shares(line)
  if not shares or not figures then return figures or shares end
  for _, f in ipairs(shares) do -- a share the listing did not decide already
    local taken = false
    for _, g in ipairs(figures) do
      if f.first <= g.last and g.first <= f.last then taken = true end
    end
    if not taken then figures[#figures + 1] = f end
  end
  table.sort(figures, function(x, y) return x.first < y.first end)
  return figures
end

-- pprof says above a listing which nodes it left out: "Dropped 268 nodes (cum <= 0.59s)", "Showing
-- top 10 nodes out of 16 (cum >= 512.04kB)". That bound is the listing's threshold, set from the
-- total (`-nodefraction`), not a figure of the program: specified (the relation written any way: a
-- page template's cum {{raw "<"}}= 0.59s). True if the line is such a one.
local function profile_bound(line)
  return line:find("^%s*Dropped %d+ nodes %(cum[^)]*=") ~= nil or line:find("^%s*Showing top %d+ nodes out of %d+ %(cum[^)]*=") ~= nil
end

-- A trace stamped in a simulated clock (issue 13, eleventh round): a printed line that opens with a
-- bracketed stamp whose figure is a bare count of the program's own clock ("[time 5]", "[ time 0 ]",
-- "[tick 12]", "[step 3]": no unit, no fraction) tells the events of a model in the model's time, as a
-- simulator of a scheduler or a disk prints them ("[time 1] Run job 1 for 4.00 secs (DONE)"). A
-- duration on such a line is the model's schedule, an input it was given or computed, not how long
-- code ran: specified. A measured trace stamps its lines with a clock's reading, in a unit or with a
-- fraction ("[0.123s]", "[ 12.345678]"), and is read as printed. The stamp, or nil.
local function simulated_stamp(line)
  return line:match("^%s*(%[%s*[Tt][Ii][Mm][Ee]%s+%d+%s*%])") or line:match("^%s*(%[%s*[Tt][Ii][Cc][Kk]%s+%d+%s*%])") or
         line:match("^%s*(%[%s*[Ss][Tt][Ee][Pp]%s+%d+%s*%])")
end

-- A printed table read by its columns (issue 13, twelfth round; engine/rules/README.md says what a
-- table is and what its header decides). A header cell's words: a time ("time"), a share of the run
-- time ("share": with '%', or the cell's one word; "pct": with '%' only).
local col_words = { time = "time", latency = "time", latencies = "time", duration = "time", durations = "time",
  elapsed = "time", wall = "time", runtime = "time", second = "time", seconds = "time", millisecond = "time",
  milliseconds = "time", microsecond = "time", microseconds = "time", nanosecond = "time", nanoseconds = "time",
  minute = "time", minutes = "time", sec = "time", secs = "time", msecs = "time", usecs = "time", nsecs = "time",
  overhead = "share", self = "share", children = "share", samples = "pct",
  flat = "pct", cum = "pct",
  -- iostat's and sar's: a request's mean wait and service time (ms), the share of time a device was
  -- busy and the shares of CPU time (seventeenth round, the rates beside them read)
  await = "time", svctm = "time", util = "pct", user = "pct", nice = "pct", system = "pct", iowait = "pct",
  steal = "pct", idle = "pct",
  -- mpstat's and pidstat's ("%usr %sys %irq %soft %guest %gnice", "%wait"; twenty-seventh round)
  usr = "pct", sys = "pct", irq = "pct", soft = "pct", guest = "pct", gnice = "pct", wait = "pct",
  ifutil = "pct", -- sar -n DEV's share of the link's capacity in use
  -- a statistic of a distribution (BenchmarkDotNet's "Mean | Error | StdDev", "Median"): a time when
  -- its cell gives a unit of time ("27.0464 us"), nothing otherwise (seventeenth round)
  mean = "stat", median = "stat", stddev = "stat", avg = "stat", average = "stat", min = "stat", max = "stat",
  error = "stat",
  -- a count of cycles ("Core cyc": Agner Fog's test programs; perf's tables)
  cycles = "cycles", cyc = "cycles", clk = "cycles",
  -- a timer's count of its own periods, a duration when the header also gives it as a time ("Ticks |
  -- Time(us) | Count": a histogram of Stopwatch's measured intervals; eighteenth round); alone, a
  -- count of samples ("ticks total nonlib", V8's profile)
  ticks = "ticks", tick = "ticks",
  -- a reference clock's count ("Clock  Core cyc  Instruct": Agner Fog's test programs count the time
  -- stamp counter beside the core's cycles), cycles when it stands beside a column of the core's cycles;
  -- otherwise a clock's reading, step, frequency or name (thirty-fourth round)
  clock = "clock", clocks = "clock",
  -- "Benchmark  Time  CPU  Iterations" (Google Benchmark's console): the CPU time beside the wall
  -- time; alone, or in a listing of processes, a CPU's number or share (eighteenth round)
  cpu = "cpu",
  -- "phase  time  share": a column of percentages beside one of times is each row's share of the
  -- total time; alone, a share of anything (twenty-fourth round, a probe's profile printout)
  share = "beside", shares = "beside", percent = "beside", percentage = "beside" }
-- "WORDtime" is a time ("tottime", "cumtime") unless a file's, a calendar's, a life's
local col_not = { life = 1, date = 1, real = 1, any = 1, some = 1, over = 1, day = 1, mean = 1, night = 1,
  bed = 1, lunch = 1, full = 1, part = 1, half = 1, long = 1, first = 1, each = 1, every = 1 }
-- a unit's abbreviation: in a header only bracketed or before '/' ("(ms)", "ns/op"; "us" alone is a
-- CPU's user share); glued to a cell's figure
local col_units = { s = 1, sec = 1, secs = 1, ms = 1, msec = 1, us = 1, usec = 1, ns = 1, nsec = 1, ["\194\181s"] = 1,
  ["\206\188s"] = 1 }
local col_settings = { "default", "limit", "timeout", "interval", "period", "resolution", "deadline", "delay",
  "setting", "option", "parameter", "argument", "minimum", "maximum", "allowed", "range", "granularity", "quantum",
  "arrival", "burst" }

-- a bound a harness sets on a run, printed beside the time the run took ("Limit (s)  Time (s)")
local col_bounds = { limit = 1, timeout = 1, allowed = 1, maximum = 1 }

-- what a rate's unit counts per second, for it to be a throughput ("KiB/s", "MFLOP/s", "req/s"; not
-- "m/s", a speed, nor "V/s")
local rate_of = {}
for w in ("b kb mb gb tb kib mib gib tib byte bytes kbyte kbytes mbyte mbytes gbyte gbytes bit bits kbit kbits mbit " ..
          "mbits gbit gbits op ops req reqs request requests query queries event events io ios iops flop flops " ..
          "kflop mflop gflop tflop kflops mflops gflops tflops msg msgs message messages item items packet packets " ..
          "pkt pkts tx txn txns transaction transactions record records row rows key keys call calls line lines"):gmatch("%S+") do
  rate_of[w] = true
end

local function uncomment(line)
  -- a test harness's '%' before a word, as MATLAB's comments are ("% blis_<dt>  m  n  k  gflops":
  -- BLIS's test suite; nineteenth round); gprof's "  %   cumulative" names a column
  -- ("% time     seconds  usecs/call": strace's share column keeps its '%')
  local first = line:match("^%% (%S+)")
  if first and not col_words[first:lower()] then return " " .. line:sub(2) end
  return (line:gsub("^(%s*)#", "%1 "))
end

local function column_kind(text)
  -- a CSV's quoted cell ('"Avg (ns)"': nsys stats) is read without its quotes
  local l = text:lower():gsub('^%s*"(.*)"%s*$', "%1")
  -- pidstat's "%CPU": the share of a processor the task used (twenty-seventh round)
  if l:find("^%s*%%cpu%s*$") then return "share" end
  -- two glued names with a tool's unit or share run together by one space in a pipe table's cell
  -- name nothing (column_header parts them in a printed table)
  local glued = 0
  for tok in l:gmatch("%S+") do
    if tok:find("%w[/_%-]%w") or tok:find("^%%%a") then glued = glued + 1 end
  end
  if glued >= 2 then return nil end
  for _, w in ipairs(col_settings) do
    if l:find("%f[%a]" .. w) then return "setting", col_bounds[w] end
  end
  -- a statistic with its unit joined by an underscore ("mean_ms", "stddev_ms": pg_stat_statements'
  -- columns; twenty-eighth round), and "tps", transactions or transfers per second
  local joined = l:match("^%s*%a+_(%a+)%s*$")
  if joined and col_units[joined] and joined ~= "s" and not pct then return "time" end
  if joined == "cyc" or joined == "cycles" then return "cycles" end
  if l:find("^%s*tps%s*$") then return "rate" end
  -- "1 tick": what one tick lasts, no column of figures the run measured (eighteenth round)
  if l:find("tick", 1, true) and l:find("^%s*1%s+ticks?%s*$") then return nil end
  local pct = l:find("%", 1, true)
  -- a statistic whose unit stands in brackets ("Mean [ms]", "Min [ms]": hyperfine's Markdown export;
  -- twenty-seventh round): a time
  local bu = l:match("^%s*%a+%s*[%(%[]%s*([%a\194\181\206\188]+)%s*[%)%]]%s*$")
  if bu and col_units[bu] and col_words[l:match("%a+")] == "stat" then return "time" end
  -- "bytes_per_second", "items per second": a rate, not a time (Google Benchmark's CSV; twenty-seventh
  -- round)
  local per_what = l:match("^%s*(%a+)[_ ]per[_ ]second%s*$")
  if per_what then return rate_of[per_what] and "rate" or nil end
  -- "Avg time", "Min time" (STREAM's): a statistic of a time, a time
  local timed_stat = l:find("^%s*avg time%s*$") or l:find("^%s*min time%s*$") or l:find("^%s*max time%s*$")
  for word in l:gmatch("%a+") do
    local k, stem = col_words[word], word:match("^(%a%a%a+)times?$")
    if k == "stat" and timed_stat and not pct then return "time" end
    if k == "time" or stem and not col_not[stem] then return pct and "share" or "time" end
    if k == "stat" and not pct then return "stat" end
    if k == "cycles" then return "cycles" end
    if k == "beside" and l:find("^%s*%a+%s*$") then return "beside" end
    if k == "ticks" and not pct then return k end
    if k == "clock" and l:find("^%s*%a+%s*$") then return k end
    -- "CPU", "CPU Old", "CPU New" alone in their cell ("CPU Iterations", two names run together, is none)
    if k == "cpu" and (l:find("^%s*cpu%s*$") or l:find("^%s*cpu%s+old%s*$") or l:find("^%s*cpu%s+new%s*$")) then
      return k
    end
    if k == "share" and (pct or l:find("^%s*%a+%s*$")) or k == "pct" and pct then return "share" end
  end
  local u = l:match("[%(%[]%s*([%a\194\181\206\188]+)%s*[%)%]]") or l:match("([%a\194\181\206\188]+)/")
  if u and col_units[u] then return pct and "share" or "time" end
  -- a unit joined by underscores: "ns_per_access", "latency_us", "time_ms" (nineteenth round)
  u = l:match("^%s*(%a+)_per_%a+%s*$") or l:match("^%s*%a+_(%a+)%s*$") or
      l:match("^%s*([%a\194\181\206\188]+)%s+per%s+%a+%s*$") -- "ns per node" (twentieth round)
  if u and col_units[u] and u ~= "s" then return pct and "share" or "time" end
  -- "METHOD/s", "OPS/sec", "req/s", "MB/s": events or data per second, a rate (seventeenth round,
  -- bcc-examples' ustat); a word after the slash is no rate ("r/w", "I/O")
  local per = l:match("%a/%s*(%a+)%s*$") or l:match("%a/%s*(%a+)%s*[%(%[]")
  if per == "s" or per == "sec" or per == "second" then return "rate" end
  -- cycles per operation and instructions per cycle (nanobench's "cyc/op", "IPC"; twenty-seventh round)
  if l:find("^%s*cyc/%a+%s*$") or l:find("^%s*cycles/%a+%s*$") then return "cycles" end
  if l:find("^%s*ipc%s*$") then return "rate" end
  -- floating-point operations per second ("gflops", "GFLOP/s", "MFLOPS"): a rate by its name
  -- (nineteenth round, blis-docs' test suite)
  -- (a bare "flops" may count the work: "kernel  flops  bytes")
  if l:find("^%s*[kmgtp]flops%s*$") or l:find("^%s*[kmgtp]?flop/s%s*$") then return "rate" end
  return nil
end

local function figure_token(tok)
  local num, unit = tok:match("^([+-]?%d[%d,]*%.?%d*)([%a\194\181\206\188/%%]*)$")
  if not num then
    -- a figure printed with an exponent ("3.27646e+06": Google Benchmark's CSV) or a duration in minutes
    -- and seconds ("0:05.09": top's TIME+) (twenty-seventh round)
    if tok:find("^[+-]?%d[%d.]*[eE][+-]%d+$") or tok:find("^%d+:%d%d%.%d+$") then return tok, "" end
    return nil
  end
  if num and not num:find(",$") then return num, unit end
end

-- The header a line is: { pipe, cols = { { a, b, text, kind, per, index } } }; false for a line of
-- words in columns that names no time or share, or a setting; nil for no header.
local function column_header(line)
  -- a line of comma-separated values with no space ("ENDTIME_us,TASK,PID,LATENCY_us"): a CSV header,
  -- its cells counted as a pipe table's are (seventeenth round, bcc's -j output)
  -- (its cells in quotes, spaces in them: nsys stats' "Time (%)","Total Time (ns)"; twenty-seventh round)
  local csv = not line:find("|", 1, true) and (not line:find(" ", 1, true) or line:find('^"[^",]*","') and
                                               line:find('%(%a+%)"')) and
              select(2, line:gsub(",", "")) >= 2
  if not (line:find("  ", 1, true) or line:find("|", 1, true) or csv) or #line > 400 or line:find("[\t=;{}]") or
     not line:find("%a") or perf_other_header(line) then return nil end
  local sep = csv and "," or "|"
  local body, cols, pipe, named = uncomment(line), {}, line:find("|", 1, true) or csv, false
  if pipe then
    local i = 0
    for cell in body:gmatch("[^" .. sep .. "]*") do
      i = i + 1
      local t = cell:match("^%s*(.-)%s*$")
      if t ~= "" then
        if figure_token(t:match("^%S+")) then return nil end
        cols[#cols + 1] = { index = i, text = t }
      end
    end
  else
    local last = -10
    for a, tok, b in body:gmatch("()(%S+)()") do
      if figure_token(tok) then return nil end
      if a - last >= 2 then
        cols[#cols + 1] = { a = a, b = b - 1, text = tok }
      else
        cols[#cols].b, cols[#cols].text = b - 1, cols[#cols].text .. " " .. tok
      end
      last = b
    end
  end
  -- a tool's header whose glued names one space parts ("%nice %system", "wsec/s avgrq-sz", iostat's):
  -- each name its own column, at its own place (seventeenth round)
  if not pipe then
    local split = {}
    for _, c in ipairs(cols) do
      local names, all = {}, true
      for a, tok, b in body:sub(c.a, c.b):gmatch("()(%S+)()") do
        names[#names + 1] = { a = c.a + a - 1, b = c.a + b - 2, text = tok }
        if not (tok:find("%w[/_%-]%w") or tok:find("^%%%a")) then all = false end
      end
      if #names >= 2 and all then
        for _, n in ipairs(names) do split[#split + 1] = n end
      else
        split[#split + 1] = c
      end
    end
    cols = split
  end
  if #cols < 2 then return nil end
  -- a listing of events, one a row (a column names its process: PID, TID, COMM, TASK), gives in its
  -- TIME, TIMESTAMP or TS column when each happened, a stamp, not how long (bcc's "TIME(s)",
  -- "ENDTIME_us"); its LAT(ms) column is still how long (seventeenth round)
  local events = false
  for _, c in ipairs(cols) do
    local w = c.text:lower():match("^%a+")
    if w == "pid" or w == "tid" or w == "comm" or w == "task" then events = true end
  end
  local settings, bounds, timed, cycled, beside = 0, 0, false, false, false
  for k, c in ipairs(cols) do
    local bound
    c.kind, bound = column_kind(c.text)
    local w = c.text:lower():match("^%a+")
    -- (top's "TIME+" is the processor time a task used, no stamp: twenty-seventh round)
    if events and c.kind == "time" and not c.text:find("^TIME%+") and
       (w == "time" or w == "timestamp" or w == "ts" or w == "endtime" or w == "starttime") then
      c.kind = "stamp"
    end
    -- "percall": the column on its left, per call
    if not c.kind and k > 1 and c.text:lower():find("^per%a*%f[%A]") and cols[k - 1].kind == "time" then
      c.kind, c.per = "time", true
    end
    if c.kind == "setting" then
      settings, bounds = settings + 1, bounds + (bound or 0)
    elseif c.kind == "ticks" or c.kind == "cpu" or c.kind == "beside" or c.kind == "clock" then
      beside = true
    elseif c.kind then
      -- (the core's own count, "Core cyc", "core cycles": set against the clock's, which then counts
      -- reference cycles; a "Cycles" column beside "Clock" is a simulator's or an exercise's, its clock
      -- a step or a frequency: an attacker's review)
      named, timed = true, timed or c.kind == "time"
      cycled = cycled or c.kind == "cycles" and c.text:lower():find("^core%s+cyc") ~= nil
    end
  end
  -- a column of ticks is a duration only beside one that gives it as a time; so is one named "CPU",
  -- but in a listing of events (a process's CPU number); a clock's count is cycles only beside the
  -- core's cycles
  if beside then
    for _, c in ipairs(cols) do
      if c.kind == "beside" then
        c.kind = timed and "share" or nil
      elseif c.kind == "clock" then
        c.kind = cycled and "cycles" or nil
      elseif c.kind == "ticks" or c.kind == "cpu" then
        c.kind = timed and not (c.kind == "cpu" and events) and "time" or nil
      end
    end
  end
  -- a table of settings is left alone, but for the figures under its settings' words (a test's
  -- "Timeout", "5 s" under it: specified); one whose only settings are bounds on a run, beside a
  -- column that names a time, is a harness's report: the bounds are set, the times ran
  if settings > 0 and (bounds < settings or not timed) then
    if named then return false end
    return { pipe = pipe, sep = sep, cols = cols, pipes = pipe and select(2, line:gsub(sep, "")), settings = true }
  end
  return named and { pipe = pipe, sep = sep, cols = cols, pipes = pipe and select(2, line:gsub(sep, "")) } or false
end

-- The column a row's figure at [a, b] stands in: the '|' cell; the header words it overlaps most; or,
-- under none, its left neighbour's.
local function column_of(header, line, a, b)
  local best, most, left = nil, 0, nil
  if header.pipe then
    local index = select(2, line:sub(1, a):gsub(header.sep, "")) + 1
    for _, c in ipairs(header.cols) do
      if c.index == index then return c, true end
    end
    return nil
  end
  for _, c in ipairs(header.cols) do
    local o = math.min(b, c.b) - math.max(a, c.a) + 1
    if o > most then best, most = c, o end
    if c.b < a then left = c end
  end
  return best or left, best ~= nil
end

-- The figures of a row its header decides ({ first, last, kind, claim, cue, why }), and how many of
-- its figures stand under a header word; nil when the line is no row of the table.
local function column_figures(line, header)
  -- a tab that indents a row moves it to the next multiple of eight columns, as a terminal shows it
  -- (a profile's report indented by a tab, fourteenth round): the row is read so, its figures'
  -- places given back in the line as written; a tab after the indent still stops the reading
  local shift = 0
  if line:find("^[ ]*\t") then
    local lead = line:match("^[ \t]*")
    local width = 0
    for ch in lead:gmatch(".") do width = ch == "\t" and (width // 8 + 1) * 8 or width + 1 end
    line, shift = string.rep(" ", width) .. line:sub(#lead + 1), width - #lead
  end
  if line:find("\t", 1, true) or header.pipe and select(2, line:gsub(header.sep, "")) ~= header.pipes then return nil end
  local figures, under = {}, 0
  local spread_end = 0 -- a figure's spread ("1908.3 ± 91.2") goes with it, not read again
  for a, tok in line:gmatch(header.sep == "," and "()([^%s,]+)" or "()(%S+)") do
    if a <= spread_end then goto next_token end
    local t = tok:gsub("[,;]$", "")
    local num, unit = figure_token(t)
    local c, below = nil, false
    if num then c, below = column_of(header, line, a, a + #t - 1) end
    if below then under = under + 1 end
    local kind = c and c.kind
    if kind == "setting" then
      if num then
        -- its unit, a word after it ("5 s", "10 min")
        local last, word = a + #t - 1, unit == "" and line:match("^ ([%a\194\181]+)%f[%A]", a + #t)
        if word and (col_units[word:lower()] or col_words[word:lower()] == "time" or word == "min" or word == "h") then
          last = last + 1 + #word
        end
        figures[#figures + 1] = { first = a - shift, last = last - shift, kind = "time", claim = false, verdict = "specified",
          cue = c.text, why = header.settings and "a printed table's column that names a setting" or
                              "a printed table's column that names a bound set on the run, beside the time it took" }
      end
      kind = nil
    end
    local last = a + #t - 1
    if kind == "stamp" then
      if num then
        figures[#figures + 1] = { first = a - shift, last = last - shift, kind = "time", claim = false,
          verdict = "specified", cue = c.text,
          why = "a printed listing of events' column of when each happened, a timestamp, not how long" }
      end
      kind = nil
    end
    if kind == "stat" then
      -- a statistic's figure is a time when its unit, glued or the next word, is one ("8.3247 us")
      local word = unit == "" and line:match("^ ([%a\194\181\206\188]+)%f[%A]", a + #t)
      if unit ~= "" and col_units[unit] then
        kind = "time"
      elseif word and col_units[word] then
        kind, unit, last = "time", word, last + 1 + #word
      else
        kind = nil
      end
    end
    if kind == "time" and unit == "%" then kind = "share" end
    -- a duration in minutes and seconds only under top's TIME+ (a subtitle's or a lap's is a stamp)
    if num and t:find(":", 1, true) and not (c and c.text:find("^TIME%+")) then kind = nil end
    if kind == "time" and unit ~= "" and not col_units[unit] or
       kind == "share" and unit ~= "%" and not (unit == "" and c.text:find("%", 1, true)) or
       kind == "rate" and unit ~= "" and not unit:find("^%a*/s$") and not unit:find("^[kKMG]$") or
       kind == "cycles" and unit ~= "" then kind = nil end
    -- a count of cycles is a bare figure: "800 MHz" under "Clock" beside "Core cycles" is a frequency,
    -- "5 ms" a time (an attacker's review, thirty-fourth round)
    if kind == "cycles" and unit == "" then
      local word = line:match("^ ([%a\194\181\206\188]+)%f[%A]", a + #t)
      if word and (word:lower():find("hz$") or col_units[word:lower()]) then kind = nil end
    end
    -- "total   1100   100%": the shares' sum, not a part's (twenty-fourth round)
    if kind == "share" and t:find("^100%.?0*%%?$") and
       ({ total = true, sum = true, all = true, overall = true })[line:lower():match("^[%s#|*]*(%a+)") or ""] then
      figures[#figures + 1] = { first = a - shift, last = last - shift, kind = kind, claim = false, cue = c.text,
        why = "the total row of a table of shares (100% by definition)" }
      kind = nil
    end
    if kind then
      local spread = line:match("^%s*\194\177%s*%d[%d.]*", last + 1)
      if spread then last, spread_end = last + #spread, last + #spread end
      figures[#figures + 1] = { first = a - shift, last = last - shift, kind = kind, claim = true, cue = c.text,
        why = c.per and "a printed table's column of a time per item, its left neighbour's" or
              "a printed table's column that names " .. (kind == "time" and "a time" or
                                                        kind == "rate" and "a rate" or kind == "cycles" and "cycles" or
                                                        "a share of the run time") }
    end
    ::next_token::
  end
  return figures, under
end

-- Enters a line of a display block: the table's header in force after it, and the row's figures it
-- decides. A header counts when the line after it (past drawn lines) is a row; any line that is no
-- row, no drawn line ('-', '=', '+', '|', ...), ends the table.
local function table_columns(code, line, stop, current)
  if not line:find("%S") then return nil end
  local header = column_header(line)
  if header == nil then
    if not current or line:find("^#?[%s%-=+|:.~_]*$") then return current end
    local figures, under = column_figures(line, current)
    if figures and under >= ((current.pipe or current.settings) and 1 or 2) then return current, figures end
    return nil
  end
  if not header then return nil end
  for next in code:sub(stop + 1, stop + 2000):gmatch("[^\n]*") do
    if not next:find("^#?[%s%-=+|:.~_]*$") or not next:find("%S") then
      local figures, under = column_figures(next, header)
      return figures and under >= ((header.pipe or header.settings) and 1 or 2) and header or nil
    end
  end
  return nil
end

-- Tools' fixed output formats (issue 13, twenty-seventh round). A tool that measures prints its
-- results in a layout of its own, the same wherever it is pasted: a row's place in that layout says
-- what its figures are, as a table's header does. Each reader below knows one layout by its own
-- marks (a label spelled as the tool spells it, a header line, a shape no prose has) and decides
-- only the figures that layout gives; anything else on the line is read as printed.
-- engine/rules/README.md, "Forms of the twenty-seventh round", lists them.
-- A figure a reader decided: a claim, or, given a verdict ("specified", "not timing"), let pass.
local function fig(first, text, kind, cue, why, verdict)
  return { first = first, last = first + #text - 1, kind = kind, claim = verdict == nil, verdict = verdict, cue = cue,
           why = why }
end

-- True if s holds a match of any of the patterns.
local function finds_any(s, patterns)
  for _, pat in ipairs(patterns) do
    if s:find(pat) then return true end
  end
  return false
end

-- `time`'s reports. bash's and `time -p`'s three lines, "real 0m1.234s" / "real 0.69" (a line of
-- the label and one figure with a fraction, nothing else); zsh's line ("1.10s user 0.12s system 99%
-- cpu 1.234 total"); GNU time's default ("1.10user 0.12system 0:01.23elapsed 99%CPU"); BSD's and
-- macOS's ("1.23 real  1.10 user  0.12 sys"); GNU `time -v`'s labels ("User time (seconds): 1.10",
-- "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:01.23", "Percent of CPU this job got: 99%").
-- Each is how long the command ran, or the share of a processor it kept busy: claims.
local time_why = "a figure of `time`'s report: how long the command ran"
local busy_why = "`time`'s share of a processor the command kept busy"
local time_v = { ["user time (seconds)"] = "time", ["system time (seconds)"] = "time",
  ["elapsed (wall clock) time (h:mm:ss or m:ss)"] = "time", ["percent of cpu this job got"] = "share" }
local function time_figures(line, st)
  -- (each pattern reads a short value from a fixed place: a long line stays linear)
  local a, label, b, value = nil, nil, nil, nil
  if st.timep then a, label, b, value = line:match("^%s*()(%a%a%a%a?)%s+()([%dm.,]+s?)%s*$") end
  if a and (label == "real" or label == "user" or label == "sys") and #value <= 24 and
     value:find("^%d*m?%d+[.,]%d+s?$") and (value:find("s$") or not value:find("m")) then
    return { fig(b, value, "time", label, time_why) }
  end
  if line:find("elapsed", 1, true) or line:find(" total", 1, true) or line:find(" real ", 1, true) then
    local u, us, s, ss, e, es, c, cs = line:match("^%s*()(%d+[.,]%d+)user%s+()(%d+[.,]%d+)system%s+()([%d:]+[.,]%d+)elapsed%s+()(%d+%%)CPU")
    if u then
      return { fig(u, us, "time", "user", time_why), fig(s, ss, "time", "system", time_why),
               fig(e, es, "time", "elapsed", time_why), fig(c, cs, "share", "CPU", busy_why) }
    end
    -- zsh's: the figures after the command, found from its "s user " back to the figure's start
    local k0 = line:find("s user ", 1, true)
    local k = k0
    while k and k > 1 and k > k0 - 16 and line:sub(k - 1, k - 1):find("[%d.,]") do k = k - 1 end
    if k and k < k0 and (k == 1 or line:sub(k - 1, k - 1):find("%s")) then
      u, us, s, ss, c, cs, e, es = line:match("^()(%d+[.,]%d+)s user%s+()(%d+[.,]%d+)s system%s+()(%d+%%) cpu%s+()([%d:]*%d[.,]%d+) total%s*$", k)
    end
    if u then
      return { fig(u, us, "time", "user", time_why), fig(s, ss, "time", "system", time_why),
               fig(c, cs, "share", "cpu", busy_why), fig(e, es, "time", "total", time_why) }
    end
    e, es, u, us, s, ss = line:match("^%s*()(%d+[.,]%d+) real%s+()(%d+[.,]%d+) user%s+()(%d+[.,]%d+) sys")
    if e then
      return { fig(e, es, "time", "real", time_why), fig(u, us, "time", "user", time_why),
               fig(s, ss, "time", "sys", time_why) }
    end
  end
  if not line:find("^%s*[USEP][%l ]") then return nil end
  local label, c, value = line:match("^%s*([%a][%a %(%):,]-):%s+()(%d[%d:.,]*%%?)%s*$")
  local kind = label and time_v[label:lower()]
  if kind and (kind == "share") == (value:sub(-1) == "%") then
    return { fig(c, value, kind, label, kind == "share" and busy_why or time_why) }
  end
  return nil
end

-- A printed label that gives its unit in brackets ("slat (usec): min=2, max=45, avg= 3.21", "| Runtime
-- (RDTSC) [s] | 1.2345 |", "bw (  KiB/s): min=37000, ...", "Latency (ms):" over "min: 0.80", "Connection
-- Times (ms)" over its rows): a measuring tool's way of saying what the figures after it, or in the
-- lines under it up to a blank line, are. A unit of time makes them times, a unit per second rates:
-- claims, unless the label names a setting (a timeout, an interval, a delay, a warm-up, a sleep) or a
-- point in time (a stamp, an uptime). A percentage there is a share of the samples or a percentile's
-- rank, not the quantity, and a key that counts (samples=, per=, ctx=) is no figure of it.
local bracket_time = { s = true, sec = true, secs = true, second = true, seconds = true, ms = true, msec = true,
  msecs = true, millis = true, us = true, usec = true, usecs = true, ["\194\181s"] = true, ["\206\188s"] = true,
  ns = true, nsec = true, nsecs = true }
local bracket_not = { "stamp", "%f[%a]uptime", "%f[%a]since%f[%A]", "%f[%a]ticks?%f[%A]", "%f[%a]ttl%f[%A]",
  "%f[%a]warm%-?up", "%f[%a]sleep", "%f[%a]clock%f[%A]", "%f[%a]start%f[%A]", "%f[%a]end%f[%A]", "%f[%a]freq",
  "%f[%a]heartbeat", "%f[%a]keep%-?alive", "%f[%a]grace", "%f[%a]lease", "%f[%a]wait%f[%A]", "%f[%a]back%-?off",
  "%f[%a]retry", "%f[%a]cool%-?down", "%f[%a]time%-outs?%f[%A]", "%f[%a]expir", "%f[%a]refresh", "%f[%a]poll",
  "%f[%a]idle", "%f[%a]linger", "%f[%a]budget", "%f[%a]target", "%f[%a]threshold", "%f[%a]max%f[%A]",
  "%f[%a]min%f[%A]", "%f[%a]step%f[%A]", "%f[%a]sample", "%f[%a]schedule", "%f[%a]debounce" }
-- a key before a figure that counts, or names a place or a size, not the label's quantity
local count_keys = { samples = true, per = true, ctx = true, majf = true, minf = true, count = true, n = true,
  requests = true, errors = true, threads = true, workers = true, port = true, events = true, connections = true,
  iterations = true, runs = true, size = true, status = true, pid = true, cpu = true, cpus = true, retries = true }
local bracket_measured = { "%f[%a]latenc", "%f[%a]c?s?lat%f[%A]", "%f[%a]runtime", "%f[%a]elapsed", "%f[%a]response",
  "%f[%a]processing", "%f[%a]connect", "%f[%a]waiting%f[%A]", "%f[%a]requests?%f[%A]", "%f[%a]quer",
  "%f[%a]cpu time", "%f[%a]user time", "%f[%a]system time", "%f[%a]real time", "%f[%a]wall time", "%f[%a]run times?%f[%A]",
  "%f[%a]total time", "%f[%a]service time", "%f[%a]compile time", "%f[%a]build time" }
local function bracket_label(line)
  if not line:find("[%(%[]") then return nil end
  local lead = line:match("^[%s|]*")
  local p = #lead + 1
  if not line:find("^%a", p) then return nil end
  local sep = line:find("[:|=]", p) or #line + 1
  if sep - p > 60 then return nil end
  local head = line:sub(p, sep - 1)
  local label, unit = head:match("^(.-)%s*[%(%[]%s*([^%(%)%[%]]-)%s*[%)%]]%s*$")
  -- one label of words, not a header of columns ("TIME(s)  PID  COMM  LAT(ms)": two spaces, or a
  -- bracket glued to a word, part its cells)
  if not label or label == "" or label:find("[%d,;]") or label:find("[%(%[]%s*$") or label:find("%s%s") or
     label:find("%w[%(%[]") then return nil end
  -- "CPU(s):", "Socket(s)": a plural's bracket, glued to its word (lscpu), no unit
  if unit == "s" and head:find("%w%(s%)") then return nil end
  unit = unit:lower():match("^time in (%S+)$") or unit:lower()
  local per = unit:match("^(%a+)/s$") or unit:match("^(%a+)/sec$") or unit:match("^(%a+)/second$")
  local kind = bracket_time[unit] and "time" or per and rate_of[per] and "rate" or nil
  if not kind then return nil end
  local l = label:lower()
  for _, w in ipairs(col_settings) do
    if l:find("%f[%a]" .. w) then return nil end
  end
  if finds_any(l, bracket_not) and not l:find("wall clock", 1, true) then return nil end
  -- a time's label says what ran: a latency, a run's or a processor's time ("Half-life (s)", "Token
  -- lifetime (s)", "Exposure (ms)", "Duration (s)" of a recording are none)
  if kind == "time" and not finds_any(l, bracket_measured) then return nil end
  return kind, label, sep, #lead
end

-- The figures of text after byte `from` that a label of `kind` gives: bare figures, a key's value
-- ("min=2", "avg= 3.21", "95th percentile:  0.83"), a bracketed one ("99.00th=[  141]"); none that is
-- a percentage, ordinal or count.
local function figures_after(line, from, kind, cue, why)
  local out = {}
  for a, num in line:gmatch("()([+-]?%d[%d,]*%.?%d*)", from) do
    num = num:gsub(",$", "")
    local b = a + #num
    local before, after = line:sub(a - 1, a - 1), line:sub(b, b)
    -- the key right before it, looked for in the 40 bytes before (a long line stays linear)
    local key = line:sub(math.max(from, a - 40), a - 1):match("([%a_]+)%s*[=:]%s*%[?%s*$")
    -- not a figure with a word after it ("830 req/s", "8 threads": its own unit, read as printed), a
    -- clock's or a date's part ("12:00:01", "2024-03-12")
    if not before:find("[%w_.%-:/]") and not after:find("[%a%%_:/%-]") and not (after == "=" or after == ".") and
       not line:find("^ %a", b) and not (key and count_keys[key:lower()]) then
      out[#out + 1] = fig(a, num, kind, cue, why)
    end
  end
  return out
end

-- perf annotate's rows: a share of the event's samples before an instruction ("  12.34 :   401136:
-- movzbl ...", or under its "Percent |" header, " 12.34 │  add $0x1,%rax"). A share of a clock's
-- samples (cycles, cpu-clock; the header's "for cycles:u", or none named) is the run time's: a claim.
local function annotate_figures(line, st, profile)
  local a, pct = line:match("^%s*()(%d+%.%d+)%s*:%s+%x%x%x%x+:%s+%l[%l%d.]*%s")
  if not a and st.annotate then
    a, pct = line:match("^%s*()(%d+%.%d+)%s*[:|]%s+[%x:%s]-%l%l+[%l%d.]*%s")
    if not a then a, pct = line:match("^%s*()(%d+%.%d+)%s*\226\148\130%s+[%x:%s]-%l%l+[%l%d.]*%s") end
  end
  if not a then return nil end
  local event = st.annotate and st.annotate ~= true and st.annotate or nil
  local cpu = event and clock_event(event) or not event and not (profile and not profile.cpu)
  return { fig(a, pct, "share", event or "perf annotate",
                cpu and "perf annotate's share of a CPU profile's samples at an instruction: the run time's" or
                "perf annotate's share of an event that counts no time", not cpu and "not timing" or nil) }
end

-- Google Benchmark's JSON keys ("real_time": 29275, "cpu_time", "bytes_per_second", "items_per_second"):
-- times and rates of the run (read by json_figures).
local gbench_keys = { real_time = "time", cpu_time = "time", bytes_per_second = "rate", items_per_second = "rate" }

-- JMH's rows: "MyBench.copy  avgt  25  12.345 ± 0.123  ns/op", the score (with its error, as one) in
-- the unit the last column gives: a time per operation or operations per time, a claim; other units
-- (B/op, MB/sec of allocation) are no figure of speed.
local jmh_modes = { avgt = true, thrpt = true, sample = true, ss = true, all = true }
local function jmh_figures(line)
  -- the mode after the benchmark's name and the values of its parameters, if any ("(size)" columns:
  -- twenty-eighth round)
  local p, n = nil, 0
  for e, tok in line:gmatch("()(%S+)") do
    n = n + 1
    if n > 1 and jmh_modes[tok] then p = e + #tok break end
    if n > 8 then return nil end
  end
  if not p then return nil end
  local c, cnt, a, score, unit = line:match("^%s+()(%d+)%s+()(%-?%d[%d.,]*%s*\194\177%s*[%d.,]+)%s+(%S+)%s*$", p)
  if not a then c, cnt, a, score, unit = line:match("^%s+()(%d+)%s+()(%-?%d[%d.,]*)%s+(%S+)%s*$", p) end
  if not a then a, score, unit = line:match("^%s+()(%-?%d[%d.,]*)%s+(%S+)%s*$", p) end
  if not a or not (unit:find("^[mun]?s/op$") or unit:find("^ops/[mun]?s$")) then return nil end
  local kind = unit:find("^ops") and "rate" or "time"
  local out = { fig(a, score, kind, unit, "JMH's score, in the unit its row names") }
  if c then -- the count of measured iterations ("Cnt")
    table.insert(out, 1, fig(c, cnt, "time", "Cnt", "JMH's count of measurement iterations", "not timing"))
  end
  return out
end

-- `go test -bench`'s row: "BenchmarkParse-8   1000000   1046 ns/op   3915.87 MB/s   0 B/op": the time
-- per operation, a claim, whatever the benchmark's name says ("slice8-32" is no time slice).
local function go_bench(line)
  local a, t = line:match("^Benchmark[%w_/%-=.:]*%s+%d+%s+()(%d[%d.]* ns/op)")
  if not a then return nil end
  return { fig(a, t:match("^(.-)/op$"), "time", "ns/op", "`go test -bench`'s time per operation") }
end

-- hyperfine's summary: "2.04 ± 0.12 times faster than './b'", the factor and its spread, one speed-up.
local function hyperfine_factor(line)
  local a, f = line:match("^%s*()(%d[%d.]*%s*\194\177%s*%d[%d.]*) times faster than ")
  if not a then a, f = line:match("^%s*()(%d[%d.]*%s*%+%-%s*%d[%d.]*) times faster than ") end
  if not a then return nil end
  return { fig(a, f .. " times faster", "speedup", "times faster than",
               "hyperfine's summary: how many times faster one command ran than another") }
end

-- criterion's change: "change: [-2.1% -1.0% +0.2%]", and under a "change:" alone, "time: [...]" and
-- "thrpt: [...]" in percentages: how much the run time or the throughput moved, each bound a claim.
local function criterion_change(line, st)
  local lead = line:match("^%s*change:%s*%[") or st.change and (line:match("^%s*time:%s*%[") or line:match("^%s*thrpt:%s*%["))
  if not lead then return nil end
  -- the bounds of the change and its estimate, one claim as criterion's "time: [lo mid hi]" is (read
  -- token by token up to the ']': linear)
  local a, b
  for p, tok in line:gmatch("()(%S+)", #lead) do
    local t = tok:gsub("^%[", "")
    local q = p + #tok - #t
    local core = t:match("^([+-]?%d[%d.]*%%)%]?$")
    if core then
      a, b = a or q, q + #core
    end
    if tok:find("]", 1, true) then break end
  end
  if not a then return nil end
  return { fig(a, line:sub(a, b - 1), "speedup", "change", "criterion's change in the run time or the throughput against the last run") }
end

-- criterion's estimate: "crc32c/4096   time:   [1.0817 µs 1.0843 µs 1.0871 µs]" and "thrpt:  [3.5091
-- GiB/s ...]", the bounds of the interval and the estimate, one claim (a time, a rate).
local function criterion_estimate(line)
  local key, a, f = line:match("^[^%[]-%s%s+(%a+):%s+%[()(%d[%d.]* ?%S+ %d[%d.]* ?%S+ %d[%d.]* ?%S+)%]%s*$")
  if not key or key ~= "time" and key ~= "thrpt" or f:find("%%") then return nil end
  return { fig(a, f, key == "time" and "time" or "rate", key .. ":",
               "criterion's estimate and its interval, " .. (key == "time" and "a measured time" or "a measured rate")) }
end

-- ftrace's function_graph: " 0) + 12.345 us   |    flush();": how long the call took, a claim.
local function graph_duration(line)
  local a, d, rest = line:match("^%s*%d+%)%s+[+!#*@$]?%s*()(%d+%.%d+ [mun]?s)%s+|(.*)$")
  if not a then a, d, rest = line:match("^%s*%d+%)%s+[+!#*@$]?%s*()(%d+%.%d+ [mun]?s)%s+\226\148\130(.*)$") end
  -- the call it closes or makes: "}", "foo();", "foo() {" (a numbered list's "| note" is none)
  if not a or not (rest:find("^%s*}") or rest:find("^%s*[%w_.$]+%(%)%s*[;{]")) then return nil end
  return { fig(a, d, "time", "|", "ftrace's function_graph: how long the call took") }
end

-- ping's summary: "rtt min/avg/max/mdev = 0.031/0.045/0.060/0.010 ms" (BSD's "round-trip
-- min/avg/max/stddev"): measured round trips, one claim on the figures.
local function ping_summary(line)
  local a, f = line:match("^%s*rtt min/avg/max[/%a]* = ()([%d./]+ ms)")
  if not a then a, f = line:match("^%s*round%-trip min/avg/max[/%a]* = ()([%d./]+ ms)") end
  if not a then return nil end
  return { fig(a, f, "time", "rtt min/avg/max", "ping's summary of the measured round trips") }
end

-- iperf's interval ("[  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec"): the stretch of the test
-- a line reports, a stamp, not how long code took; its rate is read as printed.
local function iperf_interval(line)
  local a, f = line:match("^%s*%[%s*%w+%]%s+()(%d+%.%d+%-%s*%d+%.%d+%s+sec)%s")
  if not a then return nil end
  return { fig(a, f, "time", "[ID] Interval", "iperf's interval: the stretch of the test a line reports, a stamp",
               "specified") }
end

-- fio's "lat (usec)   : 50=0.01%, 100=62.34%": each bucket's bound is one of fio's fixed bins, the
-- same in every run, specified (two probe writers of this round labelled histograms' bounds so; the
-- share of I/Os in a bucket is left as printed); "cpu          : usr=3.21%, sys=10.45%": the shares of
-- the run's processor time, claims.
local function fio_buckets(line)
  local kind, label, sep = bracket_label(line)
  if kind == "time" and label:lower() == "lat" then
    local out = {}
    for a, bound in line:gmatch("()(%d[%d.]*)=%d[%d.]*%%", sep) do
      out[#out + 1] = fig(a, bound, "time", "lat", "fio's latency buckets: a bucket's bound, one of the tool's fixed bins",
                          "specified")
    end
    if #out > 0 then return out end
  end
  if line:find("^%s*cpu%s*:%s*usr=") then
    local out = {}
    for key, a, pct in line:gmatch("(%a+)=()(%d[%d.]*%%)") do
      if key == "usr" or key == "sys" then
        out[#out + 1] = fig(a, pct, "share", "cpu " .. key, "fio's share of the processor time the job used")
      end
    end
    return out
  end
  return nil
end

-- A histogram that bpftrace prints under a map named for a unit ("@usecs:", "@ns:", "@lat_us:"): each
-- bucket's bounds ("[2, 4)", "[1K, 2K)") are the tool's power-of-two bins, specified, as fio's; its
-- counts are no time. (bcc's histograms are read otherwise, since the ninth round: their bounds are
-- claims, as the bcc-examples set labels them; the two labellings disagree, and the closing note of
-- the round leaves the choice to the team.)
local hist_units = { us = true, usecs = true, usec = true, ns = true, nsecs = true, nsec = true, ms = true,
  msecs = true, msec = true }
local function hist_unit(line)
  if #line > 100 or line:byte(1) ~= 64 then return nil end
  local name = line:match("^@([%w_]*)[%w_%[%],: ]*:%s*$")
  if not name then return nil end
  for part in name:lower():gmatch("[%a]+") do
    if hist_units[part] then return part end
  end
  return nil
end
local function hist_bounds(line, unit)
  local bucket = line:match("^(%[%d+[KMG]?,?%s*%d*[KMG]?[%)%]])%s+%d+%s+|")
  if not bucket then return nil end
  local out = {}
  for a, b in bucket:gmatch("()%d+[KMG]?()") do
    out[#out + 1] = fig(a, line:sub(a, b - 1), "time", "@" .. unit,
                        "a bucket's bound in a histogram in " .. unit .. ", one of the tool's bins", "specified")
  end
  return out
end

-- A harness's plan, printed before it measures: criterion's "Warming up for 3.0000 s" and "Collecting
-- 100 samples in estimated 5.0046 s", JMH's "# Warmup: 5 iterations, 1 s each", "# Measurement: ...",
-- "# Timeout: 10 min per iteration": how long it will run, a setting, not a result.
local plans = { { "Warming up for ()(%d[%d.]* s)%f[%A]", "Warming up for" },
  { "Collecting %d+ samples in estimated ()(%d[%d.]* s)%f[%A]", "in estimated" },
  { "^# Warmup: %d+ iterations, ()(%d+ %a+) each", "# Warmup:" },
  { "^# Measurement: %d+ iterations, ()(%d+ %a+) each", "# Measurement:" },
  { "^# Timeout: ()(%d+ %a+) per iteration", "# Timeout:" } }
local function harness_plan(line)
  if #line > 300 then return nil end
  local out = {}
  for _, plan in ipairs(plans) do
    local a, t = line:match(plan[1])
    if a then
      out[#out + 1] = fig(a, t, "time", plan[2], "a harness's plan, printed before it measures: a setting", "specified")
    end
  end
  return #out > 0 and out or nil
end

-- A key of a tool's JSON record that names a measured time by a statistic of a distribution and its
-- unit ("write_clat_mean_ns", "sync_p99_ns", "lat_ns_mean"), as fio and its jq extracts print them, or
-- one of Google Benchmark's keys: its value is that quantity, a claim. A key that names a setting or a
-- bound (a timeout, a limit, a max, a target, an age) is none, nor a rate's key ("Iops": 3000 is a
-- volume's provisioned rate as often as a measured one). Only in a record that holds two such keys
-- and no word of objectives or settings (see json_record), so that a configuration is left alone.
local json_stats = { mean = true, avg = true, average = true, median = true, stddev = true, stdev = true,
  percentile = true }
-- a key's part that makes it a setting or a bound, not a statistic of a run
local json_not = { max = true, min = true, target = true, threshold = true, slo = true, alert = true, budget = true,
  goal = true, objective = true, limit = true, wait = true, idle = true, age = true, ttl = true, backoff = true,
  retry = true, expiry = true, expires = true, start = true, ["end"] = true, stamp = true, timestamp = true }
local json_code = { lat = true, clat = true, slat = true, latency = true, elapsed = true, cpu = true,
  wall = true, exec = true, run = true, sync = true, write = true, read = true, op = true, ops = true, request = true,
  req = true, response = true, query = true, call = true, io = true, commit = true, fsync = true, rtt = true }
local json_units = { ns = true, us = true, ms = true, usec = true, nsec = true, msec = true, sec = true, secs = true,
  seconds = true, millis = true, micros = true, nanos = true }
local function json_key(key)
  local parts, l = {}, key:lower()
  for part in l:gmatch("[%a%d]+") do parts[#parts + 1] = part end
  if #parts == 0 then return nil end
  for _, w in ipairs(col_settings) do
    if l:find(w, 1, true) then return nil end
  end
  -- a statistic, its unit (not the key's first part) and a word of what code does ("write_clat_mean_ns",
  -- "sync_p99_ns", "query_mean_ms"; not a reaction's or a runner's split's mean)
  local stat, unit, code = false, false, false
  for i, part in ipairs(parts) do
    if json_not[part] then return nil end
    stat = stat or json_stats[part] or part:find("^p%d+$") ~= nil
    unit = unit or json_units[part] and i > 1
    code = code or json_code[part]
  end
  return stat and unit and code and "time" or nil
end
-- hyperfine's JSON export (a record with "command", "mean", "stddev", "median", "user" and "system"):
-- its statistics, in seconds
local hyperfine_keys = { mean = "time", stddev = "time", median = "time", user = "time", system = "time", min = "time",
  max = "time" }
local function json_figures(line, hyperfine)
  local key, a, num = line:match('^%s*"([%w_%.%-]+)"%s*:%s*()(%-?%d[%d.]*[eE]?[+-]?%d*),?%s*$')
  if not key then return nil end
  local kind = gbench_keys[key] or hyperfine and hyperfine_keys[key] or json_key(key)
  if not kind then return nil end
  return { fig(a, num, kind, key, "a key of a tool's JSON record that names a measured " ..
                                  (kind == "time" and "time by a statistic and its unit" or "rate")) }
end
-- Whether code is hyperfine's JSON export.
local function hyperfine_json(code)
  return code:find('"command"', 1, true) and code:find('"mean"', 1, true) and code:find('"stddev"', 1, true) and
         code:find('"median"', 1, true) and code:find('"user"', 1, true) and code:find('"system"', 1, true) and true
end
-- Whether code holds such a record: two keys json_figures reads (looked for in its first 256 kB; a
-- block of a tool's JSON is far smaller); and whether it is hyperfine's export, for json_figures.
local json_settings = { "target", "objective", "slo", "sla", "alert", "threshold", "limit", "budget", "config",
  "setting", "policy", "timeout" }
local function json_record(code)
  local n = 0
  if #code > 262144 then code = code:sub(1, 262144) end
  local l = code:lower()
  for _, w in ipairs(json_settings) do
    if l:find(w, 1, true) then return false end
  end
  local hyperfine = hyperfine_json(code)
  for line in code:gmatch("[^\n]+") do
    if line:find('^%s*"[%w_%.%-]+"%s*:%s*%-?%d') and json_figures(line, hyperfine) then
      n = n + 1
      if n >= 2 then return true, hyperfine end
    end
  end
  return false
end

-- pytest-benchmark's table: "Name (time in us)" names the unit of its statistics' columns, and each
-- figure is followed by its ratio to the best row's in parentheses ("18.9310 (9.00)"): the figure a
-- time (under "OPS", a rate), the ratio a speed-up, both claims.
local function pytest_rows(line, header)
  local out = {}
  local toks, cols = {}, {}
  for a, tok in line:gmatch("()(%S+)") do toks[#toks + 1] = { a, tok } end
  for c, word in header:gmatch("()(%S+)") do cols[#cols + 1] = { c, c + #word - 1, word } end
  for i = 1, #toks - 1 do
    local a, num = toks[i][1], toks[i][2]
    local b, ratio = toks[i + 1][1] + 1, toks[i + 1][2]:match("^%((%d[%d.]*)%)$")
    if not (num:find("^%d[%d.,]*$") and ratio) then goto next_pair end
    -- the header word over the figure: the one it overlaps most, else the nearest on its left
    local col, most = nil, 0
    for _, c in ipairs(cols) do
      local o = math.min(a + #num - 1, c[2]) - math.max(a, c[1]) + 1
      if o > most then col, most = c[3], o end
      if most == 0 and c[1] <= a + #num - 1 then col = c[3] end
    end
    local kind = col and col:find("^OPS") and "rate" or "time"
    out[#out + 1] = fig(a, num, kind, col or "Name (time in ...)", "pytest-benchmark's statistic, in the unit its header names")
    out[#out + 1] = fig(b, ratio, "speedup", col or "Name (time in ...)", "pytest-benchmark's ratio to the best row's figure")
    ::next_pair::
  end
  return #out > 0 and out or nil
end

-- vmstat's row: under "r  b  swpd  free  buff  cache  si  so  bi  bo  in  cs  us  sy  id  wa  st", the
-- CPU's shares of time (us sy id wa st gu) and the rates per second (si so bi bo: swapped and block
-- I/O; in cs: interrupts and context switches) are claims; the queue and memory columns are not.
local vmstat_share = { us = true, sy = true, id = true, wa = true, st = true, gu = true }
local vmstat_rate = { si = true, so = true, bi = true, bo = true, ["in"] = true, cs = true }
local function vmstat_header(line)
  if not line:find("^%s*r%s+b%s+swpd%s+free%s") then return nil end
  local names = {}
  for w in line:gmatch("%S+") do names[#names + 1] = w end
  return names
end
local function vmstat_row(line, names)
  local out, i = {}, 0
  for a, tok in line:gmatch("()(%S+)") do
    i = i + 1
    if not tok:find("^%d+$") then return nil end
    local name = names[i]
    if name and (vmstat_share[name] or vmstat_rate[name]) then
      out[#out + 1] = fig(a, tok, vmstat_share[name] and "share" or "rate", name,
                          vmstat_share[name] and "vmstat's share of the processor's time" or "vmstat's rate per second")
    end
  end
  if i ~= #names then return nil end
  return out
end

-- hyperfine's "[User: 6.752 s, System: 0.066 s]" after its mean: the processor time in user and
-- kernel mode, measured, claims (the mean and its spread before them are read as printed).
local function hyperfine_cpu(line)
  local a, u, b, s = line:match("%[User: ()(%d[%d.]* [mu\194\181]?s), System: ()(%d[%d.]* [mu\194\181]?s)%]")
  if not a then return nil end
  local why = "hyperfine's processor time in user and in kernel mode"
  return { fig(a, u, "time", "User:", why), fig(b, s, "time", "System:", why) }
end

-- likwid-perfctr's rows: an event's count ("| CPU_CLK_UNHALTED_CORE |  FIXC1  |  963337214 |"), of
-- cycles when the event counts a clock, a claim, else a count; "| CPI | 0.9514 |", cycles per
-- instruction, a claim.
local function likwid_row(line)
  local event, a, n = line:match("^|%s*([%u%d_:.]+)%s*|%s*[FP][IM][XC]C?%d+%s*|%s*()(%d[%d.]*)%s*|")
  if event then
    local cycles = clock_event(event) or event:lower():find("^cpu_clk_unhalted") ~= nil
    return { fig(a, n, "cycles", event, cycles and "likwid's count of an event that counts cycles" or
                                          "likwid's count of an event that counts no time", not cycles and "not timing" or nil) }
  end
  return nil
end

local function likwid_cpi(line)
  local a, n = line:match("^|%s*CPI%s*|%s*()(%d[%d.]*)%s*|")
  if a then return { fig(a, n, "cycles", "CPI", "likwid's cycles per instruction") } end
end

-- gprof's call graph: under "index % time    self  children    called     name", a function's row
-- ("[1]    100.0    0.27    0.82 131660502    next_token [1]") gives its share of the run time and
-- the seconds spent in it and in its children; a caller's or callee's line ("0.71    0.00
-- 38204117/38204117     scan_string [2]") the seconds of that arc. Claims, up to the count of calls.
local function gprof_graph(line)
  local idx = line:match("^%s*()%[%d+%]")
  local out, n = {}, 0
  local from = idx and line:find("%]", idx) + 1 or 1
  for a, tok in line:gmatch("()(%S+)", from) do
    if not tok:find("^%d+%.%d+$") then break end
    n = n + 1
    if idx and n == 1 then
      out[#out + 1] = fig(a, tok, "share", "% time", "gprof's call graph: the share of the run time in a function and its children")
    else
      out[#out + 1] = fig(a, tok, "time", "self  children",
                          "gprof's call graph: seconds spent in a function or its children")
    end
  end
  return #out > 0 and out or nil
end

-- Tools' fixed output formats of the twenty-eighth round: databases' clients and plans, load
-- generators, lab benchmarks, real-time and system monitors, language harnesses and desktop profilers
-- (engine/rules/README.md, "Forms of the twenty-eighth round"). As above, each knows one layout by its
-- own marks and decides only the figures that layout gives.

local r28 = {} -- (the readers, in a table: the main chunk has room for so many locals)

-- The text a few bytes before byte `at` (a key found back from its separator: a long line stays linear).
function r28.before(line, at, width)
  return line:sub(math.max(1, at - width), at - 1)
end

-- A figure a reader decided, at `at` in the lesson: reported when a claim, else listed in the ledger.
function r28.emit(f, at, text, where, report, ledger)
  if f.claim then
    report(at, message({ class = "claim", kind = f.kind, text = text, cue = f.cue, why = f.why }, where))
  else
    ledger(at, text, f.verdict or "not timing", string.format("'%s': %s", f.cue, f.why))
  end
end
do
-- YCSB's lines: "[READ], AverageLatency(us), 231.41", "[OVERALL], RunTime(ms), 30021", "[OVERALL],
-- Throughput(ops/sec), 33310.68", "[TOTAL_GC_TIME], Time(ms), 12": a latency, the run's or the
-- collector's time and the throughput, claims; a count of operations or returns, or a histogram's
-- bucket ("[READ], 0, 12345"), none.
function r28.ycsb_line(line)
  local metric, a, v = line:match("^%[[%u%d%-_%%]+%], ([%w.%-_=%(%)/%%]+), ()(%-?%d[%d.]*)%s*$")
  if not metric then return nil end
  local m = metric:lower()
  -- only YCSB's own metrics' names (a race's "[RUNNER-12], Time(min), 42" is none: review)
  if not (m:find("^%w*latency%(%a+%)$") or m == "runtime(ms)" or m == "throughput(ops/sec)" or m == "operations" or
          m:find("^return=") or line:find("GC", 1, true) and (m == "time(ms)" or m == "time(%)" or m == "count")) then
    return nil
  end
  if m:find("latency", 1, true) or m:find("^runtime%(") or m:find("^time%(") then
    return { fig(a, v, m:find("%(%%%)") and "share" or "time", metric, "YCSB's measured latency or time, in the unit its name gives") }
  elseif m:find("^throughput") then
    return { fig(a, v, "rate", metric, "YCSB's measured throughput") }
  end
  return { fig(a, v, "time", metric, "YCSB's count of operations, of returns or in a bucket", "not timing") }
end

-- Database clients' timings: sqlite3's ".timer on" ("Run Time: real 0.041 user 0.038 sys 0.002"), the
-- mysql client's "(0.27 sec)" after "N rows in set", "Empty set" or "Query OK", a plan's "actual
-- time=0.012..402.331" (PostgreSQL's and MySQL's EXPLAIN ANALYZE: the time to the first row and to the
-- last) and MySQL's slow log ("# Query_time: 1.23  Lock_time: 0.0001"): how long the server took, claims.
local db_why = "a database client's or plan's measured time"
function r28.db_times(line)
  local a, r, b, u, c, s = line:match("^Run Time: real ()(%d+%.%d+) user ()(%d+%.%d+) sys ()(%d+%.%d+)")
  if a then return { fig(a, r, "time", "Run Time: real", db_why), fig(b, u, "time", "user", db_why), fig(c, s, "time", "sys", db_why) } end
  if line:find(" sec)", 1, true) then
    local head, d, t = line:match("^(.-)%(()(%d+%.%d+ sec)%)%s*$")
    if head and (head:find("rows? in set") or head:find("^Empty set") or head:find("^Query OK") or head:find("rows? affected")) then
      return { fig(d, t, "time", "(sec)", "the mysql client's time for the statement") }
    end
  end
  if line:find("actual time=", 1, true) then
    local out = {}
    for x, range in line:gmatch("actual time=()(%d[%d.]*%.%.%d[%d.]*)") do
      out[#out + 1] = fig(x, range, "time", "actual time", "a plan's measured times to its first row and its last, in ms")
    end
    return #out > 0 and out or nil
  end
  if line:find("^# Query_time:") then
    local q, qt, l, lt = line:match("^# Query_time: ()(%d[%d.]*)%s+Lock_time: ()(%d[%d.]*)")
    if q then return { fig(q, qt, "time", "Query_time", db_why), fig(l, lt, "time", "Lock_time", db_why) } end
  end
  return nil
end

-- pgbench's lines: "progress: 5.0 s, 10234.5 tps, lat 1.563 ms stddev 0.901, lag 0.1 ms" (the first a
-- stamp, the time since the start; the rest measured) and, under "statement latencies in
-- milliseconds", each statement's latency.
function r28.pgbench_line(line, st)
  if st.pgstmt then
    local a, v = line:match("^%s+()(%d+%.%d+)%s+%S")
    if a then return { fig(a, v, "time", "statement latencies in milliseconds", "pgbench's measured latency of a statement") } end
    return nil
  end
  -- pgbench's own line: its stamp and its tps first (a consumer's "progress: 120000 records, lag
  -- 3500" or a map's "lat 48.85" is none: review)
  if not line:find("^progress: %d[%d.]* s, %d[%d.]* tps, lat %d") then return nil end
  local out = {}
  for a, v, unit, b in line:gmatch("()(%d[%d.]*) ?(%a*)()") do
    local before = line:sub(math.max(1, a - 8), a - 1)
    if a == 11 and unit == "s" then
      out[#out + 1] = fig(a, line:sub(a, b - 1), "time", "progress:", "pgbench's stamp: the time since the run began", "specified")
    elseif unit == "tps" then
      out[#out + 1] = fig(a, v, "rate", "tps", "pgbench's measured transactions per second")
    elseif before:find("lat $") or before:find("stddev $") or before:find("lag $") then
      out[#out + 1] = fig(a, v, "time", before:match("(%a+) $"), "pgbench's measured latency, in ms")
    end
  end
  return #out > 0 and out or nil
end

-- sockperf's summary: "avg-latency=12.345 (std-dev=1.234, ..., 99.0% ci=[12.334, 12.356])", "<MAX>
-- observation = 88.123", "percentile 99.999 = 61.002": measured latencies in microseconds, claims (the
-- coefficient of variation and a percentile's rank are none).
local sockperf_keys = { ["avg-latency"] = true, ["avg-rtt"] = true, ["std-dev"] = true, ["mean-ad"] = true,
  ["median-ad"] = true, siqr = true, ["std-error"] = true }
function r28.sockperf_line(line)
  local why, out = "sockperf's measured latency, in microseconds", {}
  local a, v = line:match("^sockperf: %-%-%-> <%u+> observation =%s*()(%d[%d.]*)")
  if not a then a, v = line:match("^sockperf: %-%-%-> percentile %d[%d.]* =%s*()(%d[%d.]*)") end
  if a then return { fig(a, v, "time", "observation", why) } end
  -- (each key found back from its '=', a few bytes: a long line stays linear)
  for e, b, w in line:gmatch("()=()(%d[%d.]*)") do
    local key = r28.before(line, e, 12):match("([%l%-]+)$")
    if key and sockperf_keys[key] then out[#out + 1] = fig(b, w, "time", key, why) end
  end
  local c, lo, d, hi = line:match("ci=%[()(%d[%d.]*), ()(%d[%d.]*)%]")
  if c then
    out[#out + 1] = fig(c, lo, "time", "ci", why)
    out[#out + 1] = fig(d, hi, "time", "ci", why)
  end
  return #out > 0 and out or nil
end

-- netperf's tables: under the line of units ("bytes  Bytes  bytes  bytes  secs.  per sec", "bytes
-- bytes  bytes  secs.  10^6bits/sec", with -c -C "% S  % S  us/Tr  us/Tr"), the elapsed time, the rate
-- or throughput, the processors' utilisation and the service demand are claims; sizes none.
function r28.netperf_units(line)
  if not line:find("^%s*bytes%s+[Bb]ytes%s") or #line > 200 then return nil end
  local joined = line:gsub("per sec", "per_sec"):gsub("%% (%u)", "%%_%1")
  local cols = {}
  for a, tok, b in joined:gmatch("()(%S+)()") do cols[#cols + 1] = { a = a, b = b - 1, unit = tok } end
  -- (netperf prints a dozen columns at most: a longer line of units is none)
  return #cols <= 16 and cols or nil
end
function r28.netperf_kind(unit)
  if unit == "secs." then return "time", "netperf's elapsed time of the test" end
  if unit:find("^us/") then return "time", "netperf's service demand: processor time per unit of work" end
  if unit == "per_sec" or unit:find("/sec$") or unit:find("/s$") then return "rate", "netperf's measured rate or throughput" end
  if unit:find("^%%_") then return "share", "netperf's measured processor utilisation" end
  return nil
end
function r28.netperf_row(line, cols)
  if line:find("^%s*bytes%s+[Bb]ytes%s") then
    -- the line of units itself: "10^6bits/sec" names the unit
    local out = {}
    for a, u in line:gmatch("()(10%^%d+%a*/?%a*)") do
      out[#out + 1] = fig(a, u, "rate", u, "netperf's name of a column's unit", "not timing")
    end
    return out
  end
  if not line:find("^[%s%d.]+$") then return nil end
  local out = {}
  for a, num in line:gmatch("()(%d[%d.]*)") do
    local b, best, gap = a + #num - 1, nil, math.huge
    for _, c in ipairs(cols) do
      local g = (b < c.a and c.a - b) or (a > c.b and a - c.b) or 0
      if g < gap then best, gap = c, g end
    end
    local kind, why = r28.netperf_kind(best.unit)
    if kind then out[#out + 1] = fig(a, num, kind, best.unit, why) end
  end
  return out
end

-- An HdrHistogram's percentile spectrum (wrk2's "Detailed Percentile spectrum", Java's): under "Value
-- Percentile  TotalCount 1/(1-Percentile)", each row's value is a measured latency (its percentile
-- and count none); its footer "#[Mean = 1.264, StdDeviation = 0.501]", "#[Max = 11.016, Total count =
-- 1194571]" the distribution's statistics, claims, its counts none.
local hdr_keys = { mean = true, stddeviation = true, max = true, min = true }
function r28.hdr_line(line, st)
  if line:byte(1) == 35 and (line:find("^#%[Mean%s+=") or line:find("^#%[Max%s+=")) then
    local out = {}
    for e, a, v in line:gmatch("()=%s*()(%d[%d.]*)") do
      local key = r28.before(line, e, 20):match("(%a+)%s*$")
      if key and hdr_keys[key:lower()] then
        out[#out + 1] = fig(a, v, "time", key, "an HdrHistogram's statistic of the measured latencies")
      end
    end
    return #out > 0 and out or nil
  end
  if st.hdr then
    local a, v = line:match("^%s*()(%d+%.%d+)%s+[01]%.%d+%s+%d+%f[%s\0]")
    if a then return { fig(a, v, "time", "Value", "an HdrHistogram's measured latency at a percentile") } end
  end
  return nil
end

-- vegeta's report: "Latencies  [min, mean, 50, 90, 95, 99, max]  1.02ms, ...", "Duration  [total,
-- attack, wait]  30.001s, ...": measured, claims; "Requests  [total, rate, throughput]  15000, 500.03,
-- 499.97": the achieved rate and throughput claims, the count none; bytes and ratios none.
function r28.vegeta_line(line)
  -- (the label found as the text before the first '[', read greedily: a long line stays linear)
  local q = line:find("[", 1, true)
  if not q or q > 40 then return nil end
  local label = line:sub(1, q - 1):match("^(%u[%a ]*%a)%s+$")
  local names, from = line:match("^([%l%d ,:]+)%]%s+()%S", q + 1)
  if not label or not names or #names > 200 then return nil end
  local l = label:lower()
  -- vegeta's own labels over its own names (a workout's "Duration [warmup, main, cooldown]" is none:
  -- review)
  if not (l == "latencies" and names:find("^min, mean, ") or l == "duration" and names == "total, attack, wait" or
          l == "requests" and names == "total, rate, throughput") then
    return nil
  end
  local keys = {}
  for k in names:gmatch("[^,%s]+") do keys[#keys + 1] = k end
  local out, i = {}, 0
  for a, v in line:gmatch("()([^,%s]+)", from) do
    i = i + 1
    local key = keys[i]
    if not key or not v:find("^%d") then break end
    if l ~= "requests" then
      out[#out + 1] = fig(a, v, "time", label .. " " .. key, "vegeta's measured " .. (l == "duration" and "duration" or "latency"))
    elseif key == "rate" or key == "throughput" then
      out[#out + 1] = fig(a, v, "rate", "Requests " .. key, "vegeta's achieved rate or throughput, requests per second")
    end
  end
  return #out > 0 and out or nil
end

-- hey's "Details (average, fastest, slowest):" over "  resp wait:  0.0049 secs, 0.0003 secs, 0.0905
-- secs": each phase's measured times, claims.
function r28.hey_details(line)
  local colon = line:find(":", 1, true)
  if not colon or colon > 40 or not line:sub(1, colon):find("^%s+[%a+%-][%a+%- ]*:$") then return nil end
  local out = {}
  -- (each figure taken whole, then its unit looked at: a long line stays linear)
  for a, v, b in line:gmatch("()(%d[%d.]*)()", colon) do
    if v:find("^%d+%.%d+$") and line:sub(b, b + 4) == " secs" then
      out[#out + 1] = fig(a, v .. " secs", "time", "Details (average, fastest, slowest)", "hey's measured times of a request's phase")
    end
  end
  return #out > 0 and out or nil
end

-- line_profiler's rows, under "Line #  Hits  Time  Per Hit  % Time  Line Contents": the time spent on
-- a line (in the timer's unit), per hit, and its share of the function's time, claims; hits none.
function r28.lprof_row(line)
  local h, hits, a, t, b, p, c, s = line:match("^%s*%d+%s+()(%d+)%s+()(%d[%d.e+%-]*)%s+()(%d[%d.e+%-]*)%s+()(%d+%.%d)%s")
  if not a then return nil end
  local why = "line_profiler's time spent on a line"
  return { fig(h, hits, "time", "Hits", "line_profiler's count of hits", "not timing"), fig(a, t, "time", "Time", why),
           fig(b, p, "time", "Per Hit", why), fig(c, s, "share", "% Time", "line_profiler's share of the function's time") }
end

-- lmbench's two columns: lat_ctx's rows under '"size=0k ovr=1.12' (processes, microseconds per
-- switch), lat_mem_rd's under '"stride=64' (megabytes, nanoseconds per load), bw_*'s line after its
-- command (megabytes, megabytes per second): the second figure measured, a claim; the header's
-- overhead, measured too.
local lmb_why = { ctx = "lat_ctx's measured time of a context switch, in microseconds",
  mem = "lat_mem_rd's measured latency of a load, in nanoseconds", bw = "lmbench's measured bandwidth, in MB/s" }
function r28.lmbench_line(line, st)
  local o, ov = line:match('^"size=%d+k ovr=()(%d[%d.]*)')
  if o then return { fig(o, ov, "time", "ovr", "lat_ctx's measured overhead, in microseconds") } end
  local a, v = line:match("^%s*%d[%d.]*%s+()(%d[%d.]*)%s*$")
  if not a then return nil end
  return { fig(a, v, st.lmb == "bw" and "rate" or "time", st.lmb, lmb_why[st.lmb]) }
end

-- turbostat's rows, under its header ("Core CPU Avg_MHz Busy% Bzy_MHz TSC_MHz IPC IRQ ... CPU%c1
-- ... PkgWatt"): the shares of time busy or in an idle state and the instructions per cycle are
-- claims; the frequencies are the clock's, specified; counts, temperatures and power none.
function r28.turbo_header(line)
  if #line > 2000 or not line:find("Busy%", 1, true) or not line:find("_MHz", 1, true) then return nil end
  local names = {}
  for w in line:gmatch("%S+") do
    names[#names + 1] = w
    if #names > 80 then return nil end
  end
  return names
end
function r28.turbo_row(line, names)
  local out, i = {}, 0
  for a, tok in line:gmatch("()(%S+)") do
    i = i + 1
    if not (tok:find("^%d+%.?%d*$") or tok == "-") then return nil end
    local name = names[i]
    if not name then return nil end
    if tok ~= "-" then
      if name:find("%", 1, true) then
        out[#out + 1] = fig(a, tok, "share", name, "turbostat's measured share of time busy or in an idle state")
      elseif name == "IPC" then
        out[#out + 1] = fig(a, tok, "cycles", name, "turbostat's measured instructions per cycle")
      elseif name:find("MHz$") then
        out[#out + 1] = fig(a, tok, "time", name, "turbostat's clock frequency", "specified")
      elseif i > 2 then
        out[#out + 1] = fig(a, tok, "time", name, "turbostat's count, temperature or power", "not timing")
      end
    end
  end
  return i == #names and out or nil
end

-- Intel pcm's core table, under " Core (SKT) | EXEC | IPC  | FREQ  | AFREQ | L3MISS | ...": EXEC and
-- IPC (instructions per cycle) and the residencies (C0res%) are claims; FREQ and AFREQ the clock's,
-- specified; misses, hits, occupancy and temperature none. Its summary's "Active cycles: 567 M" and
-- "core residency: 45.12 %" are claims.
function r28.pcm_header(line)
  if #line > 2000 or not line:find("| EXEC", 1, true) or not line:find("| IPC", 1, true) then return nil end
  local names = {}
  for cell in line:gmatch("[^|]+") do
    for w in cell:gsub("%((%a+)%)", "%1"):gmatch("%S+") do names[#names + 1] = w end
  end
  return names
end
function r28.pcm_row(line, names)
  local out, i = {}, 0
  for a, tok, unit in line:gmatch("()(%S+)( ?[KMG]?)%f[%s\0]") do
    i = i + 1
    local name = names[i]
    if not name then return nil end
    if tok:find("^%d+%.?%d*$") then
      if name == "EXEC" or name == "IPC" then
        out[#out + 1] = fig(a, tok, "cycles", name, "pcm's measured instructions per cycle")
      elseif name:find("res%%$") then
        out[#out + 1] = fig(a, tok, "share", name, "pcm's measured residency: a share of time")
      elseif name:find("FREQ$") then
        out[#out + 1] = fig(a, tok, "time", name, "pcm's clock frequency, relative to the nominal", "specified")
      elseif i > 2 then
        out[#out + 1] = fig(a, tok .. unit, "time", name, "pcm's count of misses or hits, a ratio or a temperature", "not timing")
      end
    end
  end
  return i >= #names - 2 and out or nil
end
function r28.pcm_summary(line)
  local out = {}
  for e, a, v in line:gmatch("():%s+()(%d[%d.]*)") do
    local l = r28.before(line, e, 40):lower()
    -- (pcm's own lines: its cycles beside "Instructions retired", a residency of a C-state: review)
    if l:find("active cycles$") and line:find("Instructions retired:", 1, true) then
      out[#out + 1] = fig(a, v, "cycles", "Active cycles", "pcm's measured count of cycles")
    elseif l:find("%f[%w]c%d[^:]* core residency$") then
      out[#out + 1] = fig(a, v, "share", "core residency", "pcm's measured residency: a share of time")
    end
  end
  return #out > 0 and out or nil
end

-- Real-time and scheduler tools: cyclictest's thread line ("T: 0 ( 4321) P:80 I:1000 C: 100000 Min:
-- 2 Act: 3 Avg: 3 Max: 21": its interval specified, its count none, its latencies claims) and its
-- "# Max Latencies: 00021 00037" (512 threads at most); hackbench's "Time: 1.234"; perf sched latency's "max start:" and
-- "max end:" (stamps, specified).
function r28.rt_line(line, st)
  if line:find("^T:") then
    local i, iv, c, cv, a, mn, b, act, d, avg, e, mx = line:match(
      "^T:%s*%d+%s*%(%s*%d+%)%s+P:%s*%d+%s+I:%s*()(%d+)%s+C:%s*()(%d+)%s+Min:%s*()(%d+)%s+Act:%s*()(%d+)%s+Avg:%s*()(%d+)%s+Max:%s*()(%d+)")
    if not i then return nil end
    local why = "cyclictest's measured wake-up latency, in microseconds"
    return { fig(i, iv, "time", "I:", "cyclictest's interval between wake-ups, a setting", "specified"),
             fig(c, cv, "time", "C:", "cyclictest's count of cycles", "not timing"), fig(a, mn, "time", "Min:", why),
             fig(b, act, "time", "Act:", why), fig(d, avg, "time", "Avg:", why), fig(e, mx, "time", "Max:", why) }
  end
  if (line:find("^# Min Latencies:") or line:find("^# Avg Latencies:") or line:find("^# Max Latencies:")) and
     line:find("^[%d ]+$", 17) then
    local out = {}
    local from = line:find(":", 1, true) + 1
    for a, v in line:gmatch("()(%d+)", from) do
      out[#out + 1] = fig(a, v, "time", "Latencies", "cyclictest's measured wake-up latency, in microseconds")
      if #out >= 512 then break end
    end
    return #out > 0 and out or nil
  end
  if st.hackbench then
    local a, v = line:match("^Time: ()(%d+%.%d+)%s*$")
    if a then return { fig(a, v, "time", "Time:", "hackbench's measured run time, in seconds") } end
  end
  if line:find("| max start:", 1, true) or line:find("| max at:", 1, true) then
    local out = {}
    -- the task's runtime, its average and longest delay (measured, claims), and when the longest began
    -- or ended (stamps)
    local r, rt = line:match("|%s*()(%d[%d.]* ms)%s*|")
    if r then out[1] = fig(r, rt, "time", "Runtime ms", "perf sched latency's measured runtime of the task") end
    for e, a, v in line:gmatch("():%s*()(%d[%d.]* ms)%s*|") do
      local key = r28.before(line, e, 3)
      if key == "avg" or key == "max" then
        out[#out + 1] = fig(a, v, "time", key, "perf sched latency's measured delay of the task")
      end
    end
    for key, a, v in line:gmatch("max (%a+):%s*()(%d+%.%d+ s)") do
      out[#out + 1] = fig(a, v, "time", "max " .. key, "perf sched latency's stamp: when the longest delay began or ended", "specified")
    end
    return #out > 0 and out or nil
  end
  return nil
end

-- Desktop profilers' call trees: Visual Studio's CPU Usage ("Total CPU [unit, %]" over "1234 (45.67%)")
-- and Instruments' Time Profiler ("Weight  Self Weight  Symbol Name" over "1.23 s  100.0%  0 s  main";
-- older, "Running Time  Self" over "1234.0ms  100.0%  0.0"): times and shares of the run, claims.
function r28.calltree_row(line, st)
  local out = {}
  if st.vscpu then
    -- (each figure taken whole, then what follows it looked at: a long line stays linear)
    for a, v, e in line:gmatch("()(%d[%d,.]*)()") do
      local b, p = line:match("^ %(()(%d[%d.]*%%)%)", e)
      if b then
        out[#out + 1] = fig(a, v, "time", "Total CPU [unit, %]", "Visual Studio's measured processor time, in ms")
        out[#out + 1] = fig(b, p, "share", "Total CPU [unit, %]", "Visual Studio's measured share of the processor time")
      end
    end
  elseif st.instr then
    local a, t, b, p, c, s = line:match("^%s*()(%d[%d.]* ?[%a\194\181]+)%s+()(%d[%d.]*%%)%s+()(%d[%d.]* ?[%a\194\181]*)%s")
    if a then
      local why = "Instruments' measured time in a symbol and its callees"
      out = { fig(a, t, "time", "Weight", why), fig(b, p, "share", "Weight", "Instruments' share of the run's samples"),
              fig(c, s, "time", "Self Weight", why) }
    end
  end
  return #out > 0 and out or nil
end

-- curl's timings: "time_total:  0.012345", "time_total=0.012" (its -w variables, as a format prints them), and the
-- figures after the labels of a line printed by a command whose -w names them ("connect: 0.000412
-- ttfb: 0.002301"): measured seconds, claims.
local curl_phases = { namelookup = true, connect = true, appconnect = true, pretransfer = true, posttransfer = true,
  redirect = true, starttransfer = true, total = true, queue = true }
function r28.curl_times(line, st)
  local out = {}
  if line:find("time_", 1, true) then
    for e, name, a, v in line:gmatch("()time_(%l+)[:=]%s*()(%d[%d.]*s?)") do
      if curl_phases[name] and not line:sub(e - 1, e - 1):find("[%w_]") and v:find("^%d+%.%d+s?$") then
        out[#out + 1] = fig(a, v, "time", "time_" .. name, "curl's measured time of a phase of the transfer, in seconds")
      end
    end
  elseif st.curlw and not line:find("%{", 1, true) then
    for a, v in line:gmatch("%a:%s*()(%d[%d.]*)") do
      if v:find("^%d+%.%d+$") then
        out[#out + 1] = fig(a, v, "time", "curl -w", "curl's measured time of a phase of the transfer, in seconds")
      end
    end
  end
  return #out > 0 and out or nil
end

-- ss -ti's TCP details: "rtt:0.043/0.012", "minrtt:", "rcv_rtt:", "busy:12ms" measured, and the rates
-- (send, pacing_rate, delivery_rate), claims; "rto:", "ato:" the kernel's timers and "lastsnd:" and
-- the like, times since an event, specified.
local ss_set = { rto = true, ato = true, lastsnd = true, lastrcv = true, lastack = true }
local ss_measured = { rtt = true, minrtt = true, rcv_rtt = true, busy = true }
function r28.ss_line(line)
  if not line:find("rtt:", 1, true) or not line:find("cwnd:", 1, true) then return nil end
  local out = {}
  for e, a, v in line:gmatch("():()([%d./]+m?s?)") do
    local key = r28.before(line, e, 8):match("([%l_]+)$")
    if ss_measured[key] then
      out[#out + 1] = fig(a, v, "time", key, "ss's measured round trip or busy time")
    elseif ss_set[key] then
      out[#out + 1] = fig(a, v, "time", key, "ss's timer, or the time since an event", "specified")
    end
  end
  -- the rates the kernel derives from the measured round trip and window ("send 677.4Mbps",
  -- "pacing_rate 1.35Gbps") and the one it measured ("delivery_rate"), claims
  for a, num, e in line:gmatch("()(%d[%d.]*)()") do
    local u = line:match("^%a?bps", e)
    local key = u and line:sub(math.max(1, a - 16), a - 1):match("(%l[%l_]*) $")
    if key == "send" or key == "pacing_rate" or key == "delivery_rate" then
      out[#out + 1] = fig(a, num .. u, "rate", key, "ss's rate of the connection, measured or derived from its measured round trip")
    end
  end
  return #out > 0 and out or nil
end

-- RocksDB's db_bench: "readrandom : 1291.992 micros/op 3095 ops/sec 60.007 seconds 185768 operations;
-- 1.6 MB/s" (the time per operation, the rate, the elapsed time and the bandwidth measured, claims;
-- the count of operations none) and its statistics' histograms ("rocksdb.db.get.micros P50 : 9.66 P95
-- : 20.75 ... COUNT : 23221 SUM : 239839394": of a time, each percentile and the sum claims, the
-- count none).
function r28.db_bench(line)
  local out = {}
  if line:find("^rocksdb%.") then
    local name = line:match("^(%S+)")
    if not (name:find("micros", 1, true) or name:find("nanos", 1, true) or name:find("time", 1, true)) then return nil end
    for e, a, v in line:gmatch("() : ()(%d[%d.]*)") do
      local key = r28.before(line, e, 8):match("([%u%d.]+)$") or ""
      if key:find("^P%d") or key == "SUM" then
        out[#out + 1] = fig(a, v, "time", key, "db_bench's statistic of a measured time")
      elseif key == "COUNT" then
        out[#out + 1] = fig(a, v, "time", key, "db_bench's count of the times measured", "not timing")
      end
    end
    return #out > 0 and out or nil
  end
  local a, v = line:match("^%s*[%w_%-.]+%s*:%s*()(%d[%d.]*) micros/op%f[%A]")
  if not a then return nil end
  out[1] = fig(a, v .. " micros/op", "time", "micros/op", "db_bench's measured time per operation")
  local b, r = line:match("^%s*()(%d+) ops/sec", a + #v + 10)
  if b then out[2] = fig(b, r .. " ops/sec", "rate", "ops/sec", "db_bench's measured rate") end
  -- (each figure taken whole, then its unit looked at: a long line stays linear)
  for c, e, after in line:gmatch("()(%d[%d.]*)()", a + #v) do
    if line:find("^ seconds ", after) then
      out[#out + 1] = fig(c, e .. " seconds", "time", "seconds", "db_bench's measured elapsed time")
    elseif line:find("^ MB/s", after) then
      out[#out + 1] = fig(c, e .. " MB/s", "rate", "MB/s", "db_bench's measured bandwidth")
    end
  end
  return out
end

-- memtier_benchmark's table, under "Type  Ops/sec  Hits/sec  Misses/sec  Avg. Latency  p50 Latency ...
-- KB/sec": every column a measured rate or latency, claims ("---" where none).
function r28.memtier_header(line)
  if #line > 1000 or not line:find("^Type%s+Ops/sec%s") then return nil end
  local names = {}
  for cell in (line:gsub("%s%s+", "\0")):gmatch("[^%z]+") do names[#names + 1] = cell end
  return names
end
function r28.memtier_row(line, names)
  local out, i = {}, 0
  for a, tok in line:gmatch("()(%S+)") do
    i = i + 1
    local name = names[i]
    if not name then return nil end
    if i > 1 and tok:find("^%d+%.?%d*$") then
      local rate = name:find("/sec", 1, true)
      out[#out + 1] = fig(a, tok, rate and "rate" or "time", name, rate and "memtier's measured rate" or "memtier's measured latency, in ms")
    end
  end
  return i == #names and out or nil
end

-- vegeta's histogram ("Bucket  #  %  Histogram" over "[1ms,    2ms]    1459921  40.55%"): the bounds
-- are the buckets the command asked for, specified (the counts and shares are read as printed). wrk's
-- "3599231 requests in 1.00m, 528.60MB read": how long the run took, a claim in its own units ("m"
-- for minutes).
function r28.vegeta_bucket(line)
  local a, lo, b, hi = line:match("^%[()(%d[%w.]*),%s*()([%d+][%w.]*)%]")
  if not a then return nil end
  local why = "vegeta's histogram: a bucket's bound, as the command set it"
  return { fig(a, lo, "time", "Bucket", why, "specified"), fig(b, hi, "time", "Bucket", why, "specified") }
end
function r28.wrk_total(line)
  local a, d = line:match("^%s*%d+ requests in ()(%d+%.%d+[mun]?[sm]),")
  if a then return { fig(a, d, "time", "requests in", "wrk's measured time of the run") } end
end

-- k6's plan, printed before the run: "scenarios: (100.00%) 1 scenario, 200 max VUs, 1m30s max duration",
-- "* puts: 8000.00 iterations/s for 1m0s (maxVUs: 200, gracefulStop: 30s)", and the progress bar's
-- "1m0s  8000.00 iters/s": the options the script set, specified.
function r28.k6_plan(line)
  -- (k6's own words: a results list's "* render: 1.2s" is none: review)
  if not (line:find("^%s*scenarios: ") and line:find("max duration", 1, true) or
          line:find("^%s+%* [%w_%-]+: ") and (line:find("gracefulStop", 1, true) or line:find(" VUs", 1, true) or
                                             line:find("iterations", 1, true)) or
          line:find(" VUs  ", 1, true) and line:find("/s%s*$")) then
    return nil
  end
  local out = {}
  for a, tok, e in line:gmatch("()(%d[%w.]*)()") do
    local rate = line:match("^ (iter%a*/s)", e)
    if rate or tok:find("^%d[%d.]*[mun]?s$") or tok:find("^%d+[hm]%d") then
      out[#out + 1] = fig(a, rate and tok .. " " .. rate or tok, rate and "rate" or "time", "k6's options",
                          "k6's plan: a duration or rate the script set", "specified")
    end
  end
  return #out > 0 and out or nil
end

-- benchmark.js's line: "parse x 1,912,344 ops/sec ±0.62% (95 runs sampled)": the rate with its
-- relative margin of error, one claim (the count of runs none).
function r28.benchmark_js(line)
  local a, f = line:match(" x ()(%d[%d,.]* ops/sec \194\177%d[%d.]*%%) %(%d+ runs? sampled%)")
  if a then return { fig(a, f, "rate", "ops/sec", "benchmark.js's measured rate and its relative margin of error") } end
end

-- BenchmarkDotNet's summary, a printed pipe table under "| Method | Mean | Error | ... | Ratio |": the
-- Ratio (and RatioSD) cells compare each row's mean with the baseline's, speed-ups, claims (the times
-- are read as the table's columns); its legend's "1 ns : 1 Nanosecond (0.000000001 sec)" defines a
-- unit, specified.
function r28.bdn_header(line)
  -- (its own columns: Method, Mean, Error; a fund's "| Mean | StdDev | Ratio |" is none: review)
  if line:byte(1) ~= 124 or #line > 1000 or not line:find("| Mean ", 1, true) or not line:find("| Ratio", 1, true) or
     not line:find("^| Method ") or not line:find("| Error ", 1, true) then
    return nil
  end
  local cols, i = {}, 0
  for cell in line:gmatch("|([^|]*)") do
    i = i + 1
    local name = cell:match("^%s*(.-)%s*$")
    if name == "Ratio" or name == "RatioSD" then cols[i] = name end
  end
  return cols
end
function r28.bdn_row(line, cols)
  if line:byte(1) ~= 124 then return nil end
  local out, i = {}, 0
  for a, cell in line:gmatch("|()([^|]*)") do
    i = i + 1
    local b, v = cell:match("^%s*()(%d[%d.]*)%s*$")
    if cols[i] and b then
      out[#out + 1] = fig(a + b - 1, v, "speedup", cols[i], "BenchmarkDotNet's ratio of a row's mean to the baseline's")
    end
  end
  return #out > 0 and out or nil
end
function r28.bdn_legend(line)
  local a, u, b, c, d, e = line:match("^%s+()(1 %a+)%s+: ()(1 %a+) %(()(%d[%d.]* sec)%)%s*$")
  if not a then return nil end
  local why = "BenchmarkDotNet's legend: a unit's definition"
  return { fig(a, u, "time", "Legends", why, "specified"), fig(b, c, "time", "Legends", why, "specified"),
           fig(d, e, "time", "Legends", why, "specified") }
end

-- BenchmarkTools' histogram line ("26.8 ms   Histogram: frequency by time   29.1 ms <"): its range,
-- the fastest sample and a high percentile, measured, claims.
function r28.julia_hist(line)
  local a, lo, b, hi = line:match("^%s*()(%d[%d.]* [%a\194\181\206\188]+)%s+Histogram: [%a%(%) ]- by time%s+()(%d[%d.]* [%a\194\181\206\188]+) <%s*$")
  if not a then return nil end
  local why = "BenchmarkTools' histogram's range: measured times"
  return { fig(a, lo, "time", "Histogram", why), fig(b, hi, "time", "Histogram", why) }
end

-- perf trace -s's rows ("futex  48241  412  7311.822  0.002  0.152  11.804  0.94%"): the times in the
-- call (msec) and their relative spread, claims; the counts of calls and errors none.
-- stress-ng's "setting to a 1 min, 0 secs run per stressor": the run's length as set, specified.
-- massif's snapshots ("n  time(i)  total(B) ..."): the time is a count of instructions or a point in
-- the run, never a claim.
function r28.misc_rows(line, st)
  if st.ptrace then
    local t, tv, m, mv, g, gv, x, xv, a, v = line:match(
      "^%s+[%w_]+%s+%d+%s+%d+%s+()([%d.]+)%s+()([%d.]+)%s+()([%d.]+)%s+()([%d.]+)%s+()(%d[%d.]*%%)%s*$")
    if a then
      local why = "perf trace's measured time in the call, in msec"
      return { fig(t, tv, "time", "total", why), fig(m, mv, "time", "min", why), fig(g, gv, "time", "avg", why),
               fig(x, xv, "time", "max", why), fig(a, v, "share", "stddev (%)", "perf trace's relative spread of the measured times") }
    end
  end
  if line:find("^stress%-ng: ") and line:find("setting to a ", 1, true) then
    local from = line:find("setting to a ", 1, true)
    local out = {}
    for a, v, e in line:gmatch("()(%d+)()", from) do
      local word = line:match("^ %a+", e)
      if word then out[#out + 1] = fig(a, v .. word, "time", "setting to a", "stress-ng's run length, as set", "specified") end
    end
    return #out > 0 and out or nil
  end
  if st.massif then
    local a, v = line:match("^%s*%d+%s+()(%d[%d,.]*)%s+[%d,]+%s+[%d,]+%s+[%d,]+%s+[%d,]+%s*$")
    if a then return { fig(a, v, "time", "time(" .. st.massif .. ")",
                            "massif's snapshot: a point in the run, counted in its unit", st.massif == "i" and "not timing" or "specified") } end
  end
  return nil
end

-- Sampling profilers' tables: py-spy's "%Own %Total OwnTime TotalTime Function" (shares and times of
-- the samples) and its "GIL: 0.00%, Active: 100.00%"; async-profiler's flat "ns percent samples top"
-- (the time and its share; the count of samples none); node --prof's "ticks parent name" and "ticks
-- total nonlib name" (shares of the ticks; the ticks a count). Claims.
function r28.sampler_row(line, st)
  local out = {}
  if st.pyspy then
    local a, o, b, t, c, ot, d, tt = line:match("^%s*()(%d+%.%d+%%)%s+()(%d+%.%d+%%)%s+()(%d[%d.]*[mun]?s)%s+()(%d[%d.]*[mun]?s)%s")
    if a then
      return { fig(a, o, "share", "%Own", "py-spy's share of the samples in a function"),
               fig(b, t, "share", "%Total", "py-spy's share of the samples in a function and its callees"),
               fig(c, ot, "time", "OwnTime", "py-spy's time in a function"),
               fig(d, tt, "time", "TotalTime", "py-spy's time in a function and its callees") }
    end
  elseif st.asprof then
    local a, ns, b, pct = line:match("^%s*()(%d+)%s+()(%d+%.%d+%%)%s+%d+%s+%S")
    if a then
      return { fig(a, ns, "time", "ns", "async-profiler's time in a function, in ns"),
               fig(b, pct, "share", "percent", "async-profiler's share of the samples") }
    end
  elseif st.nodeprof then
    local a, t, b, pct = line:match("^%s*()(%d+)%s+()(%d+%.%d+%%)%s")
    if a then
      local out2 = { fig(a, t, "time", "ticks", "node --prof's count of ticks", "not timing"),
                     fig(b, pct, "share", "%", "node --prof's share of the ticks") }
      local c, pct2 = line:match("^%s+()(%d+%.%d+%%)%s", b + #pct)
      if c then out2[3] = fig(c, pct2, "share", "nonlib", "node --prof's share of the ticks") end
      return out2
    end
  end
  if line:find("^GIL: ") and #line <= 200 then
    for key, a, v in line:gmatch("(%a+): ()(%d+%.%d+%%)") do
      out[#out + 1] = fig(a, v, "share", key, "py-spy's share of the samples holding the GIL or active")
    end
    return #out > 0 and out or nil
  end
  return nil
end

-- Nsight Compute's sections: under "Metric Name  Metric Unit  Metric Value", a row's unit says what
-- its value is: a time (usecond, msecond ...) or cycles measured, a throughput's share or a rate,
-- claims; a clock's cycles per time, specified; other counts and shares (occupancy, hit rates) none.
function r28.ncu_row(line)
  -- (a row is short: a longer line is none, and the lazy pattern stays cheap)
  if #line > 300 then return nil end
  local name, unit, a, v = line:match("^%s+(%S.-%S)%s%s+(%S+)%s+()(%d[%d,.]*)%s*$")
  if not name or #name > 80 then return nil end
  local u, n = unit:lower(), name:lower()
  if u:find("^[mun]?second$") or u:find("^[mun]?secs?$") or u:find("^[mun]?s$") then
    return { fig(a, v, "time", name, "Nsight Compute's measured time") }
  elseif u == "cycle" or u == "cycles" then
    return { fig(a, v, "cycles", name, "Nsight Compute's measured count of cycles") }
  elseif u:find("^cycle/") or u:find("hz$") then
    return { fig(a, v, "time", name, "Nsight Compute's clock frequency", "specified") }
  elseif u:find("/second$") or u:find("/s$") then
    return { fig(a, v, "rate", name, "Nsight Compute's measured rate") }
  elseif u == "%" and (n:find("throughput", 1, true) or n:find("busy", 1, true)) then
    return { fig(a, v, "share", name, "Nsight Compute's measured throughput, a share of the peak") }
  end
  return { fig(a, v, "time", name, "Nsight Compute's count, share or setting", "not timing") }
end

-- top's header: "%Cpu(s): 12.3 us, 2.1 sy, ... 85.1 id" (shares of the processors' time, claims; "us"
-- is user time, not microseconds); "load average: 1.23, 0.98, 0.76" (a queue's length, none); "up 3
-- days, 4:05" (the uptime, specified).
local top_keys = { us = true, sy = true, ni = true, id = true, wa = true, hi = true, si = true, st = true }
function r28.top_header(line)
  local out = {}
  if line:find("^%%Cpu%(s%):") or line:find("^%%Cpu%d+%s*:") then
    -- (each figure taken whole, then what follows it looked at: a long line stays linear)
    for a, v, e in line:gmatch("()(%d[%d.]*)()") do
      local key = line:match("^[ %%]+(%a%a)%f[%A]", e)
      if key and top_keys[key] and v:find("^%d+%.%d+$") then
        out[#out + 1] = fig(a, v, "share", key, "top's share of the processors' time")
      end
    end
  elseif line:find("load average:", 1, true) and line:find("^top %- ") then
    local from = line:find("load average:", 1, true)
    for a, v in line:gmatch("()(%d[%d.]*)", from) do
      if v:find("^%d+%.%d+$") then
        out[#out + 1] = fig(a, v, "time", "load average", "top's load average: a count of tasks", "not timing")
      end
    end
  end
  return #out > 0 and out or nil
end

-- Load generators' summaries: ioping's "request=2 time=98.7 us" (the request's number none); siege's
-- "Longest transaction:  0.45" (seconds); JMeter's "summary = 12345 in 00:01:00 = 205.7/s Avg: 48 Min:
-- 2 Max: 1234" (ms); Gatling's "> mean response time  123 (OK=123  KO=-)"; artillery's dotted rows
-- under "http.response_time:"; locust's row ("12345  0(0.00%) |  12  1  234  11 |  205.70  0.00");
-- tcplife's last column, "MS", the connection's life. Measured, claims.
function r28.load_lines(line, st)
  if line:find("request=", 1, true) and line:find(" time=", 1, true) then
    local r, rv = line:match("request=()(%d+)")
    local a, t = line:match(" time=()(%d[%d.]* [mun\194\181]?s)")
    if r and a then
      return { fig(r, rv, "time", "request=", "ioping's number of the request", "not timing"),
               fig(a, t, "time", "time=", "ioping's measured time of one request") }
    end
  end
  local a, v = line:match("^Longest transaction:%s+()(%d+%.%d+)%s*$")
  if not a then a, v = line:match("^Shortest transaction:%s+()(%d+%.%d+)%s*$") end
  if a then return { fig(a, v, "time", "transaction", "siege's measured longest or shortest transaction, in seconds") } end
  if line:find("^summary [=+]%s+%d+ in [%d:.]+ =%s+%d[%d.]*/s ") then
    local out = {}
    local e, ev = line:match(" in ()(%d+:%d%d:%d%d) =")
    if e then out[1] = fig(e, ev, "time", "in", "JMeter's stretch of the run the line sums up, a stamp", "specified") end
    for e, b, w in line:gmatch("():%s+()(%d+)") do
      local key = r28.before(line, e, 3)
      if key == "Avg" or key == "Min" or key == "Max" then
        out[#out + 1] = fig(b, w, "time", key, "JMeter's measured response time, in ms")
      end
    end
    return #out > 0 and out or nil
  end
  if line:find("^> ") and #line <= 300 then
    -- (the figure found back from its "(OK=", the label before it: no lazy pattern)
    local q = line:find(" (OK=", 1, true)
    local head = q and line:sub(1, q - 1)
    local b, w = nil, nil
    if head then b, w = head:match("()(%d[%d.]*)$") end
    local label = b and head:sub(3, b - 1):match("^(.-)%s*$")
    if label and #head:sub(3, b - 1) > #label + 1 and
       (label:find("response time", 1, true) or label:find("requests/sec", 1, true)) then
      return { fig(b, w, label:find("/sec", 1, true) and "rate" or "time", label, "Gatling's measured statistic, in ms or per second") }
    end
  end
  if st.dotted then
    local b, w = line:match("^%s+[%w.]+: %.%.%.+ ()(%d[%d.]*)%s*$")
    if b then return { fig(b, w, st.dotted, "artillery", "artillery's measured statistic") } end
  end
  if st.locust then
    local c, cv, d, dv, g, gv, h, hv, r, rv = line:match("|%s+()(%d+)%s+()(%d+)%s+()(%d+)%s+()(%d+)%s+|%s+()(%d[%d.]*)%s")
    if c then
      local why = "locust's measured response time, in ms"
      return { fig(c, cv, "time", "Avg", why), fig(d, dv, "time", "Min", why), fig(g, gv, "time", "Max", why),
               fig(h, hv, "time", "Med", why), fig(r, rv, "rate", "req/s", "locust's measured rate") }
    end
  end
  if st.tcplife then
    local b, w = line:match("%s()(%d+%.%d+)%s*$")
    if b then return { fig(b, w, "time", "MS", "tcplife's measured life of the connection, in ms") } end
  end
  return nil
end

-- autocannon's table: a "Req/Sec" or "Bytes/Sec" row of bare figures under its '│' header of
-- percentiles and statistics, measured rates, claims.
function r28.autocannon_row(line)
  local lead = line:match("^\226\148\130 ([RB][%a]+/Sec)%s+\226\148\130")
  if not lead then return nil end
  local out = {}
  for a, v in line:gmatch("\226\148\130%s+()(%d[%d.]*%s?[kMG]?B?)%s+") do
    out[#out + 1] = fig(a, (v:gsub("%s+$", "")), "rate", lead, "autocannon's measured rate")
  end
  return #out > 0 and out or nil
end

-- strace -c's rows, under "% time  seconds  usecs/call  calls  errors syscall": each figure stands under
-- the header word whose end it is closest to (the columns are right-aligned; a total's row may leave
-- usecs/call or errors blank); the share, the seconds and the time per call are claims, the counts
-- none. perf report's "# Event count (approx.): 4641087220" under "# Samples: 5K of event
-- 'cycles:P'": a count of cycles, a claim (of another event, or a count near the samples', none). psql's "Time: 412311.020 ms
-- (06:52.311)": the statement's time, twice, claims.
function r28.strace_header(line)
  if #line > 300 or not line:find("^%% time%s+seconds%s+usecs/call%s+calls") then return nil end
  local cols = {}
  for a, w in line:gmatch("()(%S+)") do
    if w ~= "%" then cols[#cols + 1] = { e = a + #w - 1, name = w } end
  end
  return cols
end
function r28.strace_row(line, cols)
  if not line:find("^%s*%d+%.%d+%s+%d+%.%d+%s") then return nil end
  local out = {}
  for a, v, e in line:gmatch("()(%d[%d.]*)()") do
    local best, gap = nil, math.huge
    for _, c in ipairs(cols) do
      local g = math.abs(c.e - (e - 1))
      if g < gap then best, gap = c, g end
    end
    local n = best.name
    if n == "time" then
      out[#out + 1] = fig(a, v, "share", "% time", "strace's share of the time in system calls")
    elseif n == "seconds" or n == "usecs/call" then
      out[#out + 1] = fig(a, v, "time", n, "strace's measured time in system calls")
    elseif n == "calls" or n == "errors" then
      out[#out + 1] = fig(a, v, "time", n, "strace's count of calls or errors", "not timing")
    end
  end
  return #out > 0 and out or nil
end
function r28.perf_header(line, st)
  local n, unit, ev = line:match("^# Samples: (%d[%d.]*)([KMG]?) of event '([^']+)'")
  if ev then
    st.perfev, st.perfn = ev, tonumber(n) * (unit == "K" and 1e3 or unit == "M" and 1e6 or unit == "G" and 1e9 or 1)
  end
  local a, v = line:match("^# Event count %(approx%.%): ()(%d+)%s*$")
  if a and st.perfev then
    -- a count of cycles weighs each sample by the period, far more than the samples; a count near the
    -- samples' (a branch stack's entries, perf record -b) counts them
    local cycles = clock_event(st.perfev) and st.perfn and tonumber(v) >= 100 * st.perfn
    return { fig(a, v, "cycles", "Event count", cycles and "perf report's count of the event, of cycles" or
                 "perf report's count of an event that counts no time", not cycles and "not timing" or nil) }
  end
  local b, t, c, m = line:match("^Time: ()(%d[%d.]* ms) %(()([%d:.]+)%)%s*$")
  if b then
    local why = "psql's measured time of the statement"
    return { fig(b, t, "time", "Time:", why), fig(c, m, "time", "Time:", why) }
  end
  return nil
end

-- pidstat's other reports (-d, -w, -r), under "UID  TGID  TID  kB_rd/s  kB_wr/s  kB_ccwr/s  iodelay
-- Command" (a stamp's one or two words before): each row's figure under a name per second is a rate,
-- under "iodelay" the ticks a task waited for block I/O, under "%usr" and the like a share, claims;
-- ids, sizes and "%MEM" none.
local pidstat_share = { ["%usr"] = true, ["%system"] = true, ["%guest"] = true, ["%wait"] = true, ["%CPU"] = true,
  ["%gnice"] = true }
function r28.pidstat_header(line)
  if #line > 400 or not line:find(" UID ", 1, true) or not line:find("Command%s*$") or
     not (line:find(" PID ", 1, true) or line:find(" TGID ", 1, true)) then
    return nil
  end
  local names = {}
  for w in line:gmatch("%S+") do names[#names + 1] = w end
  return names
end
function r28.pidstat_row(line, names)
  local toks = {}
  for a, w in line:gmatch("()(%S+)") do
    toks[#toks + 1] = { a = a, w = w }
    if #toks > #names then return nil end
  end
  if #toks ~= #names then return nil end
  local out = {}
  for i, t in ipairs(toks) do
    local n = names[i]
    if t.w:find("^%d+%.?%d*$") then
      if n:find("/s$") then
        out[#out + 1] = fig(t.a, t.w, "rate", n, "pidstat's measured rate per second")
      elseif n == "iodelay" then
        out[#out + 1] = fig(t.a, t.w, "time", n, "pidstat's measured delay on block I/O, in clock ticks")
      elseif pidstat_share[n] then
        out[#out + 1] = fig(t.a, t.w, "share", n, "pidstat's measured share of a processor")
      end
    end
  end
  return #out > 0 and out or nil
end

-- bpftrace's scalar maps, printed when the script ends: "@max_gap_us: 14118", "@avg_ns[dss-audio]:
-- 812" (a map named for a unit of time or cycles: its value measured, a claim).
local bpf_not = { "start", "begin", "entry", "%f[%a]ts%f[%A]", "stamp", "last", "epoch", "budget", "limit", "timeout",
  "deadline", "interval", "period", "now" }
local bpf_units = { us = "time", usecs = "time", ns = "time", nsecs = "time", ms = "time", msecs = "time",
  cycles = "cycles", cyc = "cycles" }
function r28.bpf_scalar(line)
  local name, a, v = line:match("^@([%w_]+):%s+()(%d+)%s*$")
  if not name then name, a, v = line:match("^@([%w_]+)%[[^%]]*%]:%s+()(%d+)%s*$") end
  local unit = name and (name:match("_(%a+)$") or name:match("^(%a+)$"))
  local kind = unit and bpf_units[unit:lower()]
  -- (a map that holds when something began, or a setting copied from the kernel, is none: review)
  if kind and finds_any(name:lower(), bpf_not) then return nil end
  if kind then return { fig(a, v, kind, "@" .. name, "bpftrace's map, named for its unit: a measured value") } end
end

-- A few more keys of measuring tools: fio's disk statistics ("util=98.12%", the device's busy share)
-- and Julia's BenchmarkTools ("GC (min … max): 0.00% … 0.00%", the share of the time in collection).
function r28.misc_shares(line)
  if line:find("util=", 1, true) and line:find("ios=", 1, true) then
    local a, v = line:match("util=()(%d[%d.]*%%)", line:find("util=", 1, true))
    if a then return { fig(a, v, "share", "util=", "fio's measured share of time the device was busy") } end
  end
  if line:find("GC (", 1, true) then
    local from = line:match("GC %(min \226\128\166 max%):()") or line:match("GC %(median%):()") or
                 line:match("GC %(mean \194\177 \207\131%):()")
    if not from then return nil end
    local out = {}
    for a, v, b in line:gmatch("()(%d[%d.]*)()", from) do
      if line:byte(b) == 37 then
        out[#out + 1] = fig(a, v .. "%", "share", "GC", "BenchmarkTools' measured share of the time spent in garbage collection")
      end
    end
    return #out > 0 and out or nil
  end
  return nil
end

end

-- (what a blank line ends: every state but the block's JSON record)
-- lmbench's bandwidth programs (a "bw_log.py" is none: review)
local lmbench_bw = { bw_mem = true, bw_file_rd = true, bw_mmap_rd = true, bw_pipe = true, bw_tcp = true, bw_unix = true }
local to_blank = { "section", "pending", "change", "hist", "pytest", "vmstat", "gprof", "jmh", "likwid", "annotate",
  "pgstmt", "hey", "lmb", "turbo", "pcm", "vscpu", "instr", "memtier", "vhist", "bdn", "ptrace", "pyspy", "asprof",
  "nodeprof", "ncu", "dotted", "locust", "tcplife", "strace", "hackbench", "curlw", "lprof", "massif", "pidstat" }
-- The state a block's lines give the readers above: a section's unit, perf annotate's header, a
-- criterion "change:", a bpftrace histogram's unit, a JSON block of Google Benchmark's.
local function tool_state(line, st)
  if not line:find("%S") then
    for _, k in ipairs(to_blank) do st[k] = nil end
    return st
  end
  local indent = #line:match("^%s*")
  if line:find("^%s*Percent%s*[|\226]%s*$") or line:find("Source code & Disassembly of", 1, true) then
    st.annotate = line:match(" for ([%w_.:/%-]+)") or true
  end
  if line:find("^%s*change:%s*$") then st.change = true end
  local unit = hist_unit(line)
  if unit then st.hist = unit end
  if #line <= 1000 and line:find("^Name %(time in %a+%)") then st.pytest = line end
  st.vmstat = vmstat_header(line) or st.vmstat
  if line:find("^%s*index%s+%% time%s+self%s+children%s+called%s+name") then st.gprof = true end
  -- a likwid-perfctr report ("| Event | Counter | HWThread 0 |", "| Metric | HWThread 0 |")
  if line:byte(1) == 124 and line:find("HWThread %d") then st.likwid = true end
  -- JMH's header of results
  if line:find("^Benchmark%s") and #line <= 300 and line:find(" Mode ", 1, true) and line:find(" Score ", 1, true) then
    st.jmh = true
  end
  -- the twenty-eighth round's layouts: a header, or a command, that says what the rows under it are
  if st.pgstmt and not line:find("^%s") then st.pgstmt = nil end
  -- (a header is words: a line without a letter sets none, and ends only what a line of figures ends)
  if line:find("%a") then
    if line:find("^%s*Value%s+Percentile%s+TotalCount") then st.hdr = true
    elseif st.hdr then st.hdr = nil end
    local units = r28.netperf_units(line)
    if units then st.netperf = units elseif st.netperf then st.netperf = nil end
    if line:find("^statement latencies in milliseconds") then st.pgstmt = true end
    if line:find("^Details %(average, fastest, slowest%):") then st.hey = true end
    if line:find("^Line #%s+Hits%s+Time%s+Per Hit%s+%% Time") then st.lprof = true end
    if line:find('^"size=%d+k ovr=') then st.lmb = "ctx" elseif line:find('^"stride=%d') then st.lmb = "mem"
    elseif line:find("^%$ ") then
      local prog = line:match("%f[%w](bw_[%l_]+)%f[%s\0]")
      st.lmb = lmbench_bw[prog] and "bw" or nil
    end
    st.turbo = r28.turbo_header(line) or st.turbo
    st.pcm = r28.pcm_header(line) or st.pcm
    st.memtier = r28.memtier_header(line) or st.memtier
    st.strace = r28.strace_header(line) or st.strace
    st.pidstat = r28.pidstat_header(line) or st.pidstat
    if line:find("^%s*%%Own%s+%%Total%s+OwnTime") then st.pyspy = true end
    if line:find("^%s*ns%s+percent%s+samples%s+top") then st.asprof = true end
    if line:find("^%s*ticks%s+parent%s+name") or line:find("^%s*ticks%s+total%s+nonlib%s+name") then st.nodeprof = true end
    if line:find("^%s*Metric Name%s+Metric Unit%s+Metric Value") then st.ncu = true end
    if line:find("^http%.response_time:%s*$") or line:find("^vusers%.session_length:%s*$") or
       line:find("^plugins%.[%w.%-/]+%.response_time[%w.%-/]*:%s*$") then
      st.dotted = "time"
    elseif line:find("^http%.request_rate:%s*$") then st.dotted = "rate" end
    if line:find("# reqs", 1, true) and line:find("# fails", 1, true) then st.locust = true end
    if line:find("RX_KB%s+MS%s*$") then st.tcplife = true end
    st.bdn = r28.bdn_header(line) or st.bdn
    if line:find("^%s+syscall%s+calls%s+errors%s+total%s+min%s+avg%s+max%s+stddev") then st.ptrace = true end
    st.massif = line:match("^%s*n%s+time%((%a+)%)%s+total%(B%)") or st.massif
    if line:find("^Bucket%s+#%s+%%%s+Histogram") then st.vhist = true end
    if line:find("^Running in process mode with %d+ groups") or line:find("^Running in threaded mode with %d+ groups") then
      st.hackbench = true
    end
    if line:find("Total CPU [unit, %]", 1, true) then st.vscpu = true end
    if line:find("^%s*Weight%s+Self Weight%s+Symbol Name") or line:find("^%s*Running Time%s+Self %(ms%)%s+Symbol Name") then
      st.instr = true
    end
    if line:find("%{time_", 1, true) and line:find("curl", 1, true) then st.curlw = true end
  elseif st.hdr and line:find("^#") then
    st.hdr = nil
  end
  -- the line after a label that ends its line says what the section is: lines indented under it
  -- ("Latency (ms):" over "   min: 0.80") up to the first that is not; or a header of columns, then
  -- its rows up to a blank line ("Connection Times (ms)" over "  min  mean[+/-sd] median  max")
  local pending = st.pending
  st.pending = nil
  if pending then
    -- a header of statistics alone ("avg  min  p50  p95  p99  max": redis-benchmark's) makes the rows of
    -- bare figures under it that quantity too
    local stats = true
    for w in line:gmatch("%S+") do
      local l = w:lower()
      if not (col_words[l] == "stat" or l:find("^p%d+%.?%d*$") or l == "stdev" or l == "mdev") then stats = false end
    end
    if not line:find("%d") and line:find("%a") then
      st.section = { kind = pending.kind, cue = pending.cue, indent = -1, stats = stats }
    elseif indent > pending.indent then
      st.section = { kind = pending.kind, cue = pending.cue, indent = pending.indent, indented = true, stats = stats }
    end
  elseif st.section and st.section.indented and indent <= st.section.indent then
    st.section = nil
  end
  local kind, label, sep = bracket_label(line)
  if kind and line:find("^:?%s*$", sep) then
    st.section = nil
    st.pending = { kind = kind, cue = label, indent = indent }
  end
  return st
end

-- The twenty-eighth round's readers are tried on a line with a letter, or on a row under a header
-- one of them keeps (a state), 500 such rows of bare figures in a block at most: a long log of figures
-- is read at little cost.
local r28_states = { "netperf", "hdr", "lprof", "lmb", "turbo", "pcm", "memtier", "vhist", "bdn", "ncu", "strace",
  "pgstmt", "hey", "vscpu", "instr", "ptrace", "massif", "pyspy", "asprof", "nodeprof", "locust", "tcplife", "dotted" }
function r28.on(line, st)
  if line:find("%a") then return true end
  for _, k in ipairs(r28_states) do
    if st[k] then
      st.rows28 = (st.rows28 or 0) + 1
      return st.rows28 <= 500
    end
  end
  return false
end
function r28.figures(line, st, bracket)
  return line:byte(1) == 91 and r28.ycsb_line(line) or r28.db_times(line) or
                  (st.pgstmt or line:byte(1) == 112) and r28.pgbench_line(line, st) or
                  line:byte(1) == 115 and line:find("^sockperf:") and r28.sockperf_line(line) or
                  st.netperf and r28.netperf_row(line, st.netperf) or (st.hdr or line:byte(1) == 35) and r28.hdr_line(line, st) or
                  bracket and r28.vegeta_line(line) or st.hey and r28.hey_details(line) or st.lprof and r28.lprof_row(line) or
                  st.lmb and r28.lmbench_line(line, st) or st.turbo and r28.turbo_row(line, st.turbo) or
                  st.pcm and r28.pcm_row(line, st.pcm) or
                  (line:find("Active cycles:", 1, true) or line:find("core residency", 1, true)) and r28.pcm_summary(line) or
                  r28.rt_line(line, st) or (st.vscpu or st.instr) and r28.calltree_row(line, st) or
                  (st.curlw or line:find("time_", 1, true)) and r28.curl_times(line, st) or r28.ss_line(line) or
                  r28.misc_shares(line) or (line:find(" micros/op", 1, true) or line:byte(1) == 114) and r28.db_bench(line) or
                  st.memtier and r28.memtier_row(line, st.memtier) or st.vhist and r28.vegeta_bucket(line) or
                  line:find(" requests in ", 1, true) and r28.wrk_total(line) or r28.k6_plan(line) or
                  line:find(" runs sampled)", 1, true) and r28.benchmark_js(line) or st.bdn and r28.bdn_row(line, st.bdn) or
                  line:find(": 1 ", 1, true) and r28.bdn_legend(line) or line:find("Histogram:", 1, true) and r28.julia_hist(line) or
                  r28.misc_rows(line, st) or r28.sampler_row(line, st) or st.ncu and r28.ncu_row(line) or
                  (line:find("Cpu", 1, true) or line:byte(1) == 116) and r28.top_header(line) or r28.load_lines(line, st) or
                  line:byte(1) == 226 and r28.autocannon_row(line) or st.strace and r28.strace_row(line, st.strace) or
                  (line:byte(1) == 35 or line:byte(1) == 84) and r28.perf_header(line, st) or
                  st.pidstat and r28.pidstat_row(line, st.pidstat) or line:byte(1) == 64 and r28.bpf_scalar(line)
end

local function tool_figures(line, st, profile)
  if #line > 2000 then return nil end
  -- (each reader is tried only on a line that holds its marks: a long log is read at little cost)
  local eq, bracket = line:find("=", 1, true), line:find("[", 1, true)
  local figures = time_figures(line, st) or
                  (line:find("Warming up", 1, true) or line:find("Collecting", 1, true) or line:byte(1) == 35) and
                  harness_plan(line) or
                  hyperfine_factor(line) or criterion_change(line, st) or
                  bracket and (line:find(" time:", 1, true) or line:find(" thrpt:", 1, true)) and criterion_estimate(line) or
                  go_bench(line) or
                  (st.json and json_figures(line, st.hyperfine)) or (st.pytest and pytest_rows(line, st.pytest)) or
                  (st.vmstat and vmstat_row(line, st.vmstat)) or (st.gprof and gprof_graph(line)) or
                  bracket and line:find("[User:", 1, true) and hyperfine_cpu(line) or
                  likwid_row(line) or (st.likwid and likwid_cpi(line)) or
                  annotate_figures(line, st, profile) or graph_duration(line) or ping_summary(line) or
                  bracket and iperf_interval(line) or eq and fio_buckets(line) or (st.jmh and jmh_figures(line)) or
                  (st.hist and hist_bounds(line, st.hist)) or
                  r28.on(line, st) and r28.figures(line, st, bracket)
  if figures then return figures end
  local kind, label, sep = bracket_label(line)
  if kind and line:find("%d", sep) then
    local f = figures_after(line, sep + 1, kind, label, "a figure after a printed label that gives its unit in brackets, " ..
                                                       (kind == "time" and "a measured time" or "a rate"))
    return #f > 0 and f or nil
  end
  -- a label that names a rate or a time, then keys and their values ("iops : min= 9250, max=10000,
  -- avg=9800.00, stdev=103.1, samples=119": fio)
  local lab, from = nil, nil
  if eq then lab, from = line:match("^%s*(%a[%a ]-)%s*:%s*()%a+=") end
  local lk = lab and label_quantity(lab)
  if lk == "rate" or lk == "time" then
    local f = figures_after(line, from, lk, lab, "a value after a printed label that names a " ..
                                                (lk == "rate" and "rate" or "measured time"))
    if #f > 0 then return f end
  end
  local s = st.section
  -- a section's rows: "Connect:  0  1  0.5  1  5" under a header of columns, "min:  0.80" or "| 1.00th=[
  -- 76]" indented under its label, or a percentile's "  50%     22"; at most 200 of them
  if s and (s.rows or 0) < 200 and (line:find("^%s*[%a%d][%w %-]*:%s+[%d-]") or line:find("^%s*|%s+%d") or
                                    s.stats and line:find("^[%s%d.]+$") or
                                    line:find("^%s*%d+%%%s+%d")) then
    s.rows = (s.rows or 0) + 1
    local f = figures_after(line, 1, s.kind, s.cue, "a figure under a printed label that gives its unit in brackets, " ..
                                                    (s.kind == "time" and "a measured time" or "a rate"))
    return #f > 0 and f or nil
  end
  return nil
end

-- A display block of any tag, no program, whose prompt the rule does not know (root's '#', a console's
-- with none) or whose tag names a language, that holds a line a tool's reader knows is what a tool
-- printed (cyclictest's "T: 0 ( 2417) P:80 ...", perf sched latency's rows, perf annotate's listing
-- under an "asm" tag; twenty-eighth round): read as printed output. Its first 400 lines are looked at.
-- A tag that names a language programs are written in holds a program, not a tool's output; a line
-- of output a reader knows has a digit and one of ':', '|', '%' or '=' (the others are not tried).
r28.program_tags = { c = true, h = true, cpp = true, ["c++"] = true, cc = true, python = true, py = true, java = true,
  go = true, rust = true, rs = true, js = true, javascript = true, ts = true, typescript = true, make = true,
  makefile = true, cmake = true, sh = true, bash = true, zsh = true, lua = true, ruby = true, rb = true, perl = true,
  swift = true, kotlin = true, scala = true, haskell = true, ocaml = true, sql = true, yaml = true, yml = true,
  toml = true, ini = true, xml = true, html = true, css = true, diff = true, patch = true, json = true, golang = true,
  python3 = true, py3 = true, hpp = true, hxx = true, cxx = true, ["objective-c"] = true, objc = true, ["c#"] = true,
  csharp = true, cs = true, fsharp = true, powershell = true, ps1 = true, dockerfile = true, php = true, julia = true,
  jl = true, r = true, matlab = true, fortran = true, f90 = true, verilog = true, vhdl = true, nginx = true,
  apache = true, nim = true, zig = true, d = true, dart = true, elixir = true, erlang = true, clojure = true,
  lisp = true, scheme = true, racket = true, nasm = true, gas = true, llvm = true, cuda = true,
  opencl = true, glsl = true, hlsl = true, wgsl = true, proto = true, protobuf = true, graphql = true, tex = true,
  latex = true, markdown = true, md = true, rst = true, vim = true, el = true, emacs = true, awk = true, sed = true,
  tcl = true, groovy = true, gradle = true, cabal = true, nix = true, hcl = true, terraform = true }
-- A claim a reader finds is the mark (a bound or a setting it lets pass is none: review); a lesson's
-- blocks are looked at for 4000 such lines in all.
function r28.tool_printed(code, budget)
  local st, n, start = {}, 0, 1
  while start <= #code and n < 400 and budget.lines > 0 do
    local stop = code:find("\n", start, true) or #code + 1
    local line = code:sub(start, stop - 1)
    n, start = n + 1, stop + 1
    if line:find("[:|%%=]") then
      budget.lines = budget.lines - 1
      st = tool_state(line, st)
      for _, f in ipairs(line:find("%d") and tool_figures(line, st, nil) or {}) do
        if f.claim then return true end
      end
    end
  end
  return false
end
-- A tag as its language: the first word of an info string's ("rust,ignore", "{.python}", "js{2}")
function r28.tag_language(lang)
  return (lang:lower():match("^[{.%s]*([%w#+%-]+)") or "")
end

-- A printed line whose figures count up by one from 0 or 1 after its words ("cycle 1  2  3  4", a
-- timeline's axis) numbers the columns or steps under it: ordinals, not amounts. Its label, or nil.
local function counting_axis(line)
  if not line:find("%d%s+%d") then return nil end
  local label, prev, n = nil, nil, 0
  for tok in line:gmatch("%S+") do
    local v = tok:match("^%d+$") and tonumber(tok)
    if not v then
      if prev or not tok:find("^%a+$") then return nil end
      label = label and label .. " " .. tok or tok
    elseif prev and v ~= prev + 1 or not prev and v > 1 then return nil
    else prev, n = v, n + 1 end
  end
  return n >= 4 and (label or "0 1 2 3") or nil
end

-- A display block with no language tag holds a program or what a program printed, and only its text
-- tells which (issue 13, seventeenth round): Markdown written elsewhere leaves C in untagged fences,
-- and rST's '::' literal block names no language at all. It is a program when a line of it ends a C
-- statement (';') or is a preprocessor line ("#include", "#define", "#if") or a comment ("//",
-- "/*"), and at least half of its lines that hold anything read as C: they end in ';', '{', '}',
-- '};' or ')' (a comment after a statement not counted as its end), or open with a preprocessor
-- line, a comment (" * ", "*/") or "}". A line of a key and its value ("mean: 12.5ms,", ""elapsed":
-- 40,") is printed output, and one such line makes the block output: a debug print, a JSON object
-- ("summary {" and "}" around it are no statements). Printed output ("scalar  :  1271.000 cycle/op
-- (best)") is read as printed; a program's figures are arguments and comments, as in a tagged code
-- block, which the rule does not read.
local function is_program(code)
  local lines, csish, anchors = 0, 0, 0
  for line in code:gmatch("[^\n]+") do
    local body = line:match("^%s*(.-)%s*$")
    -- a statement's comment after it is not its end ("wait(7); /* 7 seconds */", "x++; // next")
    body = body:gsub("^(.-[;{}])%s*/%*.-%*/$", "%1"):gsub("^(.-[;{}])%s*//.*$", "%1")
    if body ~= "" then
      lines = lines + 1
      -- ftrace's function_graph: a CPU's number, ')', and the call after a '|' (twenty-seventh round)
      if body:find("^%d+%)%s+[+!#*@$]?%s*%d+%.%d+ [mun]?s%s+|") or body:find("^%d+%)%s+|%s+[%w_.$]+%(%)%s*{") then
        return false
      end
      if body:find('^"?[%w_%.%-]+"?%s*:%s*%S') and not body:find("^%a+%s*:%s*$") and
         not body:find("^case%f[%W]") and not body:find("^default%s*:") then
        return false -- "mean: 12.5ms,", "\"elapsed\": \"40 ms\"": a key and its value, printed
      end
      local last = body:sub(-1)
      local directive = body:find("^#%s*include") or body:find("^#%s*define") or body:find("^#%s*if") or
                        body:find("^#%s*endif") or body:find("^#%s*else") or body:find("^#%s*pragma")
      local comment = body:find("^//") or body:find("^/%*")
      if last == ";" or directive or comment then anchors = anchors + 1 end
      if last == ";" or last == "{" or last == "}" or last == ")" or directive or comment or
         body:find("^%*") or body:find("^}") then
        csish = csish + 1
      end
    end
  end
  return anchors > 0 and csish * 2 >= lines
end

-- A display block whose tag names a language that holds a printed table shows what a program
-- printed (a profile's listing): it is read as one that shows text is. True if it holds one.
-- Whether a letter is followed by two spaces somewhere in code (a printed table's columns), found
-- with plain finds (see opens_a_line).
local function letter_then_spaces(code)
  local at = code:find("  ", 1, true)
  while at do
    local b = at > 1 and code:byte(at - 1) or 0
    if (b >= 65 and b <= 90) or (b >= 97 and b <= 122) then return true end
    at = code:find("[^ ]", at)
    at = at and code:find("  ", at, true)
  end
  return false
end

local function printed_table(code)
  if not (code:find("|", 1, true) or letter_then_spaces(code)) then return false end
  for at, line, stop in code:gmatch("()([^\n]*)()") do
    local header = column_header(line)
    if header and not header.settings and table_columns(code, line, stop, nil) then return true end
  end
  return false
end

-- A printed table whose header names nothing, led in by the sentence before its block ("we report
-- the total throughput, in millions of pairs per second:" over "threads  glibc  jemalloc" and rows
-- of bare figures): read as the pipe table it shows, so that the lead-in decides its figures as it
-- decides a pipe table's (twentieth round, an HPC author's chapters). At most 400 lines; the header
-- a line of words column_header finds naming nothing, each row as many tokens as it. True if read.
local function led_printed_table(block, before, report, ledger)
  if not before or before.kind ~= "paragraph" then return false end
  local lead = lead_of({ line = block.line }, before)
  if not lead then return false end
  local code, pos, rows, header = block.code, 1, {}, nil
  while pos <= #code and #rows < 400 do
    local stop = code:find("\n", pos, true) or #code + 1
    local line = code:sub(pos, stop - 1)
    local toks = {}
    for a, tok in line:gmatch("()(%S+)") do toks[#toks + 1] = { at = pos + a - 1, text = tok } end
    if not header then
      if #toks > 0 then
        if #toks < 2 or column_header(line) ~= false then return false end
        header = toks
      end
    elseif #toks == 0 then
      break
    elseif #toks ~= #header then
      return false
    else
      rows[#rows + 1] = toks
    end
    pos = stop + 1
  end
  if not header or #rows == 0 then return false end
  local r = remade()
  local function row(toks)
    for _, t in ipairs(toks) do
      r.put("| ", t.at, false)
      r.put(t.text, t.at, true)
      r.put(" ", t.at, false)
    end
    r.put("|\n", toks[#toks].at, false)
  end
  row(header)
  r.put(string.rep("|---", #header) .. "|\n", header[1].at, false)
  for _, t in ipairs(rows) do row(t) end
  local text, back = r.done()
  -- only when the lead-in decides a figure: else the block is read as printed, as before
  local decided = false
  for _, q in ipairs(litlab.quantities(text, nil, lead)) do
    if q.why and q.why:find("leads the table in", 1, true) then
      decided = true
      break
    end
  end
  if not decided then return false end
  scan(text, nil, function(i) return block.at(back(i)) end, report, ledger, "a display block (shown, not run)",
       nil, nil, nil, nil, lead)
  return true
end

return {
  id = "timing-needs-metadata",
  severity = "error",
  summary = "performance figures only as {{measure:...}} references to measurements or {{cite:...}} of a source",
  aliases = { "timing" },

  text = function(unit, lesson, report, ledger)
    local where = unit.kind == "heading" and "a heading" or
                  unit.kind == "html" and "HTML" or
                  unit.kind == "title" and string.format("the front matter's '%s'", unit.context) or "prose"
    if unit.kind == "heading" and unit.level then
      for level = unit.level, 6 do headings[level] = nil end
      headings[unit.level] = { text = unit.text, kind = section_name(unit.text) }
      named = innermost_named()
    end
    local prose = named and (unit.kind == "paragraph" or unit.kind == "html")
    -- a reference page's section that specifies the interface; one that states how a course grades
    local section = prose and named.kind == "specifying" and named.text or nil
    local grading = prose and named.kind == "grading" and named.text or nil
    local model = model_frame(unit)
    unit_index = unit_index + 1
    local lead = table_lead(unit, last_unit)
    -- a sentence that captions the table above it ("The table gives the time relative to ...") does
    -- not lead in the table after it, unless it ends on ':' (twenty-first round)
    if lead and unit_index > 2 and not lead:find(":%s*$") and table_trail(lesson.units[unit_index - 2], last_unit) then
      lead = nil
    end
    local trail = table_trail(unit, lesson.units[unit_index + 1])
    -- a heading above, a caption below, a blank line between (the scanner reads the lead-in's own end,
    -- its ':', before it: twenty-fourth round)
    if trail then lead = lead and lead .. "\n\n" .. trail or trail end
    local before = last_unit
    last_unit = unit
    local t = unit.text
    pipe_unit = unit.kind == "paragraph" and (unit.context or "") == "" and t:match("^[^\n]*"):find("|", 1, true) ~= nil and
                is_table(t)
    if unit.kind == "html" and (t:find("<[Tt][Aa][Bb][Ll][Ee][%s>]") or t:find("&", 1, true)) then
      scan_html(unit, before, trail, report, ledger, where, section, model, grading)
      return
    end
    -- a code span on a line of its own that holds a line a tool printed ("`readrandom : 1.29 micros/op
    -- 3095 ops/sec`": twenty-eighth round): the figures its reader decides, as in a display block; the
    -- rest of the span, as any code span, is no figure of the prose
    -- (not in a section that specifies an interface, nor in a model's frame: their figures are givens)
    if unit.kind ~= "title" and not section and not model then
      for _, span in ipairs(unit.code_spans) do
        -- only a span on a line of its own, pasted output; one inside a sentence names a layout, as a
        -- guide does ("`actual time=0.012..402.331` is a plan's"), and stays code
        local o = span.offset
        local alone = (o == 1 or t:sub(o - 1, o - 1) == "\n") and (t:find("^[ \t]*\n", o + 3) or t:find("^%s*$", o + 3))
        local decided = alone and #span.text <= 2000 and span.text:find("%d") and tool_figures(span.text, {}, nil)
        -- (the span stands in the unit's text as one mark at its opening backtick: a figure's column is
        -- counted from there, past the backticks and a padding space (lead); a span that wraps to the
        -- next line is left, its columns unknown)
        local open = decided and unit.at(o)
        if open and unit.at(o + 3).line ~= open.line then decided, open = nil, nil end
        for _, f in ipairs(decided or {}) do
          r28.emit(f, { line = open.line, col = open.col + (span.lead or 1) + f.first - 1 }, span.text:sub(f.first, f.last),
                   "a code span (what a tool printed)", report, ledger)
        end
      end
    end
    local results = unit.kind == "paragraph" and not section and not model and results_table(t, lead)
    -- a figure the prose measured or cited is a claim the page makes too: it arms a later table of
    -- results as a reported one does (a new author's review: fixing the prose silenced the tables)
    if (unit.kind == "paragraph" or unit.kind == "html") and t:find("{{", 1, true) and states_reference(t) then
      claims_seen, last_claim_unit = claims_seen + 1, unit_index
    end
    scan(t, unit.code_spans, unit.at, report, ledger, where, section, nil, model, grading, lead, results)
  end,

  output = function(out, block, lesson, report, ledger)
    local where
    if out.derived then
      where = "a derived output"
    elseif block.mode == "measure" then
      where = "a measure block's output block (typed, not measured: write '...' where timings vary)"
    else
      where = "an output block"
    end
    local text = out.text
    -- a `console` block shown, not run, may show a program's own prompts after its command ("$ python3"
    -- then ">>> " lines): a transcript (eleventh round), whose typed lines are inputs, listed in the
    -- ledger and blanked (the same length, so columns stay), the rest read as printed
    local prompts = out.derived and block.lang == "console" and transcript_of(text)
    if prompts then
      local parts, start, typing = {}, 1, nil
      while start <= #text + 1 do
        local stop = text:find("\n", start, true) or #text + 1
        local line = text:sub(start, stop - 1)
        typing = typed_width(line, prompts, typing)
        if typing then
          for _, q in ipairs(litlab.quantities(line)) do
            ledger(out.at(start - 1 + q.first), quote(q.text), "specified",
              "a line typed after a prompt in a session's transcript, an input, not output")
          end
          line = string.rep(" ", #line)
        end
        parts[#parts + 1] = line
        start = stop + 1
      end
      text = table.concat(parts, "\n")
    end
    scan(text, nil, out.at, report, ledger, where)
  end,

  -- A lesson begins: no heading above its first unit. A display block that shows text (what a
  -- program printed) is read as output, line by line (one pass over the blocks here, not a
  -- handler call per block). A printed table's rows are read under its header (see printed_rule).
  -- A line that opens with a shell prompt ("$ ") is a command typed, not output: its figures are
  -- arguments, listed in the ledger, not read.
  lesson = function(lesson, report, ledger)
    -- A printed line of a display block (its text from byte base + 1), read as printed; under head (a
    -- table's header and rule, or nil) only the line's own figures are kept.
    local function read_printed(block, text, base, head, branches)
      local where = "a display block (shown, not run)"
      if not head then
        scan(printed(text), nil, function(i) return block.at(base + i) end, report, ledger, where, nil, branches)
        return
      end
      local skip = #head
      scan(head .. printed(text), nil, function(i) return i > skip and block.at(base + i - skip) or nil end,
           function(at, msg) if at then report(at, msg) end end,
           function(at, ...) if at then ledger(at, ...) end end, where, nil, branches)
    end
    headings, named = {}, nil
    claims_seen, last_claim_unit, pipe_unit = 0, nil, false
    models, after_heading, frame, last_unit = {}, nil, nil, nil
    html_tags_left = HTML_TAGS_MAX
    unit_index = 0
    inputs, heading_lines, pending = {}, {}, lesson
    local profile = nil -- the profile a session's listings are of (see profile_kind)
    local scan_budget = { lines = 4000 } -- the lines r28.tool_printed may still look at
    recorded_event, recorded_branches, recording = nil, false, false
    -- (gathered the first time a block names perf or a report's header: most lessons never do)
    local mentions, mention_at, read_lines = nil, 0, {}
    local unit_at = 0 -- the last unit before the block being read (see led_printed_table)
    for _, block in ipairs(lesson.blocks) do
      -- a report known by its own first line speaks for its block only: a later coverage listing is
      -- no profile, and a command's profile before it holds again (two attackers' reviews,
      -- twenty-fifth round); a command's holds through the lesson
      if profile and profile.own then profile = profile.before end
      -- what the lesson recorded before this block, in its prose or another block
      -- (a block read line by line has applied its own, in their order with its reports)
      if not mentions and block.code and (block.code:find("perf", 1, true) or block.code:find("Overhead", 1, true)) then
        mentions = record_mentions(lesson)
      end
      while mentions and block.line and mentions[mention_at + 1] and mentions[mention_at + 1].line < block.line do
        mention_at = mention_at + 1
        if not read_lines[mentions[mention_at].line] then
          recorded_event, recorded_branches = mentions[mention_at].event, mentions[mention_at].branches
          if profile and not profile.own then profile = nil end
        end
      end
      local session = block.mode == "display" and session_of(block.code)
      local prompts = block.mode == "display" and transcript_of(block.code)
      local program = block.mode == "display" and block.lang == "" and not session and not prompts and
                      is_program(block.code)
      -- the unit right before the block: the units are in order, as the blocks are, so one walk
      -- serves them all
      while block.line and lesson.units[unit_at + 1] and lesson.units[unit_at + 1].line and
            lesson.units[unit_at + 1].line < block.line do
        unit_at = unit_at + 1
      end
      -- a tool's JSON record (Google Benchmark's, fio's, hyperfine's) under a JSON tag: its keys of
      -- times and rates only (see json_figures)
      local lang, record, hyperfine = block.lang:lower(), false, nil
      if block.mode == "display" and (lang == "json" or lang == "jsonc" or lang == "json5" or lang == "code") and
         #block.code <= 262144 and block.code:find("^%s*[{%[]") then
        record, hyperfine = json_record(block.code)
      end
      if record then
        local start = 1
        while start <= #block.code do
          local stop = block.code:find("\n", start, true) or #block.code + 1
          for _, f in ipairs(json_figures(block.code:sub(start, stop - 1), hyperfine) or {}) do
            report(block.at(start - 1 + f.first),
                   message({ class = "claim", kind = f.kind, text = block.code:sub(start - 1 + f.first, start - 1 + f.last),
                             cue = f.cue, why = f.why }, "a display block (shown, not run)"))
          end
          start = stop + 1
        end
      elseif block.mode == "display" and not program and shown_text[block.lang:lower()] and not session and
         not prompts and block.line and led_printed_table(block, lesson.units[unit_at], report, ledger) then
        -- read as a pipe table under its lead-in
      elseif block.mode == "display" and not program and
         (shown_text[block.lang:lower()] or session or prompts or printed_table(block.code) or
          not r28.program_tags[r28.tag_language(block.lang)] and r28.tool_printed(block.code, scan_budget)) then
        local code, start = block.code, 1
        local above, head = nil, nil
        if block.line then read_lines[block.line] = true end
        local command, branches = false, nil
        local typing, typed = nil, false -- a transcript's line typed after a prompt (see typed_width)
        local bench = nil -- the unit a benchstat table's header names (see bench_header)
        local columns = nil -- the header of a printed table read by its columns (see column_header)
        -- what a tool's fixed layout said so far in this block (see tool_state)
        local tool = {}
        if code:find('"', 1, true) then tool.json, tool.hyperfine = json_record(code) end
        -- `time`'s three lines ("real", "user", "sys"), the block's, for a line of one of them to be read
        tool.timep = code:find("real[ \t]+%d") and code:find("user[ \t]+%d") and code:find("sys[ \t]+%d") and true
        -- a table's columns are set apart by two spaces or '|': a block without is searched for none
        local tables = code:find("  ", 1, true) or code:find("|", 1, true) or code:find(",", 1, true)
        while start <= #code do
          local stop = code:find("\n", start, true) or #code + 1
          local line = code:sub(start, stop - 1)
          if session then
            -- a command goes on after a '\' that ends its line (twenty-seventh round: fio's options)
            command = line:sub(1, 2) == "$ " or line == "$" or (command and line:sub(1, 2) == "> ") or
                      (command and above ~= nil and above:find("%s\\%s*$") ~= nil)
            if command then branches = branch_profile(line, branches) end
          end
          if prompts and not (session and command) then
            typing = typed_width(line, prompts, typing)
            typed = typing ~= nil
          else
            typing, typed = nil, false
          end
          profile = profile_kind(line, profile, branches)
          bench = bench_header(line, bench)
          tool = tool_state(line, tool)
          local cells
          if tables then columns, cells = table_columns(code, line, stop, columns) end
          if cells and #cells == 0 then cells = nil end
          -- a line with no digit holds none of a listing's figures, stamps, bounds or axes: only its
          -- words are read (the ten-megabyte block of bad-input.sh is such lines)
          local digit = stop > start and line:find("%d")
          local decided = digit and not command and not typed and
                          (tool_figures(line, tool, profile) or listed_figures(line, profile, bench) or
                           (not head or not branches) and cells) or nil
          if stop > start and (command or line:find("^%s*%$%s")) then
            -- a command after a shell prompt is what was typed, not what was printed: its numbers are
            -- arguments, listed in the ledger, not read as output (eighth round)
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "specified",
                "'$': a command typed after a shell prompt, its arguments, not output")
            end
          elseif stop > start and typed then
            -- a line typed in a transcript after its prompt (eleventh round): an input, not output
            -- the prompt, or what marks the line as continuing the one typed: "...", '>', its indent
            local cue = prompts[prompt_of(line) or ""] and line:sub(1, typing - 1):gsub("%s+$", "") or
                        line:match("^%s*(%.%.%.:?)") or (line:sub(1, 1) == ">" and ">") or "an indent under what was typed"
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "specified",
                string.format("'%s': a line typed after a prompt in a session's transcript, an input, not output", cue))
            end
          elseif digit and simulated_stamp(line) then
            local stamp = simulated_stamp(line)
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "specified",
                string.format("'%s': a line of a trace stamped in a simulated clock, the model's schedule", quote(stamp)))
            end
          elseif digit and counting_axis(line) then
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "not timing",
                string.format("'%s': a printed line numbering the columns or steps under it, ordinals", counting_axis(line)))
            end
          elseif digit and line:find("^%s*Each sample counts as %d") then
            -- gprof's flat profile opens with its sampling period (an author's review, twelfth round)
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "specified",
                "'Each sample counts as': gprof's sampling period, a setting of the profiler, not a figure of the program")
            end
          elseif digit and profile_bound(line) then
            for _, q in ipairs(litlab.quantities(line)) do
              ledger(block.at(start - 1 + q.first), quote(q.text), "specified",
                "'cum': the bound under which a profile's listing leaves nodes out, a threshold")
            end
          elseif stop > start and decided then
            -- figures a tool's listing says what they are (ninth round): decided here, the rest of the
            -- line read as printed
            local base, blanked = start - 1, line
            for _, f in ipairs(decided) do
              r28.emit(f, block.at(base + f.first), line:sub(f.first, f.last), "a display block (shown, not run)",
                       report, ledger)
              -- the figure's unit after it goes too ("BM_Sum/1024   312 ns": left, the name's 1024 would
              -- take the 312's "ns" across the blank; an author's review, thirteenth round)
              local last, word = f.last, line:match("^ ([%a\194\181]+)%f[%A]", f.last + 1)
              if word and col_units[word:lower()] then last = last + 1 + #word end
              blanked = blanked:sub(1, f.first - 1) .. string.rep(" ", last - f.first + 1) .. blanked:sub(last + 1)
            end
            -- a row under a header and its rule whose columns decided some figures: the rest is read
            -- with the header above it, as any such row is (fourteenth round)
            read_printed(block, blanked, base, head and cells and decided == cells and head or nil, branches)
          elseif stop > start then
            local base = start - 1
            local rule = printed_rule(line)
            -- a row: read with the header and its rule above it, only the row's own figures kept
            read_printed(block, line, base, not rule and head or nil, branches)
            if rule and above then
              head = uncomment(above) .. "\n" .. rule .. "\n"
            end
          end
          if not line:find("%S") then head, bench, columns = nil, nil, nil end
          above = line
          start = stop + 1
        end
      end
    end
  end,

  orphan = function(orphan, lesson, report, ledger)
    scan(orphan.text, nil, orphan.at, report, ledger, "an output block")
  end,
}
