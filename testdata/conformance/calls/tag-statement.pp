tag 'a', 'b'
