$x = 'A' =~ /a/i
