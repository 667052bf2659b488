$x = @(END)
  a
  ENDING
END
