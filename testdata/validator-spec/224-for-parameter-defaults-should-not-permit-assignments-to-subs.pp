define foo($a = ($b = 3), $b = 5) {}
