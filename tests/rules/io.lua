return { id = "hostile-io", summary = "io.open", lesson = function() io.open("/etc/passwd") end }
