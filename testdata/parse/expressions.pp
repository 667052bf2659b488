# Operators, precedence and literals.
$a = 1 + 2 * 3 - 4 / 2 % 3
$b = !$a == $b and $c != 1 or $d =~ /^x/ and $e !~ /y/
$c = 1 + 2 in [3] and 'a' in 'abc'
$d = $a << 1 == 2 and 1 < 2 == true and 3 >= 2 and 2 <= 3 and 4 > 3
$e = -$a.b + -1 - - 2
$f = [1, 2, *$rest, a => 1, b => 2,]
$g = { 'a' => 1, b => [], Foo => {}, [1] => 2, type => function, }
$h = 0x1F + 0777 + 0 + 42 + 0.5 + 3.14e-0 + 1E-2
$i = true and false or undef == default
$j = (1 + 2) * 3
$k = $x ? { 'a' => 1, /b/ => 2, [1, 2] => 3, default => 4, }
$l = $x ? undef => 1
$m = 1 + $a ? { 1 => 2 }
[$n, $o] = [1, 2]
$p = $q = 3
$r = private
$s = attr
$t = Optional[String[1]]
$u = Callable[[String], Boolean]
$v = Struct[{ a => Integer, Optional[b] => String }]
$w = Hash[String, Integer, 1, default]
$x = $a[1] + $h['k']['j'] + $a[1, 2] + $x[a => 1]
$y = $::top + $a::b::c + $_priv + $0 + $123
$z = foo-bar
# Postfix operators after a braced selector apply to the whole selector.
$sa = $m ? { 'a' => 'b c', default => 'd' }.split(' ')[0]
$sb = 1 + $m ? { 2 => [1], default => [] }.map |$v| { $v }
$sc = $m ? 'a' => 'b'.upcase
