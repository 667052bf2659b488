$ok = 1
notice(private)
