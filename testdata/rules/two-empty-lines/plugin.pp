$a = 1


# want-prev "there should be no two consecutive empty lines"
$b = 2

$c = 3
