$x = @(END: json )
abc
END
