$list = [{ 'a' => 1 } ] # want "bracket, punctuation mark, closing quote or newline right after a closing brace"
$keys = { 'a' => 1 }.keys
$ok = [{ 'a' => 1 }]
if $a { notice('a') }else { notice('b') } # want "right after a closing brace"
