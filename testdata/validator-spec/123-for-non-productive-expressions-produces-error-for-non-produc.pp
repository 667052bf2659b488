Type[foo]; $a = 10
