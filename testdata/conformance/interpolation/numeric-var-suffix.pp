notice("$5b")
