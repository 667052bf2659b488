$x = @(END)
  text
  | - END
