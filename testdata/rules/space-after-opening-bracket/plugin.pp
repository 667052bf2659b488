$a = [ 80, 443] # want "no whitespace or a single newline after an opening bracket"
$b = [80, 443]
$c = [
  80,
]
$d = [

  80, # want-prev "no whitespace or a single newline after an opening bracket"
]
