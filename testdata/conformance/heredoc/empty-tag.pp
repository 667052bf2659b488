$x = @()
text

