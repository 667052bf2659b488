$x = 1
notice("a
b")
$y = 'c' ]
