type A { type A = Data }
