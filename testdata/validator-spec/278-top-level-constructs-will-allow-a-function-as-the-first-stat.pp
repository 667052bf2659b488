function x() {}
$a = 10
