$x = @(END)
  a
  |-END
