include 'foo'
