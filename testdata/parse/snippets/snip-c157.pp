$x = @("END")
abc ${x
END
