type Mymod::Both = [Integer, String]
