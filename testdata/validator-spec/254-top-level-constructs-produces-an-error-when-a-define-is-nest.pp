if false {} else { define x{} }
