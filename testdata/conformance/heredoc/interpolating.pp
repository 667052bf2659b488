$name = 'w'
$x = @("END")
  hello ${name}
  END
