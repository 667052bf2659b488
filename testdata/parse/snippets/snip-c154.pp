$x = @(END).upcase()
abc
END
