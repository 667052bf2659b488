$x = @(END)
  text here
  END
notice($x)
