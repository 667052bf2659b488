$x = Integer('10')
$y = Integer[0, 10]('5')
