if true { type A = Data }
