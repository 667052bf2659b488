myfunc $x
