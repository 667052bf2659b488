with() |$a::team| {}
