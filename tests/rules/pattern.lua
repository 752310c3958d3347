return { id = "hostile-pattern", summary = "a catastrophic pattern",
  lesson = function() return (string.rep("a", 200000)):find(".-.-.-.-.-.-b") end }
