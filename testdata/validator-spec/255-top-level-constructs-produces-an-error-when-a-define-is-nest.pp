unless false { define x{} }
