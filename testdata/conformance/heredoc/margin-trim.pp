$x = @(END)
  text
  |- END
