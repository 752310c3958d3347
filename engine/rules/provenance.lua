-- output-provenance: every output block belongs to a block that is
-- executed, or to a derived block that says why it is not. The loader
-- ties output and stdin blocks to the code block before them and hands
-- over the ones that belong to nothing as orphans.

return {
  id = "output-provenance",
  severity = "error",
  summary = "every output block belongs to an executed or a derived block",

  orphan = function(orphan, lesson, report)
    report(orphan, orphan.why)
  end,
}
