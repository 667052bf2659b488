# Müller
$x = 1
