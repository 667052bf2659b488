define x{}
$a = 10
