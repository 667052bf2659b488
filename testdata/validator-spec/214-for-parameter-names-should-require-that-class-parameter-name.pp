class foo($a = 10, $a = 20) {}
