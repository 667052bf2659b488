$x = @(" END ")
abc
END
