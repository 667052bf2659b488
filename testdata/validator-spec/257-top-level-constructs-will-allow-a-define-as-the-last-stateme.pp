$a = 10
define x{}
