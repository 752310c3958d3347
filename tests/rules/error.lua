return { id = "hostile-error", summary = "a plain error()",
  block = function(block, lesson, report)
    error("this rule always fails")
  end }
