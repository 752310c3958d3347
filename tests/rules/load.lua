return { id = "hostile-load", summary = "load", lesson = function() load("return 1")() end }
