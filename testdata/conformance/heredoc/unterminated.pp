$x = @(END)
text
EN
