notice("${foo-bar}")
