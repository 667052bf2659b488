$x = @(END:yaml+json)
abc
END
