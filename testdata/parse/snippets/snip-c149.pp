$x = @(END/q)
END
