if true { type A {} }
