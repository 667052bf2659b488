$x = @(END)
  a
  |- END
