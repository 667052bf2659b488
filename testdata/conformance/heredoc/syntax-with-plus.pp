$x = @(END:yaml+json)
a: 1
END
