$ok = 1
notice("$5b")
