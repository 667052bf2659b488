type('a', 'b')
