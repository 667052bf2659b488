function y() { define x{} }
