$x = @(END/L)
one \
two
END
