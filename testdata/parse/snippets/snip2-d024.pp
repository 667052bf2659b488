$x = @(END)
END