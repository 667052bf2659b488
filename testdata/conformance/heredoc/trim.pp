$x = @(END)
text
-END
