function y() { function x() {} }
