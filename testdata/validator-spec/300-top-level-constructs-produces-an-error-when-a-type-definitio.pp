define y{ type A {} }
