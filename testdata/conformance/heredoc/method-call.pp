$x = @(END).upcase()
text
END
