$a = 10
type A = Data
$b = 20
