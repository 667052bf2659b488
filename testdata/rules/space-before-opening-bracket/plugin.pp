$a =[80, 443] # want "single space before an opening bracket"
$b = [80, 443]
$c = $b[0]
$d = String[1]
$e = [[1], [2]]
