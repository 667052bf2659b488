$x = @(END/x)
text
END
