return { id = "hostile-rep", summary = "string.rep of a gigabyte",
  lesson = function() local s = string.rep("x", 1 << 30) return #s end }
