return { id = "hostile-dump", summary = "string.dump via a string method",
  lesson = function() return ("x").dump(function() end) end }
