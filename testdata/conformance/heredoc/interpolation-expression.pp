$n = 2
$x = @("END")
  ${n + 1} items
  END
