$x = [@(A), @(B)]
first
A
second
B
notice($x)
