notice($0123)
