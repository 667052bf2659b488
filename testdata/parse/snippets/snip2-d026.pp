$x = @(Verse 8)
abc
Verse 8
