$x = foo
  (1)