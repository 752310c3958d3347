-- timing-needs-metadata: a time, a rate or a speed-up claim stands in a
-- lesson only as a {{measure:...}} reference, which the renderer fills in
-- from a measurement that carries its metadata. Typed into prose, a
-- heading or any output block (the source of a measure block's output
-- included: there it was typed, not measured), it is an error.

local what = {
  time = "a time value",
  rate = "a rate",
  speedup = "a speed-up claim",
}

local advice = "cite a measure block with {{measure:ID:STAT}} instead"

local function scan(text, at, report, where)
  for _, q in ipairs(litlab.quantities(text)) do
    report(at(q.first), string.format("%s '%s' in %s has no measurement metadata: %s",
      what[q.kind], (q.text:gsub("%s+", " ")), where, advice))
  end
end

return {
  id = "timing-needs-metadata",
  severity = "error",
  summary = "times, rates and speed-ups only as {{measure:...}} references to measurements",
  aliases = { "timing" },

  text = function(unit, lesson, report)
    local where = unit.kind == "heading" and "a heading" or
                  unit.kind == "html" and "HTML" or "prose"
    scan(unit.text, unit.at, report, where)
  end,

  output = function(out, block, lesson, report)
    local where
    if out.derived then
      where = "a derived output"
    elseif block.mode == "measure" then
      where = "a measure block's output block (typed, not measured: write '...' where timings vary)"
    else
      where = "an output block"
    end
    scan(out.text, out.at, report, where)
  end,

  orphan = function(orphan, lesson, report)
    scan(orphan.text, orphan.at, report, "an output block")
  end,
}
