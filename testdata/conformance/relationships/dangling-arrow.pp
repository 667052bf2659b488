File['a'] ->
