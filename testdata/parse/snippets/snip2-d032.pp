$x = @("END"/$)
a\\$x
END
