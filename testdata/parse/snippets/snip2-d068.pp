$x = foo
(1)