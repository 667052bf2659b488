$x = @(END:json)
{}
END
