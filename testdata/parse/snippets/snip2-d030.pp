$x = @(END/L)
abc\
END
