$a = 10
node x{}
$b = 20
