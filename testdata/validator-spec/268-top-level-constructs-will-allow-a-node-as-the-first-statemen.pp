node x{}
$a = 10
