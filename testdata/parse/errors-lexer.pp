$x = 1
$y = "unterminated
