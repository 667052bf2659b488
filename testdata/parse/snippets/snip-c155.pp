$x = @(END)
abc
THE_END
$y = 1