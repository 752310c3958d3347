-- resource-claims: a peak-memory or resident-set figure in prose is a
-- claim about a run; it needs a measurement (the evidence records peak
-- RSS for every executed block). A warning, because a figure can also be
-- an estimate that the prose names as one.

local subjects = {
  "rss", "resident set", "resident memory", "peak memory", "memory usage",
  "memory use", "max_rss", "maxrss", "memory footprint", "peak usage",
}

local estimate_words = { "estimate", "estimated", "assum", "analytical", "counted" }

local function size_at(text)
  -- A number followed by a byte unit.
  local results = {}
  for start, num, unit in text:gmatch("()(%d[%d,%.]*)%s?([KMGTkmgt]?i?[Bb]%a*)") do
    local u = unit:lower()
    if u == "b" or u == "bytes" or u == "byte" or u:match("^[kmgt]i?b$") or u:match("^[kmgt]i?bytes?$") then
      results[#results + 1] = { at = start, text = num .. " " .. unit }
    end
  end
  return results
end

local function mentions(text, words)
  local lower = text:lower()
  for _, w in ipairs(words) do
    if lower:find(w, 1, true) then return true end
  end
  return false
end

return {
  id = "resource-claims",
  severity = "warning",
  summary = "a peak-memory or RSS figure in prose needs a measurement",

  text = function(unit, lesson, report)
    -- most units name no subject at all: one search of the whole text rules them out
    if not mentions(unit.text, subjects) then return end
    -- Sentence by sentence, so that a figure is tied to what it is about.
    local pos = 1
    for sentence, stop in unit.text:gmatch("([^%.!?]+[%.!?]?)()") do
      if mentions(sentence, subjects) and not mentions(sentence, estimate_words) then
        for _, s in ipairs(size_at(sentence)) do
          report(unit.at(pos + s.at - 1), string.format(
            "'%s' is stated as a memory figure without a measurement: cite the evidence, or say it is an estimate",
            s.text))
        end
      end
      pos = stop
    end
  end,
}
