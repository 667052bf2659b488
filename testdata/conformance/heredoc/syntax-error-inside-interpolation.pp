$x = @("END")
  ok
  ${ $a + }
  END
