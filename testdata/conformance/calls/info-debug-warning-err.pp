info 'a'
debug 'b'
warning 'c'
err 'd'
