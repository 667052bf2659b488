$x = foo
(1 + 2).each |$x| {}