$ok = 1
$x = attr
