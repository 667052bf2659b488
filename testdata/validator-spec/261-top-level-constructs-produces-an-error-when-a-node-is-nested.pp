function y() { node x{} }
