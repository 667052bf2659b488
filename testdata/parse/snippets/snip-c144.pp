$x = [@(A), @(B)]
a
|-A
b
|-B
