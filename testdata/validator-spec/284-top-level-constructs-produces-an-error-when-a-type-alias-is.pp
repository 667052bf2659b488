if false {} else { type A = Data }
