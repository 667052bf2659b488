$a = [1]
$a.each |$x| { notice($x) }
