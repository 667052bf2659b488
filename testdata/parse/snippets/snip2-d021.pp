$x = @(END)
  a
  | -END
