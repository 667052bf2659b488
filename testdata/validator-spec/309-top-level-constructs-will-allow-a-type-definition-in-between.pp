$a = 10
type A {}
$b = 20
