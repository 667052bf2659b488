 $a = 10; Type[foo]
