include a, b
require ::a::b
contain x
tag 'a'
notice 'x'
debug 'd'
info 'i'
warning 'w'
err 'e'
fail "x"
import 'x'
notice foo 1
myfunc $x
foo(1, 2,)
foo::bar()
::foo()
$t = type($x)
$i = Integer('10') + Integer[0, 10]('5')
$f(1)
$m = $x.foo + $x.foo() + $x.foo(1) + $x.foo (1) + $x.type
$n = 'abc'.upcase.downcase()
$o = [1, 2].map |$x| { $x * 2 }.filter |$x| { $x > 1 }
with(1) |$a, Integer[1] $b = 2, String *$rest,| >> Integer { $a }
each($h) || { }
$p = foo(1, a => 2, b => 3)
$q = $x.foo(a => 1)
$r = [1, $a -> $b]
$s = foo
(1 + 2).each |$x| { }
