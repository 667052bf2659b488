$x = @(END
text
END
