$x = @(END/tt)
END
