$x = 1 /* multi
line */ ]