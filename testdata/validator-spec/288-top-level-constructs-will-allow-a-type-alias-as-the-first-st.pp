type A = Data
$a = 10
