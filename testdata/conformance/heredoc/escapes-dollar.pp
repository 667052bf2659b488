$x = @("END"/$)
cost \$5
END
