if false {} else { function x() {} }
