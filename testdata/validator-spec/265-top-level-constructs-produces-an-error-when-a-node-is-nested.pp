unless false { node x{} }
