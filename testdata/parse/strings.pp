$a = 'single \' \\ \n'
$b = "double \t \" \\ \$ \s \u00e9 \u{1F600} \q"
$c = "$x and ${y} and ${x[1]} and ${x.foo} and ${x + 1}"
$d = "${foo()} ${a ? { b => c }} ${if $x { 1 } else { 2 }}"
$e = "nested ${"inner ${z}"} done"
$f = "${class} ${1} $1 ${$x} ${::x} $::x $a::b"
$g = "$x[1] $x.y $foo-bar $5b $ 5"
$h = "line \
continued"
$i = 'multi
line'
$j = "é${k}é"
