return { id = "hostile-report", summary = "a malformed report", lesson = function(l, report) report({}, "no line") end }
