function y() { type A {} }
