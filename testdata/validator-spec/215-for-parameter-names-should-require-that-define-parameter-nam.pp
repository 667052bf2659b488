define foo($a = 10, $a = 20) {}
