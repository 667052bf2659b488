unless false { type A {} }
