$ok = 1
notice($0123)
