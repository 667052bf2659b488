$x = @(END/ t)
text
END
