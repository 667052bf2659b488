function y() { type A = Data }
