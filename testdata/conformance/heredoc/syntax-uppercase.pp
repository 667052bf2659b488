$x = @(END:JSON)
text
END
