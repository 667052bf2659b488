$a = 10
class x{}
$b = 20
