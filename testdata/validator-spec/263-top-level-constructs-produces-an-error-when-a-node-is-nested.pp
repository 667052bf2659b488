if true { node x{} }
