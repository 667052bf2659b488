$x = @(END)

END