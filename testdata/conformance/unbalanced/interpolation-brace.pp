notice("${x")
