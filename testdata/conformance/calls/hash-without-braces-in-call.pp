notice(1, a => 2)
