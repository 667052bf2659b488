$x = @(Verse 8)
line
Verse 8
