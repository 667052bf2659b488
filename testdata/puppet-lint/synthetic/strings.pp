# Double-quoted strings with and without what justifies the quotes.
$a = "plain"
$b = "tab\there"
$c = "cr\rhere"
$d = "unicode \u00e9"
$e = "back\\slash"
$f = "it's"
$g = "dollar \$x"
$h = "space\s"
$i = "multi
line"
$j = "x ${a} y"
$k = "${a}"
$l = "$a"
$m = { "key" => "value", "${a}" => 1 }
$n = "a  b"
    $o = "a    b"
$p = "literal	tab"
$q = ""
notice("${a}" == 'x')
$r = "nested ${ "inner" } text"
