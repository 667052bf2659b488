$x = @(END)
text
ENDING
