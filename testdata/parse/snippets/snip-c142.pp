$x = @("END")
hello $y
  ${z}
END
