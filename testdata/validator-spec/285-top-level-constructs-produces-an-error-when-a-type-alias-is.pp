unless false { type A = Data }
