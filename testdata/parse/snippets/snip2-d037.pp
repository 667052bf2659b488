$x = @(A) + @(B)
a
A
b
B
$z = 1 ]