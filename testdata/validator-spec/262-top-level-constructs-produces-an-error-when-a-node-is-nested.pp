type A { node x{} }
