$x = @("END"/)
  a\tb\n\$c
  END
