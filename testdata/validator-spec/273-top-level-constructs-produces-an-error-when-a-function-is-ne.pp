if true { function x() {} }
