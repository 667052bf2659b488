type A { type A {} }
