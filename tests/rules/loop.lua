return { id = "hostile-loop", summary = "an infinite loop", text = function() while true do end end }
