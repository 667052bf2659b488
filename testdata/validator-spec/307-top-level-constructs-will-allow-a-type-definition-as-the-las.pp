$a = 10
type A {}
