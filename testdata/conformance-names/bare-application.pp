$ok = 1
$x = application
