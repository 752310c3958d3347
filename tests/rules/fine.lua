-- A well-behaved course rule: every lesson needs a summary in its front matter.
return {
  id = "needs-summary",
  severity = "warning",
  summary = "a lesson's front matter has a summary",
  lesson = function(lesson, report)
    if not lesson.front_matter.summary then
      report({ line = 1, col = 1 }, "the front matter has no 'summary:'")
    end
  end,
}
