type A {}
$a = 10
