$ok = 1
notice($Foo)
