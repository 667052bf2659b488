$x = foo::bar()
$y = ::foo()
