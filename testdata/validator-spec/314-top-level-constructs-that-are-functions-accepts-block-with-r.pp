          map([1,2]) |Integer $x| >> Integer { $x + 3 }
