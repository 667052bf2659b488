$x = @("")
abc

