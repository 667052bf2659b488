$a = @(END)
  verbatim $x \t
  END
$b = @("END"/tL)
    interpolated ${x} and $y\tnext\
    joined
    | END
$c = [@(A), @(B:json)]
  first
  |- A
  {"b": 1}
  -B
$d = @(Verse 8).upcase()
text
Verse 8
notice(@("X"/$), 'after')
  cost \$5 for ${item}
  |-X
$e = @(E)
    four
  two
   | E
