if false {} else { node x{} }
