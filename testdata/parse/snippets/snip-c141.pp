$x = @(END)
hello
END
