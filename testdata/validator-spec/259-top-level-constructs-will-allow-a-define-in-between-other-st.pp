$a = 10
define x{}
$b = 20
