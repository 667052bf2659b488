$x = @(END/t)
a\tb
END
