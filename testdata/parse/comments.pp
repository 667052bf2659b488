# leading comment
$x = 1 # trailing comment
/* block
   comment */ $y = 2
$z = 6 /* inline */ / 2 # lint:ignore:rule
#
