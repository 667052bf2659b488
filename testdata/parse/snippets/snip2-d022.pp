$x = @(END)
  a
  - | END
