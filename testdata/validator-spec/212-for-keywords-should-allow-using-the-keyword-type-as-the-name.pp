type('a', 'b') |$x| { $x }
