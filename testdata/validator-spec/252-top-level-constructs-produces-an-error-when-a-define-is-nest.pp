type A { define x{} }
