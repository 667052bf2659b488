define y{ type A = Data }
