class x{}
$a = 10
