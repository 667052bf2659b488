$x = @(END)
    four
  two
   | END
