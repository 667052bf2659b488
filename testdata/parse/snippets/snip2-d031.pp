$x = @(END/$)
abc
END
