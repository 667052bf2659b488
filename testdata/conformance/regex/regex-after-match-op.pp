$x = 'abc' =~ /b/
