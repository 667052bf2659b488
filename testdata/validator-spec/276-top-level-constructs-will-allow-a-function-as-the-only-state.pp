function x() {}
