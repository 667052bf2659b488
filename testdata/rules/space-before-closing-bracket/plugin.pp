$a = [80, 443 ] # want "no whitespace or a single newline before a closing bracket"
$b = [80, 443]
$c = [
  80,
]
$d = [
  80, # want "no whitespace or a single newline before a closing bracket"

]
