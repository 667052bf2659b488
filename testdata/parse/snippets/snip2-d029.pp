$x = @(END/ )
abc
END
