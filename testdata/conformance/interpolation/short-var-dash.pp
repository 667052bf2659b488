$foo = 'a'
notice("v=$foo-bar")
