return { id = "hostile-os", summary = "os.execute", lesson = function() os.execute("touch /tmp/litlab-pwned") end }
