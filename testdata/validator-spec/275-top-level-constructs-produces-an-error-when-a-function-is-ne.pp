unless false { function x() {} }
