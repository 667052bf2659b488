type Mymod::T = 'x'
