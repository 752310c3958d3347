return { id = "hostile-require", summary = "require", lesson = function() require("os") end }
