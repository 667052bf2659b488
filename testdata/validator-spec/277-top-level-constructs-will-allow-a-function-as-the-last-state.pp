$a = 10
function x() {}
