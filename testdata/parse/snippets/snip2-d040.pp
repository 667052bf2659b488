$x = @(A)
a
A
$y = @(B)
b
B
