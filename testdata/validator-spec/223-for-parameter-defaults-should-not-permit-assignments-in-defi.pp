define foo($a = [$x = 10]) {}
