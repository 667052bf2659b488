type A = Data
