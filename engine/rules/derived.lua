-- derived-needs-reason and derived-claims: a derived block is shown but
-- never run, so it must say why, and nothing about it may read as if it
-- had been executed or measured.

local claims = {
  "executed", "verified", "measured", "benchmarked", "profiled", "tested",
  "timed", "ran", "run on", "output checked",
}

local negations = { "not", "never", "no", "nothing", "without", "un" }

-- Is the claim word at position i negated by a word shortly before it?
local function negated(text, i)
  local before = text:sub(math.max(1, i - 24), i - 1):lower()
  for _, n in ipairs(negations) do
    if n == "un" then
      if text:sub(math.max(1, i - 2), i - 1):lower() == "un" then return true end
    elseif before:find("%f[%a]" .. n .. "%f[%A]") then
      return true
    end
  end
  return false
end

-- Each claim's pattern, its words apart by any space, built once; and its first word, which a match
-- holds as written, so that a plain search rules out most claims before any pattern is tried.
local patterns, firsts = {}, {}
for k, word in ipairs(claims) do
  patterns[k] = "%f[%a]" .. word:gsub(" ", "%%s+") .. "%f[%A]"
  firsts[k] = word:match("^%S+")
end

local function find_claim(text)
  local lower = text:lower()
  for k, word in ipairs(claims) do
    local start = lower:find(firsts[k], 1, true) and 1
    while start do
      local i, j = lower:find(patterns[k], start)
      if not i then break end
      if not negated(text, i) then return word, i end
      start = j + 1
    end
  end
  return nil
end

return {
  {
    id = "derived-needs-reason",
    severity = "error",
    summary = "a derived block says why it is not executed (reason=\"...\")",

    block = function(block, lesson, report)
      if block.mode == "derived" and (not block.reason or not block.reason:find("%S")) then
        report(block, string.format(
          "derived block '%s' does not say why it is not executed: add reason=\"...\"", block.id))
      end
    end,
  },
  {
    id = "derived-claims",
    severity = "error",
    summary = "a derived block, its reason and its output claim no execution or measurement",

    block = function(block, lesson, report)
      if block.mode ~= "derived" or not block.reason then return end
      local word = find_claim(block.reason)
      if word then
        report(block, string.format(
          "the reason of derived block '%s' claims it was %s, but a derived block is never run",
          block.id, word))
      end
    end,

    output = function(out, block, lesson, report)
      if not out.derived then return end
      local word, i = find_claim(out.text)
      if word then
        report(out.at(i), string.format(
          "the derived output of block '%s' says '%s', but it was never run", block.id, word))
      end
    end,
  },
}
