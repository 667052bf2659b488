type Mymod::T =
