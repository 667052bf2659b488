$x = @(END)
no end