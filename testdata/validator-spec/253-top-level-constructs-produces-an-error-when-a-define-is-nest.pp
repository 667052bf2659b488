if true { define x{} }
