contain ['a', 'b']
