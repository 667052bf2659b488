foo(@(A), 'x')
a
A
