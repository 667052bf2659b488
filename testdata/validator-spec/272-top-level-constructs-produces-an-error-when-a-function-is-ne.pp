type A { function x() {} }
