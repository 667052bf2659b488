$a = {'a' => 1 } # want "single space or single newline after an opening brace"
$b = {  'b' => 1 } # want "single space or single newline after an opening brace"
$c = { 'c' => 1 }
$d = {}
$e = {

  'e' => 1, # want-prev "single space or single newline after an opening brace"
}
