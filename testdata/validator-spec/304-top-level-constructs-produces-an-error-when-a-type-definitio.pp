if false {} else { type A {} }
