$a = 10
function x() {}
$b = 20
