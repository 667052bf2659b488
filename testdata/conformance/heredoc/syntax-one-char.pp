$x = @(END:j)
text
END
