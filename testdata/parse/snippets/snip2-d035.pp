$x = @(END) $y = 1
abc
END
