$ok = 1
$Foo = 1
