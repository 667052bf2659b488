type A {}
